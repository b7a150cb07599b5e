import type { Db } from '../../db';

/**
 * Sets the print counters (printers.printed_count, users.printed_a4 / printed_a3) from the Completed
 * logs, for loads made with triggers off (session_replication_role = replica). Returns the rows changed:
 * 0 when the counters were right.
 */
export async function recountPrintCounters(db: Db): Promise<number> {
  const users = await db.query<{ id: string }>(
    `UPDATE users u SET printed_a4 = c.a4, printed_a3 = c.a3
     FROM (SELECT x.id,
                  coalesce(sum(l.total_pages) FILTER (WHERE l.paper_size = 'A4'), 0)::int AS a4,
                  coalesce(sum(l.total_pages) FILTER (WHERE l.paper_size = 'A3'), 0)::int AS a3
           FROM users x LEFT JOIN printing_logs l ON l.user_id = x.id AND l.status = 'Completed'
           GROUP BY x.id) c
     WHERE u.id = c.id AND (u.printed_a4 <> c.a4 OR u.printed_a3 <> c.a3)
     RETURNING u.id`,
  );
  const printers = await db.query<{ printer_id: string }>(
    `UPDATE printers p SET printed_count = c.n
     FROM (SELECT x.printer_id, count(l.id)::int AS n
           FROM printers x LEFT JOIN printing_logs l ON l.printer_id = x.printer_id AND l.status = 'Completed'
           GROUP BY x.printer_id) c
     WHERE p.printer_id = c.printer_id AND p.printed_count <> c.n
     RETURNING p.printer_id`,
  );
  return users.length + printers.length;
}

/** A printer as a print request needs it: its status and, for a real one, what its device last said. */
export interface PrinterForPrint {
  printer_id: string;
  status: number;
  /** null: a simulated printer. */
  device_state: 'idle' | 'processing' | 'stopped' | 'offline' | null;
  device_reasons: string[];
  /** ipp-attributes DeviceCapabilities, null before the device was read. */
  device_capabilities: unknown;
  is_device: boolean;
  /** 'held': a job waits (Held) for its owner's release at the printer. */
  release_mode: 'direct' | 'held';
}

const PRINTER_FOR_PRINT = `printer_id, status, device_state, device_reasons, device_capabilities,
  driver_kind = 'ipp' AS is_device, release_mode`;

/** The printer's status, locked against a concurrent change until the transaction ends. */
export async function findPrinterStatusForShare(db: Db, printerId: string): Promise<PrinterForPrint | undefined> {
  return db.one(
    `SELECT ${PRINTER_FOR_PRINT} FROM printers WHERE lower(printer_id) = lower($1) AND retired_at IS NULL FOR SHARE`,
    [printerId],
  );
}

export async function findPrinterStatus(db: Db, printerId: string): Promise<PrinterForPrint | undefined> {
  return db.one(
    `SELECT ${PRINTER_FOR_PRINT} FROM printers WHERE lower(printer_id) = lower($1) AND retired_at IS NULL`,
    [printerId],
  );
}

/** The student's balance without a lock: the early check before a document is read (the charge locks). */
export async function findBalance(db: Db, userId: string): Promise<number | undefined> {
  const row = await db.one<{ balance: number }>('SELECT balance FROM users WHERE id = $1', [userId]);
  return row?.balance;
}

/** The student's balance, row-locked: parallel submissions of one student take turns. */
export async function lockBalance(db: Db, userId: string): Promise<number | undefined> {
  const row = await db.one<{ balance: number }>('SELECT balance FROM users WHERE id = $1 FOR UPDATE', [userId]);
  return row?.balance;
}

export interface NewDocument {
  ownerId: string;
  title: string;
  fileType: string;
  pages: number;
  sizeBytes: number;
  storagePath: string;
  sha256: string;
}

