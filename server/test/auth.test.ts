import { DEMO_ACCOUNTS } from '../src/db/seed';
import {
  bearer,
  body,
  createTestApp,
  login,
  loginAs,
  putSystemConfig,
  sleep,
  VIETNAMESE,
  type LoginData,
  type TestApp,
} from './helpers';

const WRONG = 'Tài khoản hoặc mật khẩu không chính xác';

describe('auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/v1/user/refresh-access-token', payload: { refreshToken } });

  describe('login', () => {
    it.each(['student', 'staff', 'spso'] as const)('signs in the demo %s', async (role) => {
      const response = await login(t.app, DEMO_ACCOUNTS[role]);
      expect(response.statusCode).toBe(200);
      const envelope = body<LoginData>(response);
      expect(envelope.success).toBe(true);
      expect(envelope.data.role).toBe(role);
      expect(envelope.data.accessToken.split('.')).toHaveLength(3);
      expect(envelope.data.refreshToken.length).toBeGreaterThan(30);
    });

    it('accepts the email in any case and with spaces', async () => {
      const response = await login(t.app, '  Student@HCMUT.edu.vn ');
      expect(response.statusCode).toBe(200);
    });

    it('answers the same message for a wrong password and an unknown email', async () => {
      const wrongPassword = await login(t.app, DEMO_ACCOUNTS.student, 'nope', '10.0.0.1');
      const unknownEmail = await login(t.app, 'nobody@hcmut.edu.vn', 'Demo@12345', '10.0.0.1');
      for (const response of [wrongPassword, unknownEmail]) {
        expect(response.statusCode).toBe(401);
        expect(body(response)).toEqual({ success: false, message: WRONG, data: null, code: 'INVALID_CREDENTIALS' });
      }
    });

    it('a pair (account, address) has 3 free failures, then waits that double: 429 with Retry-After, right password included', async () => {
      const email = DEMO_ACCOUNTS.staff;
      const ip = '10.1.0.1';
      for (let i = 0; i < 3; i += 1) expect((await login(t.app, email, `wrong-${i}`, ip)).statusCode).toBe(401);
      const waiting = await login(t.app, email, undefined, ip);
      expect(waiting.statusCode).toBe(429);
      expect(waiting.headers['retry-after']).toBe('1');
      expect(body(waiting).code).toBe('TOO_MANY_REQUESTS');
      expect(body(waiting).message).toMatch(VIETNAMESE);
      await sleep(1_100);
      expect((await login(t.app, email, 'wrong-3', ip)).statusCode).toBe(401);
      const longer = await login(t.app, email, undefined, ip);
      expect(longer.statusCode).toBe(429);
      expect(longer.headers['retry-after']).toBe('2');
      // the failures are in the database: every instance counts them
      const rows = await t.app.db.query('SELECT 1 FROM login_failures WHERE email = $1 AND ip = $2', [email, ip]);
      expect(rows).toHaveLength(4);
    });

    it('wrong passwords from one address never lock the owner out from another', async () => {
      const email = DEMO_ACCOUNTS.student;
      for (let i = 0; i < 8; i += 1) {
        expect([401, 429]).toContain((await login(t.app, email, `guess-${i}`, '10.4.0.66')).statusCode);
      }
      expect((await login(t.app, email, undefined, '10.4.0.7')).statusCode).toBe(200);
    });

    it('an address over 20 failures: each wrong try answers 429, the right password of another account still signs in', async () => {
      const ip = '10.2.0.1';
      for (let i = 0; i < 20; i += 1) {
        expect((await login(t.app, `ghost${i}@hcmut.edu.vn`, 'x', ip)).statusCode).toBe(401);
      }
      // someone else behind the same address signs in
      expect((await login(t.app, DEMO_ACCOUNTS.spso, undefined, ip)).statusCode).toBe(200);
      // a guess from it is refused and counted, and that pair now waits from its first failure
      const guess = await login(t.app, DEMO_ACCOUNTS.staff, 'guess', ip);
      expect(guess.statusCode).toBe(429);
      expect(body(guess).message).toMatch(VIETNAMESE);
      expect((await login(t.app, DEMO_ACCOUNTS.staff, undefined, ip)).statusCode).toBe(429);
      // elsewhere nothing changed
      expect((await login(t.app, DEMO_ACCOUNTS.staff, undefined, '10.2.0.2')).statusCode).toBe(200);
    });

    it('a successful login clears its pair failures, not those of other addresses', async () => {
      const email = DEMO_ACCOUNTS.spso;
      for (let i = 0; i < 2; i += 1) await login(t.app, email, 'bad', '10.3.0.1');
      await login(t.app, email, 'bad', '10.3.0.2');
      expect((await login(t.app, email, undefined, '10.3.0.1')).statusCode).toBe(200);
      const rows = await t.app.db.query<{ ip: string }>('SELECT ip FROM login_failures WHERE email = $1', [email]);
      expect(rows.map((row) => row.ip)).toEqual(['10.3.0.2']);
    });
  });

  describe('information', () => {
    it('gives a student their profile, balance and the A4 price', async () => {
      const { accessToken } = await loginAs(t.app, 'student');
      const response = await t.app.inject({ url: '/v1/user/information', headers: bearer(accessToken) });
      expect(response.statusCode).toBe(200);
      const { data } = body<Record<string, unknown>>(response);
      expect(data).toMatchObject({
        mssv: '2110001',
        firstName: 'An',
        lastName: 'Nguyễn Văn',
        email: 'student@hcmut.edu.vn',
        major: 'Khoa học và Kỹ thuật Máy tính',
        classes: 'MT21KH01',
        currentA4Price: 500,
        role: 'student',
      });
      expect(typeof data._id).toBe('string');
      expect(Number.isInteger(data.balance)).toBe(true);
    });

    it.each([
      ['staff', 'NV001'],
      ['spso', 'QT001'],
    ] as const)('gives %s their staff code and no class', async (role, code) => {
      const { accessToken } = await loginAs(t.app, role);
      const response = await t.app.inject({ url: '/v1/user/information/', headers: bearer(accessToken) });
      expect(response.statusCode).toBe(200);
      const { data } = body<Record<string, unknown>>(response);
      expect(data).toMatchObject({ mssv: code, role, classes: null, major: null, balance: 0, currentA4Price: 500 });
      expect(data.location).toEqual(expect.objectContaining({ facility: expect.any(String) }));
    });

    it('follows a price change in system_config', async () => {
      const { accessToken } = await loginAs(t.app, 'student');
      const spso = (await loginAs(t.app, 'spso')).accessToken;
      const price = async () =>
        body<{ currentA4Price: number }>(
          await t.app.inject({ url: '/v1/user/information', headers: bearer(accessToken) }),
        ).data.currentA4Price;
      expect(await price()).toBe(500);
      // through the officer's route (config-changed drops the kept answers at once); a change made
      // elsewhere (another instance, SQL) shows within USER_INFORMATION_TTL_MS
      expect((await putSystemConfig(t.app, spso, { currentA4Price: 700 })).statusCode).toBe(200);
      expect(await price()).toBe(700);
      expect((await putSystemConfig(t.app, spso, { currentA4Price: 500 })).statusCode).toBe(200);
      expect(await price()).toBe(500);
    });

    it('answers 401 without a token and with a bad one', async () => {
      const none = await t.app.inject({ url: '/v1/user/information' });
      expect(none.statusCode).toBe(401);
      expect(body(none).code).toBe('UNAUTHENTICATED');
      const bad = await t.app.inject({ url: '/v1/user/information', headers: bearer('not.a.jwt') });
      expect(bad.statusCode).toBe(401);
      const { accessToken } = await loginAs(t.app, 'student');
      const tampered = `${accessToken.slice(0, -3)}${accessToken.endsWith('A') ? 'B' : 'A'}xx`;
      expect((await t.app.inject({ url: '/v1/user/information', headers: bearer(tampered) })).statusCode).toBe(401);
    });
  });

  describe('refresh tokens', () => {
    it('rotates: a new pair (with the lowercase duplicates) that works', async () => {
      const first = await loginAs(t.app, 'student');
      const response = await refresh(first.refreshToken);
      expect(response.statusCode).toBe(200);
      const { data } = body<Record<string, string>>(response);
      expect(data.refreshToken).not.toBe(first.refreshToken);
      expect(data.accesstoken).toBe(data.accessToken);
      expect(data.refreshtoken).toBe(data.refreshToken);
      expect(data.role).toBe('student');
      const info = await t.app.inject({ url: '/v1/user/information', headers: bearer(data.accessToken ?? '') });
      expect(info.statusCode).toBe(200);
      // and the new refresh token rotates again
      expect((await refresh(data.refreshToken ?? '')).statusCode).toBe(200);
    });

    it('answers 419 for an unknown refresh token', async () => {
      const response = await refresh('definitely-not-a-token');
      expect(response.statusCode).toBe(419);
      expect(body(response)).toMatchObject({ success: false, code: 'REFRESH_TOKEN_INVALID' });
      expect(body(response).message).toMatch(VIETNAMESE);
    });

    it('answers 419 for an expired refresh token', async () => {
      const { refreshToken } = await loginAs(t.app, 'staff');
      await t.app.db.query(
        "UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE used_at IS NULL AND revoked_at IS NULL",
      );
      expect((await refresh(refreshToken)).statusCode).toBe(419);
    });

    it('revokes the whole login when a used token comes back', async () => {
      const first = await loginAs(t.app, 'spso');
      const second = body<LoginData>(await refresh(first.refreshToken)).data;
      const replay = await refresh(first.refreshToken);
      expect(replay.statusCode).toBe(419);
      // the successor is revoked too: whoever holds it must sign in again
      expect((await refresh(second.refreshToken)).statusCode).toBe(419);
      // another login of the same user is not affected
      const other = await loginAs(t.app, 'spso');
      expect((await refresh(other.refreshToken)).statusCode).toBe(200);
    });

    it('serialises two refreshes of one token: one wins, the login is then revoked', async () => {
      const { refreshToken } = await loginAs(t.app, 'student');
      const [a, b] = await Promise.all([refresh(refreshToken), refresh(refreshToken)]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 419]);
    });
  });

  describe('logout', () => {
    it('revokes the refresh token family', async () => {
      const tokens = await loginAs(t.app, 'student');
      const next = body<LoginData>(await refresh(tokens.refreshToken)).data;
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/user/logout',
        headers: bearer(next.accessToken),
        payload: { refreshToken: next.refreshToken },
      });
      expect(response.statusCode).toBe(200);
      expect(body(response)).toMatchObject({ success: true, data: null });
      expect((await refresh(next.refreshToken)).statusCode).toBe(419);
    });

    it("cannot end someone else's login", async () => {
      const student = await loginAs(t.app, 'student');
      const staff = await loginAs(t.app, 'staff');
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/user/logout',
        headers: bearer(staff.accessToken),
        payload: { refreshToken: student.refreshToken },
      });
      expect(response.statusCode).toBe(200);
      expect((await refresh(student.refreshToken)).statusCode).toBe(200);
    });
  });
});

