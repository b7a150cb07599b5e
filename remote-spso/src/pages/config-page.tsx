import { useTranslation } from 'react-i18next';
import { PlannedPage } from 'shared-ui';

/** /Config: title and frame; the page's content arrives with its feature. */
export default function ConfigPage() {
  const { t } = useTranslation('spso');
  return <PlannedPage title={t('config.title')} />;
}
