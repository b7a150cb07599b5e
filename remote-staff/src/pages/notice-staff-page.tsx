import { useTranslation } from 'react-i18next';
import { NoticeBoard, PageFrame } from 'shared-ui';

/**
 * /NoticeStaff: the staff member's notices ('THÔNG BÁO'): time, full name, role, content and location,
 * unseen rows highlighted, 'Xác nhận đã xem', paged on the server and live on update-notification-list.
 */
export default function NoticeStaffPage() {
  const { t } = useTranslation('staff');
  return (
    <PageFrame title={t('notices.title')}>
      <NoticeBoard role="staff" />
    </PageFrame>
  );
}
