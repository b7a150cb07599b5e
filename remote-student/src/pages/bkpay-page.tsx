import { useTranslation } from 'react-i18next';
import { PlannedPage } from 'shared-ui';

/** /Bkpay: title and frame; the page's content arrives with its feature. */
export default function BkpayPage() {
  const { t } = useTranslation('student');
  return <PlannedPage title={t('bkpay.title')} />;
}
