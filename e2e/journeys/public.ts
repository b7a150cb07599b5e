import { assert, newPage, screenshot, type Journey } from '../support/harness';
import { LoginPage } from '../support/login-page';
import { signInStudent } from '../support/student';

export const publicJourneys: Journey[] = [
  {
    name: 'landing page: sections, clears tokens, login button goes to /Login after 0.5 s',
    async run(ctx) {
      const { page, errors, close } = await newPage(ctx);
      await page.goto(`${ctx.url}/#/`);
      await page.evaluate(() => {
        localStorage.setItem('accessToken', 'x');
        localStorage.setItem('refreshToken', 'y');
      });
      await page.reload();
      await page.getByRole('heading', { name: 'Dịch vụ' }).waitFor();
      // The page's head names the chunks every page runs before its first render (PreloadStartPlugin): each is
      // one the app then runs (a wrong one would be fetched for nothing).
      // Run chunks are read from webpack's chunk list of the shell (each pushes its ids there when it runs).
      await page.waitForLoadState('networkidle');
      const { preloaded, ran } = await page.evaluate(() => ({
        // main.js is preloaded too, and run by the first paint's script (shell/src/first-paint/pick.ts, startApp)
        preloaded: [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]')]
          .map((l) => new URL(l.href).pathname)
          .filter((pathname) => pathname !== '/main.js')
          .map((pathname) => pathname.replace(/^\/([^.]+)\..*$/, '$1')),
        ran: (((window as unknown as Record<string, unknown>).webpackChunkshell ?? []) as [unknown[]][]).flatMap(
          ([ids]) => ids.map(String),
        ),
      }));
      assert(preloaded.length >= 8, `only ${preloaded.length} chunks preloaded: ${preloaded.join(', ')}`);
      const unused = preloaded.filter((id) => !ran.includes(id));
      assert(unused.length === 0, `preloaded but never run: ${unused.join(', ')} (ran ${ran.join(', ')})`);
      for (const text of [
        'Tùy chọn in linh hoạt',
        'Xem lịch sử in',
        'Thanh toán tiện lợi',
        'Bảo mật',
        'Hiệu năng',
        'Tương thích',
        'Dễ sử dụng',
        'Ủng hộ nhà trường',
        'Bảo mật thông tin',
        'Tiết kiệm thời gian',
      ]) {
        assert(await page.getByRole('heading', { name: text, exact: true }).isVisible(), `landing lacks "${text}"`);
      }
      const tokens = await page.evaluate(() => [
        localStorage.getItem('accessToken'),
        localStorage.getItem('refreshToken'),
      ]);
      assert(tokens[0] === null && tokens[1] === null, 'landing did not clear the tokens');
      await screenshot(page, 'landing');
      const clicked = Date.now();
      await page.getByRole('button', { name: 'Đăng nhập' }).click();
      await page.waitForURL(/#\/Login$/);
      const waited = Date.now() - clicked;
      assert(waited >= 450, `went to /Login after ${waited} ms, not 0.5 s`);
      assert(errors.length === 0, `console errors: ${errors.join(' | ')}`);
      await close();
    },
  },
  {
    name: 'login: required messages, Xóa, server message, language switch remembered',
    async run(ctx) {
      const { page, errors, close } = await newPage(ctx);
      const login = new LoginPage(page, ctx.url);
      await login.open();
      await page.getByRole('button', { name: 'Đăng nhập' }).click();
      const box = login.errorBox();
      await box.waitFor();
      const text = await box.innerText();
      assert(
        text.includes('Tên tài khoản là bắt buộc') && text.includes('Mật khẩu là bắt buộc'),
        `red box says: ${text}`,
      );
      await page.getByLabel('Tên tài khoản').fill('someone@hcmut.edu.vn');
      await page.getByRole('button', { name: 'Xóa' }).click();
      assert((await page.getByLabel('Tên tài khoản').inputValue()) === '', 'Xóa did not clear the form');
      assert((await box.count()) === 0, 'Xóa did not clear the error');
      await login.signIn('student@hcmut.edu.vn', 'wrong-password');
      await box.waitFor();
      const serverMessage = await box.innerText();
      assert(/không chính xác/i.test(serverMessage), `server message not shown: ${serverMessage}`);
      await screenshot(page, 'login-error');
      await page.getByLabel('Ngôn ngữ').selectOption('en');
      await page.getByRole('button', { name: 'Log in' }).waitFor();
      await page.reload();
      await page.getByRole('button', { name: 'Log in' }).waitFor();
      assert(await page.getByLabel('Account name').isVisible(), 'English not remembered after reload');
      await screenshot(page, 'login-english');
      await page.getByLabel('Language').selectOption('vi');
      await page.getByRole('button', { name: 'Đăng nhập' }).waitFor();
      assert(errors.length === 0, `console errors: ${errors.join(' | ')}`);
      await close();
    },
  },
  {
    name: 'first paint: landing, login and /Home are drawn before any script runs, then the app takes over',
    async run(ctx) {
      // no bundle at all: what the browser paints from index.html alone
      const { page, close } = await newPage(ctx);
      await page.route(/\/main\.js$/, (route) => route.abort());
      const drawnOnly = async (hash: string) => {
        await page.goto('about:blank');
        await page.goto(`${ctx.url}/${hash}`);
        return page.evaluate(() => ({
          shown: [...document.querySelectorAll<HTMLElement>('.sp-first-paint')]
            .filter((element) => element.offsetHeight > 0)
            .map((element) => element.dataset.page),
          spinner: getComputedStyle(document.querySelector('.sp-first-paint-wait') as Element, '::before').content,
        }));
      };
      const landing = await drawnOnly('#/');
      assert(landing.shown.join() === 'landing' && landing.spinner === 'none', `landing: ${JSON.stringify(landing)}`);
      assert(
        await page.locator('.sp-first-paint[data-page="landing"]').getByText('Tùy chọn in linh hoạt').isVisible(),
        'the drawn landing lacks its services',
      );
      const login = await drawnOnly('#/Login?next=%2FPrinting');
      assert(login.shown.join() === 'login' && login.spinner === 'none', `login: ${JSON.stringify(login)}`);
      assert(await page.getByText('Dịch vụ xác thực tập trung').isVisible(), 'the drawn login lacks its title');
      // drawn, not usable: nothing typed there is lost when the app replaces it
      const refused = await page
        .locator('#login-email')
        .fill('student@hcmut.edu.vn', { timeout: 500 })
        .then(() => false)
        .catch(() => true);
      assert(refused, 'the drawn login form took typing before the app was there');
      for (const hash of ['#/Home', '#/Login?code=x']) {
        const other = await drawnOnly(hash);
        assert(other.shown.length === 0 && other.spinner !== 'none', `${hash}: ${JSON.stringify(other)}`);
      }
      await page.evaluate(() => localStorage.setItem('lang', 'en'));
      const english = await drawnOnly('#/');
      assert(english.shown.length === 0 && english.spinner !== 'none', `English: ${JSON.stringify(english)}`);
      await close();

      // with the bundles: the app replaces the drawn page with its own, once
      const live = await newPage(ctx);
      await live.page.goto(`${ctx.url}/#/Login`);
      await live.page.getByLabel('Tên tài khoản').fill('student@hcmut.edu.vn');
      const after = await live.page.evaluate(() => ({
        drawn: document.querySelectorAll('.sp-first-paint').length,
        forms: document.querySelectorAll('form.sp-login-form').length,
        typed: (document.getElementById('login-email') as HTMLInputElement).value,
      }));
      assert(
        after.drawn === 0 && after.forms === 1 && after.typed === 'student@hcmut.edu.vn',
        `after the app rendered: ${JSON.stringify(after)}`,
      );
      assert(live.errors.length === 0, `console errors: ${live.errors.join(' | ')}`);
      await live.close();

      // /Home, signed in: the layout and the sections drawn, the heading greeting the user by the name kept
      const home = await newPage(ctx);
      await signInStudent(home.page, ctx.url);
      const greeting = await home.page.getByRole('heading', { level: 1, name: /^Xin chào, / }).innerText();
      await home.page.route(/\/main\.js$/, (route) => route.abort());
      await home.page.reload();
      const drawnHome = await home.page.evaluate(() => ({
        shown: [...document.querySelectorAll<HTMLElement>('.sp-first-paint')]
          .filter((element) => element.offsetHeight > 0)
          .map((element) => element.dataset.page),
        heading: document.querySelector('.sp-first-paint[data-page="home"] h1')?.textContent,
        sections: document.querySelectorAll('.sp-first-paint[data-page="home"] .sp-card').length,
      }));
      assert(
        drawnHome.shown.join() === 'home' && drawnHome.heading === greeting && drawnHome.sections === 10,
        `drawn /Home: ${JSON.stringify(drawnHome)}, the app greeted "${greeting}"`,
      );
      // the app takes over: one page, the same greeting, no drawn page left
      await home.page.unroute(/\/main\.js$/);
      await home.page.reload();
      // the header's user button, drawn by the app alone (the drawn frame knows no user)
      await home.page.getByRole('button', { name: greeting.slice('Xin chào, '.length, -1), exact: true }).waitFor();
      const afterHome = await home.page.evaluate(() => ({
        drawn: document.querySelectorAll('.sp-first-paint').length,
        banners: document.querySelectorAll('.sp-banner').length,
        heading: document.querySelector('.sp-banner h1')?.textContent,
      }));
      assert(
        afterHome.drawn === 0 && afterHome.banners === 1 && afterHome.heading === greeting,
        `after the app rendered /Home: ${JSON.stringify(afterHome)}`,
      );
      assert(home.errors.length === 0, `console errors: ${home.errors.join(' | ')}`);
      await home.close();
    },
  },
  {
    name: 'test page: the button opens a modal',
    async run(ctx) {
      const { page, close } = await newPage(ctx);
      await page.goto(`${ctx.url}/#/Test`);
      await page.getByRole('button', { name: 'Mở hộp thoại' }).click();
      await page.getByRole('dialog').waitFor();
      assert(await page.getByText('Đây là hộp thoại của trang thử nghiệm.').isVisible(), 'modal text missing');
      await close();
    },
  },
  {
    name: 'a signed-in page without a token goes to /Login, which keeps the page asked for (not /Home)',
    async run(ctx) {
      const { page, close } = await newPage(ctx);
      for (const route of ['Home', 'Printing', 'ManageSpso', 'Config']) {
        await page.goto(`${ctx.url}/#/${route}`);
        await page.waitForURL(route === 'Home' ? /#\/Login$/ : new RegExp(`#/Login\\?next=%2F${route}$`));
      }
      await close();
    },
  },
];
