import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Flex, Skeleton, Tag } from 'antd';
import { lazyComponent } from '../../antd/lazy-component';
import type { Notice, NoticeRole } from 'shared-api';
import { UI_NAMESPACE } from '../../locales';
import { locationText } from '../printer-room/location-text';
import { ResponsiveTable, type ResponsiveColumn, type ServerPaging } from '../responsive-table/responsive-table';
import { formatVietnamDateTime } from '../vietnam-time/vietnam-time';
import { isUnseen, printerLink, senderName, senderRole } from './notice-text';

// DOMPurify (~12 KB gzip) comes with the first notice drawn, not with every signed-in page (issue 22).
const SafeHtml = lazyComponent(() => import('./safe-html').then((m) => ({ default: m.SafeHtml })));

export interface NoticeTableProps {
  /** The reader's role: where a printer link goes. */
  role: NoticeRole;
  /** One page of notices, newest first. */
  notices: Notice[];
  loading: boolean;
  paging: ServerPaging;
}

const SKELETON_ROWS = 6;

/** Placeholder rows while the first page loads, in the table's place. */
function NoticeTableSkeleton() {
  const { t } = useTranslation(UI_NAMESPACE);
  return (
    <div role="status" aria-busy="true" aria-label={t('loading')}>
      {Array.from({ length: SKELETON_ROWS }, (_, i) => (
        <div
          key={i}
          data-testid="notice-skeleton-row"
          style={{ display: 'flex', gap: 16, padding: '12px 8px', borderBottom: '1px solid #f0f0f0' }}
        >
          <Skeleton.Input active size="small" style={{ width: 140, minWidth: 0 }} />
          <Skeleton.Input active size="small" style={{ width: 120, minWidth: 0 }} />
          <Skeleton.Input active size="small" block />
        </div>
      ))}
    </div>
  );
}

/**
 * The reader's notices as the spec's table (time in UTC+7, full name, role, content, location), or as
 * cards below 992 px. Unseen rows are tinted and carry a 'Mới' tag (read by screen readers too); the
 * content is the server's HTML through the sanitizer; a notice about a printer links to that printer in
 * the reader's printer page.
 */
export function NoticeTable({ role, notices, loading, paging }: NoticeTableProps) {
  const { t } = useTranslation(UI_NAMESPACE);
  if (loading && notices.length === 0) return <NoticeTableSkeleton />;

  const columns: ResponsiveColumn<Notice>[] = [
    {
      key: 'time',
      title: t('notices.columns.time'),
      width: 190,
      card: 'title',
      render: (_, notice) => (
        <Flex gap={8} align="center" wrap>
          <span style={{ whiteSpace: 'nowrap' }}>
            {formatVietnamDateTime(notice.actionTime || notice.createdAt) || t('notices.placeholder')}
          </span>
          {isUnseen(notice) && (
            <Tag color="blue" data-testid="notice-new" style={{ marginInlineEnd: 0 }}>
              {t('notices.new')}
            </Tag>
          )}
        </Flex>
      ),
    },
    {
      key: 'name',
      title: t('notices.columns.name'),
      width: 180,
      render: (_, notice) => senderName(notice.sender, t),
    },
    {
      key: 'role',
      title: t('notices.columns.role'),
      width: 150,
      render: (_, notice) => senderRole(notice.sender, t),
    },
    {
      key: 'content',
      title: t('notices.columns.content'),
      render: (_, notice) => (
        <>
          <SafeHtml html={notice.description} style={{ overflowWrap: 'anywhere' }} />
          {notice.printerId && (
            <Link to={printerLink(role, notice.printerId)}>{t('notices.printerLink', { id: notice.printerId })}</Link>
          )}
        </>
      ),
    },
    {
      key: 'location',
      title: t('notices.columns.location'),
      width: 170,
      render: (_, notice) => (notice.location ? locationText(notice.location, t) : t('notices.placeholder')),
    },
  ];

  return (
    <ResponsiveTable<Notice>
      aria-label={t('notices.label')}
      rowKey="_id"
      columns={columns}
      dataSource={notices}
      loading={loading}
      highlightRow={isUnseen}
      serverPaging={paging}
      emptyText={t('notices.empty')}
    />
  );
}
