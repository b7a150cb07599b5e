import type { Page } from 'playwright-core';
import { assert } from './harness';
import { LoginPage } from './login-page';

export const STUDENT = { email: 'student@hcmut.edu.vn', password: 'Demo@12345' };

/** Signs the demo student in and waits for the home page. */
export async function signInStudent(page: Page, url: string): Promise<void> {
  const login = new LoginPage(page, url);
  await login.open();
  await login.signIn(STUDENT.email, STUDENT.password);
  await page.waitForURL(/#\/Home$/);
}

/**
 * Opens the header's user panel (whatever state it was in) and answers it once its opening animation is
 * over: a click on it while it zooms in may land on the page behind, which closes it.
 */
export async function openUserPanel(page: Page) {
  const panel = page.getByTestId('user-panel');
  if (!(await panel.isVisible())) await page.locator('.sp-user-button').click();
  await panel.waitFor();
  await panel.evaluate(async (element) => {
    const dropdown = element.closest('.sp-user-popover') ?? element;
    await Promise.all(dropdown.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined)));
  });
  return panel;
}

/**
 * Signs out from the header's user panel and waits for the landing page. A scroll closes the panel a
 * moment later and a click during its animation can miss (seen on a loaded machine): from the top of
 * the page, tried again while the landing page has not come.
 */
export async function signOut(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await page.evaluate(() => window.scrollTo(0, 0));
    const panel = await openUserPanel(page);
    await panel.getByRole('button', { name: 'Đăng xuất' }).click();
    try {
      await page.waitForURL(/#\/$/, { timeout: attempt < 3 ? 5_000 : 30_000 });
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

export async function closeUserPanel(page: Page): Promise<void> {
  const panel = page.getByTestId('user-panel');
  if (await panel.isVisible()) {
    await page.locator('.sp-user-button').click();
    await panel.waitFor({ state: 'hidden' });
  }
}

/** The balance the header's user panel shows, in whole A4 pages (the panel is left closed). */
export async function headerBalance(page: Page): Promise<number> {
  const panel = await openUserPanel(page);
  const text = await panel.innerText();
  const match = /Số dư\s*:?\s*(\d+) trang A4/.exec(text);
  assert(match, `no balance in the user panel: ${text}`);
  await closeUserPanel(page);
  return Number(match[1]);
}

/** Waits until the header's balance is `expected` (it follows live events, so it may lag a moment). */
export async function waitForHeaderBalance(page: Page, expected: number, timeoutMs = 10_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let seen = await headerBalance(page);
  while (seen !== expected && Date.now() < deadline) {
    await page.waitForTimeout(250);
    seen = await headerBalance(page);
  }
  return seen;
}

/** A toast (antd notification) with exactly this title. */
export function toast(page: Page, title: string) {
  return page.locator('.ant-notification-notice').filter({ hasText: title }).first();
}

/**
 * Arranges at least `pages` pages of balance for the signed-in student (the demo seed, which depends
 * on the day it runs, may leave only a few): buys the shortfall through the API with the sandbox
 * gateway, then reloads so the header shows it. The payments journey buys through the UI.
 */
export async function ensureBalance(page: Page, pages: number): Promise<void> {
  const balance = await headerBalance(page);
  if (balance >= pages) return;
  const missing = pages - balance;
  const result = await page.evaluate(async (count) => {
    const headers = {
      'content-type': 'application/json',
      authorization: `Bearer ${localStorage.getItem('accessToken')}`,
    };
    const info = await (await fetch('/v1/user/information', { headers })).json();
    const money = count * info.data.currentA4Price;
    const created = await fetch('/v1/student/confirm-payment', {
      method: 'POST',
      headers,
      body: JSON.stringify({ money }),
    });
    const payment = await created.json();
    const paid = await fetch('/v1/student/BKpayment', {
      method: 'POST',
      headers,
      body: JSON.stringify({ payment_id: payment.data?._id }),
    });
    return { created: created.status, paid: paid.status };
  }, missing);
  assert(
    result.created === 200 && result.paid === 200,
    `topping up ${missing} pages answered ${JSON.stringify(result)}`,
  );
  await page.reload();
  await page.locator('.sp-user-button').waitFor();
  const after = await headerBalance(page);
  assert(after >= pages, `balance ${after} after topping up to ${pages}`);
}
