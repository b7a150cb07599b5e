import crypto from 'node:crypto';

/** What a gateway needs to know about a payment to start it. */
export interface GatewayPayment {
  /** payments.id: the order the gateway reports back in its callback. */
  id: string;
  /** VND, integer. */
  money: number;
  shortContent: string;
  expiresAt: Date;
  /** The payer's address (VNPay asks for it). */
  clientIp: string;
  now: Date;
}

/** A gateway callback once checked by its adapter (the service then checks it against the database). */
export interface CallbackVerification {
  /** The signature is valid and the fields are well formed. */
  ok: boolean;
  /** The gateway's transaction id (unique per gateway): one transaction credits at most once. */
  txnId: string | null;
  /** Our payment id. */
  orderId: string | null;
  /** VND, as the gateway reports it (VNPay's ×100 already divided). */
  amount: number | null;
  /** The gateway reports the payment as successful (money taken). */
  paid: boolean;
  /** Why it is refused or not paid; null when ok and paid. */
  reason: string | null;
}

/** How the service answers a callback; each adapter turns it into the gateway's expected body. */
export type CallbackOutcome =
  | 'credited'
  | 'duplicate'
  | 'declined'
  | 'bad_signature'
  | 'unknown_order'
  | 'wrong_amount'
  | 'expired'
  | 'already_paid'
  | 'error';

/**
 * A payment gateway adapter. The flow is always: createPaymentUrl (the student is sent there), the
 * gateway calls our IPN route server to server with signed fields, verifyCallback checks them, the
 * payments service credits (once per gateway transaction). Return pages are for display only.
 */
export interface PaymentGateway {
  readonly name: 'sandbox' | 'vnpay';
  createPaymentUrl(payment: GatewayPayment): string;
  verifyCallback(params: Record<string, string>): CallbackVerification;
  /** The body the gateway expects in answer to its callback. */
  callbackAnswer(outcome: CallbackOutcome): Record<string, string>;
}

/**
 * VNPay's signing string: fields sorted by name, each `name=value` form-encoded (space as '+'),
 * joined by '&'; the hash fields themselves are excluded and empty values are skipped.
 */
export function signingString(fields: Record<string, string>, exclude: readonly string[] = []): string {
  return Object.keys(fields)
    .filter((key) => !exclude.includes(key) && fields[key] !== undefined && fields[key] !== '')
    .sort()
    .map((key) => `${encodeField(key)}=${encodeField(fields[key] ?? '')}`)
    .join('&');
}

function encodeField(value: string): string {
  return encodeURIComponent(value).replace(/%20/g, '+');
}

export function hmacSha512(secret: string, data: string): string {
  return crypto.createHmac('sha512', secret).update(data, 'utf8').digest('hex');
}

/** Constant-time comparison of two hex signatures (any case). */
export function sameSignature(expected: string, given: string | undefined): boolean {
  if (!given || !/^[0-9a-f]+$/i.test(given)) return false;
  const a = new Uint8Array(Buffer.from(expected.toLowerCase(), 'utf8'));
  const b = new Uint8Array(Buffer.from(given.toLowerCase(), 'utf8'));
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A refused callback: nothing known from it can be trusted. */
export function refused(reason: string): CallbackVerification {
  return { ok: false, txnId: null, orderId: null, amount: null, paid: false, reason };
}
