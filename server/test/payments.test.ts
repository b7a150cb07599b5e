import type { FastifyInstance } from 'fastify';
import type {
  BkPaymentResponse,
  StudentLedgerResponse,
  StudentPayment,
  StudentPaymentsResponse,
} from 'shared-api/contracts';
import { ConfigError, loadConfig } from '../src/config';
import { SandboxGateway } from '../src/modules/payments/gateways/sandbox-gateway';
import { VnpayGateway } from '../src/modules/payments/gateways/vnpay-gateway';
import { bearer, body, createTestApp, DRIVER, loginAs, VIETNAMESE, type TestApp } from './helpers';
import { balanceOf, createStudent, ledgerMismatches } from './factories';

const PRICE = 500;
const TTL_MS = 30 * 60_000;
const GRACE_MS = 5 * 60_000;
const VNPAY = { tmnCode: 'TESTTMN1', hashSecret: 'vnpay-test-secret-0123456789', url: 'https://vnpay.test/pay.html' };
const PUBLIC_URL = 'https://print.test';

interface Ctx {
  t: TestApp;
  app: FastifyInstance;
  clock: { ms: number };
}

async function start(
  config: Parameters<typeof createTestApp>[0] extends infer O
    ? O extends { config?: infer C }
      ? C
      : never
    : never = {},
): Promise<Ctx> {
  const clock = { ms: Date.now() };
  const t = await createTestApp({
    seed: { generatedStudents: 4, jobs: 40 },
    config,
    payments: { now: () => new Date(clock.ms) },
  });
  return { t, app: t.app, clock };
}

const tokenFor = (app: FastifyInstance, id: string) => app.tokens.signAccess({ id, role: 'student' });

async function confirm(app: FastifyInstance, token: string, money: unknown) {
  return app.inject({ method: 'POST', url: '/v1/student/confirm-payment', payload: { money }, headers: bearer(token) });
}

async function newPayment(app: FastifyInstance, token: string, quantity: number): Promise<StudentPayment> {
  const response = await confirm(app, token, quantity * PRICE);
  expect(response.statusCode).toBe(200);
  return body<StudentPayment>(response).data;
}

const pay = (app: FastifyInstance, token: string, paymentId: unknown) =>
  app.inject({
    method: 'POST',
    url: '/v1/student/BKpayment',
    payload: { payment_id: paymentId },
    headers: bearer(token),
  });

