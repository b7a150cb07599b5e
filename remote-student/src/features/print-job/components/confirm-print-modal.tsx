import { useTranslation } from 'react-i18next';
import { Alert, Modal, Progress, Typography } from 'antd';
import type { PricedFile } from '../hooks/use-print-files';

interface Props {
  open: boolean;
  printerId: string;
  files: PricedFile[];
  total: number;
  unknown: boolean;
  /** A4 pages the known total exceeds the balance by (0 or less: enough pages). */
  missing: number;
  /** Upload progress 0..100 while sending, null otherwise. */
  progress: number | null;
  onConfirm(): void;
  onCancel(): void;
}

/** The confirm-print dialog: what is sent, what it costs, and the upload's progress once confirmed. */
export function ConfirmPrintModal({
  open,
  printerId,
  files,
  total,
  unknown,
  missing,
  progress,
  onConfirm,
  onCancel,
}: Props) {
  const { t } = useTranslation('student');
  const sending = progress !== null;
  // The server would refuse it anyway; saying so here saves the student a wasted upload.
  const short = missing > 0;
  return (
    <Modal
      open={open}
      width={550}
      title={t('printConfig.confirmTitle')}
      okText={t('printConfig.confirmOk')}
      cancelText={t('printConfig.cancel')}
      confirmLoading={sending}
      okButtonProps={{ disabled: short }}
      cancelButtonProps={{ disabled: sending }}
      closable={!sending}
      mask={{ closable: !sending }}
      onOk={onConfirm}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t('printConfig.confirmText', { count: files.length, id: printerId })}
      </Typography.Paragraph>
      <ul style={{ paddingInlineStart: 20 }}>
        {files.map((f) => (
          <li key={f.uid}>
            {f.file.name}:{' '}
            {f.cost === null ? t('printConfig.costUnknown') : t('printConfig.pagesA4', { count: f.cost })}
          </li>
        ))}
      </ul>
      <Typography.Paragraph strong>
        {t('printConfig.total')}: {t('printConfig.pagesA4', { count: total })}
        {unknown && ` (${t('printConfig.partialTotal')})`}
      </Typography.Paragraph>
      {short && <Alert type="warning" showIcon title={t('printConfig.notEnough', { missing })} />}
      {sending && (
        <div aria-label={t('printConfig.uploading')}>
          <Typography.Text type="secondary">{t('printConfig.uploading')}</Typography.Text>
          <Progress percent={progress} status="active" />
        </div>
      )}
    </Modal>
  );
}
