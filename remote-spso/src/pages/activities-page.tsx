import { useTranslation } from 'react-i18next';
import { PlannedPage } from 'shared-ui';

/** /Activities: title and frame; the page's content arrives with its feature. */
export default function ActivitiesPage() {
  const { t } = useTranslation('spso');
  return <PlannedPage title={t('activities.title')} />;
}
