import { useTranslation } from 'react-i18next';
import { NoticeBoard, PageFrame } from 'shared-ui';

/**
 * /Notice: the officer's notices ('THÔNG BÁO'): time, full name, role, content and location, unseen rows
 * highlighted, 'Xác nhận đã xem', paged on the server and live on update-notification-list.
 */
export default function NoticePage() {
  const { t } = useTranslation('spso');
  return (
    <PageFrame title={t('notices.title')}>
      <NoticeBoard role="spso" />
    </PageFrame>
  );
}
