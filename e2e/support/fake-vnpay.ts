import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The merchant the portal is started with in the VNPay suite (test values, not a real merchant). */
export const FAKE_VNPAY_MERCHANT = {
  tmnCode: 'E2ETMN01',
  hashSecret: 'e2e-vnpay-hash-secret-0123456789abcdef',
};

/** VNPay's signing (API 2.1.0): fields sorted by name, form-encoded, HMAC-SHA512; the hash fields excluded. */
function sign(fields: Record<string, string>): string {
  const data = Object.keys(fields)
    .filter((key) => key !== 'vnp_SecureHash' && key !== 'vnp_SecureHashType' && fields[key] !== '')
    .sort()
    .map((key) => `${encodeURIComponent(key)}=${encodeURIComponent(fields[key] ?? '').replace(/%20/g, '+')}`)
    .join('&');
  return crypto.createHmac('sha512', FAKE_VNPAY_MERCHANT.hashSecret).update(data, 'utf8').digest('hex');
}

function signed(fields: Record<string, string>): string {
  return new URLSearchParams({
    ...fields,
    vnp_SecureHashType: 'HmacSHA512',
    vnp_SecureHash: sign(fields),
  }).toString();
}

export interface FakeVnpay {
  /** The payment page to give the portal as VNPAY_URL. */
  payUrl: string;
  /** The IPN answers the portal gave (RspCode), in order. */
  ipnAnswers: string[];
  stop(): Promise<void>;
}

/** How long after sending the browser back the fake sends its IPN: the portal must show the payment paid anyway. */
const IPN_DELAY_MS = 800;

/**
 * VNPay on loopback, as the browser and the portal see it: its payment page checks the portal's signed
 * redirect and offers to pay or cancel; either sends the browser back to vnp_ReturnUrl with signed fields
 * and, a moment later, calls the portal's IPN server to server, as VNPay does.
 */
export async function startFakeVnpay(): Promise<FakeVnpay> {
  const orders = new Map<string, Record<string, string>>();
  const ipnAnswers: string[] = [];
  let transactionNo = 14_000_000;

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake-vnpay');
    const html = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="vi"><head><title>VNPay (giả lập)</title></head><body><main>${body}</main></body></html>`,
      );
    };
    if (url.pathname === '/paymentv2/vpcpay.html') {
      const fields = Object.fromEntries(url.searchParams);
      if (fields.vnp_SecureHash !== sign(fields) || fields.vnp_TmnCode !== FAKE_VNPAY_MERCHANT.tmnCode) {
        html(400, '<h1>Sai chữ ký</h1>');
        return;
      }
      const token = crypto.randomUUID();
      orders.set(token, fields);
      const amount = Number(fields.vnp_Amount) / 100;
      html(
        200,
        `<h1>Cổng VNPay giả lập</h1><p>${amount} VND</p>` +
          `<p><a href="/pay?o=${token}">Thanh toán</a> <a href="/cancel?o=${token}">Hủy giao dịch</a></p>`,
      );
      return;
    }
    const order = orders.get(url.searchParams.get('o') ?? '');
    if ((url.pathname === '/pay' || url.pathname === '/cancel') && order) {
      const paid = url.pathname === '/pay';
      transactionNo += 1;
      const query = signed({
        vnp_Amount: order.vnp_Amount ?? '',
        vnp_BankCode: 'NCB',
        vnp_CardType: 'ATM',
        vnp_OrderInfo: order.vnp_OrderInfo ?? '',
        vnp_PayDate: order.vnp_CreateDate ?? '',
        vnp_ResponseCode: paid ? '00' : '24',
        vnp_TmnCode: FAKE_VNPAY_MERCHANT.tmnCode,
        vnp_TransactionNo: paid ? String(transactionNo) : '0',
        vnp_TransactionStatus: paid ? '00' : '02',
        vnp_TxnRef: order.vnp_TxnRef ?? '',
      });
      const returnUrl = order.vnp_ReturnUrl ?? '';
      res.writeHead(302, { location: `${returnUrl}?${query}` });
      res.end();
      setTimeout(() => {
        fetch(`${new URL(returnUrl).origin}/v1/payments/vnpay/ipn?${query}`)
          .then(async (answer) => ipnAnswers.push(((await answer.json()) as { RspCode: string }).RspCode))
          .catch((error: unknown) => ipnAnswers.push(`error: ${String(error)}`));
      }, IPN_DELAY_MS);
      return;
    }
    html(404, '<h1>Không tìm thấy</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    payUrl: `http://127.0.0.1:${port}/paymentv2/vpcpay.html`,
    ipnAnswers,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
