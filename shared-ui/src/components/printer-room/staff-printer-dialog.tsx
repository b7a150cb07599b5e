import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Flex, Modal, Switch, Typography } from 'antd';
import { apiErrorMessage, setPrinterStatus, type AdminPrinter, type PrinterStatus } from 'shared-api';
import { UI_NAMESPACE } from '../../locales';
import { PRINTER_DIALOG_WIDTH } from './dialog-width';
import { PrinterInfo } from './printer-info';
import { DisableWarning, refundNote } from './status-change-notes';

function StaffConfig({ printer, onClose, onSaved }: { printer: AdminPrinter; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation(UI_NAMESPACE);
  const { notification } = App.useApp();
  const [status, setStatus] = useState<PrinterStatus>(printer.status);
  const [saving, setSaving] = useState(false);

  const handleSave = async () => {
    setSaving(true);
    try {
      const answer = await setPrinterStatus('staff', printer.printerId, status);
      notification.success({ title: t('printerRoom.config.staffSuccess'), description: refundNote(answer, t) });
      onSaved();
      onClose();
    } catch (err) {
      notification.error({
        title: t('printerRoom.config.staffFailure'),
        description: apiErrorMessage(err, '') || undefined,
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <PrinterInfo printer={printer} />
      <Flex align="center" gap={12} style={{ marginBottom: 12 }}>
        <Typography.Text strong id="staff-printer-enabled">
          {t('printerRoom.form.enabled')}
        </Typography.Text>
        <Switch
          aria-labelledby="staff-printer-enabled"
          checked={status === 1}
          onChange={(checked: boolean) => setStatus(checked ? 1 : 0)}
        />
      </Flex>
      <DisableWarning printer={printer} nextStatus={status} />
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onClose}>{t('printerRoom.cancel')}</Button>
        <Button type="primary" loading={saving} onClick={handleSave}>
          {t('printerRoom.config.save')}
        </Button>
      </Flex>
    </>
  );
}

/**
 * The staff member's 'Cấu hình': the printer's information and its enable switch, saved with
 * PUT /v1/staff/printer ('Tùy chỉnh thông tin máy tin thành công' / '... thất bại', the spec's own words).
 * `printer` null = closed; `onSaved` reloads the list.
 */
export function StaffPrinterDialog({
  printer,
  onClose,
  onSaved,
}: {
  printer: AdminPrinter | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation(UI_NAMESPACE);
  return (
    <Modal
      open={printer !== null}
      title={printer ? t('printerRoom.config.title', { id: printer.printerId }) : ''}
      width={PRINTER_DIALOG_WIDTH}
      footer={null}
      destroyOnHidden
      onCancel={onClose}
    >
      {printer && <StaffConfig key={printer.printerId} printer={printer} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}
