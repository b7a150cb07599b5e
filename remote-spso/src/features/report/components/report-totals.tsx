import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton, Typography } from 'antd';
import type { ReportResponse } from 'shared-api';
import { formatNumber } from '../report-format';

const GRID: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))',
  gap: 12,
  margin: 0,
};
const TILE: CSSProperties = {
  border: '1px solid #e5e7eb',
  borderRadius: 8,
  padding: '10px 12px',
  minWidth: 0,
};

/** The period's totals (pages, A4, A3, printed jobs) and the averages per printer in service. */
export function ReportTotals({ report, loading }: { report: ReportResponse | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation('spso');
  if (!report) return <Skeleton active paragraph={{ rows: 3 }} aria-label={t('common.loading')} />;
  const n = (value: number, digits = 0) => formatNumber(value, i18n.language, digits);
  const tile = (key: string, value: string) => (
    <div key={key} style={TILE}>
      <dt style={{ color: '#595959' }}>{t(`report.totals.${key}`)}</dt>
      <dd
        style={{ margin: 0, fontSize: 20, fontWeight: 600, overflowWrap: 'anywhere' }}
        aria-label={t(`report.totals.${key}`)}
      >
        {value}
      </dd>
    </div>
  );
  return (
    <div aria-busy={loading || undefined}>
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        {t('report.totals.title')}
      </Typography.Title>
      <dl style={GRID}>
        {tile('pages', n(report.total_pages))}
        {tile('a4', n(report.total_A4))}
        {tile('a3', n(report.total_A3))}
        {tile('printed', n(report.total_Printed))}
      </dl>
      <Typography.Title level={3} style={{ fontSize: 16, marginTop: 16 }}>
        {t('report.averages.title', { count: report.printerCount })}
      </Typography.Title>
      <dl style={GRID}>
        {tile('avgA4', n(report.avg_A4, 1))}
        {tile('avgA3', n(report.avg_A3, 1))}
        {tile('avgPrinted', n(report.avg_Printed, 1))}
      </dl>
    </div>
  );
}
