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
  /** The fields its callbacks carry by contract: the only ones stored. */
  readonly callbackFields: readonly string[];
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

// a lone surrogate makes encodeURIComponent throw (URIError): such a field is replaced, so its signature
// cannot match and the callback is refused instead of failing the request
const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;

function encodeField(value: string): string {
  return encodeURIComponent(value.replace(LONE_SURROGATES, '\ufffd')).replace(/%20/g, '+');
}

/** Longest value kept of a contract field of a stored callback (VNPay's longest, vnp_OrderInfo, is 255). */
export const STORED_FIELD_MAX = 256;
/** Longest raw copy kept of a callback whose fields were not all kept as received. */
export const STORED_RAW_MAX = 2_048;

/** Text the database takes whatever came in: cut to `max`, lone surrogates and control characters replaced. */
export function storableText(value: string, max: number): string {
  return value.slice(0, max).replace(LONE_SURROGATES, '\ufffd').replace(CONTROLS, '\ufffd');
}

/**
 * What is kept of a callback: only the gateway's contract fields, each bounded, and, when anything was
 * left out or cut, the raw fields (form-encoded) cut to STORED_RAW_MAX. Null when it carries no contract
 * field at all: junk, not stored (anyone can send it; it must not grow the database).
 */
export function storedCallback(
  params: Record<string, string>,
  contract: readonly string[],
): Record<string, string> | null {
  const stored: Record<string, string> = {};
  let complete = true;
  for (const [key, value] of Object.entries(params)) {
    if (!contract.includes(key)) {
      complete = false;
      continue;
    }
    const kept = storableText(value, STORED_FIELD_MAX);
    if (kept !== value) complete = false;
    stored[key] = kept;
  }
  if (Object.keys(stored).length === 0) return null;
  if (!complete) {
    const raw = Object.entries(params)
      .map(
        ([key, value]) => `${encodeField(key.slice(0, STORED_RAW_MAX))}=${encodeField(value.slice(0, STORED_RAW_MAX))}`,
      )
      .join('&');
    stored._raw = storableText(raw, STORED_RAW_MAX);
  }
  return stored;
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

export { UUID } from '../../../lib/ids';

/** A refused callback: nothing known from it can be trusted. */
export function refused(reason: string): CallbackVerification {
  return { ok: false, txnId: null, orderId: null, amount: null, paid: false, reason };
}
