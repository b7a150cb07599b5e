import type { Db } from '../db';

/**
 * Every change of a job's place in the print queue, in one file: the queue lives in printing_logs (the
 * Queued and InProgress rows). Each statement carries the state it expects in its WHERE, so two actors
 * racing on one job (a cancel and a claim, two instances) let exactly one win.
 */

export interface ClaimedRow {
  id: string;
  user_id: string;
  printer_id: string;
  total_pages: number;
  cost: number;
  selected_pages: number;
  paper_size: string;
  num_version: number;
  num_sides: number;
  pages_per_sheet: number;
  color_option: boolean;
  landscape_option: boolean;
  page_ranges: string | null;
  storage_path: string | null;
  file_type: string;
  title: string;
  device_uri: string | null;
  device_job_id: number | null;
  device_job_uuid: string | null;
  device_job_uri: string | null;
  sent_at: Date | string | null;
  send_started: boolean;
}

/** What a claim answers: the job, its options and file, its printer's device and its copy there. */
const CLAIMED_COLUMNS = `l.id, l.user_id, l.printer_id, l.total_pages, l.cost, l.selected_pages, l.paper_size,
  l.num_version, l.num_sides, l.pages_per_sheet, l.color_option, l.landscape_option, l.page_ranges,
  d.storage_path, d.file_type, d.title,
  (SELECT p.driver_uri FROM printers p WHERE p.printer_id = l.printer_id AND p.driver_kind = 'ipp') AS device_uri,
  l.device_job_id, l.device_job_uuid, l.device_job_uri, l.sent_at, l.send_started_at IS NOT NULL AS send_started`;

/**
 * True when `ms` (a parameter) is null, or when the row's claim is released, missing or older than `ms`:
 * checked in the UPDATE itself, so a claim renewed since it was seen lapsed is never taken.
 */
const LAPSED_SQL = (alias: string, ms: string) =>
  `${ms}::double precision IS NULL OR ${alias}.claimed_by IS NULL OR ${alias}.claimed_at IS NULL
   OR ${alias}.claimed_at < now() - make_interval(secs => ${ms}::double precision / 1000)`;

/**
 * Active printers with a Queued job and none printing, whose device (if they have one) takes jobs (as
 * device-health last judged it: not offline, not stopped, not out of paper…). Where a claim may succeed.
 */
export async function printersReadyToPrint(db: Db): Promise<string[]> {
  const rows = await db.query<{ printer_id: string }>(
    `SELECT p.printer_id FROM printers p
     WHERE p.status = 1 AND p.retired_at IS NULL
       AND (p.driver_kind <> 'ipp' OR p.device_takes_jobs)
       AND EXISTS (SELECT 1 FROM printing_logs q WHERE q.printer_id = p.printer_id AND q.status = 'Queued')
       AND NOT EXISTS (SELECT 1 FROM printing_logs r WHERE r.printer_id = p.printer_id AND r.status = 'InProgress')`,
  );
  return rows.map((row) => row.printer_id);
}

/**
 * Claims the printer's oldest Queued job for `instanceId`. The printer row lock (skipped when another
 * instance holds it) serialises claims per printer; the conditional UPDATE loses cleanly to a cancel.
 */
export async function claimNextJob(db: Db, printerId: string, instanceId: string): Promise<ClaimedRow | undefined> {
  return db.tx(async (t) => {
    const printer = await t.one(
      'SELECT printer_id FROM printers WHERE printer_id = $1 AND status = 1 FOR UPDATE SKIP LOCKED',
      [printerId],
    );
    if (!printer) return undefined;
    const busy = await t.one(
      `SELECT 1 AS busy FROM printing_logs WHERE printer_id = $1 AND status = 'InProgress' LIMIT 1`,
      [printerId],
    );
    if (busy) return undefined;
    return t.one<ClaimedRow>(
      `UPDATE printing_logs l
       SET status = 'InProgress', started_at = now(), claimed_by = $2, claimed_at = now(),
           attempts = l.attempts + 1, updated_at = now()
       FROM documents d
       WHERE d.id = l.document_id
         AND l.id = (SELECT id FROM printing_logs WHERE printer_id = $1 AND status = 'Queued'
                     ORDER BY created_at, id LIMIT 1 FOR UPDATE)
         AND l.status = 'Queued'
       RETURNING ${CLAIMED_COLUMNS}`,
      [printerId, instanceId],
    );
  });
}

