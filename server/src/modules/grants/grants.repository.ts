import type { Db } from '../../db';

/** pg_advisory_xact_lock key of the grant run ('SPgr'): two instances take turns. */
const GRANT_LOCK_KEY = 0x53_50_67_72;

/** The newest semester any student was granted, or null before the first grant. */
export async function newestGrantedSemester(db: Db): Promise<string | null> {
  const row = await db.one<{ key: string | null }>(
    `SELECT max(semester_key) AS key FROM page_ledger WHERE kind = 'grant'`,
  );
  return row?.key ?? null;
}

/** Serialises grant runs of all instances until the transaction ends. */
export async function takeGrantLock(db: Db): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock($1)', [GRANT_LOCK_KEY]);
}

/** Up to `limit` active students without a grant for the semester, locked until the transaction ends. */
export async function lockStudentsWithoutGrant(
  db: Db,
  semesterKey: string,
  limit: number,
): Promise<{ id: string; balance: number }[]> {
  return db.query<{ id: string; balance: number }>(
    `SELECT u.id, u.balance FROM users u
     WHERE u.role = 'student' AND u.is_active
       AND NOT EXISTS (SELECT 1 FROM page_ledger l
                       WHERE l.user_id = u.id AND l.kind = 'grant' AND l.semester_key = $1)
     ORDER BY u.id
     LIMIT $2
     FOR UPDATE OF u`,
    [semesterKey, limit],
  );
}
