// The browser gates of issue 7: axe-core on every route of every role and on the main dialogs, no horizontal
// overflow at 360/768/1280/1920 px, and the login and print flows with the keyboard alone.
import type { Locator, Page } from 'playwright-core';
import { checkAtEveryWidth } from '../support/a11y';
import { assert, newPage, takeCspViolations, type Journey } from '../support/harness';
import { LoginPage } from '../support/login-page';
import { makePdf } from '../support/pdf';
import { closeUserPanel, openUserPanel, STUDENT } from '../support/student';

const PASSWORD = 'Demo@12345';
const PRINTER = 'H6-605';

/**
 * Runs the gates on what the page shows and keeps going: one journey reports every page that fails,
 * not only the first, so a fix round sees the whole list.
 */
class Gate {
  readonly problems: string[] = [];
  constructor(private readonly page: Page) {}

  async check(label: string): Promise<void> {
    try {
      await checkAtEveryWidth(this.page, label);
    } catch (error) {
      this.problems.push((error as Error).message);
    }
  }

  /** Opens a route by its hash, waits for what proves it rendered, and checks it. */
  async route(url: string, route: string, ready: (page: Page) => Locator): Promise<void> {
    await this.page.goto(`${url}/#${route}`);
    await ready(this.page).first().waitFor();
    await this.check(route);
  }

  done(errors: string[] = []): void {
    assert(errors.length === 0, `console errors: ${errors.join(' | ')}`);
    assert(this.problems.length === 0, `${this.problems.length} gate failure(s):\n${this.problems.join('\n')}`);
  }
}