async function payments(app: FastifyInstance, token: string): Promise<StudentPayment[]> {
  const response = await app.inject({ method: 'GET', url: '/v1/student/payments', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return body<StudentPaymentsResponse>(response).data;
}

async function countRows(app: FastifyInstance, sql: string, params: unknown[]): Promise<number> {
  const row = await app.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) x`, params);
  return row?.n ?? -1;
}

const purchases = (app: FastifyInstance, paymentId: string) =>
  countRows(app, `SELECT 1 FROM page_ledger WHERE kind = 'purchase' AND ref_type = 'payment' AND ref_id = $1`, [
    paymentId,
  ]);

describe(`buying pages with the sandbox gateway (${DRIVER})`, () => {
  let c: Ctx;
  beforeAll(async () => {
    c = await start();
  });
  afterAll(async () => {
    await c.t.close();
  });
  afterEach(async () => {
    expect(await ledgerMismatches(c.app.db)).toEqual([]);
  });

  it('accepts only a whole number of pages, 1 to 999, at the current price', async () => {
    const token = tokenFor(c.app, await createStudent(c.app.db));
    for (const money of [0, -PRICE, PRICE / 2, PRICE + 1, 1000 * PRICE, 1.5 * PRICE, 10_000_000]) {
      const response = await confirm(c.app, token, money);
      expect(response.statusCode).toBe(400);
      expect(body(response).message).toMatch(VIETNAMESE);
    }
    for (const money of ['5000', null, true]) {
      expect((await confirm(c.app, token, money)).statusCode).toBe(400);
    }
    expect((await payments(c.app, token)).length).toBe(0);
    const one = await newPayment(c.app, token, 1);
    const most = await newPayment(c.app, token, 999);
    expect(one.money).toBe(PRICE);
    expect(most.money).toBe(999 * PRICE);
    // the price in force is recorded with the quantity
    const row = await c.app.db.one<{ quantity: number; unit_price: number }>(
      'SELECT quantity, unit_price FROM payments WHERE id = $1',
      [most._id],
    );
    expect(row).toEqual({ quantity: 999, unit_price: PRICE });

    // after a price change, the old amount is no longer a whole number of pages
    await c.app.db.query('UPDATE system_config SET current_a4_price = 700');
    try {
      expect((await confirm(c.app, token, 3 * PRICE)).statusCode).toBe(400);
      const at700 = body<StudentPayment>(await confirm(c.app, token, 3 * 700)).data;
      expect(at700.quantity).toBe(3);
      expect(at700.unitPrice).toBe(700);
    } finally {
      await c.app.db.query('UPDATE system_config SET current_a4_price = $1', [PRICE]);
    }
  });

  it('confirm → BKpayment → paid: balance +quantity once, a purchase in the ledger, the list shows it paid', async () => {
    const studentId = await createStudent(c.app.db, 5);
    const token = tokenFor(c.app, studentId);
    const created = await newPayment(c.app, token, 20);
    expect(created).toMatchObject({
      stt: 1,
      money: 20 * PRICE,
      paidMoney: 0,
      leftMoney: 20 * PRICE,
      status: 'pending',
      quantity: 20,
      unitPrice: PRICE,
      payment_id: created._id,
    });
    expect(created.shortContent).toMatch(/^BKPay mua 20 trang A4 HK\d{3}$/);
    expect(created.shortContent.slice(-3)).toMatch(/^\d{2}[12]$/);
    expect(Date.parse(created.expiresAt ?? '') - c.clock.ms).toBe(TTL_MS);

    const response = await pay(c.app, token, created._id);
    expect(response.statusCode).toBe(200);
    const result = body<BkPaymentResponse>(response);
    expect(result.message).toBe('Thanh toán thành công');
    expect(result.data.redirectUrl).toBeNull();
    expect(result.data.balance).toBe(25);
    expect(result.data.payment).toMatchObject({ status: 'paid', paidMoney: 20 * PRICE, leftMoney: 0 });
    expect(await balanceOf(c.app.db, studentId)).toBe(25);
    expect(await purchases(c.app, created._id)).toBe(1);

    const [listed] = await payments(c.app, token);
    expect(listed).toMatchObject({ _id: created._id, status: 'paid', paidMoney: 20 * PRICE, leftMoney: 0 });

    // the sandbox went through the signed callback path: one valid callback stored
    const callbacks = await c.app.db.query<{ valid: boolean; gateway: string }>(
      'SELECT valid, gateway FROM payment_callbacks WHERE payment_id = $1',
      [created._id],
    );
    expect(callbacks).toEqual([{ valid: true, gateway: 'sandbox' }]);

    // paying again: 409, nothing more
    expect((await pay(c.app, token, created._id)).statusCode).toBe(409);
    expect(await balanceOf(c.app.db, studentId)).toBe(25);

    // the ledger page shows the purchase first
    const ledger = await c.app.inject({ method: 'GET', url: '/v1/student/ledger?per_page=1', headers: bearer(token) });
    expect(ledger.statusCode).toBe(200);
    const data = body<StudentLedgerResponse>(ledger).data;
    expect(data).toMatchObject({ total: 2, page: 1, per_page: 1, balance: 25 });
    expect(data.entries[0]).toMatchObject({ kind: 'purchase', delta: 20, balance_after: 25, ref_id: created._id });
    const second = await c.app.inject({
      method: 'GET',
      url: '/v1/student/ledger?per_page=1&page=2',
      headers: bearer(token),
    });
    expect(body<StudentLedgerResponse>(second).data.entries[0]).toMatchObject({ kind: 'adjustment', delta: 5 });
  });

  it('lists only the caller’s own payments and ledger, newest first', async () => {
    const a = tokenFor(c.app, await createStudent(c.app.db));
    const b = tokenFor(c.app, await createStudent(c.app.db));
    const first = await newPayment(c.app, a, 1);
    c.clock.ms += 1_000;
    const second = await newPayment(c.app, a, 2);
    await newPayment(c.app, b, 3);
    const list = await payments(c.app, a);
    expect(list.map((p) => p._id)).toEqual([second._id, first._id]);
    expect(list.map((p) => p.stt)).toEqual([2, 1]);
    const ledger = await c.app.inject({ method: 'GET', url: '/v1/student/ledger', headers: bearer(b) });
    expect(body<StudentLedgerResponse>(ledger).data.total).toBe(0);
  });

  it('refuses another student’s payment (403), an unknown one (404), an expired one (422)', async () => {
    const ownerId = await createStudent(c.app.db);
    const owner = tokenFor(c.app, ownerId);
    const otherId = await createStudent(c.app.db);
    const other = tokenFor(c.app, otherId);
    const payment = await newPayment(c.app, owner, 10);

    const forbidden = await pay(c.app, other, payment._id);
    expect(forbidden.statusCode).toBe(403);
    expect(body(forbidden).message).toMatch(VIETNAMESE);
    expect(await balanceOf(c.app.db, otherId)).toBe(0);
    expect(await balanceOf(c.app.db, ownerId)).toBe(0);

    expect((await pay(c.app, owner, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await pay(c.app, owner, 'not-a-payment')).statusCode).toBe(404);
    expect((await pay(c.app, owner, 42)).statusCode).toBe(400);

    c.clock.ms += TTL_MS + 1_000;
    const [expired] = await payments(c.app, owner);
    expect(expired).toMatchObject({ status: 'expired', leftMoney: 10 * PRICE, paidMoney: 0 });
    const late = await pay(c.app, owner, payment._id);
    expect(late.statusCode).toBe(422);
    expect(body(late).message).toMatch(VIETNAMESE);
    expect(await purchases(c.app, payment._id)).toBe(0);
    expect(await balanceOf(c.app.db, ownerId)).toBe(0);
  });

  it('credits nothing for a forged sandbox callback, and stores it', async () => {
    const studentId = await createStudent(c.app.db);
    const token = tokenFor(c.app, studentId);
    const payment = await newPayment(c.app, token, 7);
    const forged = new URLSearchParams({
      sb_OrderId: payment._id,
      sb_Amount: String(payment.money),
      sb_TxnId: 'SANDBOX-00000000-0000-4000-8000-000000000001',
      sb_Status: '00',
      sb_Signature: 'ab'.repeat(64),
    });
    const response = await c.app.inject({ method: 'GET', url: `/v1/payments/sandbox/ipn?${forged.toString()}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ RspCode: '99' });
    expect(await balanceOf(c.app.db, studentId)).toBe(0);
    const stored = await c.app.db.one<{ valid: boolean; reason: string }>(
      `SELECT valid, reason FROM payment_callbacks WHERE payload->>'sb_OrderId' = $1`,
      [payment._id],
    );
    expect(stored?.valid).toBe(false);
    expect(stored?.reason).toMatch(/chữ ký/);
  });

  it('the sandbox payment page pays through the same callback, once; a tampered link is refused', async () => {
    const studentId = await createStudent(c.app.db);
    const token = tokenFor(c.app, studentId);
    const payment = await newPayment(c.app, token, 4);
    const bad = await c.app.inject({
      method: 'GET',
      url: `/v1/payments/sandbox/pay?sb_OrderId=${payment._id}&sb_Amount=1&sb_ExpireDate=x&sb_Signature=00`,
    });
    expect(bad.statusCode).toBe(302);
    expect(bad.headers.location).toBe('/#/Bkpay?result=failed');
    expect(await balanceOf(c.app.db, studentId)).toBe(0);

    const secret = await c.app.db.one<{ value: string }>(
      `SELECT value FROM app_secrets WHERE name = 'payment_sandbox'`,
    );
    const link = new SandboxGateway(secret?.value ?? '').createPaymentUrl({
      id: payment._id,
      money: payment.money,
      shortContent: payment.shortContent,
      expiresAt: new Date(payment.expiresAt ?? ''),
      clientIp: '127.0.0.1',
      now: new Date(c.clock.ms),
    });
    for (let i = 0; i < 2; i += 1) {
      const page = await c.app.inject({ method: 'GET', url: link });
      expect(page.statusCode).toBe(302);
      expect(page.headers.location).toBe(`/#/Bkpay?payment=${payment._id}&result=success`);
    }
    expect(await balanceOf(c.app.db, studentId)).toBe(4);
    expect(await purchases(c.app, payment._id)).toBe(1);
  });

  it('numbers a student’s payments 1, 2, 3… even when confirmed at once', async () => {
    const token = tokenFor(c.app, await createStudent(c.app.db));
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => confirm(c.app, token, (i + 1) * PRICE)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array<number>(8).fill(200));
    const stts = answers.map((r) => body<StudentPayment>(r).data.stt).sort((a, b) => a - b);
    expect(stts).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('the demo student buys and pays after the seeded purchases', async () => {
    const { accessToken } = await loginAs(c.app, 'student');
    const before = await payments(c.app, accessToken);
    const payment = await newPayment(c.app, accessToken, 20);
    expect(payment.stt).toBe(Math.max(0, ...before.map((p) => p.stt)) + 1);
    const info = await c.app.inject({ method: 'GET', url: '/v1/user/information', headers: bearer(accessToken) });
    const balance = body<{ balance: number }>(info).data.balance;
    const response = await pay(c.app, accessToken, payment._id);
    expect(response.statusCode).toBe(200);
    expect(body<BkPaymentResponse>(response).data.balance).toBe(balance + 20);
    const after = await c.app.inject({ method: 'GET', url: '/v1/user/information', headers: bearer(accessToken) });
    expect(body<{ balance: number }>(after).data.balance).toBe(balance + 20);
    const [first] = await payments(c.app, accessToken);
    expect(first).toMatchObject({ _id: payment._id, leftMoney: 0, paidMoney: payment.money, status: 'paid' });
  });

  it('validates the ledger page query', async () => {
    const token = tokenFor(c.app, await createStudent(c.app.db));
    for (const query of ['per_page=0', 'per_page=101', 'page=0', 'page=abc']) {
      const response = await c.app.inject({
        method: 'GET',
        url: `/v1/student/ledger?${query}`,
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(400);
    }
  });

  it('student payment routes are for students only', async () => {
    for (const role of ['staff', 'spso'] as const) {
      const { accessToken } = await loginAs(c.app, role);
      for (const [method, url] of [
        ['POST', '/v1/student/confirm-payment'],
        ['GET', '/v1/student/payments'],
        ['POST', '/v1/student/BKpayment'],
        ['GET', '/v1/student/ledger'],
      ] as const) {
        const response = await c.app.inject({
          method,
          url,
          payload: method === 'POST' ? {} : undefined,
          headers: bearer(accessToken),
        });
        expect(response.statusCode).toBe(403);
      }
    }
    expect((await c.app.inject({ method: 'GET', url: '/v1/student/payments' })).statusCode).toBe(401);
  });
});

describe('payment gateway configuration', () => {
  it('needs the VNPay merchant settings and PUBLIC_URL for PAYMENT_GATEWAY=vnpay', () => {
    expect(loadConfig({}).paymentGateway).toBe('sandbox');
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'vnpay' })).toThrow(ConfigError);
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'paypal' })).toThrow(/PAYMENT_GATEWAY/);
    expect(() => loadConfig({ PUBLIC_URL: 'print.test' })).toThrow(/PUBLIC_URL/);
    const config = loadConfig({
      PAYMENT_GATEWAY: 'vnpay',
      VNPAY_TMN_CODE: 'T1',
      VNPAY_HASH_SECRET: 's',
      PUBLIC_URL: 'https://print.test/',
      GRANT_CHECK_MS: '60000',
    });
    expect(config).toMatchObject({
      paymentGateway: 'vnpay',
      publicUrl: 'https://print.test',
      vnpay: { tmnCode: 'T1', hashSecret: 's' },
      grantCheckMs: 60_000,
      paymentCallbackGraceMs: 300_000,
    });
  });
});

