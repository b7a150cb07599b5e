import type { Db } from '../../db';

export interface PaymentRow {
  id: string;
  user_id: string;
  stt: number;
  short_content: string;
  quantity: number;
  unit_price: number;
  money: number;
  paid_money: number;
  left_money: number;
  status: 'pending' | 'paid' | 'expired' | 'failed';
  expires_at: Date | string | null;
  gateway: string;
  gateway_txn_id: string | null;
  paid_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const PAYMENT_COLUMNS = `id, user_id, stt, short_content, quantity, unit_price, money, paid_money, left_money, status,
  expires_at, gateway, gateway_txn_id, paid_at, created_at, updated_at`;

/** Serialises the payments of one student (their running number) until the transaction ends. */
export async function lockUser(db: Db, userId: string): Promise<boolean> {
  const row = await db.one('SELECT id FROM users WHERE id = $1 AND is_active FOR UPDATE', [userId]);
  return row !== undefined;
}

export async function nextStt(db: Db, userId: string): Promise<number> {
  const row = await db.one<{ stt: number }>(
    'SELECT coalesce(max(stt), 0)::int + 1 AS stt FROM payments WHERE user_id = $1',
    [userId],
  );
  return row?.stt ?? 1;
}

export interface NewPayment {
  userId: string;
  stt: number;
  shortContent: string;
  quantity: number;
  unitPrice: number;
  money: number;
  expiresAt: Date;
  gateway: string;
  now: Date;
}

export async function insertPayment(db: Db, p: NewPayment): Promise<PaymentRow> {
  const row = await db.one<PaymentRow>(
    `INSERT INTO payments (user_id, stt, short_content, quantity, unit_price, money, paid_money, left_money,
                           status, expires_at, gateway, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, 0, $6, 'pending', $7, $8, $9, $9)
     RETURNING ${PAYMENT_COLUMNS}`,
    [p.userId, p.stt, p.shortContent, p.quantity, p.unitPrice, p.money, p.expiresAt, p.gateway, p.now],
  );
  if (!row) throw new Error('payment not inserted');
  return row;
}

/** One student's payments, newest first. */
export async function listPayments(db: Db, userId: string): Promise<PaymentRow[]> {
  return db.query<PaymentRow>(
    `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE user_id = $1 ORDER BY created_at DESC, stt DESC`,
    [userId],
  );
}

export async function findPayment(db: Db, id: string, forUpdate = false): Promise<PaymentRow | undefined> {
  return db.one<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [
    id,
  ]);
}

export async function setGateway(db: Db, id: string, gateway: string): Promise<void> {
  await db.query(`UPDATE payments SET gateway = $2 WHERE id = $1 AND status = 'pending'`, [id, gateway]);
}

/**
 * The single winner: only a pending payment becomes paid, with the gateway transaction that paid it
 * (unique). A second callback, retry or concurrent call finds it paid and gets nothing back.
 */
export async function markPaid(db: Db, id: string, txnId: string, gateway: string, now: Date) {
  return db.one<PaymentRow>(
    `UPDATE payments
     SET status = 'paid', paid_money = money, left_money = 0, gateway_txn_id = $2, gateway = $3,
         paid_at = $4, updated_at = $4
     WHERE id = $1 AND status = 'pending'
     RETURNING ${PAYMENT_COLUMNS}`,
    [id, txnId, gateway, now],
  );
}

export interface CallbackRecord {
  paymentId: string | null;
  gateway: string;
  payload: Record<string, string>;
  valid: boolean;
  reason: string | null;
  receivedAt: Date;
}

/** Every callback is kept, valid or not, with the reason. */
export async function insertCallback(db: Db, c: CallbackRecord): Promise<void> {
  await db.query(
    `INSERT INTO payment_callbacks (payment_id, gateway, payload, valid, reason, received_at)
     VALUES ((SELECT id FROM payments WHERE id = $1::uuid), $2, $3::jsonb, $4, $5, $6)`,
    [c.paymentId, c.gateway, JSON.stringify(c.payload), c.valid, c.reason, c.receivedAt],
  );
}

export async function userBalance(db: Db, userId: string): Promise<number> {
  const row = await db.one<{ balance: number }>('SELECT balance FROM users WHERE id = $1', [userId]);
  return row?.balance ?? 0;
}

export { ledgerPage } from '../ledger/ledger.repository';
