import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Modal, Radio, Skeleton, Space, Tag, Typography } from 'antd';
import { apiErrorMessage, moveJob, type StudentPrinterItem, type StudentPrintingLog } from 'shared-api';
import { getMoveTargets } from '../api/move-targets';

interface Props {
  /** The Held or Queued job to move; null: closed. */
  log: StudentPrintingLog | null;
  onMoved(log: StudentPrintingLog): void;
  onClose(): void;
}

/**
 * "Chuyển máy in": the other printers that take the job now, one to pick; the job keeps its charge and
 * its file. A refusal (422: the printer cannot take it) is the server's own message, in the dialog.
 */
export function MoveJobDialog({ log, onMoved, onClose }: Props) {
  const { t } = useTranslation('student');
  const [targets, setTargets] = useState<StudentPrinterItem[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    setTargets(null);
    setChosen(null);
    setRefusal(null);
    setLoadFailed(false);
    if (!log) return;
    const controller = new AbortController();
    getMoveTargets(log, controller.signal)
      .then(setTargets)
      .catch(() => {
        if (!controller.signal.aborted) setLoadFailed(true);
      });
    return () => controller.abort();
  }, [log]);

  const handleMove = async () => {
    if (!log || !chosen) return;
    setBusy(true);
    setRefusal(null);
    try {
      const { printingLog } = await moveJob({ printingLogId: log._id, printerId: chosen });
      onMoved(printingLog);
    } catch (err) {
      setRefusal(apiErrorMessage(err, t('history.moveFailure')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={log !== null}
      title={t('history.moveTitle', { name: log?.document.title ?? '' })}
      okText={t('history.moveOk')}
      cancelText={t('history.keep')}
      okButtonProps={{ disabled: !chosen }}
      confirmLoading={busy}
      onOk={() => void handleMove()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('history.moveHint')}</Typography.Paragraph>
      {loadFailed ? <Alert type="error" showIcon title={t('history.moveLoadFailed')} /> : null}
      {!loadFailed && targets === null ? <Skeleton active paragraph={{ rows: 2 }} /> : null}
      {targets?.length === 0 ? <Alert type="info" showIcon title={t('history.moveNone')} /> : null}
      {targets && targets.length > 0 ? (
        <Radio.Group
          aria-label={t('history.moveChoose')}
          value={chosen}
          onChange={(event) => setChosen(event.target.value as string)}
          style={{ width: '100%' }}
        >
          <Space direction="vertical" style={{ width: '100%' }}>
            {targets.map((printer) => (
              <Radio key={printer.printerId} value={printer.printerId} style={{ padding: '6px 0' }}>
                <span>
                  {t('history.moveOption', {
                    printerId: printer.printerId,
                    facility: printer.location.facility,
                    department: printer.location.department,
                    room: printer.location.room,
                  })}
                </span>
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {printer.estimatedWaitMinutes != null
                    ? t('history.moveWait', { count: printer.estimatedWaitMinutes })
                    : t('history.moveWaiting', { count: printer.waiting_amount })}
                  {printer.releaseMode === 'held' ? (
                    <Tag color="blue" style={{ marginInlineStart: 6 }}>
                      {t('history.heldMark')}
                    </Tag>
                  ) : null}
                </Typography.Text>
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      ) : null}
      {refusal ? <Alert type="error" showIcon title={refusal} style={{ marginTop: 12 }} role="alert" /> : null}
    </Modal>
  );
}
