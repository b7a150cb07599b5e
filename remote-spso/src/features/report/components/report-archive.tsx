import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Flex } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { apiErrorMessage, downloadStoredReport, saveFile, type ReportFileFormat, type StoredReport } from 'shared-api';
import { formatVietnamDateTime, ResponsiveTable, type ResponsiveColumn } from 'shared-ui';
import { formatNumber, periodText } from '../report-format';

/** The stored period reports, each downloadable as CSV or PDF through the API client (token in the header). */
export function ReportArchive({ reports, loading }: { reports: StoredReport[]; loading: boolean }) {
  const { t, i18n } = useTranslation('spso');
  const { notification } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);

  const nameOf = (report: StoredReport) =>
    t(report.period === 'month' ? 'report.archive.month' : 'report.archive.year', { period: periodText(report) });

  const handleDownload = async (report: StoredReport, format: ReportFileFormat) => {
    const key = `${report.id}:${format}`;
    setBusy(key);
    try {
      saveFile(await downloadStoredReport(report.id, format));
    } catch (error) {
      notification.error({ title: apiErrorMessage(error, t('report.archive.failed')) });
    } finally {
      setBusy((current) => (current === key ? null : current));
    }
  };

  const columns: ResponsiveColumn<StoredReport>[] = [
    { key: 'period', title: t('report.archive.period'), card: 'title', render: (_: unknown, row) => nameOf(row) },
    {
      key: 'generatedAt',
      dataIndex: 'generatedAt',
      title: t('report.archive.generatedAt'),
      render: (value: string) => formatVietnamDateTime(value),
    },
    {
      key: 'pages',
      dataIndex: 'total_pages',
      title: t('report.archive.pages'),
      align: 'right',
      render: (value: number) => formatNumber(value, i18n.language),
    },
    {
      key: 'download',
      title: t('report.archive.download'),
      card: 'actions',
      render: (_: unknown, row) => (
        <Flex gap={8} wrap>
          {(['csv', 'pdf'] as const).map((format) => (
            <Button
              key={format}
              size="small"
              icon={<DownloadOutlined />}
              loading={busy === `${row.id}:${format}`}
              aria-label={t('report.archive.downloadAs', { format: format.toUpperCase(), name: nameOf(row) })}
              onClick={() => void handleDownload(row, format)}
            >
              {format.toUpperCase()}
            </Button>
          ))}
        </Flex>
      ),
    },
  ];
  return (
    <ResponsiveTable<StoredReport>
      aria-label={t('report.archive.title')}
      columns={columns}
      dataSource={reports}
      rowKey="id"
      loading={loading}
      pageSize={6}
      emptyText={t('report.archive.empty')}
    />
  );
}
