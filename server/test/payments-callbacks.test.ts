import type { FastifyInstance } from 'fastify';
import type { StudentPayment } from 'shared-api/contracts';
import { SandboxGateway } from '../src/modules/payments/gateways/sandbox-gateway';
import { STORED_FIELD_MAX, STORED_RAW_MAX } from '../src/modules/payments/gateways/gateway';
import { VnpayGateway } from '../src/modules/payments/gateways/vnpay-gateway';
import { CALLBACK_BODY_LIMIT } from '../src/modules/payments/payments.routes';
import { bearer, body, createTestApp, DRIVER, VIETNAMESE, type TestApp } from './helpers';
import { balanceOf, createStudent, ledgerMismatches } from './factories';

const PRICE = 500;
const RATE_LIMIT = 60; // the default PAYMENT_CALLBACK_RATE_LIMIT
const SANDBOX_FIELDS = ['sb_OrderId', 'sb_Amount', 'sb_TxnId', 'sb_Status', 'sb_PayDate', 'sb_Signature', '_raw'];
const VNPAY = { tmnCode: 'TESTTMN1', hashSecret: 'vnpay-test-secret-0123456789', url: 'https://vnpay.test/pay.html' };
const PUBLIC_URL = 'https://print.test';

interface StoredRow {
  id: string;
  payload: Record<string, string>;
  valid: boolean;
  reason: string | null;
}

async function callbackCount(app: FastifyInstance): Promise<number> {
  return (await app.db.one<{ n: number }>('SELECT count(*)::int AS n FROM payment_callbacks'))?.n ?? -1;
}

async function callbacksAfter(app: FastifyInstance, id: number): Promise<StoredRow[]> {
  return app.db.query<StoredRow>(
    'SELECT id::text AS id, payload, valid, reason FROM payment_callbacks WHERE id > $1 ORDER BY id',
    [id],
  );
}

async function lastCallbackId(app: FastifyInstance): Promise<number> {
  return Number(
    (await app.db.one<{ id: string }>('SELECT coalesce(max(id), 0)::text AS id FROM payment_callbacks'))?.id ?? 0,
  );
}

