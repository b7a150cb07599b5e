import crypto from 'node:crypto';
import {
  hmacSha512,
  refused,
  sameSignature,
  signingString,
  UUID,
  type CallbackOutcome,
  type CallbackVerification,
  type GatewayPayment,
  type PaymentGateway,
} from './gateway';

const SIGNATURE = 'sb_Signature';

/**
 * The built-in gateway (PAYMENT_GATEWAY=sandbox, the default): it behaves like a real one with nothing
 * installed. Its payment step (GET /v1/payments/sandbox/pay, or `approve` for BKpayment) always
 * succeeds and produces a signed server-to-server callback, which goes through the same IPN handler
 * and the same checks as a real gateway's. The secret is shared by every instance (app_secrets).
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;
  readonly callbackFields = ['sb_OrderId', 'sb_Amount', 'sb_TxnId', 'sb_Status', 'sb_PayDate', SIGNATURE] as const;

  constructor(
    private readonly secret: string,
    /** Origin of this server for the payment page URL ('' = same origin). */
    private readonly baseUrl = '',
  ) {}

  sign(fields: Record<string, string>): string {
    return hmacSha512(this.secret, signingString(fields, [SIGNATURE]));
  }

  private signed(fields: Record<string, string>): Record<string, string> {
    return { ...fields, [SIGNATURE]: this.sign(fields) };
  }

  /** The sandbox payment page: the order and amount, signed so the page cannot be pointed elsewhere. */
  createPaymentUrl(payment: GatewayPayment): string {
    const fields = this.signed({
      sb_OrderId: payment.id,
      sb_Amount: String(payment.money),
      sb_ExpireDate: payment.expiresAt.toISOString(),
    });
    return `${this.baseUrl}/v1/payments/sandbox/pay?${new URLSearchParams(fields).toString()}`;
  }

  /** Checks a payment page request; returns the order and amount it is for. */
  verifyPaymentPage(params: Record<string, string>): { orderId: string; amount: number } | null {
    const { [SIGNATURE]: signature, ...fields } = params;
    const pageFields = {
      sb_OrderId: fields.sb_OrderId ?? '',
      sb_Amount: fields.sb_Amount ?? '',
      sb_ExpireDate: fields.sb_ExpireDate ?? '',
    };
    if (!sameSignature(this.sign(pageFields), signature)) return null;
    if (!UUID.test(pageFields.sb_OrderId) || !/^\d+$/.test(pageFields.sb_Amount)) return null;
    return { orderId: pageFields.sb_OrderId, amount: Number(pageFields.sb_Amount) };
  }

  /** The student paid at the sandbox: the signed callback the sandbox sends to our IPN handler. */
  approve(orderId: string, amount: number, at: Date): Record<string, string> {
    return this.signed({
      sb_OrderId: orderId,
      sb_Amount: String(amount),
      sb_TxnId: `SANDBOX-${crypto.randomUUID()}`,
      sb_Status: '00',
      sb_PayDate: at.toISOString(),
    });
  }

  verifyCallback(params: Record<string, string>): CallbackVerification {
    const fields: Record<string, string> = {};
    for (const [key, value] of Object.entries(params)) {
      if (key.startsWith('sb_') && typeof value === 'string') fields[key] = value;
    }
    if (!sameSignature(this.sign(fields), fields[SIGNATURE])) return refused('chữ ký không hợp lệ');
    const orderId = fields.sb_OrderId ?? '';
    if (!UUID.test(orderId)) return refused('mã đơn không hợp lệ');
    const amount = /^\d{1,15}$/.test(fields.sb_Amount ?? '') ? Number(fields.sb_Amount) : null;
    if (amount === null) return { ...refused('số tiền không hợp lệ'), orderId };
    const txnId = fields.sb_TxnId ?? '';
    if (!/^SANDBOX-[0-9a-f-]{36}$/i.test(txnId)) return { ...refused('mã giao dịch không hợp lệ'), orderId, amount };
    const paid = fields.sb_Status === '00';
    return {
      ok: true,
      txnId,
      orderId: orderId.toLowerCase(),
      amount,
      paid,
      reason: paid ? null : `giao dịch không thành công (sb_Status ${fields.sb_Status ?? '?'})`,
    };
  }

  callbackAnswer(outcome: CallbackOutcome): Record<string, string> {
    const ok = outcome === 'credited' || outcome === 'declined';
    return { RspCode: ok ? '00' : outcome === 'duplicate' ? '02' : '99', Message: outcome };
  }
}
