import { useTranslation } from 'react-i18next';
import { PlannedPage } from 'shared-ui';

/** /NoticeStaff: title and frame; the page's content arrives with its feature. */
export default function NoticeStaffPage() {
  const { t } = useTranslation('staff');
  return <PlannedPage title={t('notices.title')} />;
}
