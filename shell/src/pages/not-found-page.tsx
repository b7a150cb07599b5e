import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Result } from 'antd';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      subTitle={t('notFound.text')}
      extra={<Link to="/Home">{t('common.backHome')}</Link>}
    />
  );
}
