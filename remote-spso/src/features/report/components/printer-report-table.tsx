import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportPrinterRow } from 'shared-api';
import { ResponsiveTable, type ResponsiveColumn } from 'shared-ui';
import { formatNumber, monthText, shortLocation } from '../report-format';

type Row = ReportPrinterRow & { key: string };

/** Rows per page of the printer table (the whole period comes in one answer). */
export const REPORT_TABLE_PAGE = 10;

/** Every printer in every month of the period: time, printer, place, jobs, A3 and A4 sheets. */
export function PrinterReportTable({ rows, loading }: { rows: ReportPrinterRow[]; loading: boolean }) {
  const { t, i18n } = useTranslation('spso');
  const data = useMemo<Row[]>(() => rows.map((row) => ({ ...row, key: `${row.date}|${row.printerId}` })), [rows]);
  const n = (value: number) => formatNumber(value, i18n.language);
  const columns: ResponsiveColumn<Row>[] = [
    { key: 'date', dataIndex: 'date', title: t('report.table.date'), render: (date: string) => monthText(date) },
    { key: 'printerId', dataIndex: 'printerId', title: t('report.table.printerId'), card: 'title' },
    {
      key: 'location',
      dataIndex: 'location',
      title: t('report.table.location'),
      render: (_: unknown, row: Row) => shortLocation(row.location),
    },
    { key: 'printed', dataIndex: 'printed', title: t('report.table.printed'), align: 'right', render: n },
    { key: 'a3', dataIndex: 'totalA3Pages', title: t('report.table.a3'), align: 'right', render: n },
    { key: 'a4', dataIndex: 'totalA4Pages', title: t('report.table.a4'), align: 'right', render: n },
  ];
  return (
    <ResponsiveTable<Row>
      aria-label={t('report.table.label')}
      columns={columns}
      dataSource={data}
      rowKey="key"
      loading={loading}
      pageSize={REPORT_TABLE_PAGE}
      emptyText={t('report.table.empty')}
    />
  );
}
