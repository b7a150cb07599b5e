import type { Db } from '../../db';

/**
 * Release at the printer, SQL only: release stations and the codes they show, and every change of a
 * held job (release, extend, move, expiry). Each statement carries the state it expects in its WHERE
 * (status = 'Held', a code not used yet, a deadline not passed), so two actors racing on one row (two
 * students with one code, the expiry and a release, two instances) let exactly one win.
 */

/** A printer as a release or a move needs it: its status, its device's last word and its release mode. */
export interface PrinterForRelease {
  printer_id: string;
  status: number;
  device_state: 'idle' | 'processing' | 'stopped' | 'offline' | null;
  device_reasons: string[];
  device_capabilities: unknown;
  is_device: boolean;
  release_mode: 'direct' | 'held';
}

/** The printer in service named `printerId` in any case; `lock`: FOR SHARE until the transaction ends. */
export async function findPrinterForRelease(
  db: Db,
  printerId: string,
  lock = false,
): Promise<PrinterForRelease | undefined> {
  return db.one<PrinterForRelease>(
    `SELECT printer_id, status, device_state, device_reasons, device_capabilities, driver_kind = 'ipp' AS is_device,
            release_mode
     FROM printers WHERE lower(printer_id) = lower($1) AND retired_at IS NULL${lock ? ' FOR SHARE' : ''}`,
    [printerId],
  );
}

// ---- stations ----

export async function insertStation(db: Db, printerId: string, tokenHash: string, createdBy: string): Promise<string> {
  const row = await db.one<{ id: string }>(
    'INSERT INTO release_stations (printer_id, token_hash, created_by) VALUES ($1, $2, $3) RETURNING id',
    [printerId, tokenHash, createdBy],
  );
  if (!row) throw new Error('release station insert returned nothing');
  return row.id;
}

/** Revokes a station still in use; undefined when unknown or already revoked. */
export async function revokeStation(
  db: Db,
  stationId: string,
  revokedBy: string,
): Promise<{ printer_id: string } | undefined> {
  return db.one(
    `UPDATE release_stations SET revoked_at = now(), revoked_by = $2
     WHERE id = $1 AND revoked_at IS NULL RETURNING printer_id`,
    [stationId, revokedBy],
  );
}

/** The station whose key has this hash, unless revoked (its printer retired too). */
export async function findStationByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<{ id: string; printer_id: string } | undefined> {
  return db.one(
    `SELECT s.id, s.printer_id FROM release_stations s JOIN printers p ON p.printer_id = s.printer_id
     WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND p.retired_at IS NULL`,
    [tokenHash],
  );
}

/** A station of a printer as the officers' list shows it. */
export interface StationRow {
  id: string;
  printer_id: string;
  created_at: Date | string;
  revoked_at: Date | string | null;
  last_seen_at: Date | string | null;
}

/**
 * The printer's stations, in use first, newest first (at most `limit`). `last_seen_at` is the issue of the
 * station's latest code: a station asks for its code every 60 s and each window issues one, so it is at most a
 * window behind the station's last request, and costs no write per request.
 */
export async function listStations(db: Db, printerId: string, limit: number): Promise<StationRow[]> {
  return db.query<StationRow>(
    `SELECT s.id, s.printer_id, s.created_at, s.revoked_at,
            (SELECT max(c.issued_at) FROM release_station_codes c WHERE c.station_id = s.id) AS last_seen_at
     FROM release_stations s
     WHERE s.printer_id = $1
     ORDER BY s.revoked_at IS NOT NULL, s.created_at DESC, s.id
     LIMIT $2`,
    [printerId, limit],
  );
}

/** Locks the station row: its codes are issued one at a time, whatever the instances. */
export async function lockStation(db: Db, stationId: string): Promise<boolean> {
  const row = await db.one('SELECT id FROM release_stations WHERE id = $1 AND revoked_at IS NULL FOR UPDATE', [
    stationId,
  ]);
  return row !== undefined;
}

/** The code the station shows now: the latest issued after `since` and not used yet. */
export async function currentStationCode(
  db: Db,
  stationId: string,
  since: Date,
): Promise<{ code: string; issued_at: Date | string } | undefined> {
  return db.one(
    `SELECT code, issued_at FROM release_station_codes
     WHERE station_id = $1 AND issued_at > $2 AND used_at IS NULL
     ORDER BY issued_at DESC LIMIT 1`,
    [stationId, since],
  );
}