describe('access token expiry', () => {
  let t: TestApp;
  beforeAll(async () => {
    // JWT times are whole seconds: a 1 s token may expire at once; 2 s lives between 1 and 2 s.
    t = await createTestApp({ config: { accessTokenTtlMs: 2_000 }, seed: { generatedStudents: 2, jobs: 10 } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 410 TOKEN_EXPIRED once the access token is past its lifetime, then refresh works', async () => {
    const tokens = await loginAs(t.app, 'student');
    // a first call caches the verified token: the cache must not outlive the expiry
    expect((await t.app.inject({ url: '/v1/user/information', headers: bearer(tokens.accessToken) })).statusCode).toBe(
      200,
    );
    await sleep(2_100);
    const expired = await t.app.inject({ url: '/v1/user/information', headers: bearer(tokens.accessToken) });
    expect(expired.statusCode).toBe(410);
    expect(body(expired)).toMatchObject({ success: false, code: 'TOKEN_EXPIRED', data: null });
    expect(body(expired).message).toMatch(VIETNAMESE);

    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/v1/user/refresh-access-token',
      payload: { refreshToken: tokens.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    const { accessToken } = body<LoginData>(refreshed).data;
    expect((await t.app.inject({ url: '/v1/user/information', headers: bearer(accessToken) })).statusCode).toBe(200);
  });
});
