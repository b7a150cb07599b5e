import { useTranslation } from 'react-i18next';
import { PlannedPage } from 'shared-ui';

/** /ManageStaff: title and frame; the page's content arrives with its feature. */
export default function ManageStaffPage() {
  const { t } = useTranslation('staff');
  return <PlannedPage title={t('manage.title')} />;
}
