import type { Db } from '../../db';
import type { PrinterRow } from './printers.repository';

/** A job as staff and officers read it: the job, its document and its student. */
export interface StaffJobRow {
  id: string;
  status: string;
  created_at: Date | string;
  finish_date: Date | string | null;
  failure_reason: string | null;
  user_id: string | null;
  first_name: string | null;
  last_name: string | null;
  mssv: string | null;
  printer_id: string;
  title: string;
  pages: number;
  file_type: string;
  num_version: number;
  paper_size: string;
  total_pages: number;
}

const STAFF_JOB_SELECT = `
  SELECT l.id, l.status, l.created_at, l.finish_date, l.failure_reason, l.user_id,
         u.first_name, u.last_name, u.mssv, l.printer_id, d.title, d.pages, d.file_type,
         l.num_version, l.paper_size, l.total_pages
  FROM printing_logs l
  JOIN documents d ON d.id = l.document_id
  LEFT JOIN users u ON u.id = l.user_id`;

/** The printer's job printing and jobs waiting, in the order they print (the dispatcher's order). */
export async function listPendingJobs(db: Db, printerId: string): Promise<StaffJobRow[]> {
  return db.query<StaffJobRow>(
    `${STAFF_JOB_SELECT}
     WHERE l.printer_id = $1 AND l.status IN ('Queued', 'InProgress')
     ORDER BY l.created_at, l.id`,
    [printerId],
  );
}

export interface JobRange {
  /** Inclusive lower bound of created_at. */
  from: Date | null;
  /** Exclusive upper bound of created_at. */
  to: Date | null;
  limit: number;
  offset: number;
}

/** A condition on l.created_at for the range, with its parameters after `params`. */
function rangeWhere(range: JobRange, params: unknown[]): string {
  const where: string[] = [];
  if (range.from) {
    params.push(range.from);
    where.push(`l.created_at >= $${params.length}`);
  }
  if (range.to) {
    params.push(range.to);
    where.push(`l.created_at < $${params.length}`);
  }
  return where.map((w) => ` AND ${w}`).join('');
}

/**
 * One page of jobs (newest first) whose `column` equals `value`, in the range, and their count. The
 * (printer_id, created_at DESC, id DESC) and (user_id, created_at DESC) indexes serve both, so a printer
 * with 100,000 jobs pages as fast as one with ten (the count reads the index only).
 */
