import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { assert, newPage, screenshot, type Journey } from '../support/harness';
import { LoginPage } from '../support/login-page';

const PASSWORD = 'Demo@12345';

async function signIn(page: Page, url: string, email: string, password: string): Promise<void> {
  const login = new LoginPage(page, url);
  await login.open();
  await login.signIn(email, password);
}

/** A registrar's list of two new students (codes unique to this run) with one wrong line, then fixed. */
function registrarFiles(): { wrong: string; right: string; codes: string[] } {
  const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
  const codes = [`25${stamp}1`, `25${stamp}2`];
  const dir = mkdtempSync(path.join(tmpdir(), 'sp-e2e-import-'));
  const header = 'mssv,email,lastName,firstName,major,classes';
  const lines = [
    `${codes[0]},sv${codes[0]}@hcmut.edu.vn,Phạm Thị,Lan,Kỹ thuật Điện tử,DD25KH01`,
    `${codes[1]},sv${codes[1]}@hcmut.edu.vn,Lê Hoàng,Minh,,`,
  ];
  const wrong = path.join(dir, 'sai.csv');
  const right = path.join(dir, 'dung.csv');
  // the BOM Excel writes in front of "CSV UTF-8"
  writeFileSync(wrong, `\uFEFF${[header, lines[0], `${codes[1]},khong-phai-email,Lê Hoàng,Minh,,`].join('\r\n')}\r\n`);
  writeFileSync(right, `\uFEFF${[header, ...lines].join('\r\n')}\r\n`);
  return { wrong, right, codes };
}

export const accountJourneys: Journey[] = [
  {
    name: 'accounts: an officer imports a class list (a wrong line first), issues a staff account whose first sign-in must change the password, then disables it and its open session ends',
    async run(ctx) {
      const officer = await newPage(ctx);
      const staff = await newPage(ctx);
      const o = officer.page;
      const s = staff.page;
      await signIn(o, ctx.url, 'spso@hcmut.edu.vn', PASSWORD);
      await o.waitForURL(/#\/Home$/);
      await o.goto(`${ctx.url}/#/Accounts`);
      await o.getByRole('heading', { name: 'QUẢN LÝ TÀI KHOẢN', exact: true }).waitFor();

      // the registrar's list: a wrong line is named with its number and nothing is written
      const files = registrarFiles();
      await o.getByRole('button', { name: 'Nhập sinh viên (CSV)' }).click();
      const importDialog = o.getByRole('dialog', { name: 'Nhập sinh viên từ tệp CSV của phòng đào tạo' });
      await importDialog.waitFor();
      await importDialog.locator('input[type=file]').setInputFiles(files.wrong);
      await importDialog.getByRole('button', { name: 'Kiểm tra tệp' }).click();
      const errors = importDialog.getByRole('table', { name: 'Các dòng sai' });
      await errors.waitFor();
      const errorText = await errors.innerText();
      assert(/\b3\b/.test(errorText) && errorText.includes('khong-phai-email'), `the wrong line reads: ${errorText}`);
      assert(
        (await importDialog.getByRole('button', { name: 'Áp dụng' }).count()) === 0,
        'a file with a wrong line can be applied',
      );
      await importDialog.locator('input[type=file]').setInputFiles(files.right);
      await importDialog.getByRole('button', { name: 'Kiểm tra tệp' }).click();
      await importDialog.getByText('Tệp hợp lệ', { exact: false }).waitFor();
      await screenshot(o, 'accounts-import-checked');
      await importDialog.getByRole('button', { name: 'Áp dụng' }).click();
      await importDialog.getByText('Đã nhập xong: 2 tạo mới', { exact: false }).waitFor();
      await o.keyboard.press('Escape');
      await importDialog.waitFor({ state: 'hidden' });

      // the imported students are in the list, found by code
      const search = o.getByLabel('Tìm theo mã số, họ tên hoặc e-mail');
      await search.fill(files.codes[0] ?? '');
      await search.press('Enter');
      const list = o.getByRole('table', { name: 'Danh sách tài khoản' });
      await list.getByText('Phạm Thị Lan').waitFor();

      // a staff account: the temporary password is shown once
      const email = `nv${Date.now() % 1_000_000}@hcmut.edu.vn`;
      await o.getByRole('button', { name: 'Cấp tài khoản' }).first().click();
      const issue = o.getByRole('dialog', { name: 'Cấp tài khoản mới' });
      await issue.waitFor();
      await issue.getByLabel('Họ và tên đệm').fill('Đặng Thu');
      await issue.getByLabel('Tên', { exact: true }).fill('Hà');
      await issue.getByLabel('E-mail').fill(email);
      await issue.getByLabel('Nhân viên').check();
      await issue.getByLabel('Cơ sở 2').check();
      await issue.getByRole('button', { name: 'Cấp tài khoản' }).click();
      const shown = o.getByRole('dialog', { name: 'Tài khoản đã được cấp' });
      await shown.waitFor();
      const temporary = (await shown.getByTestId('temporary-password').innerText()).trim();
      assert(/^[A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4}$/.test(temporary), `temporary password ${temporary}`);
      await screenshot(o, 'accounts-temporary-password');
      await shown.getByRole('button', { name: 'Tôi đã lưu mật khẩu' }).click();

      // the staff member's first sign-in: only the password dialog, which cannot be closed
      await signIn(s, ctx.url, email, temporary);
      const forced = s.getByRole('dialog', { name: 'Đổi mật khẩu' });
      await forced.waitFor();
      assert((await forced.getByRole('button', { name: /close|đóng/i }).count()) === 0, 'the forced dialog closes');
      await s.keyboard.press('Escape');
      await forced.waitFor();
      await forced.getByLabel('Mật khẩu tạm thời').fill(temporary);
      await forced.getByLabel('Mật khẩu mới', { exact: true }).fill('Thu-Ha-2026!');
      await forced.getByLabel('Nhập lại mật khẩu mới').fill('Thu-Ha-2026!');
      await forced.getByRole('button', { name: 'Đổi mật khẩu' }).click();
      await forced.waitFor({ state: 'hidden' });
      // now the staff pages answer
      await s.goto(`${ctx.url}/#/ManageStaff`);
      await s.getByRole('heading', { name: 'QUẢN LÝ HỆ THỐNG MÁY IN', exact: true }).waitFor();
      await screenshot(s, 'accounts-staff-after-change');

      // the officer disables the account: the staff member's open page loses its session
      await search.fill(email);
      await search.press('Enter');
      const row = list.getByText(email);
      await row.waitFor();
      await o.getByRole('button', { name: 'Vô hiệu hóa Đặng Thu Hà' }).click();
      await o.getByRole('tooltip').getByRole('button', { name: 'Vô hiệu hóa' }).click();
      await list.getByText('Đã vô hiệu hóa').waitFor();
      // the staff member's open page ends by itself: its socket is cut, the session is found ended, the login page
      await s.waitForURL(/#\/Login/, { timeout: 20_000 });
      await signIn(s, ctx.url, email, 'Thu-Ha-2026!');
      await s.getByText('Tài khoản đã bị vô hiệu hóa').waitFor();
      await screenshot(s, 'accounts-disabled-login');
    },
  },
];