describe(`VNPay gateway: signed redirect and IPN (${DRIVER})`, () => {
  let c: Ctx;
  const vnpay = new VnpayGateway({ ...VNPAY, returnUrl: `${PUBLIC_URL}/v1/payments/vnpay/return` });
  let txnCounter = 14_000_000;

  beforeAll(async () => {
    c = await start({ paymentGateway: 'vnpay', vnpay: VNPAY, publicUrl: PUBLIC_URL });
  });
  afterAll(async () => {
    await c.t.close();
  });
  afterEach(async () => {
    expect(await ledgerMismatches(c.app.db)).toEqual([]);
  });

  /** Starts a payment: the redirect URL VNPay would receive. */
  async function startPayment(quantity: number) {
    const studentId = await createStudent(c.app.db);
    const token = tokenFor(c.app, studentId);
    const payment = await newPayment(c.app, token, quantity);
    const response = await pay(c.app, token, payment._id);
    expect(response.statusCode).toBe(200);
    const data = body<BkPaymentResponse>(response).data;
    expect(data.payment.status).toBe('pending');
    expect(data.balance).toBe(0);
    const url = new URL(data.redirectUrl ?? '');
    return { studentId, token, payment, url, redirect: Object.fromEntries(url.searchParams) };
  }

  /** The IPN VNPay sends after the student paid. */
  function ipnFields(redirect: Record<string, string>, overrides: Record<string, string> = {}): Record<string, string> {
    txnCounter += 1;
    const fields: Record<string, string> = {
      vnp_Amount: redirect.vnp_Amount ?? '',
      vnp_BankCode: 'NCB',
      vnp_BankTranNo: `VNP${txnCounter}`,
      vnp_CardType: 'ATM',
      vnp_OrderInfo: redirect.vnp_OrderInfo ?? '',
      vnp_PayDate: '20261121120000',
      vnp_ResponseCode: '00',
      vnp_TmnCode: VNPAY.tmnCode,
      vnp_TransactionNo: String(txnCounter),
      vnp_TransactionStatus: '00',
      vnp_TxnRef: redirect.vnp_TxnRef ?? '',
      ...overrides,
    };
    return { ...fields, vnp_SecureHashType: 'HmacSHA512', vnp_SecureHash: vnpay.sign(fields) };
  }

  const ipn = (fields: Record<string, string>) =>
    c.app.inject({ method: 'GET', url: `/v1/payments/vnpay/ipn?${new URLSearchParams(fields).toString()}` });

  async function callbacks(paymentId: string) {
    return c.app.db.query<{ valid: boolean; reason: string | null }>(
      'SELECT valid, reason FROM payment_callbacks WHERE payment_id = $1 ORDER BY id',
      [paymentId],
    );
  }

  it('redirects with signed parameters (HMAC-SHA512, amount × 100) and credits nothing until the IPN', async () => {
    const { url, redirect, payment, studentId } = await startPayment(20);
    expect(`${url.origin}${url.pathname}`).toBe(VNPAY.url);
    expect(redirect).toMatchObject({
      vnp_Version: '2.1.0',
      vnp_Command: 'pay',
      vnp_TmnCode: VNPAY.tmnCode,
      vnp_Amount: String(20 * PRICE * 100),
      vnp_CurrCode: 'VND',
      vnp_ReturnUrl: `${PUBLIC_URL}/v1/payments/vnpay/return`,
    });
    const { vnp_SecureHash: hash, ...signed } = redirect;
    expect(hash).toBe(vnpay.sign(signed));
    expect(await balanceOf(c.app.db, studentId)).toBe(0);

    // the return URL is display only
    const back = await c.app.inject({
      method: 'GET',
      url: `/v1/payments/vnpay/return?${new URLSearchParams(ipnFields(redirect)).toString()}`,
    });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`/#/Bkpay?payment=${payment._id}&result=success`);
    expect(await balanceOf(c.app.db, studentId)).toBe(0);
    expect(await purchases(c.app, payment._id)).toBe(0);
  });

  it('credits once when the same IPN comes 10 times in a row', async () => {
    const { redirect, payment, studentId, token } = await startPayment(20);
    const fields = ipnFields(redirect);
    const answers: string[] = [];
    for (let i = 0; i < 10; i += 1) answers.push((await ipn(fields)).json<{ RspCode: string }>().RspCode);
    expect(answers).toEqual(['00', ...Array<string>(9).fill('02')]);
    expect(await balanceOf(c.app.db, studentId)).toBe(20);
    expect(await purchases(c.app, payment._id)).toBe(1);
    const stored = await callbacks(payment._id);
    expect(stored.length).toBe(10);
    expect(stored.every((row) => row.valid)).toBe(true);
    const [listed] = await payments(c.app, token);
    expect(listed).toMatchObject({ status: 'paid', paidMoney: 20 * PRICE, leftMoney: 0 });
    expect((await pay(c.app, token, payment._id)).statusCode).toBe(409);
  });

  it('credits once when 10 IPNs arrive at once (and a second transaction id is refused)', async () => {
    const { redirect, payment, studentId } = await startPayment(30);
    const fields = ipnFields(redirect);
    const other = ipnFields(redirect);
    const answers = await Promise.all([...Array.from({ length: 10 }, () => ipn(fields)), ipn(other)]);
    const codes = answers.map((r) => r.json<{ RspCode: string }>().RspCode);
    expect(codes.filter((code) => code === '00').length).toBe(1);
    expect(await balanceOf(c.app.db, studentId)).toBe(30);
    expect(await purchases(c.app, payment._id)).toBe(1);
    expect((await callbacks(payment._id)).length).toBe(11);
  });

  it('refuses a bad signature, a wrong amount, an unknown order and an expired payment: nothing credited, all stored', async () => {
    const { redirect, payment, studentId } = await startPayment(10);

    const tampered = { ...ipnFields(redirect), vnp_Amount: String(1000 * PRICE * 100) };
    expect((await ipn(tampered)).json()).toMatchObject({ RspCode: '97' });
    const unsigned = ipnFields(redirect);
    delete unsigned.vnp_SecureHash;
    expect((await ipn(unsigned)).json()).toMatchObject({ RspCode: '97' });
    const otherSecret = new VnpayGateway({ ...VNPAY, hashSecret: 'not-the-secret', returnUrl: 'x' });
    const fieldsForOther = { ...ipnFields(redirect) };
    delete fieldsForOther.vnp_SecureHash;
    delete fieldsForOther.vnp_SecureHashType;
    expect((await ipn({ ...fieldsForOther, vnp_SecureHash: otherSecret.sign(fieldsForOther) })).json()).toMatchObject({
      RspCode: '97',
    });

    const wrongAmount = ipnFields(redirect, { vnp_Amount: String(10 * PRICE * 100 - 100) });
    expect((await ipn(wrongAmount)).json()).toMatchObject({ RspCode: '04' });

    const declined = ipnFields(redirect, { vnp_ResponseCode: '24', vnp_TransactionStatus: '02' });
    expect((await ipn(declined)).json()).toMatchObject({ RspCode: '00' });
    expect(await balanceOf(c.app.db, studentId)).toBe(0);

    const unknown = ipnFields(redirect, { vnp_TxnRef: '0000000000004000800000000000000a1b2c3' });
    expect((await ipn(unknown)).json()).toMatchObject({ RspCode: '01' });
    const unknownStored = await c.app.db.one<{ valid: boolean; payment_id: string | null; reason: string }>(
      `SELECT valid, payment_id, reason FROM payment_callbacks WHERE payload->>'vnp_TxnRef' = $1`,
      ['0000000000004000800000000000000a1b2c3'],
    );
    expect(unknownStored).toMatchObject({ valid: false, payment_id: null });

    // past its expiry (and the callback grace): refused
    c.clock.ms += TTL_MS + GRACE_MS + 60_000;
    const late = ipnFields(redirect);
    expect((await ipn(late)).json()).toMatchObject({ RspCode: '02' });
    c.clock.ms -= TTL_MS + GRACE_MS + 60_000;

    expect(await balanceOf(c.app.db, studentId)).toBe(0);
    expect(await purchases(c.app, payment._id)).toBe(0);
    const stored = await callbacks(payment._id);
    // tampered, wrong amount, declined, expired are linked to the payment (forged signatures are not trusted)
    expect(stored.map((row) => row.valid)).toEqual([false, true, false]);
    const reasons = await c.app.db.query<{ valid: boolean; reason: string }>(
      `SELECT valid, reason FROM payment_callbacks WHERE payload->>'vnp_TxnRef' = $1 ORDER BY id`,
      [redirect.vnp_TxnRef],
    );
    expect(reasons.length).toBe(6);
    expect(reasons.filter((row) => !row.valid).length).toBe(5);
    expect(reasons.every((row) => typeof row.reason === 'string' && row.reason.length > 0)).toBe(true);

    // still payable afterwards, and then credited once
    expect((await ipn(ipnFields(redirect))).json()).toMatchObject({ RspCode: '00' });
    expect(await balanceOf(c.app.db, studentId)).toBe(10);
  });

  it('takes no sandbox callback and shows no sandbox page when VNPay is the gateway', async () => {
    const { payment, studentId } = await startPayment(3);
    const ipnAnswer = await c.app.inject({ method: 'GET', url: `/v1/payments/sandbox/ipn?sb_OrderId=${payment._id}` });
    expect(ipnAnswer.statusCode).toBe(404);
    const page = await c.app.inject({ method: 'GET', url: `/v1/payments/sandbox/pay?sb_OrderId=${payment._id}` });
    expect(page.statusCode).toBe(404);
    expect(await balanceOf(c.app.db, studentId)).toBe(0);
  });

  it('a gateway transaction that paid one payment cannot pay another', async () => {
    const first = await startPayment(5);
    const second = await startPayment(5);
    const paidFirst = ipnFields(first.redirect);
    expect((await ipn(paidFirst)).json()).toMatchObject({ RspCode: '00' });
    const reused = ipnFields(second.redirect, { vnp_TransactionNo: paidFirst.vnp_TransactionNo ?? '' });
    expect((await ipn(reused)).json()).toMatchObject({ RspCode: '02' });
    expect(await balanceOf(c.app.db, first.studentId)).toBe(5);
    expect(await balanceOf(c.app.db, second.studentId)).toBe(0);
  });
});
