// Issue 8: the whole student journey on a 360 px phone (buy pages, pay, print, follow, cancel), each action
// visible and tappable without scrolling sideways, axe on every screen and dialog on the way.
import { assert, newPage, screenshot, type Journey } from '../support/harness';
import { assertTappable, choosePdf, gate, HEIGHT, send, WIDTH } from '../support/phone';
import {
  ensureBalance,
  headerBalance,
  openUserPanel,
  signInStudent,
  toast,
  waitForHeaderBalance,
} from '../support/student';

const PRINTER = 'H6-605';

export const phoneJourneys: Journey[] = [
  {
    name: 'phone 360 px: buy pages, pay, print, follow and cancel, every action in view, axe on each screen',
    async run(ctx) {
      const { page, errors, close } = await newPage(ctx, WIDTH, HEIGHT);
      await signInStudent(page, ctx.url);
      await page.locator('.sp-user-button').waitFor();
      await gate(page, '/Home');
      const start = await headerBalance(page);

      // Buy: the user panel's button opens the dialog, and the panel gets out of its way.
      await openUserPanel(page);
      await gate(page, 'the user panel');
      // The gate may leave the page scrolled, and a scroll closes the panel (antd's dropdown) a moment later.
      // Back at the top, once that has happened, the panel is opened again and its button must be tappable.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(400);
      const panel = await openUserPanel(page);
      const buyButton = panel.getByRole('button', { name: 'Mua thêm giấy' });
      await assertTappable(page, buyButton, "the panel's 'Mua thêm giấy'");
      await buyButton.click();
      const buy = page.getByRole('dialog', { name: 'Mua thêm giấy in A4' });
      await buy.waitFor();
      await panel.waitFor({ state: 'hidden' });
      const quantity = buy.getByLabel('Số trang A4');
      await assertTappable(page, quantity, 'the quantity field');
      await quantity.fill('10');
      await quantity.blur();
      await gate(page, 'the buy dialog');
      await screenshot(page, 'phone-buy-dialog');
      const confirmBuy = buy.getByRole('button', { name: 'Xác nhận' });
      await assertTappable(page, confirmBuy, 'the buy dialog’s Xác nhận');
      const created = page.waitForResponse((r) => r.url().includes('/v1/student/confirm-payment'));
      await confirmBuy.click();
      const payment = ((await (await created).json()) as { data: { _id: string } }).data;
      await page.waitForURL(/#\/Bkpay$/);

      // Pay: the payment is a card whose pay button is in view, not at the end of a sideways scroll.
      const paymentCard = page.locator('li.sp-card', { hasText: payment._id.slice(0, 7) });
      await paymentCard.getByText('Chờ thanh toán', { exact: true }).waitFor();
      const pay = paymentCard.getByRole('button', { name: 'Thanh toán', exact: true });
      await assertTappable(page, pay, 'Thanh toán');
      await gate(page, '/Bkpay');
      await screenshot(page, 'phone-bkpay');
      await pay.click();
      await toast(page, 'Thanh toán thành công').waitFor();
      await paymentCard.getByText('Đã thanh toán', { exact: true }).waitFor();
      await page.getByRole('link', { name: /Về trang chủ/ }).click();
      await page.waitForURL(/#\/Home$/);
      const paid = await waitForHeaderBalance(page, start + 10);
      assert(paid === start + 10, `balance ${start} → ${paid} after paying for 10 pages`);

      // Print: a long job keeps the printer busy so that the next one waits in the queue.
      await ensureBalance(page, 60 + 5);
      const stamp = Date.now();
      await page.goto(`${ctx.url}/#/Printing`);
      await page.getByRole('heading', { name: 'CHỌN MÁY IN', exact: true }).waitFor();
      await gate(page, '/Printing');
      await screenshot(page, 'phone-printers');
      await choosePdf(page, PRINTER, `phone-long-${stamp}.pdf`, 5, 12);
      await gate(page, '/Printing/:id with a file');
      await screenshot(page, 'phone-print-config');
      await send(page, 'phone-confirm-print');
      const name = `phone-queued-${stamp}.pdf`;
      await choosePdf(page, PRINTER, name, 5, 1);
      await send(page);

      // Follow and cancel: the queued job is a card with its cancel button in view.
      const job = page.locator('li.sp-card', { hasText: name });
      await job.getByText('Đang đợi', { exact: true }).waitFor();
      await gate(page, '/History');
      await screenshot(page, 'phone-history');
      const before = await headerBalance(page);
      const cancel = job.getByRole('button', { name: 'Hủy yêu cầu' });
      await assertTappable(page, cancel, 'Hủy yêu cầu');
      await cancel.click();
      const dialog = page.getByRole('dialog', { name: 'Xác nhận hủy yêu cầu in' });
      await dialog.waitFor();
      await gate(page, 'the cancel dialog');
      const confirmCancel = dialog.getByRole('button', { name: 'Hủy yêu cầu' });
      await assertTappable(page, confirmCancel, 'the cancel dialog’s Hủy yêu cầu');
      await confirmCancel.click();
      await toast(page, 'Hủy yêu cầu in thành công').waitFor();
      await job.getByText('Đã hủy', { exact: true }).waitFor();
      const refunded = await waitForHeaderBalance(page, before + 5);
      assert(refunded === before + 5, `balance ${before} → ${refunded} after cancelling a 5-page job`);

      // The detail dialog names the reason in words.
      await job.getByRole('button', { name: `Xem chi tiết: ${name}` }).click();
      const detail = page.getByRole('dialog', { name: 'Chi tiết yêu cầu in' });
      await detail.getByText('Đã hủy theo yêu cầu', { exact: true }).waitFor();
      await gate(page, 'the detail dialog');
      await detail.getByRole('button', { name: 'Đóng' }).last().click();
      await detail.waitFor({ state: 'hidden' });

      // The filter and its dates fit the screen: the popover, its Áp dụng, and a one-month calendar.
      await page.getByRole('button', { name: /Bộ lọc/ }).click();
      const apply = page.getByRole('button', { name: 'Áp dụng' });
      await assertTappable(page, apply, 'Áp dụng');
      await page.getByRole('textbox', { name: 'Từ ngày' }).click();
      const calendar = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').first();
      await calendar.waitFor();
      const box = await calendar.boundingBox();
      assert(
        box && box.x >= 0 && box.x + box.width <= WIDTH,
        `the calendar spans ${box?.x}..${(box?.x ?? 0) + (box?.width ?? 0)} px`,
      );
      assert(box.y >= 0 && box.y + box.height <= HEIGHT, `the calendar spans ${box.y}..${box.y + box.height} px down`);
      // A day picked in the calendar (outside the popover's box) keeps the popover open, with the date in.
      const today = calendar.locator('.ant-picker-cell-today');
      await assertTappable(page, today, 'today in the calendar');
      await today.click();
      await apply.waitFor();
      assert((await page.getByRole('textbox', { name: 'Từ ngày' }).inputValue()) !== '', 'the picked day is not shown');
      await page.getByRole('textbox', { name: 'Đến ngày' }).click();
      // The first calendar slides out as the second slides in: the gate looks once both have settled.
      await page.waitForTimeout(400);
      await calendar.waitFor();
      await gate(page, 'the history filter with its calendar');
      await screenshot(page, 'phone-history-filter');
      await page.keyboard.press('Escape');
      assert(errors.length === 0, `console errors: ${errors.join(' | ')}`);
      await close();
    },
  },
];
