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
  paper_size: string;
  storage_path: string | null;
  title: string;
}

/** Active printers with a Queued job and none printing: where a claim may succeed. */
export async function printersReadyToPrint(db: Db): Promise<string[]> {
  const rows = await db.query<{ printer_id: string }>(
    `SELECT p.printer_id FROM printers p
     WHERE p.status = 1
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
       RETURNING l.id, l.user_id, l.printer_id, l.total_pages, l.paper_size, d.storage_path, d.title`,
      [printerId, instanceId],
    );
  });
}

/**
 * InProgress → Completed, only for the instance holding the claim. The print counters are added to by
 * the printing_logs trigger within this same statement's transaction.
 */
export async function completeJob(db: Db, jobId: string, instanceId: string): Promise<string | undefined> {
  const row = await db.one<{ user_id: string }>(
    `UPDATE printing_logs SET status = 'Completed', finish_date = now(), claimed_at = NULL, updated_at = now()
     WHERE id = $1 AND status = 'InProgress' AND claimed_by = $2 RETURNING user_id`,
    [jobId, instanceId],
  );
  return row?.user_id;
}

/** InProgress → Failed with its reason; the caller refunds in the same transaction. */
export async function failJob(
  db: Db,
  jobId: string,
  reason: string,
): Promise<{ user_id: string; cost: number; printer_id: string; title: string } | undefined> {
  return db.one<{ user_id: string; cost: number; printer_id: string; title: string }>(
    `UPDATE printing_logs l SET status = 'Failed', failure_reason = $2, finish_date = now(), claimed_at = NULL,
            updated_at = now()
     FROM documents d
     WHERE d.id = l.document_id AND l.id = $1 AND l.status = 'InProgress'
     RETURNING l.user_id, l.cost, l.printer_id, d.title`,
    [jobId, reason],
  );
}

/**
 * InProgress → Queued again (to resume later): only the claimer's own job, or with `instanceId` null
 * any claimer's (an abandoned job).
 */
export async function requeueJob(db: Db, jobId: string, instanceId: string | null): Promise<string | undefined> {
  const row = await db.one<{ user_id: string }>(
    `UPDATE printing_logs SET status = 'Queued', started_at = NULL, claimed_by = NULL, claimed_at = NULL,
            updated_at = now()
     WHERE id = $1 AND status = 'InProgress' AND ($2::text IS NULL OR claimed_by = $2) RETURNING user_id`,
    [jobId, instanceId],
  );
  return row?.user_id;
}

/** Renews this instance's claims on the jobs it is printing. */
export async function renewClaims(db: Db, jobIds: string[], instanceId: string): Promise<void> {
  await db.query(
    `UPDATE printing_logs SET claimed_at = now() WHERE id = ANY($1::uuid[]) AND status = 'InProgress' AND claimed_by = $2`,
    [jobIds, instanceId],
  );
}

/** Jobs InProgress whose claim was not renewed for leaseMs (or that have none), but those in `mine`. */
export async function abandonedJobs(
  db: Db,
  leaseMs: number,
  mine: string[],
): Promise<{ id: string; attempts: number }[]> {
  return db.query<{ id: string; attempts: number }>(
    `SELECT id, attempts FROM printing_logs
     WHERE status = 'InProgress'
       AND NOT (id = ANY($2::uuid[]))
       AND (claimed_by IS NULL OR claimed_at IS NULL
            OR claimed_at < now() - make_interval(secs => $1::double precision / 1000))`,
    [leaseMs, mine],
  );
}

/**
 * Queued → Failed ('cancelled') by the student, only while still Queued: when a dispatcher claims the
 * job at the same moment, the row lock makes exactly one of the two win. The caller refunds.
 */
export async function cancelQueuedJob(
  db: Db,
  logId: string,
  cancelledBy: string,
): Promise<{ id: string; user_id: string; cost: number } | undefined> {
  return db.one(
    `UPDATE printing_logs
     SET status = 'Failed', failure_reason = 'cancelled', cancelled_by = $2, finish_date = now(), updated_at = now()
     WHERE id = $1 AND status = 'Queued'
     RETURNING id, user_id, cost`,
    [logId, cancelledBy],
  );
}
