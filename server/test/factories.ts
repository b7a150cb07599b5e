/** The test factories: one per entity, and the ledger checks every money test ends with. */
import crypto from 'node:crypto';
import type { Db } from '../src/db';
import { DEMO_ACCOUNTS } from '../src/db/seed';
import { applyLedgerEntry } from '../src/modules/ledger/ledger.repository';

/** A new active student with `balance` pages (an adjustment in the ledger, so balance = sum of ledger). */
export async function createStudent(db: Db, balance = 0): Promise<string> {
  const suffix = crypto.randomBytes(4).toString('hex');
  const row = await db.one<{ id: string }>(
    `INSERT INTO users (email, password_hash, role, mssv, first_name, last_name)
     SELECT $1, password_hash, 'student', $2, 'Thử', 'Sinh Viên' FROM users WHERE email = $3 RETURNING id`,
    [`sv.${suffix}@hcmut.edu.vn`, `P${suffix}`, DEMO_ACCOUNTS.student],
  );
  if (!row) throw new Error('could not create a student');
  if (balance > 0) await applyLedgerEntry(db, { userId: row.id, kind: 'adjustment', delta: balance });
  return row.id;
}

/** Users whose balance differs from the sum of their ledger (must be none). */
export async function ledgerMismatches(db: Db): Promise<{ id: string; balance: number; total: number }[]> {
  return db.query(
    `SELECT u.id, u.balance, coalesce(l.total, 0)::int AS total
     FROM users u LEFT JOIN (SELECT user_id, sum(delta) AS total FROM page_ledger GROUP BY user_id) l
       ON l.user_id = u.id
     WHERE u.balance <> coalesce(l.total, 0)`,
  );
}

export async function balanceOf(db: Db, userId: string): Promise<number> {
  const row = await db.one<{ balance: number }>('SELECT balance FROM users WHERE id = $1', [userId]);
  return row?.balance ?? -1;
}
