import { useTranslation } from 'react-i18next';
import { PlannedPage } from 'shared-ui';

/** /Report: title and frame; the page's content arrives with its feature. */
export default function ReportPage() {
  const { t } = useTranslation('spso');
  return <PlannedPage title={t('report.title')} />;
}
