import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Skeleton } from 'antd';
import { getSystemConfig, useLiveQuery, type SystemConfigView } from 'shared-api';
import { PageFrame } from 'shared-ui';
import { ConfigForm } from '../features/system-config/components/config-form';

/**
 * /Config: the system configuration ('CẤU HÌNH HỆ THỐNG'): pages per semester, grant dates, A4 price,
 * allowed file types; saved with the officer's own password, the form then shows what the server keeps.
 */
export default function ConfigPage() {
  const { t } = useTranslation('spso');
  const [key] = useState(() => ({}));
  const { data, loading, error, reload } = useLiveQuery<SystemConfigView>(key, (signal) => getSystemConfig(signal));
  const [saved, setSaved] = useState<SystemConfigView | null>(null);
  const config = saved ?? data;

  return (
    <PageFrame title={t('config.title')}>
      {error && !config ? (
        <Alert
          type="error"
          showIcon
          title={t('config.loadFailed')}
          action={<Button onClick={() => reload()}>{t('common.retry')}</Button>}
        />
      ) : loading || !config ? (
        <Skeleton active aria-label={t('common.loading')} paragraph={{ rows: 6 }} />
      ) : (
        <ConfigForm config={config} onSaved={setSaved} />
      )}
    </PageFrame>
  );
}