async function pageOfJobs(
  db: Db,
  column: 'printer_id' | 'user_id',
  value: string,
  range: JobRange,
): Promise<{ rows: StaffJobRow[]; total: number }> {
  const params: unknown[] = [value];
  const where = `l.${column} = $1${rangeWhere(range, params)}`;
  const countRow = await db.one<{ total: number }>(
    `SELECT count(*)::int AS total FROM printing_logs l WHERE ${where}`,
    params,
  );
  params.push(range.limit, range.offset);
  const rows = await db.query<StaffJobRow>(
    `${STAFF_JOB_SELECT} WHERE ${where}
     ORDER BY l.created_at DESC, l.id DESC
     LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { rows, total: countRow?.total ?? 0 };
}

/** A printer's log in a range, paged. */
export function listPrinterJobs(db: Db, printerId: string, range: JobRange) {
  return pageOfJobs(db, 'printer_id', printerId, range);
}

/** A student's jobs in a range, paged. */
export function listStudentJobs(db: Db, userId: string, range: JobRange) {
  return pageOfJobs(db, 'user_id', userId, range);
}

export interface StudentRow {
  id: string;
  first_name: string;
  last_name: string;
  mssv: string;
  major: string | null;
  classes: string | null;
}

/** A student by code (mssv), any case. */
export async function findStudentByCode(db: Db, mssv: string): Promise<StudentRow | undefined> {
  return db.one<StudentRow>(
    `SELECT id, first_name, last_name, mssv, major, classes FROM users
     WHERE role = 'student' AND lower(mssv) = lower($1) LIMIT 1`,
    [mssv],
  );
}

/** The printer, in service or not (retired_at set), for a change. Locked until the transaction ends. */
export interface PrinterStateRow {
  printer_id: string;
  brand: string;
  model: string;
  description: string;
  facility: string;
  department: string;
  room: string;
  status: number;
  retired_at: Date | string | null;
  /** The device's address, null for a simulated printer. */
  device_uri: string | null;
  release_mode: 'direct' | 'held';
}

/**
 * Locks the printer whose id is `printerId` in any case (ids are unique whatever their case: 'b1-109'
 * names B1-109 everywhere); the row carries the id as stored.
 */
export async function lockPrinter(db: Db, printerId: string): Promise<PrinterStateRow | undefined> {
  return db.one<PrinterStateRow>(
    `SELECT printer_id, brand, model, description, facility, department, room, status, retired_at,
            CASE WHEN driver_kind = 'ipp' THEN driver_uri END AS device_uri, release_mode
     FROM printers WHERE lower(printer_id) = lower($1) FOR UPDATE`,
    [printerId],
  );
}

export interface NewPrinter {
  printerId: string;
  brand: string;
  model: string;
  description: string;
  facility: string;
  department: string;
  room: string;
  status: 0 | 1;
  /** ipp:// or ipps:// (checked by the service), null for a simulated printer. */
  deviceUri: string | null;
  releaseMode: 'direct' | 'held';
}

/** Inserts a printer; false when the id is taken (in service or retired). */
export async function insertPrinter(db: Db, p: NewPrinter): Promise<boolean> {
  const row = await db.one<{ printer_id: string }>(
    `INSERT INTO printers (printer_id, brand, model, description, facility, department, room, status, activated_time,
                           driver_kind, driver_uri, release_mode)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now(), CASE WHEN $9::text IS NULL THEN 'simulated' ELSE 'ipp' END, $9, $10)
     ON CONFLICT (printer_id) DO NOTHING RETURNING printer_id`,
    [
      p.printerId,
      p.brand,
      p.model,
      p.description,
      p.facility,
      p.department,
      p.room,
      p.status,
      p.deviceUri,
      p.releaseMode,
    ],
  );
  return row !== undefined;
}

export type PrinterFields = Omit<NewPrinter, 'printerId'>;

/**
 * Writes the printer's fields; a change to active sets the activation time. Another device address
 * forgets what the old device said (the monitor reads the new one).
 */
export async function updatePrinterFields(db: Db, printerId: string, f: PrinterFields): Promise<void> {
  await db.query(
    `UPDATE printers
     SET brand = $2, model = $3, description = $4, facility = $5, department = $6, room = $7,
         activated_time = CASE WHEN status = 0 AND $8 = 1 THEN now() ELSE activated_time END,
         status = $8, updated_at = now(),
         device_state = CASE WHEN driver_uri IS DISTINCT FROM $9::text THEN NULL ELSE device_state END,
         device_reasons = CASE WHEN driver_uri IS DISTINCT FROM $9::text THEN '{}' ELSE device_reasons END,
         device_capabilities = CASE WHEN driver_uri IS DISTINCT FROM $9::text THEN NULL ELSE device_capabilities END,
         device_checked_at = CASE WHEN driver_uri IS DISTINCT FROM $9::text THEN NULL ELSE device_checked_at END,
         driver_kind = CASE WHEN $9::text IS NULL THEN 'simulated' ELSE 'ipp' END,
         driver_uri = $9::text, release_mode = $10
     WHERE printer_id = $1`,
    [
      printerId,
      f.brand,
      f.model,
      f.description,
      f.facility,
      f.department,
      f.room,
      f.status,
      f.deviceUri,
      f.releaseMode,
    ],
  );
}

/**
 * The printer's Held jobs go to its queue (Held → Queued): it was switched from held to direct, so its
 * jobs print as its other jobs do. The caller holds the printer row lock.
 */
export async function releaseAllHeldJobs(db: Db, printerId: string): Promise<{ user_id: string }[]> {
  return db.query<{ user_id: string }>(
    `UPDATE printing_logs SET status = 'Queued', release_code = NULL, released_at = now(), updated_at = now()
     WHERE printer_id = $1 AND status = 'Held' RETURNING user_id`,
    [printerId],
  );
}

/** Takes the printer out of service for good (its rows and history stay); answers the retired row. */
export async function retirePrinterRow(db: Db, printerId: string, actorId: string): Promise<PrinterRow | undefined> {
  return db.one<PrinterRow>(
    `UPDATE printers SET retired_at = now(), retired_by = $2, status = 0, updated_at = now() WHERE printer_id = $1
     RETURNING printer_id, brand, model, description, facility, department, room, status, activated_time,
               created_at, updated_at, 0 AS waiting_amount, printed_count, '{}'::text[] AS job_ids,
               '{}'::text[] AS queue_ids, CASE WHEN driver_kind = 'ipp' THEN driver_uri END AS driver_uri,
               device_state, device_reasons, device_checked_at, device_capabilities, release_mode`,
    [printerId, actorId],
  );
}

/** Pending jobs of the printer (Held + Queued + InProgress). */
export async function countPendingJobs(db: Db, printerId: string): Promise<number> {
  const row = await db.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM printing_logs WHERE printer_id = $1 AND status IN ('Held', 'Queued', 'InProgress')`,
    [printerId],
  );
  return row?.n ?? 0;
}

