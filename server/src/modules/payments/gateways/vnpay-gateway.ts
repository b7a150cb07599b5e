import {
  hmacSha512,
  refused,
  sameSignature,
  signingString,
  type CallbackOutcome,
  type CallbackVerification,
  type GatewayPayment,
  type PaymentGateway,
} from './gateway';

export interface VnpayOptions {
  tmnCode: string;
  hashSecret: string;
  /** The payment page, e.g. https://sandbox.vnpayment.vn/paymentv2/vpcpay.html */
  url: string;
  /** Where VNPay sends the student back (display only: it never credits). */
  returnUrl: string;
}

const HASH_FIELDS = ['vnp_SecureHash', 'vnp_SecureHashType'] as const;

/** yyyyMMddHHmmss in Vietnam time (GMT+7), as VNPay wants its dates. */
export function vnpDate(at: Date): string {
  const shifted = new Date(at.getTime() + 7 * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${shifted.getUTCFullYear()}${pad(shifted.getUTCMonth() + 1)}${pad(shifted.getUTCDate())}` +
    `${pad(shifted.getUTCHours())}${pad(shifted.getUTCMinutes())}${pad(shifted.getUTCSeconds())}`
  );
}

/** vnp_TxnRef: the payment id without dashes plus the attempt time (VNPay refuses a reused reference). */
export function txnRefFor(paymentId: string, at: Date): string {
  return `${paymentId.replace(/-/g, '')}${at.getTime().toString(36)}`;
}

export function paymentIdFromTxnRef(ref: string): string | null {
  const match = /^([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})[0-9a-z]*$/i.exec(ref);
  return match ? match.slice(1, 6).join('-').toLowerCase() : null;
}

/**
 * VNPay (API 2.1.0): the student is redirected with signed parameters; VNPay calls the IPN URL
 * (configured at VNPay for the merchant: GET <PUBLIC_URL>/v1/payments/vnpay/ipn) with signed fields.
 * HMAC-SHA512 over the fields sorted by name (vnp_SecureHash and vnp_SecureHashType excluded);
 * amounts are VND × 100.
 */
export class VnpayGateway implements PaymentGateway {
  readonly name = 'vnpay' as const;
  /** The IPN's fields in VNPay's API 2.1.0 (the return URL gets the same). */
  readonly callbackFields = [
    'vnp_TmnCode',
    'vnp_Amount',
    'vnp_BankCode',
    'vnp_BankTranNo',
    'vnp_CardType',
    'vnp_PayDate',
    'vnp_OrderInfo',
    'vnp_TransactionNo',
    'vnp_ResponseCode',
    'vnp_TransactionStatus',
    'vnp_TxnRef',
    'vnp_SecureHashType',
    'vnp_SecureHash',
  ] as const;

  constructor(private readonly options: VnpayOptions) {}

  /** Signs a set of vnp_ fields (tests use it to play VNPay's part). */
  sign(fields: Record<string, string>): string {
    return hmacSha512(this.options.hashSecret, signingString(fields, HASH_FIELDS));
  }

  createPaymentUrl(payment: GatewayPayment): string {
    const fields: Record<string, string> = {
      vnp_Version: '2.1.0',
      vnp_Command: 'pay',
      vnp_TmnCode: this.options.tmnCode,
      vnp_Amount: String(payment.money * 100),
      vnp_CurrCode: 'VND',
      vnp_TxnRef: txnRefFor(payment.id, payment.now),
      vnp_OrderInfo: payment.shortContent,
      vnp_OrderType: 'other',
      vnp_Locale: 'vn',
      vnp_ReturnUrl: this.options.returnUrl,
      vnp_IpAddr: payment.clientIp,
      vnp_CreateDate: vnpDate(payment.now),
      vnp_ExpireDate: vnpDate(payment.expiresAt),
    };
    const query = `${signingString(fields)}&vnp_SecureHash=${this.sign(fields)}`;
    return `${this.options.url}?${query}`;
  }

  verifyCallback(params: Record<string, string>): CallbackVerification {
    const fields: Record<string, string> = {};
    for (const [key, value] of Object.entries(params)) {
      if (key.startsWith('vnp_') && typeof value === 'string') fields[key] = value;
    }
    if (!sameSignature(this.sign(fields), fields.vnp_SecureHash)) return refused('chữ ký không hợp lệ');
    if (fields.vnp_TmnCode !== this.options.tmnCode) return refused('mã website (vnp_TmnCode) không khớp');
    const orderId = paymentIdFromTxnRef(fields.vnp_TxnRef ?? '');
    if (!orderId) return refused('mã đơn (vnp_TxnRef) không hợp lệ');
    const raw = fields.vnp_Amount ?? '';
    const amount = /^\d{1,15}$/.test(raw) && Number(raw) % 100 === 0 ? Number(raw) / 100 : null;
    if (amount === null) return { ...refused('số tiền (vnp_Amount) không hợp lệ'), orderId };
    const transactionNo = fields.vnp_TransactionNo ?? '';
    const paid = fields.vnp_ResponseCode === '00' && fields.vnp_TransactionStatus === '00';
    if (paid && !/^[0-9A-Za-z]{1,64}$/.test(transactionNo)) {
      return { ...refused('mã giao dịch (vnp_TransactionNo) không hợp lệ'), orderId, amount };
    }
    return {
      ok: true,
      txnId: paid ? `vnpay:${transactionNo}` : null,
      orderId,
      amount,
      paid,
      reason: paid
        ? null
        : `giao dịch không thành công (vnp_ResponseCode ${fields.vnp_ResponseCode ?? '?'}, ` +
          `vnp_TransactionStatus ${fields.vnp_TransactionStatus ?? '?'})`,
    };
  }

  /** VNPay's IPN answer: RspCode 00 stops its retries; others are logged at VNPay. */
  callbackAnswer(outcome: CallbackOutcome): Record<string, string> {
    switch (outcome) {
      case 'credited':
      case 'declined':
        return { RspCode: '00', Message: 'Confirm Success' };
      case 'duplicate':
      case 'already_paid':
        return { RspCode: '02', Message: 'Order already confirmed' };
      case 'expired':
        return { RspCode: '02', Message: 'Order expired' };
      case 'unknown_order':
        return { RspCode: '01', Message: 'Order not found' };
      case 'wrong_amount':
        return { RspCode: '04', Message: 'Invalid amount' };
      case 'bad_signature':
        return { RspCode: '97', Message: 'Invalid signature' };
      default:
        return { RspCode: '99', Message: 'Unknown error' };
    }
  }
}
