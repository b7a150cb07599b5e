import type { FastifyBaseLogger } from 'fastify';
import type { BkPaymentResponse, StudentLedgerResponse, StudentPayment } from 'shared-api/contracts';
import { readConfigInForce } from '../system-config/system-config.service';
import type { Db } from '../../db';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/db';
import { AppError, errors } from '../../lib/errors';
import { textProblem } from '../../lib/input';
import { semesterAt } from '../../lib/semester';
import type { CallbackOutcome, PaymentGateway } from './gateways/gateway';
import { storedCallback, UUID } from './gateways/gateway';
import type { SandboxGateway } from './gateways/sandbox-gateway';
import type { AuthUser } from '../../types';
import { applyLedgerEntry, toLedgerEntry } from '../ledger/ledger.repository';
import { toIsoOrNull } from '../../lib/ids';
import type { DomainEvents } from '../../events/domain-events';
import {
  findPayment,
  insertCallback,
  insertPayment,
  ledgerPage,
  listPayments,
  lockUser,
  markPaid,
  nextStt,
  setGateway,
  userBalance,
  type PaymentRow,
} from './payments.repository';

export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 999;
export const PAY_OK_MESSAGE = 'Thanh toán thành công';
export const PAY_FAILED_MESSAGE = 'Thanh toán thất bại';

export interface PaymentsServiceDeps {
  db: Db;
  /** Starts new payments (PAYMENT_GATEWAY). */
  gateway: PaymentGateway;
  /** The built-in gateway (always there: it signs and verifies its own callbacks). */
  sandbox: SandboxGateway;
  /** Every gateway whose callbacks this server accepts, by name. */
  gateways: ReadonlyMap<string, PaymentGateway>;
  now: () => Date;
  /** A callback received this long after the payment expired still credits it. */
  callbackGraceMs: number;
  log?: FastifyBaseLogger;
  /** Raises ledger-written when a payment credits pages. */
  events?: DomainEvents;
}

export interface CallbackResult {
  outcome: CallbackOutcome;
  /** The body the gateway expects. */
  answer: Record<string, string>;
  paymentId: string | null;
}

/** More fields than any gateway sends: not a callback. */
const MAX_CALLBACK_FIELDS = 64;
const MAX_CALLBACK_KEY = 64;
const MAX_CALLBACK_VALUE = 1_024;

/**
 * Why a callback's fields cannot be a gateway's (a Vietnamese phrase), or null: checked before anything
 * signs, parses or stores them (a lone surrogate would throw in the signing string, a NUL in the database).
 */
export function callbackProblem(params: Record<string, string>): string | null {
  const entries = Object.entries(params);
  if (entries.length > MAX_CALLBACK_FIELDS) return `quá nhiều trường (${entries.length})`;
  for (const [key, value] of entries) {
    const problem =
      textProblem(key, { maxLength: MAX_CALLBACK_KEY }) ?? textProblem(value, { maxLength: MAX_CALLBACK_VALUE });
    if (problem) return `trường không hợp lệ: ${problem}`;
  }
  return null;
}

const iso = toIsoOrNull;

/** pending past its expiry reads as expired (the row is left pending: a late callback within grace credits). */
export function effectiveStatus(row: PaymentRow, now: Date): StudentPayment['status'] {
  if (row.status === 'pending' && row.expires_at !== null && new Date(row.expires_at) <= now) return 'expired';
  return row.status;
}

export function toPayment(row: PaymentRow, now: Date): StudentPayment {
  return {
    _id: row.id,
    stt: row.stt,
    shortContent: row.short_content,
    money: row.money,
    paidMoney: row.paid_money,
    leftMoney: row.left_money,
    updatedAt: iso(row.updated_at) ?? '',
    payment_id: row.id,
    status: effectiveStatus(row, now),
    quantity: row.quantity,
    unitPrice: row.unit_price,
    createdAt: iso(row.created_at) ?? '',
    expiresAt: iso(row.expires_at),
    paidAt: iso(row.paid_at),
  };
}

