import type { Db } from '../../db';

export interface PrinterRow {
  printer_id: string;
  brand: string;
  model: string;
  description: string;
  facility: string;
  department: string;
  room: string;
  status: number;
  activated_time: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  /** Queued + InProgress jobs. */
  waiting_amount: number;
  /** Completed jobs. */
  printed_count: number;
  /** The job printing (InProgress): none or one id. */
  job_ids: string[];
  /** The jobs waiting (Queued), in print order. */
  queue_ids: string[];
  /** The device's address: null for a simulated printer. */
  driver_uri: string | null;
  device_state: 'idle' | 'processing' | 'stopped' | 'offline' | null;
  device_reasons: string[];
  device_checked_at: Date | string | null;
  /** What the device said it can do (ipp-attributes DeviceCapabilities), null before it was read. */
  device_capabilities: unknown;
  /** 'direct': jobs print when sent; 'held': they wait for their owner's release. */
  release_mode: 'direct' | 'held';
}

/**
 * Every printer in service with its pending jobs (Queued + InProgress ids, through the partial index of
 * pending jobs) and printed count (the printers.printed_count counter, kept by a trigger on
 * printing_logs), so the cost follows the pending jobs, not the history. The lists are served from
 * memory, so this runs only after a change or when the cached list expires.
 */
export async function listPrintersWithCounts(db: Db): Promise<PrinterRow[]> {
  return db.query<PrinterRow>(
    `SELECT p.printer_id, p.brand, p.model, p.description, p.facility, p.department, p.room, p.status,
            p.activated_time, p.created_at, p.updated_at,
            CASE WHEN p.driver_kind = 'ipp' THEN p.driver_uri END AS driver_uri,
            p.device_state, p.device_reasons, p.device_checked_at, p.device_capabilities, p.release_mode,
            coalesce(q.waiting, 0)::int AS waiting_amount, p.printed_count,
            coalesce(q.job_ids, '{}') AS job_ids, coalesce(q.queue_ids, '{}') AS queue_ids
     FROM printers p
     LEFT JOIN (
       SELECT printer_id, count(*) AS waiting,
              array_agg(id::text ORDER BY created_at, id) FILTER (WHERE status = 'InProgress') AS job_ids,
              array_agg(id::text ORDER BY created_at, id) FILTER (WHERE status = 'Queued') AS queue_ids
       FROM printing_logs WHERE status IN ('Queued', 'InProgress') GROUP BY printer_id
     ) q ON q.printer_id = p.printer_id
     WHERE p.retired_at IS NULL
     ORDER BY p.printer_id`,
  );
}
