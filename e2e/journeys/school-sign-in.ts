import type { Page } from 'playwright-core';
import { CasTestServer, type CasPerson } from '../../server/test/school-cas-server';
import { OIDC_CLIENT, OidcTestServer } from '../../server/test/school-oidc-server';
import { assert, newPage, screenshot, type Journey, type SuiteService } from '../support/harness';
import { openUserPanel } from '../support/student';

/**
 * The school sign-in as a new student meets it: the portal configured with the school's CAS 3.0 server
 * (ours, server/test/school-cas-server.ts) and its OpenID Connect server (oidc-provider 9, in this
 * process), both on loopback; the login page's school buttons, the school's own pages filled in
 * Chromium, and back to /Home with the name the school told. The same test servers as the jest tests.
 */

const CAS_LABEL = 'Tài khoản trường (CAS)';
const OIDC_LABEL = 'Tài khoản trường (OpenID Connect)';
const SCHOOL_DOMAIN = 'hcmut.edu.vn';

/** Students the school knows and the portal does not yet: each journey signs in a new one. */
const CAS_STUDENT = {
  username: '2213579',
  password: 'Truong@2026',
  person: {
    user: '2213579',
    attributes: { mail: 'Minh.Nguyen@hcmut.edu.vn', givenName: 'Minh', sn: 'Nguyễn Văn', mssv: '2213579' },
  } satisfies CasPerson,
  email: 'minh.nguyen@hcmut.edu.vn',
  fullName: 'Nguyễn Văn Minh',
};
const OIDC_STUDENT = {
  login: 'binh.tran',
  claims: {
    email: 'Binh.Tran@hcmut.edu.vn',
    email_verified: true,
    given_name: 'Bình',
    family_name: 'Trần Thanh',
    preferred_username: '2219999',
  },
  email: 'binh.tran@hcmut.edu.vn',
  mssv: '2219999',
  fullName: 'Trần Thanh Bình',
};
/** Someone the school's CAS signs in whose e-mail is not the school's: the portal refuses them. */
const OUTSIDER = {
  username: 'khach',
  password: 'Khach@2026',
  person: { user: 'khach', attributes: { mail: 'khach@gmail.com', givenName: 'Khách', sn: 'Lê' } } satisfies CasPerson,
};

/** Navigations through the school's pages, generous on a busy machine; never a fixed sleep. */
const TRIP_MS = 60_000;

let school: { cas: CasTestServer; oidc: OidcTestServer } | null = null;

/** The school's servers, started before the portal, which gets their addresses (CAS_URL, OIDC_ISSUER). */
export async function startSchoolSignInService(): Promise<SuiteService> {
  const cas = await new CasTestServer().start();
  const oidc = await new OidcTestServer().start().catch(async (error: unknown) => {
    await cas.close();
    throw error;
  });
  cas.accounts.set(CAS_STUDENT.username, { password: CAS_STUDENT.password, person: CAS_STUDENT.person });
  cas.accounts.set(OUTSIDER.username, { password: OUTSIDER.password, person: OUTSIDER.person });
  oidc.accounts.set(OIDC_STUDENT.login, OIDC_STUDENT.claims);
  school = { cas, oidc };
  return {
    env(portalUrl) {
      // the client's callback and landing page are the portal's, known once its port is chosen
      oidc.portalUrl = portalUrl;
      return {
        PUBLIC_URL: portalUrl,
        CAS_URL: cas.url,
        CAS_VALIDATE_PATH: '/p3/serviceValidate',
        CAS_LABEL,
        OIDC_ISSUER: oidc.issuer,
        OIDC_CLIENT_ID: OIDC_CLIENT.id,
        OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
        OIDC_LABEL,
        SSO_EMAIL_DOMAINS: SCHOOL_DOMAIN,
      };
    },
    async stop() {
      school = null;
      await Promise.all([cas.close(), oidc.close()]);
    },
  };
}

function running() {
  assert(school, 'the school sign-in servers are not running');
  return school;
}

/**
 * A page for a school trip. oidc-provider's development pages @import a web font: offline, that request
 * is refused at once rather than left to the network.
 */
