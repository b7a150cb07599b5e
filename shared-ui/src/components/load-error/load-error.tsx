import { useTranslation } from 'react-i18next';
import { Alert, Button } from 'antd';
import { UI_NAMESPACE } from '../../locales';

export interface LoadErrorProps {
  /** What could not be loaded ('Không tải được danh sách thông báo.'). */
  title: string;
  /** Loads again (the list's own reload). */
  onRetry(): void;
}

/**
 * A list that could not be loaded says so, with a retry: never an empty list, which would tell the
 * reader there is nothing when the truth is that nothing came.
 */
export function LoadError({ title, onRetry }: LoadErrorProps) {
  const { t } = useTranslation(UI_NAMESPACE);
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      style={{ marginBottom: 12 }}
      title={title}
      action={<Button onClick={onRetry}>{t('loadError.retry')}</Button>}
    />
  );
}