export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { db, now } = deps;

  /** Keeps what the gateway's contract defines of a callback; junk without a single contract field is only logged. */
  async function record(
    gateway: PaymentGateway,
    params: Record<string, string>,
    paymentId: string | null,
    valid: boolean,
    reason: string | null,
    receivedAt: Date,
  ): Promise<void> {
    const payload = storedCallback(params, gateway.callbackFields);
    if (payload) await insertCallback(db, { paymentId, gateway: gateway.name, payload, valid, reason, receivedAt });
    if (!valid)
      deps.log?.warn(
        { gateway: gateway.name, paymentId, reason, stored: payload !== null },
        'payment callback refused',
      );
  }

  const service = {
    /**
     * A new pending payment for `money` VND: a whole number of A4 pages (1..999) at the current
     * price, recorded with the quantity and the price in force. 400 otherwise.
     */
    async confirm(user: AuthUser, money: number): Promise<StudentPayment> {
      const settings = await readConfigInForce(db);
      const price = settings.current_a4_price;
      const quantity = money / price;
      if (
        !Number.isInteger(money) ||
        !Number.isInteger(quantity) ||
        quantity < MIN_QUANTITY ||
        quantity > MAX_QUANTITY
      ) {
        throw errors.badRequest(
          `Số tiền (money) phải là số trang A4 nhân với giá hiện tại ${price} VND/trang, ` +
            `từ ${MIN_QUANTITY} đến ${MAX_QUANTITY} trang`,
        );
      }
      const at = now();
      const semester = semesterAt(settings.start_date1, settings.start_date2, at).key;
      const row = await db.tx(async (t) => {
        if (!(await lockUser(t, user.id)))
          throw errors.unauthenticated('Tài khoản không tồn tại hoặc đã bị vô hiệu hóa');
        return insertPayment(t, {
          userId: user.id,
          stt: await nextStt(t, user.id),
          // the page shows the last 3 characters as the semester label (HK261 → 261)
          shortContent: `BKPay mua ${quantity} trang A4 ${semester}`,
          quantity,
          unitPrice: price,
          money,
          expiresAt: new Date(at.getTime() + settings.payment_ttl_minutes * 60_000),
          gateway: deps.gateway.name,
          now: at,
        });
      });
      return toPayment(row, at);
    },

    async list(user: AuthUser): Promise<StudentPayment[]> {
      const at = now();
      return (await listPayments(db, user.id)).map((row) => toPayment(row, at));
    },

    /**
     * Starts paying one of the caller's payments: 404 unknown, 403 another student's, 409 paid,
     * 422 expired. The sandbox completes at once through the IPN path; a real gateway answers the URL.
     */
    async pay(user: AuthUser, paymentId: string, clientIp: string): Promise<BkPaymentResponse> {
      const notFound = () => errors.notFound('Không tìm thấy đơn thanh toán');
      if (!UUID.test(paymentId)) throw notFound();
      const row = await findPayment(db, paymentId.toLowerCase());
      if (!row) throw notFound();
      if (row.user_id !== user.id) throw errors.forbidden('Đơn thanh toán này không phải của bạn');
      const at = now();
      const status = effectiveStatus(row, at);
      if (status === 'paid') throw errors.conflict('Đơn thanh toán này đã được thanh toán');
      if (status !== 'pending') throw errors.businessRule('Đơn thanh toán đã hết hạn, vui lòng tạo đơn mới');

      const gateway = deps.gateway;
      await setGateway(db, row.id, gateway.name);
      const url = gateway.createPaymentUrl({
        id: row.id,
        money: row.money,
        shortContent: row.short_content,
        expiresAt: new Date(row.expires_at ?? at),
        clientIp,
        now: at,
      });
      if (gateway.name !== 'sandbox') {
        return { payment: toPayment(row, at), balance: await userBalance(db, user.id), redirectUrl: url };
      }
      // The sandbox's payment step succeeds; it sends its signed callback to the IPN handler.
      const result = await service.handleCallback('sandbox', deps.sandbox.approve(row.id, row.money, at));
      if (result.outcome !== 'credited' && result.outcome !== 'duplicate') {
        throw new AppError(422, 'BUSINESS_RULE', PAY_FAILED_MESSAGE, { outcome: result.outcome });
      }
      const paid = await findPayment(db, row.id);
      if (!paid) throw notFound();
      return { payment: toPayment(paid, now()), balance: await userBalance(db, user.id), redirectUrl: null };
    },

    /**
     * A gateway's server-to-server callback (IPN): the only thing that credits. Stored whatever its
     * fate (its contract fields, bounded). Signature, order, amount and expiry are checked; the payment
     * becomes paid, and the purchase is written to the ledger, in one transaction, once per payment and
     * per gateway transaction, whatever the number of callbacks, retries or concurrent calls.
     * `malformed`: why the route could not read the fields as text (a repeated field, a nested value).
     */
    async handleCallback(
      gatewayName: string,
      params: Record<string, string>,
      malformed: string | null = null,
    ): Promise<CallbackResult> {
      const gateway = deps.gateways.get(gatewayName);
      if (!gateway) throw errors.notFound('Cổng thanh toán không được hỗ trợ');
      const receivedAt = now();
      const answer = (outcome: CallbackOutcome, paymentId: string | null): CallbackResult => ({
        outcome,
        answer: gateway.callbackAnswer(outcome),
        paymentId,
      });

      const problem = malformed ?? callbackProblem(params);
      if (problem) {
        await record(gateway, params, null, false, problem, receivedAt);
        return answer('bad_signature', null);
      }
      const v = gateway.verifyCallback(params);
      if (!v.ok || !v.orderId || v.amount === null) {
        await record(gateway, params, null, false, v.reason ?? 'không hợp lệ', receivedAt);
        return answer('bad_signature', null);
      }
      const payment = await findPayment(db, v.orderId);
      if (!payment) {
        await record(gateway, params, null, false, 'không tìm thấy đơn thanh toán', receivedAt);
        return answer('unknown_order', null);
      }
      if (v.amount !== payment.money) {
        const reason = `số tiền không khớp (cổng thanh toán ${v.amount}, đơn ${payment.money} VND)`;
        await record(gateway, params, payment.id, false, reason, receivedAt);
        return answer('wrong_amount', payment.id);
      }
      if (!v.paid || !v.txnId) {
        await record(gateway, params, payment.id, true, v.reason ?? 'giao dịch không thành công', receivedAt);
        return answer('declined', payment.id);
      }
      const txnId = v.txnId;

      let outcome: CallbackOutcome;
      let reason: string | null = null;
      try {
        outcome = await db.tx(async (t) => {
          const locked = await findPayment(t, payment.id, true);
          if (!locked) return 'unknown_order';
          if (locked.status === 'paid') return locked.gateway_txn_id === txnId ? 'duplicate' : 'already_paid';
          const expiresAt = locked.expires_at === null ? null : new Date(locked.expires_at).getTime();
          if (
            locked.status !== 'pending' ||
            (expiresAt !== null && expiresAt + deps.callbackGraceMs < receivedAt.getTime())
          ) {
            return 'expired';
          }
          const paid = await markPaid(t, locked.id, txnId, gateway.name, receivedAt);
          if (!paid) return 'duplicate';
          const entry = await applyLedgerEntry(t, {
            userId: paid.user_id,
            kind: 'purchase',
            delta: paid.quantity,
            refType: 'payment',
            refId: paid.id,
            note: paid.short_content,
          });
          // a purchase row for this payment without the payment being paid: never credit twice
          if (!entry.applied) throw new Error(`payment ${paid.id} already has a purchase in the ledger`);
          await insertCallback(t, {
            paymentId: paid.id,
            gateway: gateway.name,
            // a verified callback always carries contract fields
            payload: storedCallback(params, gateway.callbackFields) ?? {},
            valid: true,
            reason: null,
            receivedAt,
          });
          return 'credited';
        });
      } catch (error) {
        // the gateway transaction already paid another payment (gateway_txn_id is unique)
        if (pgErrorCode(error) !== PG_UNIQUE_VIOLATION) throw error;
        outcome = 'already_paid';
        reason = 'mã giao dịch đã được dùng cho một đơn khác';
      }
      if (outcome === 'credited') {
        deps.events?.emit('ledger-written', { userId: payment.user_id });
        deps.log?.info({ gateway: gateway.name, paymentId: payment.id, txnId }, 'payment credited');
        return answer(outcome, payment.id);
      }
      const valid = outcome === 'duplicate';
      reason ??=
        outcome === 'duplicate'
          ? 'giao dịch đã được ghi nhận trước đó'
          : outcome === 'already_paid'
            ? 'đơn đã được thanh toán bởi một giao dịch khác'
            : outcome === 'expired'
              ? 'đơn thanh toán đã hết hạn'
              : 'không tìm thấy đơn thanh toán';
      await record(gateway, params, payment.id, valid, reason, receivedAt);
      return answer(outcome, payment.id);
    },

    /** The sandbox payment page (GET /v1/payments/sandbox/pay): pays, then back to /Bkpay. */
    async sandboxPage(
      params: Record<string, string>,
      malformed: string | null = null,
    ): Promise<{ outcome: CallbackOutcome | 'bad_link'; paymentId: string | null }> {
      const order = (malformed ?? callbackProblem(params)) ? null : deps.sandbox.verifyPaymentPage(params);
      if (!order) return { outcome: 'bad_link', paymentId: null };
      const result = await service.handleCallback('sandbox', deps.sandbox.approve(order.orderId, order.amount, now()));
      return { outcome: result.outcome, paymentId: order.orderId.toLowerCase() };
    },

    async ledger(user: AuthUser, page: number, perPage: number): Promise<StudentLedgerResponse> {
      const { rows, total } = await ledgerPage(db, user.id, perPage, (page - 1) * perPage);
      return {
        // the student's own list: who wrote a row is the office's business
        entries: rows.map((row) => {
          const { createdBy: _by, ...entry } = toLedgerEntry(row);
          return entry;
        }),
        total,
        page,
        per_page: perPage,
        balance: await userBalance(db, user.id),
      };
    },
  };
  return service;
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
