import { useTranslation } from 'react-i18next';
import { PlannedPage } from 'shared-ui';

/** /Printing/:PrinterID: title and frame; the page's content arrives with its feature. */
export default function PrintConfigPage() {
  const { t } = useTranslation('student');
  return <PlannedPage title={t('printConfig.title')} />;
}
