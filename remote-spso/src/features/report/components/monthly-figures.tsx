import { lazy, Suspense, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton, Typography } from 'antd';
import { formatNumber } from '../report-format';

// echarts comes with this chunk only: the remote's other pages never load it.
const MonthlyChart = lazy(() => import('./monthly-chart'));

/** Out of sight but read by screen readers: the chart's figures as a table. */
const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/** The year's monthly bar chart, with its 12 figures in a visually hidden table as its text alternative. */
export function MonthlyFigures({ year, values }: { year: number; values: number[] | undefined }) {
  const { t, i18n } = useTranslation('spso');
  const months = Array.from({ length: 12 }, (_, i) => i + 1);
  const labels = months.map((month) => t('report.chart.monthShort', { month }));
  const figures = months.map((_, i) => values?.[i] ?? 0);
  const tableId = `report-chart-figures-${year}`;
  return (
    <section aria-labelledby="report-chart-title" style={{ position: 'relative', marginBottom: 24 }}>
      <Typography.Title level={2} id="report-chart-title" style={{ fontSize: 18 }}>
        {t('report.chart.title', { year })}
      </Typography.Title>
      {values ? (
        <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 300 }} />}>
          <MonthlyChart
            values={figures}
            labels={labels}
            seriesName={t('report.chart.series')}
            label={t('report.chart.label', { year })}
            describedBy={tableId}
            formatValue={(value) => formatNumber(value, i18n.language)}
          />
        </Suspense>
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} aria-label={t('common.loading')} />
      )}
      {values && (
        <table id={tableId} style={VISUALLY_HIDDEN} data-testid="report-chart-figures">
          <caption>{t('report.chart.label', { year })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('report.chart.month')}</th>
              <th scope="col">{t('report.chart.series')}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((month, i) => (
              <tr key={month}>
                <th scope="row">{t('report.filter.monthN', { month })}</th>
                <td>{formatNumber(figures[i] ?? 0, i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
