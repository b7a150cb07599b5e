import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Flex, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import {
  getNotices,
  markNoticesSeen,
  refreshNoticeCount,
  SOCKET_EVENTS,
  useLiveQuery,
  useSessionStore,
  type NoticeRole,
} from 'shared-api';
import { UI_NAMESPACE } from '../../locales';
import { NoticeTable } from './notice-table';
import { LoadError } from '../load-error/load-error';

/** Notices per page (the server pages them, so 10,000 open as fast as ten). */
export const NOTICE_PAGE_SIZE = 20;

/**
 * The notice page of staff (/NoticeStaff) and officers (/Notice): the reader's notices newest first,
 * paged on the server, reloaded quietly on update-notification-list; 'Xác nhận đã xem' marks every one
 * seen, then reloads the list and the badge's count. A list that could not load says so with a retry (never
 * 'no notices'); no toast (spec section 8).
 */
export function NoticeBoard({ role }: { role: NoticeRole }) {
  const { t } = useTranslation(UI_NAMESPACE);
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState(false);
  const query = useLiveQuery(`${role}:${page}`, (signal) => getNotices(role, page, NOTICE_PAGE_SIZE, signal), {
    refetchOn: SOCKET_EVENTS.updateNotificationList,
  });
  const data = query.data;
  const news = data?.news ?? 0;

  // The list's own count is as fresh as the badge's: keep them equal.
  useEffect(() => {
    if (data) useSessionStore.getState().setNewNotices(data.news ?? 0);
  }, [data]);

  const confirmSeen = async () => {
    setConfirming(true);
    try {
      const answer = await markNoticesSeen(role);
      useSessionStore.getState().setNewNotices(answer?.news ?? 0);
      query.reload(true);
      void refreshNoticeCount();
    } catch (error) {
      console.warn('notices not marked seen', error);
    } finally {
      setConfirming(false);
    }
  };

  return (
    <>
      <Flex gap={8} align="center" justify="space-between" wrap style={{ marginBottom: 16 }}>
        <Typography.Text aria-live="polite" data-testid="notice-news">
          {data ? t('notices.newCount', { count: news }) : ''}
        </Typography.Text>
        <Button
          type="primary"
          icon={<CheckOutlined />}
          loading={confirming}
          disabled={!data || news === 0}
          onClick={() => void confirmSeen()}
        >
          {t('notices.confirmSeen')}
        </Button>
      </Flex>
      {query.error !== null && <LoadError title={t('notices.loadFailed')} onRetry={() => query.reload()} />}
      {/* nothing came: no table saying there are no notices */}
      {(data || query.error === null) && (
        <NoticeTable
          role={role}
          notices={data?.allNotices ?? []}
          loading={query.loading}
          paging={{ current: page, pageSize: NOTICE_PAGE_SIZE, total: data?.total ?? 0, onChange: setPage }}
        />
      )}
    </>
  );
}