async function signIn(page: Page, url: string, email: string): Promise<void> {
  const login = new LoginPage(page, url);
  await login.open();
  await login.signIn(email, PASSWORD);
  await page.waitForURL(/#\/Home$/);
  await page.locator('.sp-user-button').waitFor();
}

const heading = (name: string) => (page: Page) => page.getByRole('heading', { name, exact: true });

export const a11yJourneys: Journey[] = [
  {
    name: 'a11y gate: the portal CSP refuses an injected inline script and a foreign script, and the gate sees it',
    async run(ctx) {
      const { page, close } = await newPage(ctx);
      await page.goto(`${ctx.url}/#/Login`);
      await page.getByLabel('Tên tài khoản').waitFor();
      const ran = await page.evaluate(async () => {
        const flags = window as unknown as { __inline?: boolean; __foreign?: boolean };
        const script = document.createElement('script');
        script.textContent = 'window.__inline = true';
        document.body.append(script);
        // (eval cannot be tried from here: code run by the DevTools protocol is exempt from the page's CSP;
        // the server test checks the policy has no 'unsafe-eval')
        const foreign = document.createElement('script');
        foreign.src = 'data:text/javascript,window.__foreign%20%3D%20true';
        document.body.append(foreign);
        await new Promise((resolve) => setTimeout(resolve, 200));
        return { inline: flags.__inline === true, foreign: flags.__foreign === true };
      });
      await page.waitForTimeout(200);
      const seen = takeCspViolations();
      assert(!ran.inline, 'an injected inline script ran');
      assert(!ran.foreign, 'a script from a source outside the policy ran');
      assert(
        seen.some((v) => /script-src/.test(v)),
        `the gate saw no violation: ${JSON.stringify(seen)}`,
      );
      await close();
    },
  },
  {
    name: 'a11y gate: public routes and the /Test modal (axe, no overflow at 4 widths)',
    async run(ctx) {
      const { page, errors, close } = await newPage(ctx);
      const gate = new Gate(page);
      await gate.route(ctx.url, '/', heading('Dịch vụ'));
      await gate.route(ctx.url, '/Login', (p) => p.getByLabel('Tên tài khoản'));
      await gate.route(ctx.url, '/Test', (p) => p.getByRole('button', { name: 'Mở hộp thoại' }));
      await page.getByRole('button', { name: 'Mở hộp thoại' }).click();
      await page.getByRole('dialog').waitFor();
      await gate.check('/Test modal');
      await gate.route(ctx.url, '/Support', (p) => p.getByRole('heading').first());
      // The role guides are plain HTML files with inline CSS (the CSP's style-src allows it), outside the router.
      for (const guide of ['huong-dan-sinh-vien', 'huong-dan-nhan-vien', 'huong-dan-quan-ly-spso']) {
        await page.goto(`${ctx.url}/guides/${guide}.html`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await gate.check(`/guides/${guide}.html`);
      }
      // /docs has swagger-ui's own CSP: the viewer must still render under it (a violation fails the journey).
      await page.goto(`${ctx.url}/docs`);
      await page.locator('.swagger-ui .opblock').first().waitFor();
      gate.done(errors);
      await close();
    },
  },
  {
    name: 'a11y gate: student routes and dialogs (axe, no overflow at 4 widths)',
    async run(ctx) {
      const { page, errors, close } = await newPage(ctx);
      const gate = new Gate(page);
      await signIn(page, ctx.url, STUDENT.email);
      await gate.check('/Home (student)');
      await openUserPanel(page);
      await gate.check('student user dropdown');
      await page.getByTestId('user-panel').getByRole('button', { name: 'Biến động số trang' }).click();
      const ledger = page.getByRole('dialog', { name: 'Biến động số trang của bạn' });
      await ledger.waitFor();
      await gate.check('page movements dialog');
      await page.keyboard.press('Escape');
      await ledger.waitFor({ state: 'hidden' });
      await openUserPanel(page);
      await page.getByTestId('user-panel').getByRole('button', { name: 'Mua thêm giấy' }).click();
      const buy = page.getByRole('dialog', { name: 'Mua thêm giấy in A4' });
      await buy.waitFor();
      await gate.check('buy-paper dialog');
      await page.keyboard.press('Escape');
      await buy.waitFor({ state: 'hidden' });
      await closeUserPanel(page);

      await gate.route(ctx.url, '/Printing', heading('CHỌN MÁY IN'));
      await gate.route(ctx.url, `/Printing/${PRINTER}`, heading('CẤU HÌNH IN'));
      const name = `a11y-${Date.now()}.pdf`;
      await page.locator('input[type="file"]').setInputFiles(await makePdf(name, 1));
      await page.getByRole('region', { name, exact: true }).waitFor();
      await gate.check(`/Printing/${PRINTER} with a file`);
      await page.getByRole('button', { name: 'Gửi yêu cầu in' }).click();
      const confirm = page.getByRole('dialog', { name: 'Xác nhận in' });
      await confirm.waitFor();
      await gate.check('print confirm dialog');
      await confirm
        .getByRole('button', { name: /Hủy|Quay lại|Đóng/ })
        .first()
        .click();
      await confirm.waitFor({ state: 'hidden' });

      await gate.route(ctx.url, '/History', heading('LỊCH SỬ HOẠT ĐỘNG'));
      await page.locator('tr.ant-table-row').first().waitFor();
      // On a wide window the table row opens the detail (on a phone its card's title button does).
      await page.locator('tr.ant-table-row').first().locator('td').first().click();
      const detail = page.getByRole('dialog', { name: 'Chi tiết yêu cầu in' });
      await detail.waitFor();
      await gate.check('history detail dialog');
      await page.keyboard.press('Escape');
      await detail.waitFor({ state: 'hidden' });

      await gate.route(ctx.url, '/Bkpay', (p) => p.getByRole('heading', { name: 'THANH TOÁN' }));
      await gate.route(ctx.url, '/Support', heading('HƯỚNG DẪN'));
      gate.done(errors);
      await close();
    },
  },
  {
    name: 'a11y gate: the printer room, /Config and the notices with their dialogs open (axe, no overflow at 4 widths)',
    async run(ctx) {
      const { page, errors, close } = await newPage(ctx);
      const gate = new Gate(page);
      const row = (printerId: string) =>
        page.locator('tr.ant-table-row', { has: page.getByText(printerId, { exact: true }) });
      const inDialog = async (open: () => Promise<void>, name: string, label: string) => {
        await open();
        const dialog = page.getByRole('dialog', { name });
        await dialog.waitFor();
        // the dialog's content (its table, its fields) is drawn
        await page.waitForTimeout(400);
        await gate.check(label);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
      };

      await signIn(page, ctx.url, 'spso@hcmut.edu.vn');
      await gate.route(ctx.url, '/ManageSpso', heading('QUẢN LÝ HỆ THỐNG MÁY IN'));
      await inDialog(
        () => row(PRINTER).getByRole('button', { name: 'Hiện tại' }).click(),
        `Hàng đợi in: ${PRINTER}`,
        'the queue dialog',
      );
      await inDialog(
        () => row(PRINTER).getByRole('button', { name: 'Lịch sử' }).click(),
        `Lịch sử in: ${PRINTER}`,
        'the print-log dialog',
      );
      await inDialog(
        () => page.getByRole('button', { name: 'Thêm máy in' }).click(),
        'Thêm máy in',
        'the add-printer dialog (its select placeholders)',
      );
      // /Config with a date picker open (its month and year buttons)
      await gate.route(ctx.url, '/Config', heading('CẤU HÌNH HỆ THỐNG'));
      await page.locator('.ant-picker input').first().click();
      await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').first().waitFor();
      await gate.check('/Config with its date picker open');
      // closed as a person would (a click beside it) before the next page
      await page.getByRole('heading', { name: 'CẤU HÌNH HỆ THỐNG', exact: true }).click();
      await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').first().waitFor({ state: 'hidden' });
      // a notice not seen yet (tinted, with its link)
      await gate.route(ctx.url, '/Notice', (p) => p.getByText('Mới', { exact: true }));

      // the staff's student history dialog
      await page.context().clearCookies();
      await page.evaluate(() => window.localStorage.clear());
      await signIn(page, ctx.url, 'staff@hcmut.edu.vn');
      await gate.route(ctx.url, '/ManageStaff', heading('QUẢN LÝ HỆ THỐNG MÁY IN'));
      await page.getByRole('button', { name: 'Lịch sử in của sinh viên' }).click();
      const history = page.getByRole('dialog', { name: 'Lịch sử in của sinh viên' });
      await history.waitFor();
      await history.getByLabel('Mã số sinh viên').fill('2110001');
      await history.getByRole('button', { name: 'Tìm kiếm' }).click();
      await history.locator('tr.ant-table-row, .ant-empty').first().waitFor();
      await gate.check("the staff's student history dialog");
      gate.done(errors);
      await close();
    },
  },
  ...(
    [
      [
        'staff',
        'staff@hcmut.edu.vn',
        [
          ['/ManageStaff', 'QUẢN LÝ HỆ THỐNG MÁY IN'],
          ['/NoticeStaff', 'THÔNG BÁO'],
        ],
      ],
      [
        'spso',
        'spso@hcmut.edu.vn',
        [
          ['/ManageSpso', 'QUẢN LÝ HỆ THỐNG MÁY IN'],
          ['/Config', 'CẤU HÌNH HỆ THỐNG'],
          ['/Activities', 'HOẠT ĐỘNG IN ẤN CỦA SINH VIÊN'],
          ['/Accounts', 'QUẢN LÝ TÀI KHOẢN'],
          ['/Report', 'BÁO CÁO HỆ THỐNG'],
          ['/Notice', 'THÔNG BÁO'],
        ],
      ],
    ] as const
  ).map(([role, email, routes]): Journey => ({
    name: `a11y gate: ${role} routes, user dropdown and chat drawer (axe, no overflow at 4 widths)`,
    async run(ctx) {
      const { page, errors, close } = await newPage(ctx);
      const gate = new Gate(page);
      await signIn(page, ctx.url, email);
      await gate.check(`/Home (${role})`);
      await openUserPanel(page);
      await gate.check(`${role} user dropdown`);
      await closeUserPanel(page);
      await page.getByRole('button', { name: 'Tin nhắn' }).click();
      const drawer = page.getByRole('dialog', { name: 'Tin nhắn' });
      await drawer.waitFor();
      await gate.check(`${role} chat drawer`);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
      for (const [route, title] of routes) await gate.route(ctx.url, route, heading(title));
      await gate.route(ctx.url, '/Support', heading('HƯỚNG DẪN'));
      gate.done(errors);
      await close();
    },
  })),
];

/** Presses Tab (Shift+Tab backwards) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, what: string, max = 60): Promise<void> {
  // a target that is not there fails once, not once per Tab press (each read would wait for it)
  await target.waitFor({ timeout: 10_000 });
  for (let i = 0; i < max; i += 1) {
    if (
      await target
        .evaluate((el) => el === document.activeElement || el.contains(document.activeElement))
        .catch(() => false)
    )
      return;
    await page.keyboard.press('Tab');
  }
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120) ?? 'nothing');
  throw new Error(`${what} never got the focus after ${max} Tab presses (focus on ${focused})`);
}

export const keyboardJourneys: Journey[] = [
  {
    name: 'keyboard only: sign in as the student, open a printer, add a file, set copies, send, confirm',
    async run(ctx) {
      const { page, errors, close } = await newPage(ctx);
      await page.goto(`${ctx.url}/#/Login`);
      const account = page.getByLabel('Tên tài khoản');
      await account.waitFor();
      await tabTo(page, account, 'the account field');
      await page.keyboard.type(STUDENT.email);
      await tabTo(page, page.getByLabel('Mật khẩu', { exact: true }), 'the password field');
      await page.keyboard.type(STUDENT.password);
      await page.keyboard.press('Enter');
      await page.waitForURL(/#\/Home$/);
      await page.locator('.sp-user-button').waitFor();

      // Setup, not the flow under test: make sure one page can be paid (the API, no pointer).
      const topUp = await page.evaluate(async () => {
        const headers = {
          'content-type': 'application/json',
          authorization: `Bearer ${localStorage.getItem('accessToken')}`,
        };
        const info = await (await fetch('/v1/user/information', { headers })).json();
        if (info.data.balance >= 2) return 200;
        const created = await (
          await fetch('/v1/student/confirm-payment', {
            method: 'POST',
            headers,
            body: JSON.stringify({ money: 5 * info.data.currentA4Price }),
          })
        ).json();
        return (
          await fetch('/v1/student/BKpayment', {
            method: 'POST',
            headers,
            body: JSON.stringify({ payment_id: created.data?._id }),
          })
        ).status;
      });
      assert(topUp === 200, `top-up answered ${topUp}`);

      // The side menu's "In tài liệu" (the wide window keeps the menu open), then the printer's card.
      // Each side-menu item is a link, one Tab stop each.
      await tabTo(
        page,
        page.locator('nav.sp-sider a.sp-menu-item').filter({ hasText: 'In tài liệu' }),
        "the side menu's 'In tài liệu'",
      );
      await page.keyboard.press('Enter');
      await page.waitForURL(/#\/Printing$/);
      const card = page.getByRole('button', { name: `Máy in ${PRINTER}`, exact: true });
      await card.waitFor();
      // The list follows live printer events: a card moved by a re-sort loses the focus (the DOM move blurs it),
      // so a person would Tab back to it; at most three tries.
      for (let attempt = 1; ; attempt += 1) {
        await tabTo(page, card, `the card of ${PRINTER}`, 120);
        await page.keyboard.press('Enter');
        const opened = await page
          .waitForURL(new RegExp(`#/Printing/${PRINTER}$`), { timeout: 5_000 })
          .then(() => true)
          .catch(() => false);
        if (opened) break;
        assert(attempt < 3, `Enter on the card of ${PRINTER} did not open it (3 tries)`);
      }
      await page.getByRole('heading', { name: 'CẤU HÌNH IN', exact: true }).waitFor();

      // The file chooser is the operating system's dialog, out of the page's reach: the file is set on the input,
      // as the dialog would. Reaching the upload control by Tab is still checked.
      const name = `keyboard-${Date.now()}.pdf`;
      await page.locator('input[type="file"]').setInputFiles(await makePdf(name, 1));
      const fileCard = page.getByRole('region', { name, exact: true });
      await fileCard.waitFor();
      await fileCard.getByText('1 trang', { exact: true }).waitFor();
      const copies = fileCard.getByRole('spinbutton', { name: 'Số bản' });
      await tabTo(page, copies, 'the copies field');
      await page.keyboard.press('ArrowUp');
      await page
        .waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.value === '2', undefined, {
          timeout: 3_000,
        })
        .catch(() => undefined);
      if ((await copies.inputValue()) !== '2') {
        await page.keyboard.press('Control+A');
        await page.keyboard.type('2');
      }
      assert((await copies.inputValue()) === '2', `copies shows ${await copies.inputValue()}`);
      await page.getByTestId('total-cost').filter({ hasText: 'Tổng chi phí: 2 trang A4' }).waitFor();

      await tabTo(page, page.getByRole('button', { name: 'Gửi yêu cầu in' }), 'the send button');
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Xác nhận in' });
      await dialog.waitFor();
      await tabTo(page, dialog.getByRole('button', { name: 'Xác nhận' }), 'the dialog confirm button', 20);
      await page.keyboard.press('Enter');
      await page.waitForURL(/#\/History$/);
      await page.locator('tr.ant-table-row', { hasText: name }).waitFor();
      assert(errors.length === 0, `console errors: ${errors.join(' | ')}`);
      await close();
    },
  },
];