export async function insertDocument(db: Db, doc: NewDocument): Promise<string> {
  const row = await db.one<{ id: string }>(
    `INSERT INTO documents (owner_id, title, file_type, pages, size_bytes, storage_path, sha256)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [doc.ownerId, doc.title, doc.fileType, doc.pages, doc.sizeBytes, doc.storagePath, doc.sha256],
  );
  if (!row) throw new Error('document insert returned nothing');
  return row.id;
}

/** A stored file claimed by the retention purge: its document and the name it had in the upload folder. */
export interface ExpiredFile {
  id: string;
  storage_path: string;
}

/**
 * Claims up to `limit` documents whose file is still stored and whose every job ended before `cutoff`
 * (none Held, Queued or InProgress, none finished since): their storage_path becomes NULL and purged_at now,
 * in one statement, answering the names they held. Rows another instance is claiming are skipped
 * (SKIP LOCKED) and a row claimed meanwhile no longer matches, so each file is claimed once. A job
 * never goes back to the queue once ended, and a document gets no new job, so a claimed file is never
 * needed again.
 */
export async function claimExpiredFiles(db: Db, cutoff: Date, limit: number): Promise<ExpiredFile[]> {
  return db.query<ExpiredFile>(
    `UPDATE documents d SET storage_path = NULL, purged_at = now()
     FROM (
       SELECT x.id, x.storage_path FROM documents x
       WHERE x.storage_path IS NOT NULL
         -- a job cannot end before its document was stored: the index narrows the search to old ones
         AND x.created_at < $1
         AND NOT EXISTS (
           SELECT 1 FROM printing_logs l
           WHERE l.document_id = x.id
             AND (l.status IN ('Held', 'Queued', 'InProgress') OR coalesce(l.finish_date, l.updated_at) >= $1)
         )
       ORDER BY x.created_at
       LIMIT $2
       FOR UPDATE OF x SKIP LOCKED
     ) due
     WHERE d.id = due.id AND d.storage_path IS NOT NULL
     RETURNING d.id, due.storage_path`,
    [cutoff, limit],
  );
}

export interface NewPrintingLog {
  userId: string;
  printerId: string;
  documentId: string;
  paperSize: string;
  numVersion: number;
  colorOption: boolean;
  landScapeOption: boolean;
  pagesPerSheet: number;
  numSides: number;
  pageRanges: string | null;
  selectedPages: number;
  totalPages: number;
  cost: number;
  /** At a held printer: the job waits (Held) with this release code until heldUntil. */
  held?: { releaseCode: string; heldUntil: Date };
}

/**
 * A Queued job (or Held, at a held printer). created_at is the clock, not the transaction start, so the
 * documents of one request queue in the order they were sent.
 */
export async function insertPrintingLog(db: Db, log: NewPrintingLog): Promise<string> {
  const row = await db.one<{ id: string }>(
    `INSERT INTO printing_logs (user_id, printer_id, document_id, status, paper_size, num_version, color_option,
                                landscape_option, pages_per_sheet, num_sides, page_ranges, selected_pages,
                                total_pages, cost, created_at, updated_at, release_code, held_until)
     VALUES ($1, $2, $3, CASE WHEN $14::text IS NULL THEN 'Queued' ELSE 'Held' END, $4, $5, $6, $7, $8, $9, $10,
             $11, $12, $13, clock_timestamp(), clock_timestamp(), $14::text, $15::timestamptz)
     RETURNING id`,
    [
      log.userId,
      log.printerId,
      log.documentId,
      log.paperSize,
      log.numVersion,
      log.colorOption,
      log.landScapeOption,
      log.pagesPerSheet,
      log.numSides,
      log.pageRanges,
      log.selectedPages,
      log.totalPages,
      log.cost,
      log.held?.releaseCode ?? null,
      log.held?.heldUntil ?? null,
    ],
  );
  if (!row) throw new Error('printing log insert returned nothing');
  return row.id;
}

export async function findLogOwner(
  db: Db,
  logId: string,
): Promise<{ id: string; user_id: string; status: string } | undefined> {
  return db.one('SELECT id, user_id, status FROM printing_logs WHERE id = $1', [logId]);
}

export interface LogRow {
  id: string;
  status: string;
  finish_date: Date | string | null;
  paper_size: string;
  num_version: number;
  color_option: boolean;
  landscape_option: boolean;
  pages_per_sheet: number;
  num_sides: number;
  page_ranges: string | null;
  selected_pages: number;
  total_pages: number;
  cost: number;
  failure_reason: string | null;
  user_id: string;
  printer_id: string;
  created_at: Date | string;
  updated_at: Date | string;
  title: string;
  pages: number;
  file_type: string;
  facility: string;
  department: string;
  room: string;
  /** 1 = next to print (after the job in progress); null unless Queued. */
  position: number | null;
  release_code: string | null;
  held_until: Date | string | null;
  held_extended_at: Date | string | null;
}

const LOG_SELECT = `
  SELECT l.id, l.status, l.finish_date, l.paper_size, l.num_version, l.color_option, l.landscape_option,
         l.pages_per_sheet, l.num_sides, l.page_ranges, l.selected_pages, l.total_pages, l.cost, l.failure_reason,
         l.user_id, l.printer_id, l.created_at, l.updated_at, l.release_code, l.held_until, l.held_extended_at,
         d.title, d.pages, d.file_type, p.facility, p.department, p.room,
         CASE WHEN l.status = 'Queued' THEN (
           SELECT count(*)::int + 1 FROM printing_logs x
           WHERE x.printer_id = l.printer_id AND x.status = 'Queued'
             AND (x.created_at, x.id) < (l.created_at, l.id)
         ) END AS position
  FROM printing_logs l
  JOIN documents d ON d.id = l.document_id
  JOIN printers p ON p.printer_id = l.printer_id`;

export async function findLogsByIds(db: Db, ids: readonly string[]): Promise<LogRow[]> {
  if (ids.length === 0) return [];
  return db.query<LogRow>(`${LOG_SELECT} WHERE l.id = ANY($1::uuid[]) ORDER BY l.created_at, l.id`, [ids]);
}

export interface StudentLogFilter {
  userId: string;
  status: string | null;
  facility: string | null;
  /** Inclusive lower bound of created_at. */
  from: Date | null;
  /** Exclusive upper bound of created_at. */
  to: Date | null;
  /** Part of the file name, matched case-insensitively. */
  search: string | null;
  direction: 1 | -1;
  limit: number;
  offset: number;
}

/** One student's logs, newest or oldest first; the (user_id, created_at) index serves it. */
export async function listStudentLogs(db: Db, filter: StudentLogFilter): Promise<LogRow[]> {
  const params: unknown[] = [filter.userId];
  const where = ['l.user_id = $1'];
  if (filter.status) {
    params.push(filter.status);
    where.push(`l.status = $${params.length}`);
  }
  if (filter.facility) {
    params.push(filter.facility);
    where.push(`p.facility = $${params.length}`);
  }
  if (filter.from) {
    params.push(filter.from);
    where.push(`l.created_at >= $${params.length}`);
  }
  if (filter.to) {
    params.push(filter.to);
    where.push(`l.created_at < $${params.length}`);
  }
  if (filter.search) {
    params.push(`%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`d.title ILIKE $${params.length}`);
  }
  const order = filter.direction === 1 ? 'ASC' : 'DESC';
  params.push(filter.limit, filter.offset);
  return db.query<LogRow>(
    `${LOG_SELECT} WHERE ${where.join(' AND ')}
     ORDER BY l.created_at ${order}, l.id ${order}
     LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
}

/**
 * Sheets printed (Completed jobs) by paper size: the student's counters (users.printed_a4 / printed_a3,
 * kept by a trigger on printing_logs in the transaction that completes a job), one row by key.
 */
export async function printedTotals(db: Db, userId: string): Promise<{ a3: number; a4: number }> {
  const row = await db.one<{ a3: number; a4: number }>(
    'SELECT printed_a3 AS a3, printed_a4 AS a4 FROM users WHERE id = $1',
    [userId],
  );
  return { a3: row?.a3 ?? 0, a4: row?.a4 ?? 0 };
}

/** A print request already received under an Idempotency-Key: what it was and what it created. */
export interface SubmissionRow {
  fingerprint: string;
  log_ids: string[];
  total_cost: number;
}

export async function findSubmission(db: Db, userId: string, key: string): Promise<SubmissionRow | undefined> {
  return db.one<SubmissionRow>(
    'SELECT fingerprint, log_ids::text[] AS log_ids, total_cost FROM print_submissions WHERE user_id = $1 AND key = $2',
    [userId, key],
  );
}

/**
 * Records a submission in the transaction of its charge. False when the key is taken: another request
 * with it committed first (the insert waits for it), so this one must roll back and answer that one.
 */
export async function insertSubmission(
  db: Db,
  row: { userId: string; key: string; fingerprint: string; logIds: string[]; totalCost: number },
): Promise<boolean> {
  const inserted = await db.one<{ key: string }>(
    `INSERT INTO print_submissions (user_id, key, fingerprint, log_ids, total_cost)
     VALUES ($1, $2, $3, $4::uuid[], $5) ON CONFLICT (user_id, key) DO NOTHING RETURNING key`,
    [row.userId, row.key, row.fingerprint, row.logIds, row.totalCost],
  );
  return inserted !== undefined;
}
