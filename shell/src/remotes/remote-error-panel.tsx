import { useTranslation } from 'react-i18next';
import { Button, Result } from 'antd';

/** Shown inside the layout when the role's remote cannot load: what happened, and a retry. */
export function RemoteErrorPanel({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('remote.loadFailed')}
      subTitle={
        <>
          {t('remote.loadFailedText')}
          <br />
          <code style={{ fontSize: 12, color: '#98a2b3' }}>{error.message}</code>
        </>
      }
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