async function newPayment(app: FastifyInstance, studentId: string, quantity: number): Promise<StudentPayment> {
  const token = app.tokens.signAccess({ id: studentId, role: 'student' });
  const response = await app.inject({
    method: 'POST',
    url: '/v1/student/confirm-payment',
    payload: { money: quantity * PRICE },
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return body<StudentPayment>(response).data;
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe(`gateway callbacks are bounded: size, rate, what is stored (sandbox, ${DRIVER})`, () => {
  let t: TestApp;
  let app: FastifyInstance;
  let origin: string;
  let sandbox: SandboxGateway;

  beforeAll(async () => {
    t = await createTestApp({ seed: { generatedStudents: 2, jobs: 0 } });
    app = t.app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const secret = await app.db.one<{ value: string }>(`SELECT value FROM app_secrets WHERE name = 'payment_sandbox'`);
    sandbox = new SandboxGateway(secret?.value ?? '');
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(async () => {
    expect(await ledgerMismatches(app.db)).toEqual([]);
  });

  it('refuses 30 anonymous 1 MB callbacks with 413 before reading them: nothing stored, the table does not grow', async () => {
    const size = async () =>
      Number((await app.db.one<{ n: string }>(`SELECT pg_total_relation_size('payment_callbacks')::text AS n`))?.n);
    const [countBefore, sizeBefore] = [await callbackCount(app), await size()];
    const junk = `sb_OrderId=${'x'.repeat(1_048_576)}`;
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const response = await fetch(`${origin}/v1/payments/sandbox/ipn`, {
          method: 'POST',
          headers: FORM,
          body: junk,
        });
        return { status: response.status, json: (await response.json()) as Record<string, unknown> };
      }),
    );
    const elapsed = Date.now() - started;
    expect(answers.map((a) => a.status)).toEqual(Array<number>(30).fill(413));
    for (const { json } of answers) {
      expect(json).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
      expect(String(json.message)).toMatch(VIETNAMESE);
    }
    // generous for a loaded 2-core machine; reading and storing 30 MB took seconds before
    expect(elapsed).toBeLessThan(5_000);
    expect(await callbackCount(app)).toBe(countBefore);
    expect(await size()).toBe(sizeBefore);
    // just under the limit is read (and answered by the gateway logic)
    const fits = `sb_OrderId=${'y'.repeat(CALLBACK_BODY_LIMIT - 100)}`;
    const small = await fetch(`${origin}/v1/payments/sandbox/ipn`, { method: 'POST', headers: FORM, body: fits });
    expect(small.status).toBe(200);
    expect(await small.json()).toMatchObject({ RspCode: '99' });
  });

  it('rate-limits 100 small junk callbacks from one address (429 envelope) and stores only bounded contract fields', async () => {
    const from = '198.51.100.7';
    const before = await lastCallbackId(app);
    const answers = [];
    for (let i = 0; i < 100; i += 1) {
      answers.push(
        await app.inject({
          method: 'POST',
          url: '/v1/payments/sandbox/ipn',
          remoteAddress: from,
          headers: FORM,
          payload: form({
            sb_OrderId: `${i}-${'o'.repeat(600)}`,
            sb_Amount: '1'.repeat(300),
            sb_Signature: 'zz',
            [`junk${i}`]: 'j'.repeat(2_000),
            other: 'k'.repeat(3_000),
          }),
        }),
      );
    }
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.slice(0, RATE_LIMIT)).toEqual(Array<number>(RATE_LIMIT).fill(200));
    expect(statuses.slice(RATE_LIMIT)).toEqual(Array<number>(100 - RATE_LIMIT).fill(429));
    for (const answer of answers.slice(0, RATE_LIMIT))
      expect(answer.json()).toEqual({ RspCode: '99', Message: 'bad_signature' });
    const limited = answers[RATE_LIMIT]?.json<{ success: boolean; code: string; message: string }>();
    expect(limited).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
    expect(limited?.message).toMatch(VIETNAMESE);
    expect(answers[RATE_LIMIT]?.headers['retry-after']).toBeDefined();

    const stored = await callbacksAfter(app, before);
    expect(stored.length).toBe(RATE_LIMIT);
    for (const row of stored) {
      expect(row.valid).toBe(false);
      expect(Object.keys(row.payload).every((key) => SANDBOX_FIELDS.includes(key))).toBe(true);
      expect(row.payload.sb_OrderId?.length).toBe(STORED_FIELD_MAX);
      expect(row.payload.sb_Amount?.length).toBe(STORED_FIELD_MAX);
      expect(row.payload._raw?.length).toBe(STORED_RAW_MAX);
      expect(JSON.stringify(row.payload).length).toBeLessThan(STORED_RAW_MAX + 4 * STORED_FIELD_MAX);
    }

    // another address is not limited by this one
    const other = await app.inject({
      method: 'POST',
      url: '/v1/payments/sandbox/ipn',
      remoteAddress: '198.51.100.8',
      headers: FORM,
      payload: form({ sb_OrderId: 'x' }),
    });
    expect(other.statusCode).toBe(200);
  });

  it('does not store a callback without a single field of the gateway’s contract', async () => {
    const before = await callbackCount(app);
    for (let i = 0; i < 10; i += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/v1/payments/sandbox/ipn',
        remoteAddress: '198.51.100.9',
        headers: FORM,
        payload: form({ foo: 'x'.repeat(4_000), [`bar${i}`]: 'y'.repeat(2_000), vnp_Amount: '100' }),
      });
      expect(response.json()).toEqual({ RspCode: '99', Message: 'bad_signature' });
    }
    expect(await callbackCount(app)).toBe(before);
  });

  it('answers the gateway’s error (never 500) for NUL, control characters, lone surrogates, repeated and nested fields', async () => {
    const from = '198.51.100.10';
    const before = await lastCallbackId(app);
    const ipn = (payload: unknown, contentType = 'application/json') =>
      app.inject({
        method: 'POST',
        url: '/v1/payments/sandbox/ipn',
        remoteAddress: from,
        headers: { 'content-type': contentType },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
    const hostile: unknown[] = [
      { sb_OrderId: 'a\u0000b', sb_Signature: 'ab' },
      { sb_OrderId: '\ud800', sb_Signature: 'ab' },
      { sb_OrderId: 'x', sb_Signature: '\udc00\ud800' },
      { sb_OrderId: 'x', '\ud800key': 'v' },
      { sb_OrderId: 'x\u001b[31m', sb_Amount: '\u0085' },
      { sb_OrderId: ['a', 'b'] },
      { sb_OrderId: { nested: true } },
      { sb_OrderId: null, sb_Amount: 1e309 },
      '{"__proto__": {"sb_OrderId": "x"}, "constructor": "y"}',
      '{"sb_OrderId": "x", "sb_OrderId": "y"}',
      ['sb_OrderId', 'x'],
      '"sb_OrderId"',
      'sb_OrderId',
      42,
    ];
    for (const payload of hostile) {
      const response = await ipn(payload);
      expect(response.statusCode).toBeLessThan(500);
      if (response.statusCode === 200) expect(response.json()).toEqual({ RspCode: '99', Message: 'bad_signature' });
      else expect(response.json()).toMatchObject({ success: false });
    }
    const query = await app.inject({
      method: 'GET',
      url: '/v1/payments/sandbox/ipn?sb_OrderId=a%00b&sb_Amount=%ED%A0%80',
      remoteAddress: from,
    });
    expect(query.statusCode).toBe(200);
    expect(query.json()).toEqual({ RspCode: '99', Message: 'bad_signature' });
    const twice = await app.inject({
      method: 'GET',
      url: '/v1/payments/sandbox/ipn?sb_OrderId=a&sb_OrderId=b',
      remoteAddress: from,
    });
    expect(twice.json()).toEqual({ RspCode: '99', Message: 'bad_signature' });
    const page = await app.inject({
      method: 'GET',
      url: '/v1/payments/sandbox/pay?sb_OrderId=%00&sb_Signature=%ED%A0%80',
      remoteAddress: from,
    });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/#/Bkpay?result=failed');

    // what was stored holds no NUL, no control character, no lone surrogate
    const stored = await callbacksAfter(app, before);
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) {
      const text = JSON.stringify(row.payload);
      expect(text).not.toMatch(/\\u00[01]|\\u007f|\\u008|\\u009|\\ud[89ab]|\\ud[cdef]/i);
      expect(row.reason).toBeTruthy();
    }
  });

  it('a valid signed callback still credits once, and is stored without a raw copy', async () => {
    const studentId = await createStudent(app.db);
    const payment = await newPayment(app, studentId, 6);
    const fields = sandbox.approve(payment._id, payment.money, new Date());
    const before = await lastCallbackId(app);
    const answers = [];
    for (let i = 0; i < 3; i += 1) {
      answers.push(
        (
          await app.inject({
            method: 'POST',
            url: '/v1/payments/sandbox/ipn',
            remoteAddress: '198.51.100.11',
            headers: FORM,
            payload: form(fields),
          })
        ).json<{
          RspCode: string;
        }>().RspCode,
      );
    }
    expect(answers).toEqual(['00', '02', '02']);
    expect(await balanceOf(app.db, studentId)).toBe(6);
    const stored = await callbacksAfter(app, before);
    expect(stored.length).toBe(3);
    expect(stored.every((row) => row.valid)).toBe(true);
    expect(stored[0]?.payload).toEqual(fields);
  });
});

