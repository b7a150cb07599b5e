import http from 'node:http';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/db/seed';
import { hashRefreshToken } from '../src/lib/tokens';
import {
  bearer,
  body,
  createTestApp,
  expectLedgerInvariant,
  login,
  PG_URL,
  secondInstance,
  sleep,
  VIETNAMESE,
  type LoginData,
  type TestApp,
} from './helpers';
import { makePdf, newStudent, submitPrint } from './printing-fixtures';

const PRINTER = 'B1-109';
const CALLBACK_LIMIT = 4;
const POLL_MS = 150;

/** Answers, as status codes, sorted: the order requests sent at once finish in says nothing. */
const statuses = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode).sort((x, y) => x - y);

/** Waits until `check` holds (polling), or fails after `ms`. */
async function eventually(check: () => Promise<boolean>, ms = 5_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await sleep(25);
  }
}

// Two instances of the server on one PostgreSQL database, each with its own connections, as behind a load
// balancer. On PGlite this cannot be shown: PGlite is one process, and a second app on it shares its one
// connection (and the limits held in memory would hold anyway). The CI's PostgreSQL step runs this file.
const describeOnPostgres = PG_URL ? describe : describe.skip;

describeOnPostgres('several instances on one PostgreSQL: every limit and once-only step holds', () => {
  let a: TestApp;
  let b: { app: FastifyInstance; close(): Promise<void> };
  const shared = {
    printDispatcher: false,
    paymentCallbackRateLimit: CALLBACK_LIMIT,
    sessionRevocationPollMs: POLL_MS,
    uploadsInFlight: { perUser: 1, total: 10 },
  };

  beforeAll(async () => {
    a = await createTestApp({ config: shared, release: { enabled: false } });
    b = await secondInstance(a, shared);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** Instance A for even i, B for odd: requests spread over both as a load balancer would. */
  const spread = (i: number) => (i % 2 === 0 ? a.app : b.app);

  it('failed logins spread over both instances meet one limit, one at a time or all at once', async () => {
    const email = DEMO_ACCOUNTS.staff;
    // one after the other, alternating: three free failures, then a wait, whichever instance is asked
    const answers: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      answers.push((await login(spread(i), email, 'sai-mat-khau', '10.20.0.1')).statusCode);
    }
    expect(answers).toEqual([401, 401, 401, 429, 429]);
    const refused = await login(b.app, email, 'sai-mat-khau', '10.20.0.1');
    expect(body(refused).message).toMatch(VIETNAMESE);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // all at once, half to each instance: still only the three free failures get their password checked
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) => login(spread(i), email, 'sai-mat-khau', '10.20.0.2')),
    );
    expect(statuses(burst)).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
    // another address is not held up, and the right password still signs in there
    expect((await login(a.app, email, DEMO_PASSWORD, '10.20.0.3')).statusCode).toBe(200);
  });

  it("the payment callbacks' rate limit is one count for both instances", async () => {
    const ipn = (app: FastifyInstance, ip: string) =>
      app.inject({ method: 'GET', url: '/v1/payments/sandbox/ipn?sb_OrderId=x', remoteAddress: ip });
    const sequential: number[] = [];
    for (let i = 0; i < CALLBACK_LIMIT + 2; i += 1) sequential.push((await ipn(spread(i), '10.30.0.1')).statusCode);
    expect(sequential.slice(0, CALLBACK_LIMIT).every((status) => status !== 429)).toBe(true);
    expect(sequential.slice(CALLBACK_LIMIT)).toEqual([429, 429]);
    const limited = await ipn(a.app, '10.30.0.1');
    expect(body(limited)).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
    expect(body(limited).message).toMatch(VIETNAMESE);

    // at once on both: exactly the limit gets through
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => ipn(spread(i), '10.30.0.2')));
    expect(burst.filter((r) => r.statusCode !== 429)).toHaveLength(CALLBACK_LIMIT);
    // and another address has its own count
    expect((await ipn(b.app, '10.30.0.3')).statusCode).not.toBe(429);
  });

  it('a code guesser at the release stations meets one limit over both instances', async () => {
    const student = await newStudent(a.app, 10);
    const tries: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const answer = await spread(i).inject({
        method: 'POST',
        url: '/v1/student/release',
        headers: bearer(student.token),
        payload: { printerId: PRINTER, stationCode: 'AAAAAA' },
      });
      tries.push(answer.statusCode);
    }
    // five tries at once (the burst), then one every ten seconds: wrong codes, then refused
    expect(tries).toEqual([422, 422, 422, 422, 422, 429, 429]);
  });

  it("a student's uploads on both instances at once meet one cap; a dead instance's slot stops counting", async () => {
    const student = await newStudent(a.app, 100);
    const pdf = await makePdf(1);
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    const address = a.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const inFlight = async () =>
      (
        await a.app.db.one<{ n: number }>('SELECT count(*)::int AS n FROM uploads_in_flight WHERE user_id = $1', [
          student.id,
        ])
      )?.n ?? 0;

    // an upload to instance A that is still arriving (its body not finished)
    const boundary = 'sp-instances-boundary';
    const slow = http.request({
      host: '127.0.0.1',
      port: address.port,
      method: 'POST',
      path: '/v1/student/printing',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'transfer-encoding': 'chunked',
        ...bearer(student.token),
      },
    });
    slow.on('error', () => undefined);
    try {
      slow.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="printerId"\r\n\r\n${PRINTER}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cham.pdf"\r\n` +
          'Content-Type: application/pdf\r\n\r\n%PDF-1.7\n',
      );
      await eventually(async () => (await inFlight()) === 1);

      // the same student on instance B: refused, the cap is 1 in all
      const second = await submitPrint(b.app, student.token, [{ name: 'a.pdf', content: pdf }], { printerId: PRINTER });
      expect(second.statusCode).toBe(429);
      expect(body(second).message).toMatch(/tối đa 1/);
      // another student is not held up
      const other = await newStudent(a.app, 100);
      const theirs = await submitPrint(b.app, other.token, [{ name: 'b.pdf', content: pdf }], { printerId: PRINTER });
      expect(theirs.statusCode).toBe(200);
    } finally {
      // the upload on A ends (the client goes away), whatever happened above
      slow.destroy();
    }
    // its slot is given back: B takes the student's next
    await eventually(async () => (await inFlight()) === 0);
    const third = await submitPrint(b.app, student.token, [{ name: 'c.pdf', content: pdf }], { printerId: PRINTER });
    expect(third.statusCode).toBe(200);
    expect(await inFlight()).toBe(0);

    // an instance died mid-upload: its row, not renewed for minutes, no longer counts (and is removed)
    await a.app.db.query(
      `INSERT INTO uploads_in_flight (user_id, instance_id, started_at, seen_at)
       VALUES ($1, 'dead-instance', now() - interval '10 minutes', now() - interval '5 minutes')`,
      [student.id],
    );
    const afterDeath = await submitPrint(b.app, student.token, [{ name: 'd.pdf', content: pdf }], {
      printerId: PRINTER,
    });
    expect(afterDeath.statusCode).toBe(200);
    expect(await inFlight()).toBe(0);
    // a live one (just renewed) does count
    await a.app.db.query(`INSERT INTO uploads_in_flight (user_id, instance_id) VALUES ($1, 'live-instance')`, [
      student.id,
    ]);
    const whileLive = await submitPrint(a.app, student.token, [{ name: 'e.pdf', content: pdf }], {
      printerId: PRINTER,
    });
    expect(whileLive.statusCode).toBe(429);
    await a.app.db.query('DELETE FROM uploads_in_flight WHERE user_id = $1', [student.id]);
  });

  it('one refresh token sent to both instances at once gives one new pair, the other is refused', async () => {
    for (let round = 0; round < 5; round += 1) {
      const signedIn = body<LoginData>(await login(a.app, DEMO_ACCOUNTS.student)).data;
      const refresh = (app: FastifyInstance) =>
        app.inject({
          method: 'POST',
          url: '/v1/user/refresh-access-token',
          payload: { refreshToken: signedIn.refreshToken },
        });
      const answers = await Promise.all([refresh(a.app), refresh(b.app)]);
      expect(statuses(answers)).toEqual([200, 419]);
      // one token was issued from the old one: the login holds the old token (used) and one new one
      const family = await a.app.db.query<{ used: boolean }>(
        `SELECT used_at IS NOT NULL AS used FROM refresh_tokens
         WHERE family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = $1)`,
        [hashRefreshToken(signedIn.refreshToken)],
      );
      expect(family).toHaveLength(2);
      expect(family.filter((row) => row.used)).toHaveLength(1);
    }
  });

  it('one gateway callback delivered to both instances at the same instant credits once', async () => {
    const student = await newStudent(a.app, 0);
    const { sandbox } = a.app.services.paymentGateways;
    const price = (await a.app.db.one<{ p: number }>('SELECT current_a4_price AS p FROM system_config'))?.p ?? 0;
    for (let round = 0; round < 5; round += 1) {
      const created = await a.app.inject({
        method: 'POST',
        url: '/v1/student/confirm-payment',
        headers: bearer(student.token),
        payload: { money: 3 * price },
      });
      expect(created.statusCode).toBe(200);
      const payment = body<{ payment_id: string; money: number; quantity: number }>(created).data;
      const fields = sandbox.approve(payment.payment_id, payment.money, new Date());
      const url = `/v1/payments/sandbox/ipn?${new URLSearchParams(fields).toString()}`;
      // one address per round: the callbacks' rate limit is not what is shown here
      const ip = `10.40.0.${round + 1}`;
      const answers = await Promise.all(
        [a.app, b.app, a.app, b.app].map((app) => app.inject({ method: 'GET', url, remoteAddress: ip })),
      );
      expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
      const purchases = await a.app.db.query(
        `SELECT delta FROM page_ledger WHERE kind = 'purchase' AND ref_type = 'payment' AND ref_id = $1`,
        [payment.payment_id],
      );
      expect(purchases).toEqual([{ delta: payment.quantity }]);
    }
    const balance = await a.app.db.one<{ balance: number }>('SELECT balance FROM users WHERE id = $1', [student.id]);
    expect(balance?.balance).toBe(5 * 3);
    await expectLedgerInvariant(a.app.db);
  });

  it('a logout on one instance is refused on the other within its poll interval', async () => {
    const signedIn = body<LoginData>(await login(a.app, DEMO_ACCOUNTS.staff)).data;
    const information = () => b.app.inject({ url: '/v1/user/information', headers: bearer(signedIn.accessToken) });
    expect((await information()).statusCode).toBe(200);
    const out = await a.app.inject({
      method: 'POST',
      url: '/v1/user/logout',
      headers: bearer(signedIn.accessToken),
      payload: { refreshToken: signedIn.refreshToken },
    });
    expect(out.statusCode).toBe(200);
    const started = Date.now();
    await eventually(async () => (await information()).statusCode === 401, 10 * POLL_MS + 2_000);
    expect(Date.now() - started).toBeLessThan(10 * POLL_MS + 2_000);
    // and the refresh token is refused on the other instance at once (the database is asked)
    const refreshed = await b.app.inject({
      method: 'POST',
      url: '/v1/user/refresh-access-token',
      payload: { refreshToken: signedIn.refreshToken },
    });
    expect(refreshed.statusCode).toBe(419);
  });
});
