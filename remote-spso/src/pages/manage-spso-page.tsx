import { useTranslation } from 'react-i18next';
import { PlannedPage } from 'shared-ui';

/** /ManageSpso: title and frame; the page's content arrives with its feature. */
export default function ManageSpsoPage() {
  const { t } = useTranslation('spso');
  return <PlannedPage title={t('manage.title')} />;
}