describe(`VNPay callbacks and return page (${DRIVER})`, () => {
  let t: TestApp;
  let app: FastifyInstance;
  const vnpay = new VnpayGateway({ ...VNPAY, returnUrl: `${PUBLIC_URL}/v1/payments/vnpay/return` });

  beforeAll(async () => {
    t = await createTestApp({
      seed: { generatedStudents: 2, jobs: 0 },
      config: { paymentGateway: 'vnpay', vnpay: VNPAY, publicUrl: PUBLIC_URL },
    });
    app = t.app;
  });
  afterAll(async () => {
    await t.close();
  });

  /** The student starts paying: the signed fields VNPay would send back for it. */
  async function paidFields(quantity: number, overrides: Record<string, string> = {}) {
    const studentId = await createStudent(app.db);
    const payment = await newPayment(app, studentId, quantity);
    const token = app.tokens.signAccess({ id: studentId, role: 'student' });
    const started = await app.inject({
      method: 'POST',
      url: '/v1/student/BKpayment',
      payload: { payment_id: payment._id },
      headers: bearer(token),
    });
    const redirect = Object.fromEntries(new URL(body<{ redirectUrl: string }>(started).data.redirectUrl).searchParams);
    const fields: Record<string, string> = {
      vnp_Amount: redirect.vnp_Amount ?? '',
      vnp_BankCode: 'NCB',
      vnp_OrderInfo: redirect.vnp_OrderInfo ?? '',
      vnp_PayDate: '20261121120000',
      vnp_ResponseCode: '00',
      vnp_TmnCode: VNPAY.tmnCode,
      vnp_TransactionNo: String(Date.now() % 1e9),
      vnp_TransactionStatus: '00',
      vnp_TxnRef: redirect.vnp_TxnRef ?? '',
      ...overrides,
    };
    return {
      studentId,
      payment,
      fields: { ...fields, vnp_SecureHashType: 'HmacSHA512', vnp_SecureHash: vnpay.sign(fields) },
    };
  }

  it('the return page lands on /#/Bkpay with the payment and the result, and credits nothing', async () => {
    const ok = await paidFields(3);
    const back = await app.inject({ method: 'GET', url: `/v1/payments/vnpay/return?${form(ok.fields)}` });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`/#/Bkpay?payment=${ok.payment._id}&result=success`);
    expect(await balanceOf(app.db, ok.studentId)).toBe(0);

    const declined = await paidFields(3, { vnp_ResponseCode: '24', vnp_TransactionStatus: '02' });
    const cancelled = await app.inject({ method: 'GET', url: `/v1/payments/vnpay/return?${form(declined.fields)}` });
    expect(cancelled.headers.location).toBe(`/#/Bkpay?payment=${declined.payment._id}&result=failed`);

    const forged = await app.inject({
      method: 'GET',
      url: `/v1/payments/vnpay/return?${form({ ...ok.fields, vnp_Amount: '100' })}`,
    });
    expect(forged.headers.location).toBe('/#/Bkpay?result=failed');
    for (const junk of [
      'vnp_TxnRef=%00',
      'vnp_OrderInfo=%ED%A0%80&vnp_SecureHash=00',
      'vnp_TxnRef=a&vnp_TxnRef=b',
      '',
    ]) {
      const answer = await app.inject({ method: 'GET', url: `/v1/payments/vnpay/return?${junk}` });
      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toBe('/#/Bkpay?result=failed');
    }
  });

  it('answers VNPay’s error for hostile IPN fields (never 500), and still credits a valid IPN once', async () => {
    const { fields, studentId, payment } = await paidFields(4);
    const hostile = [
      { ...fields, vnp_OrderInfo: '\ud800' },
      { ...fields, vnp_OrderInfo: 'a\u0000b' },
      { ...fields, vnp_BankCode: 'x'.repeat(5_000) },
    ];
    for (const payload of hostile) {
      const response = await app.inject({ method: 'POST', url: '/v1/payments/vnpay/ipn', payload });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ RspCode: '97', Message: 'Invalid signature' });
    }
    const big = await app.inject({
      method: 'POST',
      url: '/v1/payments/vnpay/ipn',
      payload: { ...fields, vnp_OrderInfo: 'x'.repeat(CALLBACK_BODY_LIMIT) },
    });
    expect(big.statusCode).toBe(413);
    expect(await balanceOf(app.db, studentId)).toBe(0);

    const codes = [];
    for (let i = 0; i < 2; i += 1) {
      codes.push(
        (await app.inject({ method: 'GET', url: `/v1/payments/vnpay/ipn?${form(fields)}` })).json<{ RspCode: string }>()
          .RspCode,
      );
    }
    expect(codes).toEqual(['00', '02']);
    expect(await balanceOf(app.db, studentId)).toBe(4);
    const stored = await app.db.query<StoredRow>(
      'SELECT id::text AS id, payload, valid, reason FROM payment_callbacks WHERE payment_id = $1 ORDER BY id',
      [payment._id],
    );
    expect(stored[0]?.payload).toEqual(fields);
  });
});
