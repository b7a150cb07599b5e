import { ROLES } from 'shared-api/contracts';
import { DEMO_ACCOUNTS } from '../src/db/seed';
import { bearer, body, createTestApp, type LoginData, type TestApp } from './helpers';
import { loginPageParams, PORTAL, TestBrowser, type Step } from './school-browser';
import { OIDC_CLIENT, OidcTestServer } from './school-oidc-server';

/**
 * OpenID Connect sign-in against oidc-provider 9 (the school's server, in this process): the whole
 * browser trip (our /login, the provider's login form and consent, our callback, the one-time code),
 * then every check that must refuse: state, nonce and PKCE mismatches, a replayed authorization code, a
 * sign-in that took too long, an identity from outside the school, a disabled account; and the rule that
 * roles come from our database only.
 */

const CALLBACK = `${PORTAL}/v1/auth/oidc/callback`;
const atCallback = (location: string) => location.startsWith(CALLBACK);

describe('OpenID Connect sign-in', () => {
  const oidc = new OidcTestServer(PORTAL);
  let t: TestApp;

  beforeAll(async () => {
    await oidc.start();
    t = await createTestApp({
      config: {
        publicUrl: PORTAL,
        sso: {
          cas: null,
          oidc: {
            issuer: oidc.issuer,
            clientId: OIDC_CLIENT.id,
            clientSecret: OIDC_CLIENT.secret,
            studentCodeClaim: 'preferred_username',
            label: null,
          },
          emailDomains: ['hcmut.edu.vn'],
          passwordLoginRoles: [...ROLES],
          timeoutMs: 5_000,
          schoolLogout: true,
        },
      },
    });
    oidc.accounts.set('new-student', {
      email: 'Binh.Tran@HCMUT.edu.vn',
      email_verified: true,
      given_name: 'Bình',
      family_name: 'Trần Thanh',
      preferred_username: '2219999',
    });
    oidc.accounts.set('demo-student', { email: 'STUDENT@hcmut.edu.vn', email_verified: true });
    oidc.accounts.set('outsider', { email: 'someone@gmail.com', email_verified: true, preferred_username: 'x1' });
    // the staff member's school identity says "student" in every way it can: the role stays ours
    oidc.accounts.set('staff-as-student', {
      email: DEMO_ACCOUNTS.staff,
      email_verified: true,
      preferred_username: '2110777',
      role: 'student',
      groups: ['students'],
    });
  });
  afterAll(async () => {
    await t?.close();
    await oidc.close();
  });

  /** Our /login, then the provider's login form and consent, up to the redirect to our callback. */
  async function toCallback(browser: TestBrowser, login: string): Promise<string> {
    const start = await browser.request('GET', `${PORTAL}/v1/auth/oidc/login`);
    expect(start.status).toBe(302);
    expect(start.location?.startsWith(`${oidc.issuer}/auth?`)).toBe(true);
    const loginForm = await browser.follow(start.location ?? '', 'GET', undefined, atCallback);
    expect(loginForm.body).toContain('name="login"');
    const consent = await browser.submitForm(loginForm, { login, password: 'any' }, atCallback);
    const last =
      consent.location && atCallback(consent.location) ? consent : await browser.submitForm(consent, {}, atCallback);
    if (!last.location || !atCallback(last.location))
      throw new Error(`no callback: ${last.status} ${last.body.slice(0, 200)}`);
    return last.location;
  }

  /** Our callback, with the browser's cookie. */
  const callback = (browser: TestBrowser, url: string): Promise<Step> => browser.request('GET', url);

  async function signIn(login: string): Promise<{ code: string | null; error: string | null }> {
    const browser = new TestBrowser(t.app);
    const end = await callback(browser, await toCallback(browser, login));
    expect(end.status).toBe(302);
    return loginPageParams(end.location);
  }

  const exchange = (code: string) => t.app.inject({ method: 'POST', url: '/v1/auth/exchange', payload: { code } });

  async function tokensFor(code: string | null): Promise<LoginData> {
    expect(code).toEqual(expect.any(String));
    const response = await exchange(code ?? '');
    expect(response.statusCode).toBe(200);
    return body<LoginData>(response).data;
  }

  const information = async (accessToken: string) =>
    body<Record<string, unknown>>(
      await t.app.inject({ method: 'GET', url: '/v1/user/information', headers: bearer(accessToken) }),
    ).data;

  it('lists itself: GET /v1/auth/providers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/auth/providers' });
    expect(body(response).data).toEqual([
      { id: 'oidc', label: 'Đăng nhập bằng tài khoản trường', loginUrl: `${PORTAL}/v1/auth/oidc/login` },
    ]);
  });

  it('asks the provider for a code with PKCE (S256), state and nonce, keeping them server side', async () => {
    const browser = new TestBrowser(t.app);
    const start = await browser.request('GET', `${PORTAL}/v1/auth/oidc/login`);
    const url = new URL(start.location ?? '');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: OIDC_CLIENT.id,
      response_type: 'code',
      redirect_uri: CALLBACK,
      code_challenge_method: 'S256',
      scope: 'openid email profile',
    });
    for (const name of ['state', 'nonce', 'code_challenge'])
      expect(url.searchParams.get(name)?.length).toBeGreaterThan(20);
    // the browser holds only a handle (httpOnly, SameSite=Lax, /v1/auth); the verifier never leaves the server
    const setCookie = String((await t.app.inject({ method: 'GET', url: '/v1/auth/oidc/login' })).headers['set-cookie']);
    expect(setCookie).toMatch(/^sp_signin_oidc=[\w-]+; Path=\/v1\/auth; Max-Age=600; HttpOnly; SameSite=Lax$/);
    const handle = browser.cookie(PORTAL, 'sp_signin_oidc') ?? '';
    const rows = await t.app.db.query<{ state: string; code_verifier: string }>(
      'SELECT state, code_verifier FROM auth_requests WHERE state = $1',
      [url.searchParams.get('state')],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_verifier).not.toBe(url.searchParams.get('code_challenge'));
    expect(start.location).not.toContain(rows[0]?.code_verifier ?? 'missing');
    expect(start.location).not.toContain(handle);
  });

  it('a new student from the school domain: account from the claims, a one-time code, the usual token pair', async () => {
    const { code, error } = await signIn('new-student');
    expect(error).toBeNull();
    const tokens = await tokensFor(code);
    expect(tokens).toMatchObject({ role: 'student', provider: 'oidc' });
    expect(await information(tokens.accessToken)).toMatchObject({
      email: 'binh.tran@hcmut.edu.vn',
      firstName: 'Bình',
      lastName: 'Trần Thanh',
      mssv: '2219999',
      role: 'student',
    });
    const row = await t.app.db.one<{ auth_source: string; password_hash: string }>(
      'SELECT auth_source, password_hash FROM users WHERE email = $1',
      ['binh.tran@hcmut.edu.vn'],
    );
    expect(row).toEqual({ auth_source: 'oidc', password_hash: '' });
    // the pair is a password login's: it refreshes and rotates
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/v1/user/refresh-access-token',
      payload: { refreshToken: tokens.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    // a second sign-in finds the same account, creates none
    const again = await tokensFor((await signIn('new-student')).code);
    expect((await information(again.accessToken))._id).toBe((await information(tokens.accessToken))._id);
  });

  it('an existing account is found by e-mail in any case', async () => {
    const tokens = await tokensFor((await signIn('demo-student')).code);
    expect(await information(tokens.accessToken)).toMatchObject({ email: DEMO_ACCOUNTS.student, mssv: '2110001' });
  });

  it("a staff member's identity with a student's attributes signs in as staff: roles come from our database", async () => {
    const tokens = await tokensFor((await signIn('staff-as-student')).code);
    expect(tokens.role).toBe('staff');
    expect(await information(tokens.accessToken)).toMatchObject({
      email: DEMO_ACCOUNTS.staff,
      role: 'staff',
      mssv: 'NV001',
    });
  });

  it('an identity outside the school domains is refused ("not-school") and no account is made', async () => {
    expect(await signIn('outsider')).toEqual({ code: null, error: 'not-school' });
    expect(await t.app.db.query('SELECT 1 FROM users WHERE email = $1', ['someone@gmail.com'])).toEqual([]);
  });

  it('a disabled account is refused ("disabled")', async () => {
    oidc.accounts.set('disabled-student', { email: 'disabled.oidc@hcmut.edu.vn', email_verified: true });
    await t.app.db.query(
      `INSERT INTO users (email, password_hash, role, is_active) VALUES ('disabled.oidc@hcmut.edu.vn', '', 'student', false)`,
    );
    expect(await signIn('disabled-student')).toEqual({ code: null, error: 'disabled' });
  });

  it('an e-mail the provider marks unverified is not used to find or make an account', async () => {
    oidc.accounts.set('unverified', { email: DEMO_ACCOUNTS.spso, email_verified: false });
    expect(await signIn('unverified')).toEqual({ code: null, error: 'failed' });
  });

  it('state mismatch: a callback whose state is not the one sent is refused', async () => {
    const browser = new TestBrowser(t.app);
    const url = new URL(await toCallback(browser, 'demo-student'));
    url.searchParams.set('state', 'forged-state-forged-state-forged');
    expect(loginPageParams((await callback(browser, url.href)).location)).toEqual({ code: null, error: 'failed' });
  });

  it("nonce mismatch: an ID token whose nonce is not this sign-in's is refused", async () => {
    const browser = new TestBrowser(t.app);
    const url = await toCallback(browser, 'demo-student');
    await t.app.db.query('UPDATE auth_requests SET nonce = $1 WHERE state = $2', [
      'another-nonce',
      new URL(url).searchParams.get('state'),
    ]);
    expect(loginPageParams((await callback(browser, url)).location)).toEqual({ code: null, error: 'failed' });
  });

  it('PKCE mismatch: the provider refuses the code for another verifier', async () => {
    const browser = new TestBrowser(t.app);
    const url = await toCallback(browser, 'demo-student');
    await t.app.db.query('UPDATE auth_requests SET code_verifier = $1 WHERE state = $2', [
      'x'.repeat(43),
      new URL(url).searchParams.get('state'),
    ]);
    expect(loginPageParams((await callback(browser, url)).location)).toEqual({ code: null, error: 'failed' });
  });

  it('a callback without the cookie of the browser that started it (another browser) is refused ("expired")', async () => {
    const browser = new TestBrowser(t.app);
    const url = await toCallback(browser, 'demo-student');
    browser.clearCookies(PORTAL);
    expect(loginPageParams((await callback(browser, url)).location)).toEqual({ code: null, error: 'expired' });
  });

  it('replayed code: the same callback twice, and an old authorization code in a new sign-in, are refused', async () => {
    const browser = new TestBrowser(t.app);
    const url = await toCallback(browser, 'demo-student');
    const handle = browser.cookie(PORTAL, 'sp_signin_oidc') ?? '';
    expect(loginPageParams((await callback(browser, url)).location).code).toEqual(expect.any(String));
    // the browser's back button: the sign-in under way was used up
    const replay = await t.app.inject({
      method: 'GET',
      url: url.slice(PORTAL.length),
      headers: { cookie: `sp_signin_oidc=${handle}` },
    });
    expect(loginPageParams(replay.headers.location as string)).toEqual({ code: null, error: 'expired' });
    // an attacker's own new sign-in (its cookie, its state) with the stolen, used code: the provider says no
    const attacker = new TestBrowser(t.app);
    const fresh = new URL(await toCallback(attacker, 'outsider'));
    const stolen = new URL(url);
    stolen.searchParams.set('state', fresh.searchParams.get('state') ?? '');
    expect(loginPageParams((await callback(attacker, stolen.href)).location)).toEqual({ code: null, error: 'failed' });
  });

  it('expired: a sign-in that comes back after 10 minutes is refused', async () => {
    const browser = new TestBrowser(t.app);
    const url = await toCallback(browser, 'demo-student');
    await t.app.db.query(`UPDATE auth_requests SET created_at = now() - interval '11 minutes' WHERE state = $1`, [
      new URL(url).searchParams.get('state'),
    ]);
    expect(loginPageParams((await callback(browser, url)).location)).toEqual({ code: null, error: 'expired' });
  });

  it('the person cancels at the provider ("cancelled"): the error key, never the provider text', async () => {
    const browser = new TestBrowser(t.app);
    const start = await browser.request('GET', `${PORTAL}/v1/auth/oidc/login`);
    const loginForm = await browser.follow(start.location ?? '', 'GET', undefined, atCallback);
    const abort = /href="([^"]*\/abort)"/.exec(loginForm.body)?.[1];
    expect(abort).toBeDefined();
    const back = await browser.follow(new URL(abort ?? '', loginForm.url).href, 'GET', undefined, atCallback);
    expect(back.location).toContain('error=access_denied');
    const end = await callback(browser, back.location ?? '');
    expect(end.location).toBe(`${PORTAL}/#/Login?error=cancelled`);
  });

  it('the one-time code: 401 when used twice, expired or unknown, 400 without one', async () => {
    const { code } = await signIn('demo-student');
    expect((await exchange(code ?? '')).statusCode).toBe(200);
    const twice = await exchange(code ?? '');
    expect(twice.statusCode).toBe(401);
    expect(body(twice)).toMatchObject({ success: false, code: 'SIGN_IN_CODE_INVALID' });
    expect(body(twice).message).toMatch(/Mã đăng nhập/);

    const late = await signIn('demo-student');
    await t.app.db.query(`UPDATE auth_codes SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`);
    expect((await exchange(late.code ?? '')).statusCode).toBe(401);
    expect((await exchange('x'.repeat(43))).statusCode).toBe(401);
    const none = await t.app.inject({ method: 'POST', url: '/v1/auth/exchange', payload: {} });
    expect(none.statusCode).toBe(400);
    // codes are kept hashed: the table never holds one as sent
    expect(await t.app.db.query('SELECT 1 FROM auth_codes WHERE code_hash = $1', [code])).toEqual([]);
  });

  it('logout can end the school session: to the end-session endpoint, back to the portal only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/auth/logout?provider=oidc' });
    const location = new URL(String(response.headers.location));
    expect(location.origin + location.pathname).toBe(`${oidc.issuer}/session/end`);
    expect(location.searchParams.get('post_logout_redirect_uri')).toBe(`${PORTAL}/`);
    expect(location.searchParams.get('client_id')).toBe(OIDC_CLIENT.id);
  });
});

describe('OpenID Connect provider away', () => {
  it('the login redirects to the login page with "unavailable" (no provider text, no 500)', async () => {
    const t = await createTestApp({
      config: {
        publicUrl: PORTAL,
        sso: {
          cas: null,
          oidc: {
            issuer: 'http://127.0.0.1:9',
            clientId: 'c',
            clientSecret: 's',
            studentCodeClaim: 'preferred_username',
            label: null,
          },
          emailDomains: [],
          passwordLoginRoles: [...ROLES],
          timeoutMs: 1_000,
          schoolLogout: true,
        },
      },
    });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/v1/auth/oidc/login' });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`${PORTAL}/#/Login?error=unavailable`);
      // the end-session URL falls back to the portal
      const logout = await t.app.inject({ method: 'GET', url: '/v1/auth/logout?provider=oidc' });
      expect(logout.headers.location).toBe(`${PORTAL}/`);
    } finally {
      await t.close();
    }
  });
});
