import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Typography } from 'antd';
import { useSessionStore } from 'shared-api';
import { PlannedPage } from 'shared-ui';

/** /Bkpay: the student's payments, on a page of its own (no common layout), with a way back home. */
export default function BkpayPage() {
  const { t } = useTranslation('student');
  const user = useSessionStore((s) => s.user);
  return (
    <main style={{ maxWidth: 960, margin: '0 auto', padding: 24 }}>
      <Typography.Paragraph>
        <Link to="/Home">← {t('bkpay.backHome')}</Link>
      </Typography.Paragraph>
      {user && <Typography.Title level={4}>{t('bkpay.greeting', { name: `${user.lastName} ${user.firstName}` })}</Typography.Title>}
      <PlannedPage title={t('bkpay.title')} />
    </main>
  );
}
