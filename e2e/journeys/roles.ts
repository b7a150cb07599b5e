import type { Page } from 'playwright-core';
import { assert, newPage, screenshot, type Journey } from '../support/harness';
import { LoginPage } from '../support/login-page';
import { openUserPanel, signOut } from '../support/student';

interface RoleCase {
  role: 'student' | 'staff' | 'spso';
  email: string;
  menu: string[];
  /** menu label → the heading its page shows */
  pages: Array<[string, string, string]>;
  direct?: Array<[string, string]>;
}

const PASSWORD = 'Demo@12345';

const CASES: RoleCase[] = [
  {
    role: 'student',
    email: 'student@hcmut.edu.vn',
    menu: ['Trang chủ', 'In tài liệu', 'Lịch sử', 'Hướng dẫn'],
    pages: [
      ['In tài liệu', '/Printing', 'CHỌN MÁY IN'],
      ['Lịch sử', '/History', 'LỊCH SỬ HOẠT ĐỘNG'],
      ['Hướng dẫn', '/Support', 'HƯỚNG DẪN'],
    ],
    direct: [
      ['/Printing/CS1-B1-101', 'CẤU HÌNH IN'],
      ['/Bkpay', 'THANH TOÁN'],
    ],
  },
  {
    role: 'staff',
    email: 'staff@hcmut.edu.vn',
    menu: ['Trang chủ', 'Hệ thống máy in', 'Thông báo', 'Hướng dẫn'],
    pages: [
      ['Hệ thống máy in', '/ManageStaff', 'QUẢN LÝ HỆ THỐNG MÁY IN'],
      ['Thông báo', '/NoticeStaff', 'THÔNG BÁO'],
      ['Hướng dẫn', '/Support', 'HƯỚNG DẪN'],
    ],
  },
  {
    role: 'spso',
    email: 'spso@hcmut.edu.vn',
    menu: [
      'Trang chủ',
      'Hệ thống máy in',
      'Cấu hình hệ thống',
      'Hoạt động in ấn',
      'Quản lý tài khoản',
      'Báo cáo',
      'Thông báo',
      'Hướng dẫn',
    ],
    pages: [
      ['Hệ thống máy in', '/ManageSpso', 'QUẢN LÝ HỆ THỐNG MÁY IN'],
      ['Cấu hình hệ thống', '/Config', 'CẤU HÌNH HỆ THỐNG'],
      ['Hoạt động in ấn', '/Activities', 'HOẠT ĐỘNG IN ẤN CỦA SINH VIÊN'],
      ['Quản lý tài khoản', '/Accounts', 'QUẢN LÝ TÀI KHOẢN'],
      ['Báo cáo', '/Report', 'BÁO CÁO HỆ THỐNG'],
      ['Thông báo', '/Notice', 'THÔNG BÁO'],
      ['Hướng dẫn', '/Support', 'HƯỚNG DẪN'],
    ],
  },
];

async function menuLabels(page: Page): Promise<string[]> {
  const items = page.locator('nav.sp-sider a.sp-menu-item');
  // A label may carry its count for screen readers, '(6 mới)' (visually hidden), and the count drawn beside it.
  return (await items.allInnerTexts()).map((t) =>
    t
      .replace(/\d+$/, '')
      .replace(/\s*\(\d+ mới\)\s*$/, '')
      .trim(),
  );
}