/**
 * Queued or Held → Failed with `reason` for every waiting job of the printer (the job printing is left
 * to finish). The printer row is locked by the caller, so no claim or submit slips in between; the rows
 * are locked here so a student's concurrent cancel, release or the expiry waits and then finds them
 * no longer waiting.
 */
export async function failQueuedJobs(
  db: Db,
  printerId: string,
  reason: string,
): Promise<{ id: string; user_id: string; cost: number; title: string }[]> {
  return db.query(
    `UPDATE printing_logs l
     SET status = 'Failed', failure_reason = $2, finish_date = now(), updated_at = now()
     FROM documents d
     WHERE d.id = l.document_id
       AND l.id IN (SELECT id FROM printing_logs WHERE printer_id = $1 AND status IN ('Queued', 'Held') FOR UPDATE)
       AND l.status IN ('Queued', 'Held')
     RETURNING l.id, l.user_id, l.cost, d.title`,
    [printerId, reason],
  );
}

export interface PrinterChangeRecord {
  printerId: string;
  actorId: string | null;
  actorRole: 'staff' | 'spso' | 'system';
  action: 'create' | 'update' | 'enable' | 'disable' | 'retire';
  changes: Record<string, unknown>;
  jobsFailed?: number;
  pagesRefunded?: number;
}

/** Records a printer change (who, what, when), in the transaction of the change. */
export async function recordPrinterChange(db: Db, c: PrinterChangeRecord): Promise<number> {
  const row = await db.one<{ id: string }>(
    `INSERT INTO printer_changes (printer_id, actor_id, actor_role, action, changes, jobs_failed, pages_refunded)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7) RETURNING id`,
    [c.printerId, c.actorId, c.actorRole, c.action, JSON.stringify(c.changes), c.jobsFailed ?? 0, c.pagesRefunded ?? 0],
  );
  return Number(row?.id);
}

export interface PrinterChangeRow {
  id: string;
  printer_id: string;
  actor_id: string | null;
  actor_role: string;
  action: string;
  changes: Record<string, unknown>;
  jobs_failed: number;
  pages_refunded: number;
  created_at: Date | string;
}

/** The printer's changes, newest first (the audit trail; the notices issue reads this table). */
export async function listPrinterChanges(db: Db, printerId: string, limit = 100): Promise<PrinterChangeRow[]> {
  return db.query<PrinterChangeRow>(
    `SELECT id::text, printer_id, actor_id, actor_role, action, changes, jobs_failed, pages_refunded, created_at
     FROM printer_changes WHERE printer_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [printerId, limit],
  );
}

/** The id as stored of the printer named `printerId` in any case, retired or not; undefined when none. */
export async function findPrinterId(db: Db, printerId: string): Promise<string | undefined> {
  const row = await db.one<{ printer_id: string }>(
    'SELECT printer_id FROM printers WHERE lower(printer_id) = lower($1)',
    [printerId],
  );
  return row?.printer_id;
}
