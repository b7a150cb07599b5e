import { useTranslation } from 'react-i18next';
import { Skeleton } from 'antd';
import { UI_NAMESPACE } from '../../locales';

/** Placeholder cards while a list loads (printer items and similar card lists). */
export function CardSkeletons({ count = 6, minWidth = 240 }: { count?: number; minWidth?: number }) {
  const { t } = useTranslation(UI_NAMESPACE);
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={t('loading')}
      style={{ display: 'grid', gap: 16, gridTemplateColumns: `repeat(auto-fill, minmax(${minWidth}px, 1fr))` }}
    >
      {Array.from({ length: count }, (_, i) => (
        <div
          key={i}
          data-testid="card-skeleton"
          style={{ border: '1px solid #e5e7eb', borderRadius: 8, padding: 16, background: '#fff' }}
        >
          <Skeleton active title={{ width: '50%' }} paragraph={{ rows: 3 }} />
        </div>
      ))}
    </div>
  );
}