export const roleJourneys: Journey[] = CASES.map((c) => ({
  name: `${c.role}: sign in, own menu, every route, one remote, singletons shared, sign out`,
  async run(ctx) {
    const { page, errors, close } = await newPage(ctx);
    const remoteEntries: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('remoteEntry.js')) remoteEntries.push(r.url());
    });
    const login = new LoginPage(page, ctx.url);
    await login.open();
    await login.signIn(c.email, PASSWORD);
    await page.waitForURL(/#\/Home$/);
    await page
      .locator('nav.sp-sider a.sp-menu-item')
      .nth(c.menu.length - 1)
      .waitFor();
    const labels = await menuLabels(page);
    assert(JSON.stringify(labels) === JSON.stringify(c.menu), `${c.role} menu is ${JSON.stringify(labels)}`);
    const messages = await page.getByRole('button', { name: 'Tin nhắn' }).count();
    assert(c.role === 'student' ? messages === 0 : messages === 1, `messages button count ${messages} for ${c.role}`);
    await screenshot(page, `${c.role}-home`);

    // The user dropdown.
    const panel = await openUserPanel(page);
    const panelText = await panel.innerText();
    if (c.role === 'student') {
      for (const label of ['MSSV', 'Số dư', 'Khoa', 'Lớp'])
        assert(panelText.includes(label), `student panel lacks ${label}: ${panelText}`);
      assert(/\d+ trang A4/.test(panelText), `balance not shown in whole pages: ${panelText}`);
    } else {
      assert(panelText.includes('Mã nhân viên'), `staff code missing: ${panelText}`);
      assert(!panelText.includes('Số dư'), 'a non-student sees a balance');
    }
    await screenshot(page, `${c.role}-user-panel`);
    await page.locator('.sp-user-button').click();
    await panel.waitFor({ state: 'hidden' });

    for (const [label, route, heading] of c.pages) {
      await page.locator('nav.sp-sider a.sp-menu-item', { hasText: label }).click();
      await page.waitForURL(new RegExp(`#${route}$`));
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      await screenshot(page, `${c.role}${route.replace(/\//g, '-')}`);
    }
    for (const [route, heading] of c.direct ?? []) {
      await page.goto(`${ctx.url}/#${route}`);
      await page.getByRole('heading', { name: heading }).first().waitFor();
      await screenshot(page, `${c.role}${route.replace(/\//g, '-')}`);
    }

    // Routes of other roles are not registered for this one.
    const foreign = c.role === 'student' ? '/Config' : '/Printing';
    await page.goto(`${ctx.url}/#${foreign}`);
    await page.getByText('Không tìm thấy trang').waitFor();

    const report = await page.evaluate(() => window.__SP_SINGLETONS__);
    const mine = report?.[`remote_${c.role}`];
    assert(mine && Object.keys(mine).length === 9, `no singleton report: ${JSON.stringify(report)}`);
    const doubled = Object.entries(mine).filter(([, same]) => !same);
    assert(doubled.length === 0, `singletons loaded twice: ${JSON.stringify(doubled)}`);
    const roles = new Set(remoteEntries.map((u) => /remotes\/(\w+)\//.exec(u)?.[1]));
    assert(roles.size === 1 && roles.has(c.role), `remote entries fetched: ${remoteEntries.join(', ')}`);

    // Sign out: both tokens cleared, back on the landing page.
    await page.goto(`${ctx.url}/#/Home`);
    await signOut(page);
    const tokens = await page.evaluate(() => [
      localStorage.getItem('accessToken'),
      localStorage.getItem('refreshToken'),
    ]);
    assert(tokens[0] === null && tokens[1] === null, 'tokens left after logout');
    assert(errors.length === 0, `console errors: ${errors.join(' | ')}`);
    await close();
  },
}));

declare global {
  interface Window {
    __SP_SINGLETONS__?: Record<string, Record<string, boolean>>;
  }
}

export const layoutJourneys: Journey[] = [
  {
    name: 'side menu: open above 1280 px, closed below and closes on an outside click',
    async run(ctx) {
      const { page, close } = await newPage(ctx, 1440, 900);
      const login = new LoginPage(page, ctx.url);
      await login.open();
      await login.signIn('spso@hcmut.edu.vn', PASSWORD);
      await page.waitForURL(/#\/Home$/);
      const sider = page.locator('nav.sp-sider');
      await sider.waitFor();
      assert(await sider.evaluate((el) => el.classList.contains('sp-sider-open')), 'menu closed on a wide window');
      await page.setViewportSize({ width: 1000, height: 800 });
      await page.waitForFunction(() => !document.querySelector('nav.sp-sider')?.classList.contains('sp-sider-open'));
      await page.getByRole('button', { name: 'Mở/đóng menu' }).click();
      await page.waitForFunction(() => document.querySelector('nav.sp-sider')?.classList.contains('sp-sider-open'));
      await screenshot(page, 'narrow-menu-open');
      await page.mouse.click(900, 600);
      await page.waitForFunction(() => !document.querySelector('nav.sp-sider')?.classList.contains('sp-sider-open'));
      await close();
    },
  },
];
