import { useTranslation } from 'react-i18next';
import { Modal, Typography } from 'antd';
import type { StudentPrintingLog } from 'shared-api';

interface Props {
  log: StudentPrintingLog | null;
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
}

/** The confirm-cancel dialog of a queued print request. */
export function ConfirmCancelModal({ log, busy, onConfirm, onClose }: Props) {
  const { t } = useTranslation('student');
  return (
    <Modal
      open={log !== null}
      width={550}
      title={t('history.confirmCancelTitle')}
      okText={t('history.confirmCancelOk')}
      okButtonProps={{ danger: true }}
      cancelText={t('history.keep')}
      confirmLoading={busy}
      onOk={onConfirm}
      onCancel={onClose}
    >
      <Typography.Paragraph>{t('history.confirmCancelText', { name: log?.document.title ?? '' })}</Typography.Paragraph>
    </Modal>
  );
}