/**
 * Takes over a job its device holds whose claimer stopped (its claim released or lapsed), to follow it
 * to its end. Only one instance wins: the WHERE carries the lapse.
 */
export async function adoptSentJob(
  db: Db,
  jobId: string,
  instanceId: string,
  leaseMs: number,
): Promise<ClaimedRow | undefined> {
  return db.one<ClaimedRow>(
    `UPDATE printing_logs l SET claimed_by = $2, claimed_at = now(), updated_at = now()
     FROM documents d
     WHERE d.id = l.document_id AND l.id = $1 AND l.status = 'InProgress' AND l.device_job_id IS NOT NULL
       AND (l.claimed_by IS NULL OR l.claimed_at IS NULL
            OR l.claimed_at < now() - make_interval(secs => $3::double precision / 1000))
     RETURNING ${CLAIMED_COLUMNS}`,
    [jobId, instanceId, leaseMs],
  );
}

/** A send begins: marked first, so a crash before its answer is stored makes the next try look first. */
export async function markSendStarted(db: Db, jobId: string, instanceId: string): Promise<void> {
  await db.query(
    `UPDATE printing_logs SET send_started_at = now() WHERE id = $1 AND status = 'InProgress' AND claimed_by = $2`,
    [jobId, instanceId],
  );
}

/** The device accepted the job: its id, uuid and uri, stored before anything else happens. */
export async function markSent(
  db: Db,
  jobId: string,
  instanceId: string,
  ref: { id: number; uuid: string | null; uri: string | null },
): Promise<Date | undefined> {
  const row = await db.one<{ sent_at: Date | string }>(
    `UPDATE printing_logs SET device_job_id = $3, device_job_uuid = $4, device_job_uri = $5, sent_at = now(),
            updated_at = now()
     WHERE id = $1 AND status = 'InProgress' AND claimed_by = $2 RETURNING sent_at`,
    [jobId, instanceId, ref.id, ref.uuid, ref.uri],
  );
  return row ? new Date(row.sent_at) : undefined;
}

/**
 * Lets go of a sent job (stopping): it stays InProgress on its device for the next claimer to follow (at
 * once: a released claim needs no lease to lapse). False when the claim was no longer this instance's.
 */
