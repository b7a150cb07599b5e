import { useTranslation } from 'react-i18next';
import { Form, Input, Radio, Switch } from 'antd';
import type { Location, PrinterStatus, ReleaseMode } from 'shared-api';
import { UI_NAMESPACE } from '../../locales';
import { DeviceUriField } from './device-uri-field';
import { LocationCascade, type LocationDraft } from './location-cascade';
import { printerRules } from './printer-rules';

/** What the add and customise forms hold. */
export interface PrinterFormValues {
  printerId: string;
  brand: string;
  model: string;
  location: LocationDraft;
  description?: string;
  status: PrinterStatus;
  /** The device's address; empty for a simulated printer. */
  deviceUri?: string;
  /** 'Chế độ in': print at once, or hold each job until its owner releases it at the printer. */
  releaseMode: ReleaseMode;
}

/** A validated form's location (every part checked by the rules). */
export function chosenLocation(draft: LocationDraft): Location {
  return { facility: draft.facility ?? '', department: draft.department ?? '', room: draft.room ?? '' };
}

/** A form's device address as the API takes it: trimmed, null when empty (a simulated printer). */
export function chosenDeviceUri(value: string | undefined): string | null {
  return value?.trim() || null;
}

/**
 * The printer's fields inside an antd Form: ID (new printers only), brand, model, location cascade,
 * description, the device's address with its connection test, 'Chế độ in' ('In ngay' / 'Giữ đến khi nhận tại
 * máy in'), and the status as a radio (add: 'Hoạt động' / 'Tạm dừng') or an enable switch (customise).
 */
export function PrinterFormFields({ withId, statusControl }: { withId: boolean; statusControl: 'radio' | 'switch' }) {
  const { t } = useTranslation(UI_NAMESPACE);
  const rules = printerRules(t);
  return (
    <>
      {withId && (
        <Form.Item name="printerId" label={t('printerRoom.form.printerId')} rules={rules.printerId}>
          <Input maxLength={40} autoComplete="off" />
        </Form.Item>
      )}
      <Form.Item name="brand" label={t('printerRoom.form.brand')} rules={rules.brand}>
        <Input />
      </Form.Item>
      <Form.Item name="model" label={t('printerRoom.form.model')} rules={rules.model}>
        <Input />
      </Form.Item>
      <Form.Item name="location" label={t('printerRoom.form.location')} rules={rules.location} required>
        <LocationCascade />
      </Form.Item>
      <Form.Item name="description" label={t('printerRoom.form.description')} rules={rules.description}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
      <DeviceUriField />
      <Form.Item
        name="releaseMode"
        label={t('printerRoom.form.releaseMode')}
        extra={t('printerRoom.form.releaseModeHelp')}
      >
        <Radio.Group
          options={[
            { value: 'direct', label: t('printerRoom.form.releaseDirect') },
            { value: 'held', label: t('printerRoom.form.releaseHeld') },
          ]}
        />
      </Form.Item>
      {statusControl === 'radio' ? (
        <Form.Item name="status" label={t('printerRoom.form.status')}>
          <Radio.Group
            options={[
              { value: 1, label: t('printerRoom.form.active') },
              { value: 0, label: t('printerRoom.form.paused') },
            ]}
          />
        </Form.Item>
      ) : (
        <Form.Item
          name="status"
          label={t('printerRoom.form.enabled')}
          getValueProps={(status: PrinterStatus) => ({ checked: status === 1 })}
          normalize={(checked: boolean) => (checked ? 1 : 0)}
        >
          <Switch />
        </Form.Item>
      )}
    </>
  );
}
