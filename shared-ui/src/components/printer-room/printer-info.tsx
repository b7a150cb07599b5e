import { useTranslation } from 'react-i18next';
import { Descriptions } from 'antd';
import type { AdminPrinter } from 'shared-api';
import { UI_NAMESPACE } from '../../locales';
import { DeviceStateTag } from '../device-state/device-state';
import { PrinterStatusTag } from '../print-status-tag/printer-status-tag';
import { formatVietnamDate } from '../vietnam-time/vietnam-time';
import { locationText } from './location-text';

/**
 * A printer's information as the configuration dialogs show it (ID, brand, model, location, description,
 * status, its device's state or 'Máy in mô phỏng', and for officers the device's address…).
 */
export function PrinterInfo({ printer }: { printer: AdminPrinter }) {
  const { t } = useTranslation(UI_NAMESPACE);
  const none = t('printerRoom.placeholder');
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      style={{ marginBottom: 16 }}
      items={[
        { key: 'id', label: t('printerRoom.form.printerId'), children: printer.printerId },
        { key: 'brand', label: t('printerRoom.form.brand'), children: printer.brand || none },
        { key: 'model', label: t('printerRoom.form.model'), children: printer.model || none },
        { key: 'location', label: t('printerRoom.form.location'), children: locationText(printer.location, t) },
        { key: 'description', label: t('printerRoom.form.description'), children: printer.description || none },
        { key: 'status', label: t('printerRoom.form.status'), children: <PrinterStatusTag status={printer.status} /> },
        {
          key: 'device',
          label: t('printerRoom.form.device'),
          children: printer.device ? <DeviceStateTag device={printer.device} /> : t('printerRoom.form.simulated'),
        },
        // the officer's rows only: where the device is
        ...(printer.deviceUri
          ? [
              {
                key: 'deviceUri',
                label: t('printerRoom.form.deviceUri'),
                children: <span style={{ overflowWrap: 'anywhere' }}>{printer.deviceUri}</span>,
              },
            ]
          : []),
        {
          key: 'releaseMode',
          label: t('printerRoom.form.releaseMode'),
          children:
            printer.releaseMode === 'held' ? t('printerRoom.form.releaseHeld') : t('printerRoom.form.releaseDirect'),
        },
        {
          key: 'activated',
          label: t('printerRoom.columns.activatedTime'),
          children: formatVietnamDate(printer.activatedTime) || none,
        },
        { key: 'waiting', label: t('printerRoom.columns.waiting'), children: printer.waiting_amount },
      ]}
    />
  );
}
