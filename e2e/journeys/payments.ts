import { assert, newPage, screenshot, type Journey } from '../support/harness';
import { headerBalance, openUserPanel, signInStudent, toast, waitForHeaderBalance } from '../support/student';

const PAGES = 20;

/** Runs against a portal with the sandbox payment gateway (the default). */
export const paymentJourneys: Journey[] = [
  {
    name: 'payments: buy 20 pages from the user panel, land on /Bkpay, pay it, balance up by exactly 20',
    async run(ctx) {
      const { page, errors, close } = await newPage(ctx);
      await signInStudent(page, ctx.url);
      const before = await headerBalance(page);

      const panel = await openUserPanel(page);
      await panel.getByRole('button', { name: 'Mua thêm giấy' }).click();
      const dialog = page.getByRole('dialog', { name: 'Mua thêm giấy in A4' });
      await dialog.waitFor();
      const quantity = dialog.getByLabel('Số trang A4');
      await quantity.fill(String(PAGES));
      await quantity.blur();
      assert((await quantity.inputValue()) === String(PAGES), `quantity shows ${await quantity.inputValue()}`);
      await screenshot(page, 'payments-buy-dialog');

      const created = page.waitForResponse((r) => r.url().includes('/v1/student/confirm-payment') && r.request().method() === 'POST');
      await dialog.getByRole('button', { name: 'Xác nhận' }).click();
      const response = await created;
      assert(response.ok(), `confirm-payment answered ${response.status()}`);
      const confirmedAt = Date.now();
      const payment = ((await response.json()) as { data: { _id: string; money: number } }).data;
      await page.waitForURL(/#\/Bkpay$/, { timeout: 5_000 });
      const waited = Date.now() - confirmedAt;
      assert(waited >= 350 && waited < 3_000, `went to /Bkpay after ${waited} ms, expected about 500 ms`);

      await page.getByRole('heading', { name: 'THANH TOÁN' }).first().waitFor();
      const row = page.locator('tr.ant-table-row', { hasText: payment._id.slice(0, 10) });
      await row.waitFor();
      await row.getByText('Chờ thanh toán', { exact: true }).waitFor();
      const pay = row.getByRole('button', { name: 'Thanh toán', exact: true });
      await pay.waitFor();
      await screenshot(page, 'payments-bkpay-pending');

      await pay.click();
      await toast(page, 'Thanh toán thành công').waitFor();
      await row.getByText('Đã thanh toán', { exact: true }).waitFor();
      await pay.waitFor({ state: 'detached' });
      await screenshot(page, 'payments-bkpay-paid');

      // /Bkpay has no layout: back home, where the header shows the new balance.
      await page.getByRole('link', { name: /Về trang chủ/ }).click();
      await page.waitForURL(/#\/Home$/);
      const after = await waitForHeaderBalance(page, before + PAGES);
      assert(after === before + PAGES, `balance ${before} → ${after}, expected +${PAGES}`);
      await openUserPanel(page);
      await screenshot(page, 'payments-header-balance');
      assert(errors.length === 0, `console errors: ${errors.join(' | ')}`);
      await close();
    },
  },
];
