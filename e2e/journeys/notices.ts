import type { Page } from 'playwright-core';
import { assert, newPage, screenshot, type Journey } from '../support/harness';
import { LoginPage } from '../support/login-page';
import { toast } from '../support/student';

const PASSWORD = 'Demo@12345';
/** An active CS2 demo printer no other journey switches. */
const PRINTER = 'H1-101';

async function signIn(page: Page, url: string, email: string): Promise<void> {
  const login = new LoginPage(page, url);
  await login.open();
  await login.signIn(email, PASSWORD);
  await page.waitForURL(/#\/Home$/);
}

/**
 * The count on the side menu's 'Thông báo' (0 when the badge is hidden), read in one step: the badge
 * re-renders while its number animates, so an element found a moment ago may be gone the next.
 */
async function menuBadge(page: Page): Promise<number> {
  const item = page.locator('nav.sp-sider a.sp-menu-item', { hasText: 'Thông báo' });
  await item.waitFor();
  const text = await item.first().evaluate((element) => {
    const badge = element.querySelector('.sp-count');
    return badge ? (badge.getAttribute('title') ?? badge.textContent ?? '') : '';
  });
  return Number(text.replace(/\D/g, '') || 0);
}

async function waitForBadge(page: Page, check: (n: number) => boolean, what: string): Promise<number> {
  for (let i = 0; i < 100; i += 1) {
    const n = await menuBadge(page);
    if (check(n)) return n;
    await page.waitForTimeout(100);
  }
  throw new Error(`the notices badge never showed ${what} (it shows ${await menuBadge(page)})`);
}

/** Switches the demo printer through the API of the signed-in staff page. */
async function setStatus(page: Page, status: 0 | 1): Promise<number> {
  return page.evaluate(
    async ([printerId, value]) => {
      const response = await fetch('/v1/staff/printer', {
        method: 'PUT',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${localStorage.getItem('accessToken')}`,
        },
        body: JSON.stringify({ printerId, status: value }),
      });
      return response.status;
    },
    [PRINTER, status] as const,
  );
}

export const noticeJourneys: Journey[] = [
  {
    name: "notices: staff disable a printer → the officer's badge and /Notice follow live → 'Xác nhận đã xem' clears the badge",
    async run(ctx) {
      const officer = await newPage(ctx);
      const staff = await newPage(ctx);
      const o = officer.page;
      const s = staff.page;
      await signIn(o, ctx.url, 'spso@hcmut.edu.vn');
      await o.goto(`${ctx.url}/#/Notice`);
      await o.getByRole('heading', { name: 'THÔNG BÁO', exact: true }).waitFor();
      // start from nothing new
      const confirm = o.getByRole('button', { name: 'Xác nhận đã xem' });
      await confirm.waitFor();
      if ((await menuBadge(o)) > 0) {
        await confirm.click();
        await waitForBadge(o, (n) => n === 0, '0');
      }

      // the staff member turns the printer off in /ManageStaff's dialog
      await signIn(s, ctx.url, 'staff@hcmut.edu.vn');
      await s.goto(`${ctx.url}/#/ManageStaff`);
      await s.getByRole('heading', { name: 'QUẢN LÝ HỆ THỐNG MÁY IN', exact: true }).waitFor();
      await s
        .locator('tr.ant-table-row', { has: s.getByText(PRINTER, { exact: true }) })
        .getByRole('button', { name: 'Cấu hình' })
        .click();
      const dialog = s.getByRole('dialog', { name: `Cấu hình máy in: ${PRINTER}` });
      await dialog.getByRole('switch').click();
      await dialog.getByRole('button', { name: 'Lưu' }).click();
      await toast(s, 'Tùy chỉnh thông tin máy tin thành công').waitFor();

      // the officer's badge and open notice page follow, no reload
      await waitForBadge(o, (n) => n >= 1, 'a new notice');
      const row = o.locator('tr.ant-table-row', { hasText: PRINTER }).first();
      await row.waitFor({ timeout: 10_000 });
      const text = await row.innerText();
      assert(text.includes('Mới'), `the new notice is not marked new: ${text}`);
      assert(text.includes('tạm dừng'), `the notice does not say the printer was paused: ${text}`);
      await screenshot(o, 'notices-officer-live');

      await confirm.click();
      await waitForBadge(o, (n) => n === 0, '0 after confirming');
      await o.locator('tr.ant-table-row', { hasText: 'Mới' }).first().waitFor({ state: 'detached', timeout: 5_000 });

      assert((await setStatus(s, 1)) === 200, 'could not turn the printer back on');
      const errors = [...officer.errors, ...staff.errors];
      assert(errors.length === 0, `console errors: ${errors.join(' | ')}`);
      await officer.close();
      await staff.close();
    },
  },
];
