import type { DeviceState, Role } from 'shared-api/contracts';
import type { Db } from '../db';
import type { DomainEvents } from '../events/domain-events';
import { noticePrinterAttention, noticePrinterConnectivity } from '../modules/notices/notices.writers';
import {
  attentionReasons,
  deviceTakesJobs,
  reasonKeyword,
  type DeviceCapabilities,
} from './drivers/ipp/ipp-attributes';

/** What the monitor (or a failed send) learnt of a device. */
export interface DeviceReading {
  state: DeviceState;
  reasons: string[];
  /** Read with the state (absent when the device did not answer). */
  capabilities?: DeviceCapabilities;
  /** Why it is offline, in words ('máy in không trả lời sau 5 giây'). */
  detail?: string;
}

/** What a reading changed, and who was told. */
export interface ReadingOutcome {
  changed: boolean;
  notice: 'printer-offline' | 'printer-online' | 'printer-attention' | null;
}

/**
 * Stores a device's reading on its printer row and tells staff and officers what changed, in one
 * transaction with the row locked (two instances reading the same device store one change, one notice):
 * going offline (printer-offline), answering again (printer-online), a new warning or error
 * (printer-attention: media-empty-error, toner-low-warning…). The lists are told to reload.
 */
export async function recordDeviceReading(
  db: Db,
  events: DomainEvents,
  printerId: string,
  reading: DeviceReading,
): Promise<ReadingOutcome> {
  // most readings repeat the last one: one statement stamps them, no lock, no notice
  const capabilities = reading.capabilities ? JSON.stringify(reading.capabilities) : null;
  const same = await db.one<{ printer_id: string }>(
    `UPDATE printers SET device_checked_at = now()
     WHERE printer_id = $1 AND device_state = $2 AND device_reasons = $3::text[]
       AND ($4::jsonb IS NULL OR device_capabilities = $4::jsonb)
     RETURNING printer_id`,
    [printerId, reading.state, [...new Set(reading.reasons)].sort(), capabilities],
  );
  if (same) return { changed: false, notice: null };
  const result = await db.tx(async (t) => {
    const before = await t.one<{ device_state: DeviceState | null; device_reasons: string[] }>(
      `SELECT device_state, device_reasons FROM printers WHERE printer_id = $1 AND retired_at IS NULL FOR UPDATE`,
      [printerId],
    );
    if (!before) return { changed: false, notice: null, told: [] as Role[] };
    const reasons = [...new Set(reading.reasons)].sort();
    const wasReasons = [...(before.device_reasons ?? [])].sort();
    const changed = before.device_state !== reading.state || reasons.join(' ') !== wasReasons.join(' ');
    await t.query(
      `UPDATE printers SET device_state = $2, device_reasons = $3, device_checked_at = now(),
              device_capabilities = coalesce($4::jsonb, device_capabilities), device_takes_jobs = $5
       WHERE printer_id = $1`,
      [printerId, reading.state, reasons, capabilities, deviceTakesJobs(reading.state, reasons)],
    );
    if (!changed) return { changed, notice: null, told: [] as Role[] };
    const wasOffline = before.device_state === 'offline';
    if (reading.state === 'offline' && !wasOffline) {
      return {
        changed,
        notice: 'printer-offline' as const,
        told: await noticePrinterConnectivity(t, printerId, false, reading.detail),
      };
    }
    if (wasOffline && reading.state !== 'offline') {
      return { changed, notice: 'printer-online' as const, told: await noticePrinterConnectivity(t, printerId, true) };
    }
    // a new condition (or the device stopped) is news; one that cleared, or one the device only
    // renamed with its own state (media-empty-warning while printing, -report once idle), is not
    const known = new Set(attentionReasons(wasReasons).map(reasonKeyword));
    const fresh = attentionReasons(reasons).filter((reason) => !known.has(reasonKeyword(reason)));
    if (reading.state === 'stopped' && before.device_state !== 'stopped' && fresh.length === 0) fresh.push('stopped');
    if (reading.state !== 'offline' && fresh.length > 0) {
      return {
        changed,
        notice: 'printer-attention' as const,
        told: await noticePrinterAttention(t, printerId, fresh),
      };
    }
    return { changed, notice: null, told: [] as Role[] };
  });
  if (result.changed) events.emit('printer-changed', { printerId });
  if (result.told.length > 0) events.emit('notices-changed', { roles: result.told });
  return { changed: result.changed, notice: result.notice };
}
