import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Flex, Modal, Typography, Upload } from 'antd';
import { CheckOutlined, FileSearchOutlined, UploadOutlined } from '@ant-design/icons';
import { apiErrorMessage, IMPORT_COLUMNS, importStudents, type ImportResult } from 'shared-api';
import { ImportSummary } from './import-summary';

/**
 * A CSV larger than this is refused here before it is sent, as the server would (413, 10 MB): the
 * registrar's file of every student of the school is far smaller.
 */
export const IMPORT_FILE_MAX_BYTES = 10 * 1024 * 1024;

export interface StudentImportDialogProps {
  open: boolean;
  onClose(): void;
  /** The import was written: the list reads again. */
  onImported(result: ImportResult): void;
}

/**
 * 'Nhập sinh viên từ CSV': the registrar's file is first checked (a dry run: what would be created,
 * updated and left as it is, and every wrong line with its number and reason); 'Áp dụng' appears only when
 * no line is wrong, and sends the same file to be written, all or nothing. A new file starts over.
 */
export function StudentImportDialog({ open, onClose, onImported }: StudentImportDialogProps) {
  const { t } = useTranslation('spso');
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [busy, setBusy] = useState<'check' | 'apply' | null>(null);
  const busyRef = useRef(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const reset = () => {
    setFile(null);
    setResult(null);
    setRefusal(null);
  };

  const handleChoose = (chosen: File) => {
    setResult(null);
    if (chosen.size > IMPORT_FILE_MAX_BYTES) {
      setFile(null);
      setRefusal(t('accounts.import.tooLarge', { mb: IMPORT_FILE_MAX_BYTES / 1024 / 1024 }));
    } else {
      setFile(chosen);
      setRefusal(null);
    }
    // kept here, never uploaded by the control itself
    return false;
  };

  const send = async (dryRun: boolean) => {
    if (!file || busyRef.current) return;
    busyRef.current = true;
    setBusy(dryRun ? 'check' : 'apply');
    setRefusal(null);
    try {
      const answer = await importStudents(file, file.name, dryRun);
      setResult(answer);
      if (answer.applied) onImported(answer);
    } catch (error) {
      setRefusal(apiErrorMessage(error, t('accounts.import.failed')));
    } finally {
      busyRef.current = false;
      setBusy(null);
    }
  };

  const canApply =
    result !== null && !result.applied && result.errors.length === 0 && result.created + result.updated > 0;
  return (
    <Modal
      open={open}
      title={t('accounts.import.title')}
      width={900}
      footer={null}
      destroyOnHidden
      // the answer of a file being sent lands here: the dialog stays until it comes
      closable={busy === null}
      keyboard={busy === null}
      mask={{ closable: busy === null }}
      onCancel={onClose}
      afterOpenChange={(visible) => {
        if (!visible) reset();
      }}
    >
      <Typography.Paragraph>{t('accounts.import.intro')}</Typography.Paragraph>
      <Typography.Paragraph>
        {t('accounts.import.columns')} <Typography.Text code>{IMPORT_COLUMNS.join(',')}</Typography.Text>
      </Typography.Paragraph>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
        <Upload accept=".csv,text/csv" maxCount={1} showUploadList={false} beforeUpload={handleChoose}>
          <Button icon={<UploadOutlined />} disabled={busy !== null}>
            {t('accounts.import.choose')}
          </Button>
        </Upload>
        <Typography.Text data-testid="import-file" style={{ overflowWrap: 'anywhere' }}>
          {file ? file.name : t('accounts.import.noFile')}
        </Typography.Text>
      </Flex>
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Button
          icon={<FileSearchOutlined />}
          disabled={!file || busy !== null}
          loading={busy === 'check'}
          onClick={() => void send(true)}
        >
          {t('accounts.import.check')}
        </Button>
        {canApply && (
          <Button
            type="primary"
            icon={<CheckOutlined />}
            disabled={busy !== null}
            loading={busy === 'apply'}
            onClick={() => void send(false)}
          >
            {t('accounts.import.apply')}
          </Button>
        )}
      </Flex>
      {refusal && <Alert type="error" showIcon role="alert" title={refusal} style={{ marginBottom: 16 }} />}
      {result && <ImportSummary result={result} />}
    </Modal>
  );
}
