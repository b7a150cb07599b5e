import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Flex, Typography } from 'antd';
import {
  getReport,
  getReportArchive,
  getYearReport,
  SOCKET_EVENTS,
  useLiveQuery,
  type ReportArchiveResponse,
  type ReportResponse,
  type YearReportResponse,
} from 'shared-api';
import { LoadError, PageFrame, VIETNAM_OFFSET_MS } from 'shared-ui';
import { MonthlyFigures } from '../features/report/components/monthly-figures';
import { PrinterReportTable } from '../features/report/components/printer-report-table';
import { ReportArchive } from '../features/report/components/report-archive';
import { ReportDownload } from '../features/report/components/report-download';
import { ReportFilter, type ReportFilters } from '../features/report/components/report-filter';
import { ReportTotals } from '../features/report/components/report-totals';
import { periodText } from '../features/report/report-format';

// Reports are kept by Vietnam month: the current year is the one in Vietnam (UTC+7).
const thisYear = () => new Date(Date.now() + VIETNAM_OFFSET_MS).getUTCFullYear();

/**
 * /Report: the system report ('BÁO CÁO HỆ THỐNG'): the year's monthly bar chart, the period's totals and
 * averages per printer, every printer's row (paged), 'Lọc báo cáo' (year, month, order), and the stored
 * reports to download as CSV or PDF.
 */
export default function ReportPage() {
  const { t } = useTranslation('spso');
  const [currentYear] = useState(thisYear);
  const [filters, setFilters] = useState<ReportFilters>({ year: currentYear, month: null, sortDirection: 1 });
  // a job counts once it completes: every queue change (update-printer-list) reloads the figures quietly
  const live = { refetchOn: SOCKET_EVENTS.updatePrinterList };
  const report = useLiveQuery<ReportResponse>(filters, (signal) => getReport(filters, signal), live);
  const year = useLiveQuery<YearReportResponse>(filters.year, (signal) => getYearReport(filters.year, signal), live);
  const [archiveKey] = useState(() => ({}));
  const archive = useLiveQuery<ReportArchiveResponse>(archiveKey, (signal) => getReportArchive(signal));
  const failed = Boolean(report.error || year.error);
  const period = filters.month
    ? t('report.period.month', { period: periodText({ period: 'month', year: filters.year, month: filters.month }) })
    : t('report.period.year', { year: filters.year });

  return (
    <PageFrame title={t('report.title')}>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <Typography.Text strong aria-live="polite">
          {period}
        </Typography.Text>
        <Flex gap={8} wrap align="center">
          <ReportDownload filters={filters} period={period} />
          <ReportFilter
            value={filters}
            years={report.data?.years ?? [currentYear]}
            thisYear={currentYear}
            onChange={setFilters}
          />
        </Flex>
      </Flex>
      {failed && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('report.loadFailed')}
          action={
            <Button
              onClick={() => {
                report.reload();
                year.reload();
              }}
            >
              {t('common.retry')}
            </Button>
          }
        />
      )}
      <MonthlyFigures year={filters.year} values={year.loading ? undefined : year.data} />
      <ReportTotals report={report.loading ? undefined : report.data} loading={report.loading} />
      <Typography.Title level={2} style={{ fontSize: 18, marginTop: 24 }}>
        {t('report.table.title')}
      </Typography.Title>
      <PrinterReportTable rows={report.loading ? [] : (report.data?.all_printers ?? [])} loading={report.loading} />
      <Typography.Title level={2} style={{ fontSize: 18, marginTop: 24 }}>
        {t('report.archive.title')}
      </Typography.Title>
      {archive.error !== null && <LoadError title={t('report.archive.loadFailed')} onRetry={() => archive.reload()} />}
      {/* nothing came: no table saying no report is stored */}
      {(archive.data || archive.error === null) && (
        <ReportArchive reports={archive.data?.reports ?? []} loading={archive.loading} />
      )}
    </PageFrame>
  );
}