/** A new code of the station; false when the station had this code already (draw another). */
export async function insertStationCode(
  db: Db,
  row: { stationId: string; code: string; issuedAt: Date; validUntil: Date },
): Promise<boolean> {
  const inserted = await db.one(
    `INSERT INTO release_station_codes (station_id, code, issued_at, valid_until) VALUES ($1, $2, $3, $4)
     ON CONFLICT (station_id, code) DO NOTHING RETURNING code`,
    [row.stationId, row.code, row.issuedAt, row.validUntil],
  );
  return inserted !== undefined;
}

/** Forgets the station's codes that stopped being valid before `before`. */
export async function deleteStaleStationCodes(db: Db, stationId: string, before: Date): Promise<void> {
  await db.query('DELETE FROM release_station_codes WHERE station_id = $1 AND valid_until < $2', [stationId, before]);
}

/**
 * Uses a code shown by a station (in service) of the printer: valid at `at` and not used yet. It is
 * used once: the row lock makes a second use of it (a photographed QR, two phones) find it used.
 */
export async function useStationCode(
  db: Db,
  printerId: string,
  code: string,
  at: Date,
  userId: string,
): Promise<{ station_id: string } | undefined> {
  return db.one(
    `UPDATE release_station_codes c SET used_at = $3, used_by = $4
     FROM release_stations s
     WHERE s.id = c.station_id AND s.printer_id = $1 AND s.revoked_at IS NULL
       AND c.code = $2 AND c.used_at IS NULL AND c.issued_at <= $3 AND c.valid_until > $3
     RETURNING c.station_id`,
    [printerId, code, at, userId],
  );
}

// ---- held jobs ----

/**
 * Held → Queued for the owner's held jobs at the printer (one of them with `logId`) still within their
 * deadline at `at`: the dispatcher prints them next.
 */
export async function releaseOwnHeldJobs(
  db: Db,
  filter: { userId: string; printerId: string; logId: string | null; at: Date },
): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `UPDATE printing_logs SET status = 'Queued', release_code = NULL, released_at = $4, updated_at = now()
     WHERE user_id = $1 AND printer_id = $2 AND status = 'Held' AND held_until > $4
       AND ($3::uuid IS NULL OR id = $3::uuid)
     RETURNING id`,
    [filter.userId, filter.printerId, filter.logId, filter.at],
  );
  return rows.map((row) => row.id);
}

/** The job a station's keypad names (its release code at the printer): Held → Queued. */
export async function releaseByCode(
  db: Db,
  printerId: string,
  code: string,
  at: Date,
): Promise<{ id: string; user_id: string } | undefined> {
  return db.one(
    `UPDATE printing_logs SET status = 'Queued', release_code = NULL, released_at = $3, updated_at = now()
     WHERE printer_id = $1 AND status = 'Held' AND release_code = $2 AND held_until > $3
     RETURNING id, user_id`,
    [printerId, code, at],
  );
}

/** A released job as a station may show it: its owner's name, never the file. */
export interface StationJobRow {
  id: string;
  status: string;
  printer_id: string;
  first_name: string | null;
  last_name: string | null;
  paper_size: string;
  num_version: number;
  total_pages: number;
  created_at: Date | string;
}

export async function findStationJob(db: Db, id: string): Promise<StationJobRow | undefined> {
  return db.one<StationJobRow>(
    `SELECT l.id, l.status, l.printer_id, u.first_name, u.last_name, l.paper_size, l.num_version, l.total_pages,
            l.created_at
     FROM printing_logs l LEFT JOIN users u ON u.id = l.user_id WHERE l.id = $1`,
    [id],
  );
}

/** A student's own job, locked for a move or an extension, with what a move checks. */
export interface OwnJobRow {
  id: string;
  status: string;
  printer_id: string;
  held_until: Date | string | null;
  held_extended_at: Date | string | null;
  paper_size: string;
  num_version: number;
  color_option: boolean;
  landscape_option: boolean;
  pages_per_sheet: number;
  num_sides: number;
  page_ranges: string | null;
  file_type: string;
  storage_path: string | null;
}

