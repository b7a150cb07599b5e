import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Flex, Form, Modal, Popconfirm, Tabs } from 'antd';
import { apiErrorMessage, retirePrinter, updatePrinter, type AdminPrinter, type PrinterUpdateInput } from 'shared-api';
import { UI_NAMESPACE } from '../../locales';
import { PRINTER_DIALOG_WIDTH } from './dialog-width';
import { chosenDeviceUri, chosenLocation, PrinterFormFields, type PrinterFormValues } from './printer-form-fields';
import { PrinterInfo } from './printer-info';
import { ReleaseStationsPanel } from './release-stations-panel';
import { DisableWarning, refundNote } from './status-change-notes';

interface SpsoConfigProps {
  printer: AdminPrinter;
  onClose(): void;
  onSaved(): void;
}

/** Info tab: the printer as it is, and 'Xóa máy in' (retire, after a confirm; refused while jobs wait). */
function InfoTab({ printer, onClose, onSaved }: SpsoConfigProps) {
  const { t } = useTranslation(UI_NAMESPACE);
  const { notification } = App.useApp();
  const [retiring, setRetiring] = useState(false);

  const handleRetire = async () => {
    setRetiring(true);
    try {
      await retirePrinter(printer.printerId);
      notification.success({ title: t('printerRoom.config.retireSuccess', { id: printer.printerId }) });
      onSaved();
      onClose();
    } catch (err) {
      // 409 while jobs are pending: the server says why, the dialog stays.
      notification.error({ title: apiErrorMessage(err, t('printerRoom.config.retireFailure')) });
    } finally {
      setRetiring(false);
    }
  };

  return (
    <>
      <PrinterInfo printer={printer} />
      <Flex justify="flex-end">
        <Popconfirm
          title={t('printerRoom.config.retireConfirm', { id: printer.printerId })}
          okText={t('printerRoom.config.retireOk')}
          cancelText={t('printerRoom.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={handleRetire}
        >
          <Button danger type="primary" loading={retiring}>
            {t('printerRoom.config.retire')}
          </Button>
        </Popconfirm>
      </Flex>
    </>
  );
}

/**
 * Customise tab: brand, model, location, description, the device's address (with its connection test), the
 * release mode and the enable switch; 'Hoàn tất' saves and closes.
 */
function CustomiseTab({ printer, onClose, onSaved }: SpsoConfigProps) {
  const { t } = useTranslation(UI_NAMESPACE);
  const { notification } = App.useApp();
  const [form] = Form.useForm<PrinterFormValues>();
  const status = Form.useWatch('status', form) ?? printer.status;
  const [saving, setSaving] = useState(false);

  const handleFinish = async (values: PrinterFormValues) => {
    const change: PrinterUpdateInput = {
      printerId: printer.printerId,
      brand: values.brand.trim(),
      model: values.model.trim(),
      location: chosenLocation(values.location),
      description: values.description?.trim() ?? '',
    };
    // The status only when it moves: an unchanged one is no enable or disable.
    if (values.status !== printer.status) change.status = values.status;
    // The device's address only when it changes: null makes the printer simulated again.
    const deviceUri = chosenDeviceUri(values.deviceUri);
    if (deviceUri !== (printer.deviceUri ?? null)) change.deviceUri = deviceUri;
    // The release mode only when it changes: held → direct queues the printer's held jobs.
    if (values.releaseMode !== (printer.releaseMode ?? 'direct')) change.releaseMode = values.releaseMode;
    setSaving(true);
    try {
      const answer = await updatePrinter(change);
      notification.success({ title: t('printerRoom.config.spsoSuccess'), description: refundNote(answer, t) });
      onSaved();
    } catch (err) {
      notification.error({
        title: t('printerRoom.config.spsoFailure'),
        description: apiErrorMessage(err, '') || undefined,
      });
    } finally {
      setSaving(false);
      // The spec's dialog closes either way.
      onClose();
    }
  };

  return (
    <Form<PrinterFormValues>
      form={form}
      name={`customise-${printer.printerId}`}
      layout="vertical"
      requiredMark={false}
      initialValues={{
        brand: printer.brand,
        model: printer.model,
        location: printer.location,
        description: printer.description,
        status: printer.status,
        deviceUri: printer.deviceUri ?? '',
        releaseMode: printer.releaseMode ?? 'direct',
      }}
      onFinish={handleFinish}
    >
      <PrinterFormFields withId={false} statusControl="switch" />
      <DisableWarning printer={printer} nextStatus={status} />
      <Flex justify="flex-end">
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('printerRoom.config.finish')}
        </Button>
      </Flex>
    </Form>
  );
}

/**
 * The officer's 'Cấu hình': an Info tab (with 'Xóa máy in'), a Customise tab saved with
 * PUT /v1/spso/printer, and for a held printer its release stations ('Trạm nhận') ('Tùy chỉnh thông tin máy in thành công' / '... thất bại'; the dialog closes either
 * way). `printer` null = closed; `onSaved` reloads the list.
 */
export function SpsoPrinterDialog({
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
      {printer && (
        <Tabs
          key={printer.printerId}
          items={[
            {
              key: 'info',
              label: t('printerRoom.config.infoTab'),
              children: <InfoTab printer={printer} onClose={onClose} onSaved={onSaved} />,
            },
            {
              key: 'customise',
              label: t('printerRoom.config.customiseTab'),
              children: <CustomiseTab printer={printer} onClose={onClose} onSaved={onSaved} />,
            },
            // a held printer's jobs are released at its stations
            ...(printer.releaseMode === 'held'
              ? [
                  {
                    key: 'stations',
                    label: t('printerRoom.stations.tab'),
                    children: <ReleaseStationsPanel printerId={printer.printerId} />,
                  },
                ]
              : []),
          ]}
        />
      )}
    </Modal>
  );
}