async function schoolTripPage(ctx: Parameters<Journey['run']>[0]) {
  const opened = await newPage(ctx);
  await opened.page.context().route(/^https:\/\/fonts\.(googleapis|gstatic)\.com\//, (route) => route.abort());
  return opened;
}

/** /Login, then its school button (a link the server sends on to the school's page). */
async function clickSchoolButton(page: Page, portalUrl: string, label: string, schoolUrl: string): Promise<void> {
  if (!/#\/Login/.test(page.url())) await page.goto(`${portalUrl}/#/Login`);
  const button = page.getByRole('link', { name: label, exact: true });
  await button.waitFor();
  await button.click();
  await page.waitForURL((url) => url.href.startsWith(schoolUrl), { timeout: TRIP_MS });
}

/** The CAS server's login page, filled and sent as a person does. */
async function fillCasLogin(page: Page, username: string, password: string, shot?: string): Promise<void> {
  await page.getByRole('heading', { name: 'Đăng nhập CAS của trường' }).waitFor();
  await page.getByLabel('Tên tài khoản').fill(username);
  await page.getByLabel('Mật khẩu').fill(password);
  if (shot) await screenshot(page, shot);
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
}

/** oidc-provider's development login form (any password), then its consent page. */
async function fillOidcLogin(page: Page, login: string, shot?: string): Promise<void> {
  const loginField = page.getByPlaceholder('Enter any login');
  await loginField.waitFor();
  await loginField.fill(login);
  await page.getByPlaceholder('and password').fill('mat-khau-bat-ky');
  if (shot) await screenshot(page, shot);
  await page.getByRole('button', { name: 'Sign-in' }).click();
  // a first sign-in to this portal: the school asks to share the e-mail and profile
  await page.getByRole('button', { name: 'Continue' }).click({ timeout: TRIP_MS });
}

/** Back from the school: the login page exchanges the one-time code and goes on to /Home. */
async function landOnHome(page: Page, fullName: string): Promise<void> {
  await page.waitForURL(/#\/Home$/, { timeout: TRIP_MS });
  const name = page.locator('.sp-header .sp-user-name');
  await name.waitFor();
  const shown = (await name.innerText()).trim();
  assert(shown === fullName, `the header shows "${shown}", expected the school's name "${fullName}"`);
}

interface Information {
  email: string;
  firstName: string;
  lastName: string;
  mssv: string | null;
  role: string;
}

/** The signed-in account as the API tells it (the session the login page stored). */
async function signedInAccount(page: Page): Promise<Information> {
  return page.evaluate(async () => {
    const response = await fetch('/v1/user/information', {
      headers: { authorization: `Bearer ${localStorage.getItem('accessToken')}` },
    });
    return ((await response.json()) as { data: Information }).data;
  });
}

/** The user panel shows the student's own code, as for any student. */
async function assertStudentPanel(page: Page, mssv: string, shot: string): Promise<void> {
  const panel = await openUserPanel(page);
  const text = await panel.innerText();
  assert(new RegExp(`MSSV\\s*${mssv}`).test(text), `the user panel says: ${text}`);
  await screenshot(page, shot);
}

/**
 * Signs out from the header's user panel: the portal's logout, then the server's page that ends the
 * school's session too. A click during the panel's animation can miss on a loaded machine: tried again
 * while the page has not left /Home. Answers every address the tab was sent to, redirects included.
 */
async function signOutThroughSchool(page: Page): Promise<string[]> {
  const visited: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) visited.push(request.url());
  });
  for (let attempt = 1; ; attempt += 1) {
    await page.evaluate(() => window.scrollTo(0, 0));
    const panel = await openUserPanel(page);
    await panel.getByRole('button', { name: 'Đăng xuất' }).click();
    try {
      await page.waitForURL((url) => !url.hash.startsWith('#/Home'), { timeout: attempt < 3 ? 5_000 : TRIP_MS });
      return visited;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

/** The portal's landing page, reached from the school's logout (`PUBLIC_URL/`). */
async function landOnPortal(page: Page, portalUrl: string): Promise<void> {
  await page.waitForURL(
    (url) => url.origin === new URL(portalUrl).origin && url.pathname === '/' && ['', '#/'].includes(url.hash),
    { timeout: TRIP_MS },
  );
  await page.getByRole('heading', { name: 'Dịch vụ' }).waitFor();
  const tokens = await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')]);
  assert(tokens[0] === null && tokens[1] === null, 'the portal still holds tokens after the logout');
}

/** The login page's red box, once it says `text`; and no `code` or `error` left in the address. */
async function loginPageSays(page: Page, text: string): Promise<void> {
  await page.waitForURL(/#\/Login/, { timeout: TRIP_MS });
  await page.getByRole('alert').filter({ hasText: text }).waitFor();
  await page.waitForURL((url) => !/[?&](code|error)=/.test(url.hash));
}

export const schoolSignInJourneys: Journey[] = [
  {
    name: 'school sign-in (CAS): a new student fills the school login page, lands on /Home with the school name, logout ends the CAS session',
    async run(ctx) {
      const { cas } = running();
      const { page, errors, close } = await schoolTripPage(ctx);
      await page.goto(`${ctx.url}/#/Login`);
      await page.getByRole('link', { name: OIDC_LABEL, exact: true }).waitFor();
      await screenshot(page, 'school-sign-in-buttons');

      await clickSchoolButton(page, ctx.url, CAS_LABEL, `${cas.url}/login?`);
      const casValidations = cas.validations.length;
      await fillCasLogin(page, CAS_STUDENT.username, CAS_STUDENT.password, 'school-sign-in-cas-login');
      await landOnHome(page, CAS_STUDENT.fullName);
      assert(
        cas.validations.slice(casValidations).some((seen) => seen.path === '/cas/p3/serviceValidate'),
        'the portal did not validate the ticket at /p3/serviceValidate',
      );
      const account = await signedInAccount(page);
      assert(
        account.role === 'student' &&
          account.email === CAS_STUDENT.email &&
          account.mssv === CAS_STUDENT.username &&
          account.firstName === 'Minh' &&
          account.lastName === 'Nguyễn Văn',
        `the new account is ${JSON.stringify(account)}`,
      );
      await assertStudentPanel(page, CAS_STUDENT.username, 'school-sign-in-cas-home');

      const visited = await signOutThroughSchool(page);
      await landOnPortal(page, ctx.url);
      assert(
        visited.some((url) => url.startsWith(`${cas.url}/logout?service=`)),
        `the logout did not pass CAS /logout: ${visited.join(' → ')}`,
      );
      // the school's session ended with the portal's: its login page asks again
      await clickSchoolButton(page, ctx.url, CAS_LABEL, `${cas.url}/login?`);
      await page.getByLabel('Mật khẩu').waitFor();
      assert(errors.length === 0, `console errors: ${errors.join(' | ')}`);
      await close();
    },
  },
  {
    name: 'school sign-in (OpenID Connect): a new student signs in and consents at oidc-provider, lands on /Home with the school name, logout ends the OIDC session',
    async run(ctx) {
      const { oidc } = running();
      const { page, errors, close } = await schoolTripPage(ctx);
      await clickSchoolButton(page, ctx.url, OIDC_LABEL, `${oidc.issuer}/interaction/`);
      await fillOidcLogin(page, OIDC_STUDENT.login, 'school-sign-in-oidc-login');
      await landOnHome(page, OIDC_STUDENT.fullName);
      const account = await signedInAccount(page);
      assert(
        account.role === 'student' &&
          account.email === OIDC_STUDENT.email &&
          account.mssv === OIDC_STUDENT.mssv &&
          account.firstName === 'Bình' &&
          account.lastName === 'Trần Thanh',
        `the new account is ${JSON.stringify(account)}`,
      );
      await assertStudentPanel(page, OIDC_STUDENT.mssv, 'school-sign-in-oidc-home');

      await signOutThroughSchool(page);
      // the school's end-session page asks, as oidc-provider does without an id_token_hint
      await page.waitForURL((url) => url.href.startsWith(`${oidc.issuer}/session/end`), { timeout: TRIP_MS });
      await page.getByRole('button', { name: 'Yes, sign me out' }).click();
      await landOnPortal(page, ctx.url);
      // the school's session ended with the portal's: its login form comes again
      await clickSchoolButton(page, ctx.url, OIDC_LABEL, `${oidc.issuer}/interaction/`);
      await page.getByPlaceholder('Enter any login').waitFor();
      assert(errors.length === 0, `console errors: ${errors.join(' | ')}`);
      await close();
    },
  },
  {
    name: 'school sign-in refused: a cancel at the OIDC server and a non-school CAS identity are told on the login page, in the reader language',
    async run(ctx) {
      const { cas, oidc } = running();
      const { page, errors, close } = await schoolTripPage(ctx);

      await clickSchoolButton(page, ctx.url, OIDC_LABEL, `${oidc.issuer}/interaction/`);
      await page.getByRole('link', { name: '[ Cancel ]' }).click();
      await loginPageSays(page, 'Bạn đã hủy đăng nhập bằng tài khoản trường.');

      await clickSchoolButton(page, ctx.url, CAS_LABEL, `${cas.url}/login?`);
      await fillCasLogin(page, OUTSIDER.username, OUTSIDER.password);
      await loginPageSays(page, 'Chỉ tài khoản của trường mới được sử dụng dịch vụ.');
      await screenshot(page, 'school-sign-in-refused');
      const tokens = await page.evaluate(() => localStorage.getItem('accessToken'));
      assert(tokens === null, 'a refused sign-in left an access token');
      // the message is a key: it follows the language selector
      await page.getByLabel('Ngôn ngữ').selectOption('en');
      await page.getByRole('alert').filter({ hasText: 'Only school accounts may use the service.' }).waitFor();
      assert(errors.length === 0, `console errors: ${errors.join(' | ')}`);
      await close();
    },
  },
];
