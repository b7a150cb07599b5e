import { useTranslation } from 'react-i18next';
import { PlannedPage } from 'shared-ui';

/** /Printing: title and frame; the page's content arrives with its feature. */
export default function PrinterSelectionPage() {
  const { t } = useTranslation('student');
  return <PlannedPage title={t('printerSelection.title')} />;
}
