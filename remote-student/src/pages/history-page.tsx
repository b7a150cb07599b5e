import { useTranslation } from 'react-i18next';
import { PlannedPage } from 'shared-ui';

/** /History: title and frame; the page's content arrives with its feature. */
export default function HistoryPage() {
  const { t } = useTranslation('student');
  return <PlannedPage title={t('history.title')} />;
}
