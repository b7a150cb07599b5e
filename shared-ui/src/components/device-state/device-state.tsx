import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Tag, Typography } from 'antd';
import type { DeviceState, PrinterDevice } from 'shared-api';
import { UI_NAMESPACE } from '../../locales';

/** Tag colour per device state (the theme keeps each readable, 4.5:1): ready green, printing blue… */
const COLORS: Record<DeviceState, string> = { idle: 'green', processing: 'blue', stopped: 'orange', offline: 'red' };

/** The IPP printer-state-reasons keywords with a text of their own (deviceState.reasons.*), suffix left out. */
const KNOWN_REASONS = [
  'media-empty',
  'media-low',
  'media-jam',
  'toner-empty',
  'toner-low',
  'marker-supply-empty',
  'marker-supply-low',
  'door-open',
  'cover-open',
  'offline',
  'paused',
  'other',
] as const;

/** A reason without its severity: 'media-empty-error' → 'media-empty' (IPP adds -error, -warning or -report). */
export function reasonKeyword(reason: string): string {
  return reason.replace(/-(error|warning|report)$/, '');
}

/**
 * A device's reason in words ('media-empty-error' → 'Hết giấy'); a keyword without a text is shown as the
 * device sent it. Plain text only: it comes from the device.
 */
export function deviceReasonText(reason: string, t: TFunction<'ui'>): string {
  const keyword = reasonKeyword(reason);
  return (KNOWN_REASONS as readonly string[]).includes(keyword) ? t(`deviceState.reasons.${keyword}`) : reason;
}

/** The reasons worth reading, in words, each once ('none' is IPP's "no reason"). */
export function deviceReasonTexts(reasons: readonly string[], t: TFunction<'ui'>): string[] {
  const texts = reasons.filter((reason) => reason && reason !== 'none').map((reason) => deviceReasonText(reason, t));
  return [...new Set(texts)];
}

/**
 * Whether a printer takes new print jobs as far as its device goes: a simulated one (no device) always
 * does; a real one unless it is stopped or offline (the server refuses those with 422 PRINTER_OFFLINE).
 */
export function isDeviceAvailable(device: PrinterDevice | null | undefined): boolean {
  return !device || (device.state !== 'stopped' && device.state !== 'offline');
}

/**
 * A real printer's device state beside its status: a coloured tag ('Sẵn sàng', 'Đang in', 'Đang dừng',
 * 'Mất kết nối') and, under it, what the device reports ('Hết giấy, Sắp hết mực'), readable on a phone
 * (no tooltip). Nothing for a simulated printer (device null).
 */
export function DeviceStateTag({ device }: { device: PrinterDevice | null | undefined }) {
  const { t } = useTranslation(UI_NAMESPACE);
  if (!device) return null;
  const known = Object.hasOwn(COLORS, device.state);
  const label = known ? t(`deviceState.states.${device.state}`) : device.state;
  // 'offline-report' on an offline device says nothing the tag does not
  const reasons = deviceReasonTexts(device.reasons ?? [], t).filter((text) => text !== label);
  return (
    <span
      data-device-state={device.state}
      style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2, maxWidth: '100%' }}
    >
      <Tag color={known ? COLORS[device.state] : 'default'} style={{ marginInlineEnd: 0 }}>
        {label}
      </Tag>
      {reasons.length > 0 && (
        <Typography.Text
          type="secondary"
          data-testid="device-reasons"
          style={{ fontSize: 12, overflowWrap: 'anywhere' }}
        >
          {reasons.join(', ')}
        </Typography.Text>
      )}
    </span>
  );
}
