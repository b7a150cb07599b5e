import type { Payment } from './dto';

/**
 * Buying pages (issue 4): the payment list of /Bkpay, the purchase and pay calls, the page ledger.
 * A payment is `pending` until its gateway confirms it (`paid`); an unpaid one past its time is
 * `expired` (leftMoney kept, no longer payable).
 */
export type PaymentStatus = 'pending' | 'paid' | 'expired' | 'failed';

export interface StudentPayment extends Payment {
  status: PaymentStatus;
  /** A4 pages bought. */
  quantity: number;
  /** VND per A4 page when the payment was created. */
  unitPrice: number;
  createdAt: string;
  expiresAt: string | null;
  paidAt: string | null;
}

/** POST /v1/student/confirm-payment body: money = quantity × current A4 price, quantity 1..999. */
export interface ConfirmPaymentRequest {
  money: number;
}

/** GET /v1/student/payments: the caller's payments, newest first (`data` is the list itself, as the spec's client reads it). */
export type StudentPaymentsResponse = StudentPayment[];

/** POST /v1/student/BKpayment body. */
export interface BkPaymentRequest {
  payment_id: string;
}

/**
 * POST /v1/student/BKpayment answer. The sandbox gateway completes at once: the payment is paid and
 * balance is the new balance, redirectUrl null. A real gateway answers redirectUrl (send the browser
 * there); the payment stays pending until the gateway's callback credits it.
 */
export interface BkPaymentResponse {
  payment: StudentPayment;
  balance: number;
  redirectUrl: string | null;
}

export type LedgerKind = 'grant' | 'purchase' | 'charge' | 'refund' | 'adjustment';

/** One page movement of the caller. */
export interface LedgerEntry {
  _id: string;
  kind: LedgerKind;
  /** Pages added (positive) or taken (negative). */
  delta: number;
  balance_after: number;
  note: string | null;
  /** HKyyN for grants. */
  semester_key: string | null;
  ref_type: string | null;
  ref_id: string | null;
  created_at: string;
}

/** GET /v1/student/ledger?page&per_page: newest first. */
export interface StudentLedgerResponse {
  entries: LedgerEntry[];
  total: number;
  page: number;
  per_page: number;
  balance: number;
}
