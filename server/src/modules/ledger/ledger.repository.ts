import type { AdjustmentLedgerEntry, LedgerKind } from 'shared-api/contracts';
import type { Db } from '../../db';
import { PG_CHECK_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/db';
import { errors } from '../../lib/errors';
import { toIso } from '../../lib/ids';

export type { LedgerKind };

export interface LedgerEntryInput {
  userId: string;
  kind: LedgerKind;
  /** Pages added (positive) or taken (negative, for a charge or a negative adjustment). */
  delta: number;
  /** What caused it, e.g. ('printing_log', jobId) or ('payment', paymentId). */
  refType?: string | null;
  refId?: string | null;
  /** Grants only: one grant per user per semester key. */
  semesterKey?: string | null;
  note?: string | null;
  createdBy?: string | null;
}

export type LedgerResult =
  | { applied: true; entryId: number; balance: number }
  /** The same charge, refund, purchase or grant was already recorded: nothing changed. */
  | { applied: false; balance: number };

/**
 * The only way to change a balance: updates users.balance and writes the page_ledger row in one
 * transaction (a savepoint when the caller is already in one), so the balance always equals the sum
 * of the ledger. Refunds, charges, purchases (per reference) and grants (per semester) are applied
 * at most once: a repeat answers { applied: false } and changes nothing.
 * Throws a 422 when a negative delta would take the balance below zero.
 */
export async function applyLedgerEntry(db: Db, entry: LedgerEntryInput): Promise<LedgerResult> {
  if (!Number.isInteger(entry.delta)) throw new TypeError('ledger delta must be an integer');
  try {
    return await db.tx(async (t) => {
      const user = await t.one<{ balance: number }>(
        'UPDATE users SET balance = balance + $2, updated_at = now() WHERE id = $1 RETURNING balance',
        [entry.userId, entry.delta],
      );
      if (!user) throw errors.notFound('Không tìm thấy người dùng');
      const row = await t.one<{ id: number }>(
        `INSERT INTO page_ledger (user_id, kind, delta, balance_after, ref_type, ref_id, semester_key, note, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [
          entry.userId,
          entry.kind,
          entry.delta,
          user.balance,
          entry.refType ?? null,
          entry.refId ?? null,
          entry.semesterKey ?? null,
          entry.note ?? null,
          entry.createdBy ?? null,
        ],
      );
      return { applied: true as const, entryId: Number(row?.id), balance: user.balance };
    });
  } catch (error) {
    const code = pgErrorCode(error);
    if (code === PG_UNIQUE_VIOLATION) {
      const current = await db.one<{ balance: number }>('SELECT balance FROM users WHERE id = $1', [entry.userId]);
      return { applied: false, balance: current?.balance ?? 0 };
    }
    if (code === PG_CHECK_VIOLATION) throw errors.businessRule('Số dư trang in không đủ');
    throw error;
  }
}

/** Sum of a user's ledger (tests and audits compare it with users.balance). */
export async function ledgerSum(db: Db, userId: string): Promise<number> {
  const row = await db.one<{ total: number }>(
    'SELECT coalesce(sum(delta), 0)::int AS total FROM page_ledger WHERE user_id = $1',
    [userId],
  );
  return row?.total ?? 0;
}

export interface LedgerRow {
  id: number | string;
  kind: string;
  delta: number;
  balance_after: number;
  ref_type: string | null;
  ref_id: string | null;
  semester_key: string | null;
  note: string | null;
  created_at: Date | string;
  /** Who wrote it (an officer's adjustment), null for the system's rows. */
  created_by_first_name: string | null;
  created_by_last_name: string | null;
}

const LEDGER_COLUMNS = `l.id, l.kind, l.delta, l.balance_after, l.ref_type, l.ref_id, l.semester_key, l.note, l.created_at,
  a.first_name AS created_by_first_name, a.last_name AS created_by_last_name`;

/** One page of a user's ledger, newest first, and the total count. */
export async function ledgerPage(db: Db, userId: string, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    db.query<LedgerRow>(
      `SELECT ${LEDGER_COLUMNS}
       FROM page_ledger l LEFT JOIN users a ON a.id = l.created_by
       WHERE l.user_id = $1
       ORDER BY l.created_at DESC, l.id DESC LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    ),
    db.one<{ total: number }>('SELECT count(*)::int AS total FROM page_ledger WHERE user_id = $1', [userId]),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** The ledger row an adjustment request wrote (its repeat answers it), or undefined. */
export async function findAdjustment(
  db: Db,
  refType: string,
  refId: string,
): Promise<(LedgerRow & { user_id: string }) | undefined> {
  return db.one<LedgerRow & { user_id: string }>(
    `SELECT ${LEDGER_COLUMNS}, l.user_id
     FROM page_ledger l LEFT JOIN users a ON a.id = l.created_by
     WHERE l.kind = 'adjustment' AND l.ref_type = $1 AND l.ref_id = $2`,
    [refType, refId],
  );
}

/** A ledger row as the API answers it (the student's own list and the officer's view). */
export function toLedgerEntry(row: LedgerRow): AdjustmentLedgerEntry {
  return {
    _id: String(row.id),
    kind: row.kind as LedgerKind,
    delta: row.delta,
    balance_after: row.balance_after,
    note: row.note,
    semester_key: row.semester_key,
    ref_type: row.ref_type,
    ref_id: row.ref_id,
    created_at: toIso(row.created_at),
    createdBy:
      row.created_by_first_name !== null
        ? { firstName: row.created_by_first_name, lastName: row.created_by_last_name ?? '' }
        : null,
  };
}
