import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Alert, App, Button, Divider, Dragger, Empty, Flex, Result, Skeleton, Typography } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { apiErrorMessage, apiErrorStatus, newRequestId, useSessionStore } from 'shared-api';
import { isDeviceAvailable, PageFrame } from 'shared-ui';
import { isPrinterOffline, submitPrinting } from '../features/print-job/api/submit-printing';
import { ConfirmPrintModal } from '../features/print-job/components/confirm-print-modal';
import { FileOptionsCard } from '../features/print-job/components/file-options-card';
import { PrinterInfo } from '../features/print-job/components/printer-info';
import { documentOptions, usePrintFiles } from '../features/print-job/hooks/use-print-files';
import { usePrinter } from '../features/print-job/hooks/use-printer';

const NO_TYPES: string[] = [];

/** /Printing/:PrinterID: upload documents with their options, see the cost, confirm and send. */
export default function PrintConfigPage() {
  const { t } = useTranslation('student');
  const { PrinterID = '' } = useParams();
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const balance = useSessionStore((s) => s.balance);
  const setBalance = useSessionStore((s) => s.setBalance);
  const { printer, loading, error, reload } = usePrinter(PrinterID);
  const { files, allowed, add, remove, clear, update, setOptions, total, unknown, invalid } = usePrintFiles(
    printer?.currentFileType ?? NO_TYPES,
  );
  const [confirming, setConfirming] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  // The Idempotency-Key of the request being sent: kept while no answer came back (a retry of the same
  // request is answered once), a new one after any answer.
  const submissionKey = useRef<string | null>(null);
  // The server's words when it refused a print because the device cannot be reached (422 PRINTER_OFFLINE),
  // until the printer, read again, is reachable.
  const [offlineRefusal, setOfflineRefusal] = useState<string | null>(null);
  useEffect(() => {
    if (printer && isDeviceAvailable(printer.device)) setOfflineRefusal(null);
  }, [printer]);

  const typesText = allowed.map((type) => `.${type}`).join(', ');
  const shownBalance = Math.floor(balance);
  const missing = total - shownBalance;

  const handleFile = (file: File) => {
    const refused = add(file);
    if (refused?.reason === 'duplicate')
      notification.info({ title: t('printConfig.duplicate', { name: refused.name }) });
    if (refused?.reason === 'type') {
      notification.error({ title: t('printConfig.typeRefused', { name: refused.name, types: typesText }) });
    }
    // Nothing uploads now: the files travel together with the options once the student confirms.
    return false;
  };

  const handleSubmitClick = () => {
    if (files.length === 0) return;
    if (invalid) {
      notification.error({ title: t('printConfig.fixRanges') });
      return;
    }
    setConfirming(true);
  };

  const handleConfirm = async () => {
    if (files.length === 0 || progress !== null || missing > 0) return;
    setProgress(0);
    submissionKey.current ??= newRequestId();
    try {
      const result = await submitPrinting(
        PrinterID,
        files.map((f) => ({ file: f.file, options: documentOptions(f) })),
        submissionKey.current,
        setProgress,
      );
      submissionKey.current = null;
      // sent: nothing of this request may be listed (and sent) again, whatever page comes next
      clear();
      setBalance(result.balance);
      notification.success({
        title: t('printConfig.success'),
        // a held printer keeps the job until its owner releases it there: say so, and where the code is
        description: printer?.releaseMode === 'held' ? t('printConfig.heldSent', { printerId: PrinterID }) : undefined,
      });
      setConfirming(false);
      navigate('/History');
    } catch (err) {
      // an answer (a refusal) ends this submission; without one (the network), a retry is the same one
      if (apiErrorStatus(err) !== null) submissionKey.current = null;
      if (isPrinterOffline(err)) {
        // said on the page, where it stays while the printer cannot be reached (nothing was charged)
        setOfflineRefusal(apiErrorMessage(err, ''));
        reload();
      } else {
        notification.error({ title: apiErrorMessage(err, t('printConfig.failure')) });
      }
      setConfirming(false);
    } finally {
      setProgress(null);
    }
  };

  if (error === 'notFound') {
    return (
      <PageFrame title={t('printConfig.title')}>
        <Result
          status="404"
          title={t('printConfig.notFound')}
          extra={<Link to="/Printing">{t('printConfig.back')}</Link>}
        />
      </PageFrame>
    );
  }

  const paused = printer !== null && printer.status !== 1;
  // A real printer whose device is stopped or offline takes no print request (the server refuses it too).
  const unreachable = (printer !== null && !isDeviceAvailable(printer.device)) || offlineRefusal !== null;
  return (
    <PageFrame title={t('printConfig.title')} extra={<Link to="/Printing">{t('printConfig.back')}</Link>}>
      {loading ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : printer ? (
        <PrinterInfo printer={printer} />
      ) : (
        <Alert type="error" showIcon title={t('printConfig.loadFailed')} />
      )}
      {paused && <Alert type="warning" showIcon style={{ marginTop: 12 }} title={t('printConfig.statusPaused')} />}
      {printer?.releaseMode === 'held' && (
        // the held time is an officer's setting that students cannot read: the notice stays generic
        <Alert
          type="info"
          showIcon
          style={{ marginTop: 12 }}
          data-testid="held-notice"
          title={t('printConfig.heldTitle')}
          description={t('printConfig.heldNotice')}
        />
      )}
      {unreachable && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          data-testid="printer-unreachable"
          title={t('printConfig.deviceUnavailable')}
          description={offlineRefusal || undefined}
        />
      )}
      <Divider />
      <Dragger multiple fileList={[]} showUploadList={false} disabled={!printer} beforeUpload={handleFile}>
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('printConfig.dropHint')}</p>
        {allowed.length > 0 && <p className="ant-upload-hint">{t('printConfig.allowedTypes', { types: typesText })}</p>}
      </Dragger>
      <Typography.Title level={2} style={{ marginTop: 24, fontSize: 16 }}>
        {t('printConfig.files', { count: files.length })}
      </Typography.Title>
      {files.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('printConfig.noFiles')} />
      ) : (
        <Flex vertical gap={12}>
          {files.map((f) => (
            <FileOptionsCard
              key={f.uid}
              file={f}
              onOptions={(patch) => setOptions(f.uid, patch)}
              onPages={(patch) => update(f.uid, patch)}
              onRemove={() => remove(f.uid)}
            />
          ))}
        </Flex>
      )}
      <Divider />
      <Flex justify="space-between" align="center" gap={16} wrap>
        <Flex vertical gap={4}>
          <Typography.Text data-testid="total-cost">
            {t('printConfig.total')}: <strong>{t('printConfig.pagesA4', { count: total })}</strong>
            {unknown && <Typography.Text type="secondary"> ({t('printConfig.partialTotal')})</Typography.Text>}
          </Typography.Text>
          <Typography.Text data-testid="balance">
            {t('printConfig.balance')}: <strong>{t('printConfig.balancePages', { count: shownBalance })}</strong>
          </Typography.Text>
        </Flex>
        <Button type="primary" size="large" disabled={paused || unreachable} onClick={handleSubmitClick}>
          {t('printConfig.submit')}
        </Button>
      </Flex>
      {missing > 0 && (
        <Alert type="warning" showIcon style={{ marginTop: 12 }} title={t('printConfig.notEnough', { missing })} />
      )}
      <ConfirmPrintModal
        open={confirming}
        printerId={PrinterID}
        files={files}
        total={total}
        unknown={unknown}
        missing={missing}
        progress={progress}
        onConfirm={() => void handleConfirm()}
        onCancel={() => setConfirming(false)}
      />
    </PageFrame>
  );
}
