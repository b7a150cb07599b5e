import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Flex, Form, Modal } from 'antd';
import { apiErrorMessage, createPrinter } from 'shared-api';
import { UI_NAMESPACE } from '../../locales';
import { PRINTER_DIALOG_WIDTH } from './dialog-width';
import { chosenDeviceUri, chosenLocation, PrinterFormFields, type PrinterFormValues } from './printer-form-fields';

/**
 * The officer's 'Thêm máy in': ID, brand, model, location cascade, description, the device's address
 * (optional: empty for a simulated printer, with its connection test), 'Chế độ in' (direct by default), status
 * (active by default) and
 * 'Hoàn tất' (POST /v1/spso/printer). A refusal (409 duplicate id, 400 naming a field) shows the
 * server's message and keeps what was typed (closing the dialog clears it); `onAdded` reloads the list.
 */
export function AddPrinterDialog({ open, onClose, onAdded }: { open: boolean; onClose(): void; onAdded(): void }) {
  const { t } = useTranslation(UI_NAMESPACE);
  const { notification } = App.useApp();
  const [form] = Form.useForm<PrinterFormValues>();
  const [saving, setSaving] = useState(false);

  const handleFinish = async (values: PrinterFormValues) => {
    const deviceUri = chosenDeviceUri(values.deviceUri);
    setSaving(true);
    try {
      await createPrinter({
        printerId: values.printerId.trim(),
        brand: values.brand.trim(),
        model: values.model.trim(),
        location: chosenLocation(values.location),
        description: values.description?.trim() ?? '',
        status: values.status,
        releaseMode: values.releaseMode,
        // no address: a simulated printer
        ...(deviceUri ? { deviceUri } : {}),
      });
      notification.success({ title: t('printerRoom.add.success') });
      onAdded();
      onClose();
    } catch (err) {
      notification.error({ title: apiErrorMessage(err, t('printerRoom.add.failure')) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('printerRoom.add.title')}
      width={PRINTER_DIALOG_WIDTH}
      footer={null}
      destroyOnHidden
      onCancel={onClose}
    >
      <Form<PrinterFormValues>
        form={form}
        name="add-printer"
        layout="vertical"
        initialValues={{ status: 1, location: {}, releaseMode: 'direct' }}
        onFinish={handleFinish}
      >
        <PrinterFormFields withId statusControl="radio" />
        <Flex justify="flex-end">
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('printerRoom.add.submit')}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
