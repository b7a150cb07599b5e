import { useTranslation } from 'react-i18next';
import { PlannedPage } from 'shared-ui';

/** /Notice: title and frame; the page's content arrives with its feature. */
export default function NoticePage() {
  const { t } = useTranslation('spso');
  return <PlannedPage title={t('notices.title')} />;
}
