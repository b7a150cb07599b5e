import { assert, newPage, screenshot, type Journey } from '../support/harness';
import { LoginPage } from '../support/login-page';

/** Runs against a portal whose access tokens live 3 seconds. */
export const tokenJourneys: Journey[] = [
  {
    name: 'an expired access token mid-session is refreshed without the user noticing (socket token-expired; 410 → refresh → replay)',
    async run(ctx) {
      const { page, errors, close } = await newPage(ctx);
      const login = new LoginPage(page, ctx.url);
      await login.open();
      await login.signIn('student@hcmut.edu.vn', 'Demo@12345');
      await page.waitForURL(/#\/Home$/);
      const firstToken = await page.evaluate(() => localStorage.getItem('accessToken'));
      // the open socket is told when its token expires: the portal refreshes at once, nothing else happens
      await page.waitForFunction((first) => localStorage.getItem('accessToken') !== first, firstToken, {
        timeout: 6_000,
      });
      const secondToken = await page.evaluate(() => localStorage.getItem('accessToken'));

      // a request that still carries an expired token (here: the first one put back) answers 410,
      // the client refreshes once and replays it
      const statuses: number[] = [];
      page.on('response', (r) => {
        if (r.url().includes('/v1/user/')) statuses.push(r.status());
      });
      await page.evaluate((first) => localStorage.setItem('accessToken', first ?? ''), firstToken);
      await page.reload();
      // the app's own /Home: index.html already greets the user (the build's first paint), the header's user
      // button comes with the app once the session is checked
      await page.locator('button.sp-user-button').waitFor();
      await page.getByRole('heading', { name: /Xin chào/ }).waitFor();
      assert(statuses.includes(410), `no 410 seen: ${statuses.join(',')}`);
      assert(
        statuses.filter((s) => s === 200).length >= 2,
        `refresh and replay did not both answer 200: ${statuses.join(',')}`,
      );
      const thirdToken = await page.evaluate(() => localStorage.getItem('accessToken'));
      // (the same claims signed within the same second as the socket's refresh give the same token)
      assert(thirdToken && thirdToken !== firstToken, 'the expired access token was not replaced');
      assert(secondToken !== firstToken, 'the socket refresh did not replace the token');
      assert(page.url().endsWith('#/Home'), `left the page: ${page.url()}`);
      await page.locator('nav.sp-sider a.sp-menu-item', { hasText: 'Lịch sử' }).click();
      await page.getByRole('heading', { name: 'LỊCH SỬ HOẠT ĐỘNG' }).waitFor();
      assert(errors.length === 0, `console errors: ${errors.join(' | ')}`);
      await close();
    },
  },
  {
    name: 'a refresh answered 419 clears both tokens and goes to /Login',
    async run(ctx) {
      const { page, close } = await newPage(ctx);
      const login = new LoginPage(page, ctx.url);
      await login.open();
      await login.signIn('staff@hcmut.edu.vn', 'Demo@12345');
      await page.waitForURL(/#\/Home$/);
      await page.evaluate(() => localStorage.setItem('refreshToken', 'revoked-or-unknown'));
      await page.waitForTimeout(4_000);
      await page.reload();
      await page.waitForURL(/#\/Login$/);
      const tokens = await page.evaluate(() => [
        localStorage.getItem('accessToken'),
        localStorage.getItem('refreshToken'),
      ]);
      assert(tokens[0] === null && tokens[1] === null, 'tokens kept after 419');
      await screenshot(page, 'after-419');
      await close();
    },
  },
];

/** Runs against a portal whose student remote points nowhere. */
export const remoteFailureJourneys: Journey[] = [
  {
    name: 'a remote that cannot load shows a readable error panel with a retry inside the layout',
    async run(ctx) {
      const { page, close } = await newPage(ctx);
      const login = new LoginPage(page, ctx.url);
      await login.open();
      await login.signIn('student@hcmut.edu.vn', 'Demo@12345');
      await page.waitForURL(/#\/Home$/);
      await page.goto(`${ctx.url}/#/Printing`);
      await page.getByText('Không tải được chức năng').waitFor({ timeout: 30_000 });
      assert(await page.getByRole('button', { name: 'Thử lại' }).isVisible(), 'no retry button');
      assert(await page.locator('header.sp-header').isVisible(), 'the layout is gone');
      await screenshot(page, 'remote-error-panel');
      await close();
    },
  },
];