/** The job if it is the student's (undefined for an unknown one and for someone else's alike). */
export async function lockOwnJob(db: Db, id: string, userId: string): Promise<OwnJobRow | undefined> {
  return db.one<OwnJobRow>(
    `SELECT l.id, l.status, l.printer_id, l.held_until, l.held_extended_at, l.paper_size, l.num_version,
            l.color_option, l.landscape_option, l.pages_per_sheet, l.num_sides, l.page_ranges,
            d.file_type, d.storage_path
     FROM printing_logs l JOIN documents d ON d.id = l.document_id
     WHERE l.id = $1 AND l.user_id = $2
     FOR UPDATE OF l`,
    [id, userId],
  );
}

/** Adds `minutes` to a held job's deadline, once (a second time finds held_extended_at set). */
export async function extendHeldJob(db: Db, id: string, minutes: number, at: Date): Promise<boolean> {
  const row = await db.one(
    `UPDATE printing_logs
     SET held_until = held_until + make_interval(mins => $2::int), held_extended_at = $3,
         expiry_noticed_at = NULL, updated_at = now()
     WHERE id = $1 AND status = 'Held' AND held_extended_at IS NULL AND held_until > $3
     RETURNING id`,
    [id, minutes, at],
  );
  return row !== undefined;
}

/**
 * A Held or Queued job to another printer: Held there with a new code and deadline (`held`), else
 * Queued. Its charge, options and file stay; its place in the new queue is by when it was sent.
 */
export async function moveJob(
  db: Db,
  id: string,
  printerId: string,
  held: { releaseCode: string; heldUntil: Date } | null,
): Promise<boolean> {
  const row = await db.one(
    `UPDATE printing_logs
     SET printer_id = $2, status = CASE WHEN $3::text IS NULL THEN 'Queued' ELSE 'Held' END,
         release_code = $3::text, held_until = $4::timestamptz, held_extended_at = NULL, expiry_noticed_at = NULL,
         updated_at = now()
     WHERE id = $1 AND status IN ('Held', 'Queued')
     RETURNING id`,
    [id, printerId, held?.releaseCode ?? null, held?.heldUntil ?? null],
  );
  return row !== undefined;
}

/** A held job whose owner is told it expires soon. */
export interface ExpiringJobRow {
  id: string;
  user_id: string;
  printer_id: string;
  title: string;
  held_until: Date | string;
}

/**
 * Marks as told the held jobs expiring by `horizon` whose owner was not told yet, and answers them:
 * rows another instance is marking are skipped, so each owner is told once.
 */
export async function markExpiringJobs(db: Db, at: Date, horizon: Date, limit: number): Promise<ExpiringJobRow[]> {
  return db.query<ExpiringJobRow>(
    `UPDATE printing_logs l SET expiry_noticed_at = $1
     FROM documents d
     WHERE d.id = l.document_id
       AND l.id IN (SELECT id FROM printing_logs
                    WHERE status = 'Held' AND held_until <= $2 AND expiry_noticed_at IS NULL
                    ORDER BY held_until LIMIT $3 FOR UPDATE SKIP LOCKED)
       AND l.status = 'Held' AND l.expiry_noticed_at IS NULL
     RETURNING l.id, l.user_id, l.printer_id, d.title, l.held_until`,
    [at, horizon, limit],
  );
}

/** A held job past its deadline, now Expired: the caller refunds it in the same transaction. */
export interface ExpiredJobRow {
  id: string;
  user_id: string;
  cost: number;
  printer_id: string;
  title: string;
}

/**
 * Held → Expired for up to `limit` jobs whose deadline passed at `at`. The conditional UPDATE (status
 * still Held) over rows locked with SKIP LOCKED lets one instance expire each job, once.
 */
export async function expireHeldJobs(db: Db, at: Date, limit: number): Promise<ExpiredJobRow[]> {
  return db.query<ExpiredJobRow>(
    `UPDATE printing_logs l
     SET status = 'Expired', failure_reason = 'expired', release_code = NULL, finish_date = $1, updated_at = now()
     FROM documents d
     WHERE d.id = l.document_id
       AND l.id IN (SELECT id FROM printing_logs WHERE status = 'Held' AND held_until <= $1
                    ORDER BY held_until LIMIT $2 FOR UPDATE SKIP LOCKED)
       AND l.status = 'Held'
     RETURNING l.id, l.user_id, l.cost, l.printer_id, d.title`,
    [at, limit],
  );
}
