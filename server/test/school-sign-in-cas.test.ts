import { DEMO_ACCOUNTS } from '../src/db/seed';
import { bearer, body, createTestApp, login, type LoginData, type TestApp } from './helpers';
import { CasTestServer, type CasPerson } from './school-cas-server';
import { loginPageParams, PORTAL, TestBrowser } from './school-browser';

/**
 * CAS sign-in through the portal against our CAS 3.0 test server: the browser's trip (our /login, the
 * school's /login, our callback, the one-time code), what each protocol answer becomes on the login
 * page, how an identity finds its account, and the passwords a university turned off for students.
 */

const SERVICE = `${PORTAL}/v1/auth/cas/callback`;

const person = (user: string, attributes: CasPerson['attributes']): CasPerson => ({ user, attributes });

describe('CAS sign-in', () => {
  const cas = new CasTestServer();
  let t: TestApp;

  beforeAll(async () => {
    await cas.start();
    t = await createTestApp({
      config: {
        publicUrl: PORTAL,
        sso: {
          cas: {
            url: cas.url,
            validatePath: '/p3/serviceValidate',
            attributes: {
              email: ['email', 'mail'],
              givenName: ['givenName'],
              familyName: ['sn'],
              studentCode: ['mssv'],
            },
            label: null,
          },
          oidc: null,
          emailDomains: ['hcmut.edu.vn'],
          // this university turned passwords off for students
          passwordLoginRoles: ['staff', 'spso'],
          timeoutMs: 400,
          schoolLogout: true,
        },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await cas.close();
  });
  beforeEach(() => {
    cas.mode = 'normal';
    cas.validations.length = 0;
  });

  /** The whole trip for whoever the CAS server signs in: the login page's code or error. */
  async function signIn(who: CasPerson) {
    cas.signInAs(who);
    const browser = new TestBrowser(t.app);
    const end = await browser.follow(`${PORTAL}/v1/auth/cas/login`);
    expect(end.status).toBe(302);
    return { ...loginPageParams(end.location), browser };
  }

  async function tokensFor(code: string | null): Promise<LoginData> {
    const response = await t.app.inject({ method: 'POST', url: '/v1/auth/exchange', payload: { code } });
    expect(response.statusCode).toBe(200);
    return body<LoginData>(response).data;
  }

  const information = async (accessToken: string) =>
    body<Record<string, unknown>>(
      await t.app.inject({ method: 'GET', url: '/v1/user/information', headers: bearer(accessToken) }),
    ).data;

  it('lists itself with the default label in the reader language', async () => {
    const vi = await t.app.inject({ method: 'GET', url: '/v1/auth/providers' });
    expect(body(vi).data).toEqual([
      { id: 'cas', label: 'Đăng nhập bằng tài khoản trường', loginUrl: `${PORTAL}/v1/auth/cas/login` },
    ]);
    const en = await t.app.inject({ method: 'GET', url: '/v1/auth/providers', headers: { 'accept-language': 'en' } });
    expect(body<{ label: string }[]>(en).data[0]?.label).toBe('Sign in with your school account');
  });

  it('sends the browser to CAS /login with our callback as the service, and validates with exactly it', async () => {
    cas.signInAs(person('an', { email: DEMO_ACCOUNTS.student }));
    const browser = new TestBrowser(t.app);
    const start = await browser.request('GET', `${PORTAL}/v1/auth/cas/login`);
    expect(start.location).toBe(`${cas.url}/login?service=${encodeURIComponent(SERVICE)}`);
    const end = await browser.follow(start.location ?? '');
    expect(loginPageParams(end.location).code).toEqual(expect.any(String));
    expect(cas.validations).toEqual([
      { path: '/cas/p3/serviceValidate', service: SERVICE, ticket: expect.stringMatching(/^ST-/) as unknown },
    ]);
  });

  it('a new student from the school domain: the attributes make the account, the code the token pair', async () => {
    const { code, error } = await signIn(
      person('2212345', { mail: 'Cuong.Le@hcmut.edu.vn', givenName: 'Cường', sn: 'Lê Quốc', mssv: '2212345' }),
    );
    expect(error).toBeNull();
    const tokens = await tokensFor(code);
    // the pair of a password login, and the way in (the portal's logout ends the CAS session too)
    expect(Object.keys(tokens).sort()).toEqual(['accessToken', 'provider', 'refreshToken', 'role']);
    expect(tokens).toMatchObject({ role: 'student', provider: 'cas' });
    expect(await information(tokens.accessToken)).toMatchObject({
      email: 'cuong.le@hcmut.edu.vn',
      firstName: 'Cường',
      lastName: 'Lê Quốc',
      mssv: '2212345',
    });
    const row = await t.app.db.one<{ auth_source: string }>('SELECT auth_source FROM users WHERE mssv = $1', [
      '2212345',
    ]);
    expect(row?.auth_source).toBe('cas');
    // an account made by the school sign-in has no password: a password login finds nothing to match
    expect((await login(t.app, 'cuong.le@hcmut.edu.vn', '')).statusCode).toBe(400);
    expect((await login(t.app, 'cuong.le@hcmut.edu.vn', 'anything')).statusCode).toBe(401);
  });

  it('an existing account is found by its student code when the e-mail is another', async () => {
    const { code } = await signIn(person('an', { mail: 'an.personal@gmail.com', mssv: '2110001' }));
    const tokens = await tokensFor(code);
    expect(await information(tokens.accessToken)).toMatchObject({ email: DEMO_ACCOUNTS.student, mssv: '2110001' });
  });

  it('an e-mail and a student code of two different accounts: refused, no guess', async () => {
    const { code, error } = await signIn(person('mix', { mail: DEMO_ACCOUNTS.staff, mssv: '2110001' }));
    expect({ code, error }).toEqual({ code: null, error: 'failed' });
  });

  it("a staff identity with a student's attributes stays staff (roles are ours only)", async () => {
    const { code } = await signIn(
      person('ngoc', {
        email: 'Staff@HCMUT.edu.vn',
        mssv: '2299999',
        eduPersonAffiliation: 'student',
        role: 'student',
      }),
    );
    const tokens = await tokensFor(code);
    expect(tokens.role).toBe('staff');
    expect(await information(tokens.accessToken)).toMatchObject({ role: 'staff', mssv: 'NV001' });
  });

  it("a code of a staff or officer account finds nobody: an officer's account is never reached by a code alone", async () => {
    for (const mssv of ['QT001', 'NV001']) {
      const { code, error } = await signIn(person('mallory', { mail: 'mallory@hcmut.edu.vn', mssv }));
      expect({ code, error }).toEqual({ code: null, error: 'failed' });
    }
    expect(await t.app.db.query(`SELECT 1 FROM users WHERE email = 'mallory@hcmut.edu.vn'`)).toEqual([]);
  });

  it('an unknown identity from another domain is refused with "not-school"', async () => {
    expect(await signIn(person('x', { mail: 'someone@hcmut.edu.vn.evil.com', mssv: '9999999' }))).toMatchObject({
      code: null,
      error: 'not-school',
    });
    expect(await t.app.db.query(`SELECT 1 FROM users WHERE mssv = '9999999'`)).toEqual([]);
  });

  it('a disabled account is refused with "disabled", and its code too if it was disabled in between', async () => {
    await t.app.db.query(
      `INSERT INTO users (email, password_hash, role, mssv) VALUES ('tam.disabled@hcmut.edu.vn', '', 'student', '2288888')`,
    );
    const first = await signIn(person('tam', { mail: 'tam.disabled@hcmut.edu.vn' }));
    expect(first.code).toEqual(expect.any(String));
    await t.app.db.query(`UPDATE users SET is_active = false WHERE mssv = '2288888'`);
    const late = await t.app.inject({ method: 'POST', url: '/v1/auth/exchange', payload: { code: first.code } });
    expect(late.statusCode).toBe(403);
    expect(body(late).message).toBe('Tài khoản đã bị vô hiệu hóa');
    expect(await signIn(person('tam', { mail: 'tam.disabled@hcmut.edu.vn' }))).toMatchObject({
      code: null,
      error: 'disabled',
    });
  });

  describe('each answer of the CAS server, as the login page sees it', () => {
    /** Our /login and the school's, then our callback with `ticket` (the school's own, or another). */
    async function callbackWith(ticket?: (issued: string) => string) {
      cas.signInAs(person('an', { mail: DEMO_ACCOUNTS.student }));
      const browser = new TestBrowser(t.app);
      const toSchool = await browser.request('GET', `${PORTAL}/v1/auth/cas/login`);
      const back = await browser.request('GET', toSchool.location ?? '');
      const issued = new URL(back.location ?? '').searchParams.get('ticket') ?? '';
      const url = ticket ? `${SERVICE}?ticket=${encodeURIComponent(ticket(issued))}` : (back.location ?? '');
      const end = await browser.request('GET', url);
      expect(end.status).toBe(302);
      return loginPageParams(end.location);
    }

    it('success: a code', async () => {
      expect((await callbackWith()).code).toEqual(expect.any(String));
    });

    it('INVALID_TICKET (a forged ticket): "failed"', async () => {
      expect(await callbackWith(() => 'ST-forged')).toEqual({ code: null, error: 'failed' });
    });

    it('INVALID_SERVICE (a ticket issued for another service): "failed"', async () => {
      const elsewhere = cas.issueTicket('http://elsewhere.test/cas/callback');
      expect(await callbackWith(() => elsewhere)).toEqual({ code: null, error: 'failed' });
      expect(cas.validations.at(-1)?.service).toBe(SERVICE);
    });

    it('malformed XML: "failed"', async () => {
      cas.mode = 'malformed';
      expect(await callbackWith()).toEqual({ code: null, error: 'failed' });
    });

    it('no answer in time: "unavailable", after the configured timeout', async () => {
      cas.mode = 'hang';
      const started = Date.now();
      expect(await callbackWith()).toEqual({ code: null, error: 'unavailable' });
      expect(Date.now() - started).toBeLessThan(5_000);
    });

    it('no ticket at all: "failed"', async () => {
      expect(await callbackWith(() => '')).toEqual({ code: null, error: 'failed' });
    });
  });

  it('the callback works once per sign-in and only in the browser that started it ("expired")', async () => {
    cas.signInAs(person('an', { mail: DEMO_ACCOUNTS.student }));
    const browser = new TestBrowser(t.app);
    const toSchool = await browser.request('GET', `${PORTAL}/v1/auth/cas/login`);
    const back = await browser.request('GET', toSchool.location ?? '');
    const handle = browser.cookie(PORTAL, 'sp_signin_cas');
    const elsewhere = await t.app.inject({ method: 'GET', url: (back.location ?? '').slice(PORTAL.length) });
    expect(elsewhere.headers.location).toBe(`${PORTAL}/#/Login?error=expired`);
    // login CSRF: the ticket was never validated for a browser without the sign-in's cookie
    expect(cas.validations).toEqual([]);
    const own = await browser.request('GET', back.location ?? '');
    expect(loginPageParams(own.location).code).toEqual(expect.any(String));
    // the cookie is cleared and the sign-in used up: the same callback again is refused
    expect(String(own.location)).not.toContain('ticket');
    const again = await t.app.inject({
      method: 'GET',
      url: (back.location ?? '').slice(PORTAL.length),
      headers: { cookie: `sp_signin_cas=${handle}` },
    });
    expect(again.headers.location).toBe(`${PORTAL}/#/Login?error=expired`);
  });

  it('no open redirect: whatever the query says, every redirect goes to the configured addresses', async () => {
    for (const url of [
      '/v1/auth/cas/login?service=https://evil.test/&redirect=https://evil.test/',
      '/v1/auth/cas/callback?ticket=ST-1&service=https://evil.test/&next=//evil.test',
      '/v1/auth/cas/callback?ticket=a&ticket=b',
      '/v1/auth/logout?provider=cas&service=https://evil.test/',
      '/v1/auth/logout?provider=https://evil.test/',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(302);
      const location = String(response.headers.location);
      expect(location.startsWith(`${PORTAL}/`) || location.startsWith(`${cas.url}/`)).toBe(true);
      expect(location).not.toContain('evil');
    }
    expect((await t.app.inject({ method: 'GET', url: '/v1/auth/logout?provider=cas' })).headers.location).toBe(
      `${cas.url}/logout?service=${encodeURIComponent(`${PORTAL}/`)}`,
    );
  });

  it("through the school's login page: a wrong password stays there, single sign-on lasts until CAS /logout", async () => {
    // nobody signed in at the school: CAS shows its login page (the browser journeys fill it in Chromium)
    cas.person = null;
    cas.accounts.set('2277777', {
      password: 'Truong@2026',
      person: person('2277777', { mail: 'Dao.Vu@hcmut.edu.vn', givenName: 'Đào', sn: 'Vũ', mssv: '2277777' }),
    });
    const browser = new TestBrowser(t.app);
    const loginPage = await browser.follow(`${PORTAL}/v1/auth/cas/login`);
    expect(loginPage.status).toBe(200);
    expect(loginPage.body).toContain('name="password"');
    const refused = await browser.submitForm(loginPage, { username: '2277777', password: 'wrong' });
    expect(refused.status).toBe(401);
    expect(cas.validations).toEqual([]);
    const signedIn = await browser.submitForm(refused, { username: '2277777', password: 'Truong@2026' });
    const tokens = await tokensFor(loginPageParams(signedIn.location).code);
    expect(await information(tokens.accessToken)).toMatchObject({ email: 'dao.vu@hcmut.edu.vn', mssv: '2277777' });
    // the school remembers the browser: the next sign-in skips its page
    expect(loginPageParams((await browser.follow(`${PORTAL}/v1/auth/cas/login`)).location).code).toEqual(
      expect.any(String),
    );
    // the portal's logout ends the school's session and comes back to the portal
    const logout = await browser.follow(`${PORTAL}/v1/auth/logout?provider=cas`, 'GET', undefined, (location) =>
      location.startsWith(PORTAL),
    );
    expect(logout.location).toBe(`${PORTAL}/`);
    expect((await browser.follow(`${PORTAL}/v1/auth/cas/login`)).body).toContain('name="password"');
  });

  it('OIDC is not configured here: its routes answer 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/auth/oidc/login' });
    expect(response.statusCode).toBe(404);
    expect(body(response).message).toMatch(/chưa được cấu hình/);
  });

  describe('PASSWORD_LOGIN_ROLES=staff,spso', () => {
    it("a student's right password answers 403 PASSWORD_LOGIN_DISABLED, telling to use the school account", async () => {
      const response = await login(t.app, DEMO_ACCOUNTS.student);
      expect(response.statusCode).toBe(403);
      expect(body(response)).toMatchObject({ success: false, code: 'PASSWORD_LOGIN_DISABLED' });
      expect(body(response).message).toMatch(/tài khoản trường/);
    });

    it("a wrong password still answers 401: the role is told only to the account's owner", async () => {
      expect((await login(t.app, DEMO_ACCOUNTS.student, 'wrong', '10.9.0.1')).statusCode).toBe(401);
    });

    it('staff and officers still sign in with their passwords', async () => {
      expect((await login(t.app, DEMO_ACCOUNTS.staff)).statusCode).toBe(200);
      expect((await login(t.app, DEMO_ACCOUNTS.spso)).statusCode).toBe(200);
    });
  });
});