export async function releaseSentJob(db: Db, jobId: string, instanceId: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE printing_logs SET claimed_by = NULL, claimed_at = NULL
     WHERE id = $1 AND status = 'InProgress' AND claimed_by = $2 RETURNING id`,
    [jobId, instanceId],
  );
  return rows.length > 0;
}

/**
 * The device lost a job it had (it restarted before printing it): forgotten there, queued again to be
 * sent once more. The try is not counted against the job.
 */
export async function requeueLostJob(db: Db, jobId: string, instanceId: string): Promise<string | undefined> {
  const row = await db.one<{ user_id: string }>(
    `UPDATE printing_logs SET status = 'Queued', started_at = NULL, claimed_by = NULL, claimed_at = NULL,
            device_job_id = NULL, device_job_uuid = NULL, device_job_uri = NULL, sent_at = NULL,
            send_started_at = NULL, attempts = greatest(attempts - 1, 0), updated_at = now()
     WHERE id = $1 AND status = 'InProgress' AND claimed_by = $2 RETURNING user_id`,
    [jobId, instanceId],
  );
  return row?.user_id;
}

/**
 * InProgress → Completed, only for the instance holding the claim, with the sheets the device printed
 * (fewer than charged after a jam: the caller refunds the difference in this transaction). The print
 * counters are added to by the printing_logs trigger within this same statement's transaction.
 */
export async function completeJob(
  db: Db,
  jobId: string,
  instanceId: string,
  printed?: { sheets: number; impressions: number | null },
): Promise<
  { user_id: string; total_pages: number; paper_size: string; printer_id: string; title: string } | undefined
> {
  return db.one(
    `UPDATE printing_logs l SET status = 'Completed', finish_date = now(), claimed_at = NULL, updated_at = now(),
            total_pages = coalesce($3::int, l.total_pages), impressions_completed = $4::int
     FROM documents d
     WHERE d.id = l.document_id AND l.id = $1 AND l.status = 'InProgress' AND l.claimed_by = $2
     RETURNING l.user_id, l.total_pages, l.paper_size, l.printer_id, d.title`,
    [jobId, instanceId, printed?.sheets ?? null, printed?.impressions ?? null],
  );
}

/**
 * InProgress → Failed with its reason; the caller refunds in the same transaction. `lapsedMs`: only when
 * its claim lapsed that long ago (an abandoned job: an instance that came back to life keeps its job).
 */
export async function failJob(
  db: Db,
  jobId: string,
  reason: string,
  lapsedMs: number | null = null,
): Promise<{ user_id: string; cost: number; printer_id: string; title: string } | undefined> {
  return db.one<{ user_id: string; cost: number; printer_id: string; title: string }>(
    `UPDATE printing_logs l SET status = 'Failed', failure_reason = $2, finish_date = now(), claimed_at = NULL,
            updated_at = now()
     FROM documents d
     WHERE d.id = l.document_id AND l.id = $1 AND l.status = 'InProgress' AND (${LAPSED_SQL('l', '$3')})
     RETURNING l.user_id, l.cost, l.printer_id, d.title`,
    [jobId, reason, lapsedMs],
  );
}

/**
 * InProgress → Queued again (to send later): only the claimer's own job, or with `instanceId` null any
 * claimer's whose claim lapsed `lapsedMs` ago (an abandoned job). `uncount`: the try does not count (the
 * device did not answer, or the instance stopped).
 */
export async function requeueJob(
  db: Db,
  jobId: string,
  instanceId: string | null,
  uncount = false,
  lapsedMs: number | null = null,
): Promise<string | undefined> {
  // a job its device holds is never queued to be sent again (adoptSentJob follows it)
  const row = await db.one<{ user_id: string }>(
    `UPDATE printing_logs l SET status = 'Queued', started_at = NULL, claimed_by = NULL, claimed_at = NULL,
            attempts = CASE WHEN $3 THEN greatest(attempts - 1, 0) ELSE attempts END, updated_at = now()
     WHERE id = $1 AND status = 'InProgress' AND device_job_id IS NULL
       AND ($2::text IS NULL OR claimed_by = $2) AND (${LAPSED_SQL('l', '$4')}) RETURNING user_id`,
    [jobId, instanceId, uncount, lapsedMs],
  );
  return row?.user_id;
}

/**
 * Renews this instance's claims on the jobs it is printing; answers the ones still its own (a claim
 * taken over by another instance, which thought this one dead, is not).
 */
export async function renewClaims(db: Db, jobIds: string[], instanceId: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `UPDATE printing_logs SET claimed_at = now()
     WHERE id = ANY($1::uuid[]) AND status = 'InProgress' AND claimed_by = $2 RETURNING id`,
    [jobIds, instanceId],
  );
  return rows.map((row) => row.id);
}

/** Jobs InProgress whose claim was not renewed for leaseMs (or that have none), but those in `mine`. */
export async function abandonedJobs(
  db: Db,
  leaseMs: number,
  mine: string[],
): Promise<{ id: string; attempts: number; on_device: boolean }[]> {
  return db.query<{ id: string; attempts: number; on_device: boolean }>(
    `SELECT id, attempts, device_job_id IS NOT NULL AS on_device FROM printing_logs
     WHERE status = 'InProgress'
       AND NOT (id = ANY($2::uuid[]))
       AND (claimed_by IS NULL OR claimed_at IS NULL
            OR claimed_at < now() - make_interval(secs => $1::double precision / 1000))`,
    [leaseMs, mine],
  );
}

/**
 * Queued or Held → Failed ('cancelled') by the student, only while still waiting: when a dispatcher
 * claims the job (or the expiry ends it) at the same moment, the row lock makes exactly one win. The
 * caller refunds.
 */
export async function cancelQueuedJob(
  db: Db,
  logId: string,
  cancelledBy: string,
): Promise<{ id: string; user_id: string; cost: number } | undefined> {
  return db.one(
    `UPDATE printing_logs
     SET status = 'Failed', failure_reason = 'cancelled', cancelled_by = $2, finish_date = now(), updated_at = now(),
         release_code = NULL
     WHERE id = $1 AND status IN ('Queued', 'Held')
     RETURNING id, user_id, cost`,
    [logId, cancelledBy],
  );
}
