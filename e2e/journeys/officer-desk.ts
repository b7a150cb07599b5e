import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { assert, newPage, screenshot, type Journey } from '../support/harness';
import { LoginPage } from '../support/login-page';
import { headerBalance, openUserPanel, signInStudent, toast, waitForHeaderBalance } from '../support/student';

const PASSWORD = 'Demo@12345';

async function signInOfficer(page: Page, url: string): Promise<void> {
  const login = new LoginPage(page, url);
  await login.open();
  await login.signIn('spso@hcmut.edu.vn', PASSWORD);
  await page.waitForURL(/#\/Home$/);
}

/** The officer's API from the signed-in page (to read or put back what a journey changed). */
async function officerApi<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; data: T }> {
  return page.evaluate(
    async ([m, p, b]) => {
      const response = await fetch(p, {
        method: m,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${localStorage.getItem('accessToken')}`,
        },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: response.status, data: ((await response.json()) as { data: T }).data };
    },
    [method, path, body] as const,
  );
}

interface ConfigData {
  currentBalance: number;
  startDate1: string;
  startDate2: string;
  currentA4Price: number;
  currentFileType: string[];
  isDefault: boolean;
}

export const officerDeskJourneys: Journey[] = [
  {
    name: "configuration: an officer changes the A4 price with their own password (a wrong one changes nothing) and a signed-in student's buy dialog shows the new price",
    async run(ctx) {
      const student = await newPage(ctx);
      const officer = await newPage(ctx);
      const s = student.page;
      const o = officer.page;
      // the student signed in before the change: their session read the old price
      await signInStudent(s, ctx.url);
      await signInOfficer(o, ctx.url);
      const before = (await officerApi<ConfigData>(o, 'GET', '/v1/spso/systemConfig')).data;
      const price = before.currentA4Price === 650 ? 700 : 650;
      try {
        await o.goto(`${ctx.url}/#/Config`);
        await o.getByRole('heading', { name: 'CẤU HÌNH HỆ THỐNG', exact: true }).waitFor();
        const priceInput = o.getByLabel('Giá mua thêm một trang A4');
        await priceInput.waitFor();
        assert(
          (await priceInput.inputValue()).replace(/\D/g, '') === String(before.currentA4Price),
          'the form does not show the price in force',
        );
        // the keys e, E, + and - do nothing in the number
        await priceInput.fill('');
        await priceInput.pressSequentially(`e+-E${price}`);
        assert(
          (await priceInput.inputValue()).replace(/\s/g, '') === String(price),
          `the price reads ${await priceInput.inputValue()}`,
        );
        await o.getByRole('button', { name: 'Áp dụng', exact: true }).click();

        const dialog = o.getByRole('dialog', { name: 'Xác nhận mật khẩu' });
        await dialog.waitFor();
        await dialog.getByLabel('Mật khẩu của bạn').fill('not-my-password');
        await dialog.getByRole('button', { name: 'Xác nhận' }).click();
        await o.getByText('Mật khẩu không chính xác !').first().waitFor();
        assert(
          (await officerApi<ConfigData>(o, 'GET', '/v1/spso/systemConfig')).data.currentA4Price ===
            before.currentA4Price,
          'a wrong password changed the price',
        );
        await screenshot(o, 'config-wrong-password');

        await dialog.getByLabel('Mật khẩu của bạn').fill(PASSWORD);
        await dialog.getByRole('button', { name: 'Xác nhận' }).click();
        await toast(o, 'Cập nhật thành công cấu hình cho hệ thống!').waitFor();
        await dialog.waitFor({ state: 'hidden' });
        await screenshot(o, 'config-saved');

        // the student's buy dialog, opened now, charges the new price (1 page: the total is the price)
        const panel = await openUserPanel(s);
        await panel.getByRole('button', { name: 'Mua thêm giấy' }).click();
        const buy = s.getByRole('dialog', { name: 'Mua thêm giấy in A4' });
        await buy.waitFor();
        const total = buy.getByTestId('buy-total');
        for (let i = 0; i < 50 && !(await total.innerText()).replace(/\D/g, '').startsWith(String(price)); i += 1)
          await s.waitForTimeout(100);
        const shown = (await total.innerText()).replace(/\D/g, '');
        assert(shown === String(price), `the buy dialog shows ${await total.innerText()}, not ${price}`);
        await screenshot(s, 'config-student-new-price');
      } finally {
        const restored = await officerApi(o, 'PUT', '/v1/spso/systemConfig', { ...before, password: PASSWORD });
        assert(restored.status === 200, `could not put the price back (${restored.status})`);
      }
      const errors = [...student.errors, ...officer.errors];
      assert(errors.length === 0, `console errors: ${errors.join(' | ')}`);
      await student.close();
      await officer.close();
    },
  },
  {
    name: 'reports: the year chart and the printer table match the figures; a stored monthly report downloads as CSV with Vietnamese intact',
    async run(ctx) {
      const officer = await newPage(ctx);
      const o = officer.page;
      await signInOfficer(o, ctx.url);
      await o.goto(`${ctx.url}/#/Report`);
      await o.getByRole('heading', { name: 'BÁO CÁO HỆ THỐNG', exact: true }).waitFor();
      // the chart is drawn on a canvas, its 12 figures are in a hidden table for screen readers
      const canvas = o.locator('canvas').first();
      await canvas.waitFor();
      const inked = await canvas.evaluate((c: HTMLCanvasElement) => {
        const context = c.getContext('2d');
        if (!context || c.width === 0) return 0;
        const pixels = context.getImageData(0, 0, c.width, c.height).data;
        let count = 0;
        for (let i = 3; i < pixels.length; i += 4) if ((pixels[i] ?? 0) > 0) count += 1;
        return count;
      });
      assert(inked > 1000, `the chart canvas is blank (${inked} pixels drawn)`);
      const year = new Date(Date.now() + 7 * 3_600_000).getUTCFullYear();
      const months = (await officerApi<number[]>(o, 'GET', `/v1/spso/viewReport?year=${year}`)).data;
      const figures = await o.getByTestId('report-chart-figures').locator('tbody tr').allInnerTexts();
      assert(figures.length === 12, `the chart's table has ${figures.length} months`);
      for (const [i, row] of figures.entries()) {
        const shown = Number(row.split('\t').at(-1)?.replace(/\D/g, '') ?? -1);
        assert(shown === months[i], `month ${i + 1}: the page shows ${shown}, the server ${months[i]}`);
      }
      const report = (
        await officerApi<{ total_pages: number; all_printers: unknown[] }>(o, 'GET', `/v1/spso/reports?year=${year}`)
      ).data;
      const table = o.getByRole('table', { name: 'Báo cáo theo máy in' });
      if (report.all_printers.length > 0) await table.locator('tr.ant-table-row').first().waitFor();
      const pageText = await o.locator('main').innerText();
      assert(
        pageText.replace(/[.,\s]/g, '').includes(String(report.total_pages)),
        `the page does not show the year's ${report.total_pages} pages`,
      );
      await screenshot(o, 'report-page');

      // the stored reports: the seed's months were stored at start; the newest one downloads as CSV
      const csvButton = o.getByRole('button', { name: /^Tải CSV: / }).first();
      await csvButton.waitFor();
      const download = o.waitForEvent('download');
      await csvButton.click();
      const file = await download;
      const saved = await file.path();
      assert(saved, 'the CSV was not saved');
      const bytes = readFileSync(saved);
      assert(bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf, 'the CSV has no UTF-8 BOM');
      const text = bytes.toString('utf8');
      assert(/Mã máy in/.test(text), `the CSV lost its Vietnamese headers: ${text.slice(0, 200)}`);
      assert(/\.csv$/.test(file.suggestedFilename()), `the CSV is named ${file.suggestedFilename()}`);
      assert(officer.errors.length === 0, `console errors: ${officer.errors.join(' | ')}`);
      await officer.close();
    },
  },
  {
    name: "student activity: an officer finds a student without diacritics, reads their history, adjusts their pages with a reason, and the student's balance follows live",
    async run(ctx) {
      const student = await newPage(ctx);
      const officer = await newPage(ctx);
      const s = student.page;
      const o = officer.page;
      await signInStudent(s, ctx.url);
      await s.goto(`${ctx.url}/#/History`);
      await s.getByRole('heading', { name: 'LỊCH SỬ HOẠT ĐỘNG', exact: true }).waitFor();
      const before = await headerBalance(s);

      await signInOfficer(o, ctx.url);
      await o.goto(`${ctx.url}/#/Activities`);
      await o.getByRole('heading', { name: 'HOẠT ĐỘNG IN ẤN CỦA SINH VIÊN', exact: true }).waitFor();
      await o.getByLabel('Tìm theo tên sinh viên').fill('nguyen van an');
      const open = o.getByRole('button', { name: 'Lịch sử của Nguyễn Văn An (2110001)' });
      await open.waitFor();
      await screenshot(o, 'activities-search');
      await open.click();
      const drawer = o.getByRole('dialog', { name: 'Nguyễn Văn An (2110001)' });
      await drawer.waitFor();
      await drawer.getByRole('table', { name: 'Lịch sử in theo ngày' }).locator('tr.ant-table-row').first().waitFor();

      const reason = `Máy in kẹt giấy, hoàn trang (e2e ${Date.now()})`;
      await drawer.getByRole('button', { name: 'Điều chỉnh số trang' }).click();
      const dialog = o.getByRole('dialog', { name: 'Điều chỉnh số trang' });
      await dialog.waitFor();
      await dialog.getByLabel('Số trang (dương để cộng, âm để trừ)').fill('5');
      await dialog.getByLabel('Lý do').fill(reason);
      await dialog.getByRole('button', { name: 'Xác nhận' }).dblclick();
      await toast(o, `Đã điều chỉnh số trang. Số dư mới: ${before + 5} trang`).waitFor();
      await drawer.getByRole('table', { name: 'Biến động số trang' }).getByText(reason).waitFor();
      await screenshot(o, 'activities-adjusted');

      // one adjustment for the double click, and the student's balance follows without a reload
      const seen = await waitForHeaderBalance(s, before + 5);
      assert(seen === before + 5, `the student's balance is ${seen}, expected ${before + 5}`);
      const rows = await officerApi<{ entries: { note: string | null }[] }>(
        o,
        'GET',
        '/v1/spso/studentLedger?studentId=2110001&per_page=50',
      );
      assert(rows.data.entries.filter((e) => e.note === reason).length === 1, 'the double click adjusted twice');
      const errors = [...student.errors, ...officer.errors];
      assert(errors.length === 0, `console errors: ${errors.join(' | ')}`);
      await student.close();
      await officer.close();
    },
  },
];
