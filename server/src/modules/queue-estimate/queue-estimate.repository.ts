import type { Db } from '../../db';

/** One Completed job of a printer's recent log (queue-estimate.model's PrintLogRow). */
export interface RecentPrintRow {
  printer_id: string;
  status: string;
  total_pages: number;
  started_at: Date | string;
  finish_date: Date | string;
}

/**
 * Each printer's last `perPrinter` Completed jobs sent since `since` that have both times, in one
 * statement (a LATERAL LIMIT per printer in service). Measured on PGlite with 400,000 logs (33,000 in the
 * last 30 days, 15 printers, one of them rarely used, whose branch reads the whole 30 days): 70–180 ms;
 * the service keeps its result for minutes (SPEED_CACHE_TTL_MS). A branch per printer with its id as a
 * value (planned per printer) measured slower (115–215 ms): the planner keeps the created_at index for
 * busy printers either way.
 */
export async function recentPrintLogs(db: Db, since: Date, perPrinter: number): Promise<RecentPrintRow[]> {
  return db.query<RecentPrintRow>(
    `SELECT p.printer_id, s.status, s.total_pages, s.started_at, s.finish_date
     FROM printers p
     CROSS JOIN LATERAL (
       SELECT l.status, l.total_pages, l.started_at, l.finish_date
       FROM printing_logs l
       WHERE l.printer_id = p.printer_id AND l.status = 'Completed' AND l.created_at >= $1
         AND l.started_at IS NOT NULL AND l.finish_date IS NOT NULL
       ORDER BY l.created_at DESC, l.id DESC
       LIMIT $2
     ) s
     WHERE p.retired_at IS NULL`,
    [since, perPrinter],
  );
}

/** A job printing or waiting, with whether its printer can print now. */
export interface PendingJobRow {
  id: string;
  printer_id: string;
  status: 'Queued' | 'InProgress';
  sheets: number;
  started_at: Date | string | null;
  /** The printer is enabled and its device (if any) takes jobs, as the dispatcher judges it. */
  printing: boolean;
}

/**
 * The pending jobs (InProgress and Queued) of these printers (every printer when null), per printer in
 * print order (the dispatcher's: created_at, id). The partial index of pending jobs serves it.
 */
export async function listPendingForEstimate(db: Db, printerIds: readonly string[] | null): Promise<PendingJobRow[]> {
  const params: unknown[] = [];
  let only = '';
  if (printerIds !== null) {
    params.push(printerIds);
    only = 'AND l.printer_id = ANY($1::text[])';
  }
  return db.query<PendingJobRow>(
    `SELECT l.id, l.printer_id, l.status, l.total_pages AS sheets, l.started_at,
            (p.status = 1 AND (p.driver_kind <> 'ipp' OR p.device_takes_jobs)) AS printing
     FROM printing_logs l
     JOIN printers p ON p.printer_id = l.printer_id
     WHERE l.status IN ('Queued', 'InProgress') ${only}
     ORDER BY l.printer_id, l.created_at, l.id`,
    params,
  );
}

/**
 * The students with a job waiting (Queued) at this printer (at any printer when null): whose places and
 * estimated starts a change of that queue moves. The partial index of pending jobs serves it.
 */
export async function listWaitingStudents(db: Db, printerId: string | null): Promise<string[]> {
  const rows = await db.query<{ user_id: string }>(
    `SELECT DISTINCT user_id FROM printing_logs
     WHERE status = 'Queued' AND ($1::text IS NULL OR printer_id = $1::text)`,
    [printerId],
  );
  return rows.map((row) => row.user_id);
}
