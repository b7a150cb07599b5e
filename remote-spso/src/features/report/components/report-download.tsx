import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Flex } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { apiErrorMessage, downloadLiveReport, saveFile, type ReportFileFormat } from 'shared-api';
import type { ReportFilters } from './report-filter';

/** 'Tải báo cáo này': the report being viewed (its year or month, its order) as CSV or PDF, live. */
export function ReportDownload({ filters, period }: { filters: ReportFilters; period: string }) {
  const { t } = useTranslation('spso');
  const { notification } = App.useApp();
  const [busy, setBusy] = useState<ReportFileFormat | null>(null);

  const handleDownload = async (format: ReportFileFormat) => {
    setBusy(format);
    try {
      saveFile(await downloadLiveReport(filters, format));
    } catch (error) {
      notification.error({ title: apiErrorMessage(error, t('report.download.failed')) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Flex gap={8} wrap align="center">
      {(['csv', 'pdf'] as const).map((format) => (
        <Button
          key={format}
          icon={<DownloadOutlined />}
          loading={busy === format}
          aria-label={t('report.download.as', { format: format.toUpperCase(), period })}
          onClick={() => void handleDownload(format)}
        >
          {t('report.download.button', { format: format.toUpperCase() })}
        </Button>
      ))}
    </Flex>
  );
}
