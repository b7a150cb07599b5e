import type { Page } from 'playwright-core';
import { assert, newPage, screenshot, type Journey } from '../support/harness';
import { LoginPage } from '../support/login-page';

const PASSWORD = 'Demo@12345';

async function signIn(page: Page, url: string, email: string): Promise<void> {
  const login = new LoginPage(page, url);
  await login.open();
  await login.signIn(email, PASSWORD);
  await page.waitForURL(/#\/Home$/);
}

/** Opens the messages drawer and the conversation with `name`; answers the drawer. */
async function openConversation(page: Page, name: string) {
  await page.getByRole('button', { name: /^Tin nhắn/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Tin nhắn' });
  await drawer.waitFor();
  await drawer.getByRole('button', { name: new RegExp(name) }).click();
  await drawer.getByRole('log').waitFor();
  return drawer;
}

async function send(drawer: ReturnType<Page['getByRole']>, text: string): Promise<void> {
  await drawer.getByRole('textbox', { name: 'Nội dung tin nhắn' }).fill(text);
  await drawer.getByRole('button', { name: /Gửi/ }).click();
  await drawer.getByRole('log').getByText(text, { exact: true }).waitFor();
}

export const chatJourneys: Journey[] = [
  {
    name: 'chat, two browsers: an officer and a staff member exchange messages both ways live; the unread count shows',
    async run(ctx) {
      const officer = await newPage(ctx);
      const staff = await newPage(ctx);
      const o = officer.page;
      const s = staff.page;
      await signIn(o, ctx.url, 'spso@hcmut.edu.vn');
      await signIn(s, ctx.url, 'staff@hcmut.edu.vn');
      const stamp = Date.now();

      const officerDrawer = await openConversation(o, 'Trần Thị Bích Ngọc');
      const first = `Chị kiểm tra máy B3-203 giúp anh nhé (${stamp})`;
      await send(officerDrawer, first);

      // the staff member has not opened the chat: the messages button counts it
      await s.getByRole('button', { name: /^Tin nhắn \(\d+\)$/ }).waitFor({ timeout: 10_000 });
      const staffDrawer = await openConversation(s, 'Lê Hoàng Minh');
      await staffDrawer.getByRole('log').getByText(first, { exact: true }).waitFor();
      const reply = `Dạ em kiểm tra ngay ạ (${stamp})`;
      await send(staffDrawer, reply);

      // both ways, live, without a reload
      await officerDrawer.getByRole('log').getByText(reply, { exact: true }).waitFor({ timeout: 10_000 });
      const again = `Cảm ơn chị <b>nhé</b> (${stamp})`;
      await send(officerDrawer, again);
      await staffDrawer.getByRole('log').getByText(again, { exact: true }).waitFor({ timeout: 10_000 });
      await screenshot(s, 'chat-staff-side');
      await screenshot(o, 'chat-officer-side');
      // the open conversation is read: no unread count left on the staff side
      await s.getByRole('button', { name: 'Tin nhắn', exact: true }).first().waitFor({ timeout: 10_000 });
      const errors = [...officer.errors, ...staff.errors];
      assert(errors.length === 0, `console errors: ${errors.join(' | ')}`);
      await officer.close();
      await staff.close();
    },
  },
];
