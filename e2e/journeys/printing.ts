import type { Page } from 'playwright-core';
import { assert, newPage, screenshot, type Journey } from '../support/harness';
import { makePdf } from '../support/pdf';
import { ensureBalance, headerBalance, signInStudent, toast, waitForHeaderBalance } from '../support/student';

/** The demo printer every job of these journeys goes to (active in the seed). */
const PRINTER = 'H6-605';
/** A demo printer paused in the seed. */
const PAUSED = 'B3-203';
const SUBMITTED = 'Yêu cầu in ấn đã được xác nhận!';

interface JobOptions {
  copies: number;
  perSheet: 1 | 2 | 4;
}

/** /Printing → the printer's card → /Printing/:id, as the student gets there. */
export async function openPrinter(page: Page, url: string, printerId: string): Promise<void> {
  await page.goto(`${url}/#/Printing`);
  await page.getByRole('heading', { name: 'CHỌN MÁY IN', exact: true }).waitFor();
  await page.getByRole('button', { name: `Máy in ${printerId}`, exact: true }).click();
  await page.waitForURL(new RegExp(`#/Printing/${printerId}$`));
  await page.getByRole('heading', { name: 'CẤU HÌNH IN', exact: true }).waitFor();
}

/** Uploads the PDF, sets its options and answers the cost the page shows for it (and for the whole request). */
export async function chooseFile(page: Page, file: string, name: string, options: JobOptions): Promise<number> {
  await page.locator('input[type="file"]').setInputFiles(file);
  const card = page.getByRole('region', { name, exact: true });
  await card.waitFor();
  await card.getByText('5 trang', { exact: true }).waitFor();
  const copies = card.getByRole('spinbutton', { name: 'Số bản' });
  await copies.fill(String(options.copies));
  await copies.blur();
  await card
    .getByRole('radiogroup', { name: 'Số trang mỗi tờ' })
    .getByText(String(options.perSheet), { exact: true })
    .click();
  const expected = Math.ceil(5 / options.perSheet) * options.copies;
  await card
    .getByTestId('file-cost')
    .filter({ hasText: `Chi phí: ${expected} trang A4` })
    .waitFor();
  await page
    .getByTestId('total-cost')
    .filter({ hasText: `Tổng chi phí: ${expected} trang A4` })
    .waitFor();
  return expected;
}

/** Sends the chosen files through the confirm dialog; the page goes on to /History. */
export async function confirmPrint(page: Page, cost: number, shot?: string): Promise<void> {
  await page.getByRole('button', { name: 'Gửi yêu cầu in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Xác nhận in' });
  await dialog.waitFor();
  assert((await dialog.innerText()).includes(`Tổng chi phí: ${cost} trang A4`), `dialog: ${await dialog.innerText()}`);
  if (shot) await screenshot(page, shot);
  // A toast of an earlier request may still be up: wait for a new one, and fail fast on a refusal.
  const notices = page.locator('.ant-notification-notice');
  const shown = await notices.allInnerTexts();
  await dialog.getByRole('button', { name: 'Xác nhận' }).click();
  await page.waitForFunction(
    ([success, before]) => {
      const texts = [...document.querySelectorAll('.ant-notification-notice')].map((n) => n.textContent ?? '');
      return texts.filter((t) => t.includes(success)).length > before || texts.some((t) => !t.includes(success));
    },
    [SUBMITTED, shown.filter((t) => t.includes(SUBMITTED)).length] as const,
  );
  const said = await notices.allInnerTexts();
  assert(
    said.every((t) => t.includes(SUBMITTED)),
    `the print request was refused: ${said.join(' | ')}`,
  );
  await page.waitForURL(/#\/History$/);
  await page.getByRole('heading', { name: 'LỊCH SỬ HOẠT ĐỘNG', exact: true }).waitFor();
}

export function historyRow(page: Page, name: string) {
  return page.locator('tr.ant-table-row', { hasText: name });
}

export const printingJourneys: Journey[] = [
  {
    name: 'printing: a 5-page PDF, 2 copies, 2 per sheet costs 6 pages, reaches Đã in live, balance down by 6',
    async run(ctx) {
      const { page, errors, close } = await newPage(ctx);
      const documents: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'document') documents.push(r.url());
      });
      await signInStudent(page, ctx.url);
      await ensureBalance(page, 6);
      const before = await headerBalance(page);
      await page.goto(`${ctx.url}/#/History`);
      const printedA4 = page.getByLabel('Tổng số trang A4 đã in', { exact: true });
      await page.getByRole('heading', { name: 'LỊCH SỬ HOẠT ĐỘNG', exact: true }).waitFor();
      await page.locator('tr.ant-table-row').first().waitFor();
      // The demo seed leaves a few of this student's jobs printing at start: let them finish first, so
      // the A4 total moves by this job alone.
      await page.waitForFunction(
        () =>
          ![...document.querySelectorAll('tr.ant-table-row')].some((tr) =>
            /Đang in|Đang đợi/.test(tr.textContent ?? ''),
          ),
        undefined,
        { timeout: 20_000 },
      );
      const printedBefore = Number(await printedA4.innerText());

      const name = `e2e-lecture-${Date.now()}.pdf`;
      const file = await makePdf(name, 5);
      await openPrinter(page, ctx.url, PRINTER);
      const cost = await chooseFile(page, file, name, { copies: 2, perSheet: 2 });
      assert(cost === 6, `cost ${cost}`);
      await page
        .getByTestId('balance')
        .filter({ hasText: `Số dư: ${before} trang` })
        .waitFor();
      await screenshot(page, 'printing-config-cost');
      const loadsBefore = documents.length;
      await confirmPrint(page, cost, 'printing-confirm-dialog');

      // The job reaches "Đã in" on this page, by the server's live events only.
      const row = historyRow(page, name);
      await row.waitFor();
      await screenshot(page, 'printing-history-queued');
      await row.getByText('Đã in', { exact: true }).waitFor({ timeout: 30_000 });
      assert(documents.length === loadsBefore, `the page was reloaded: ${documents.slice(loadsBefore).join(', ')}`);
      await screenshot(page, 'printing-history-completed');
      // 3 sheets × 2 copies printed on A4: the page's A4 total follows, live too.
      await page
        .waitForFunction(
          (expected) =>
            document.querySelector('[aria-label="Tổng số trang A4 đã in"]')?.textContent === String(expected),
          printedBefore + 6,
          { timeout: 5_000 },
        )
        .catch(async () => {
          throw new Error(`A4 printed total ${await printedA4.innerText()}, expected ${printedBefore} + 6`);
        });

      const after = await waitForHeaderBalance(page, before - cost);
      assert(after === before - cost, `balance ${before} → ${after}, expected a drop of ${cost}`);
      assert(errors.length === 0, `console errors: ${errors.join(' | ')}`);
      await close();
    },
  },
  {
    name: 'printing: a printer page opened by its address forgets a sent file; each send is charged once',
    async run(ctx) {
      const { page, errors, close } = await newPage(ctx, 1280, 900);
      await signInStudent(page, ctx.url);
      await ensureBalance(page, 10 + 5);
      const before = await headerBalance(page);
      const stamp = Date.now();
      const byAddress = async (fresh: boolean) => {
        // a bookmark (a fresh load of the page) or an address typed over the open page (the same document,
        // only the hash changes): never a click through the printer list
        if (fresh) await page.goto('about:blank');
        await page.goto(`${ctx.url}/#/Printing/${PRINTER}`);
        await page.getByRole('heading', { name: 'CẤU HÌNH IN', exact: true }).waitFor();
      };

      await byAddress(true);
      const first = `e2e-address-a-${stamp}.pdf`;
      const firstCost = await chooseFile(page, await makePdf(first, 5), first, { copies: 2, perSheet: 1 });
      await confirmPrint(page, firstCost);

      // from /History, the printer's address typed again in the same tab
      await byAddress(false);
      await page.getByText('Chưa chọn tệp nào', { exact: true }).waitFor();
      const left = await page.getByRole('region', { name: first, exact: true }).count();
      assert(left === 0, `the sent file is still listed (${left})`);

      const second = `e2e-address-b-${stamp}.pdf`;
      const secondCost = await chooseFile(page, await makePdf(second, 5), second, { copies: 1, perSheet: 1 });
      await confirmPrint(page, secondCost);
      await historyRow(page, second).waitFor();
      for (const name of [first, second]) {
        const rows = await historyRow(page, name).count();
        assert(rows === 1, `${name} shows ${rows} times in the history`);
      }
      const after = await waitForHeaderBalance(page, before - firstCost - secondCost);
      assert(
        after === before - firstCost - secondCost,
        `balance ${before} → ${after}, expected ${firstCost} + ${secondCost} charged once each`,
      );
      assert(errors.length === 0, `console errors: ${errors.join(' | ')}`);
      await close();
    },
  },
  {
    name: 'printing: a job queued behind a long one is cancelled from /History and its pages come back',
    async run(ctx) {
      const { page, errors, close } = await newPage(ctx);
      await signInStudent(page, ctx.url);
      await ensureBalance(page, 60 + 2);
      const stamp = Date.now();

      // A long job (5 pages × 12 copies = 60 sheets) keeps the printer busy...
      const longName = `e2e-long-${stamp}.pdf`;
      await openPrinter(page, ctx.url, PRINTER);
      const longCost = await chooseFile(page, await makePdf(longName, 5), longName, { copies: 12, perSheet: 1 });
      await confirmPrint(page, longCost);

      // ...so the next one on the same printer waits in the queue.
      const balanceBefore = await headerBalance(page);
      const name = `e2e-queued-${stamp}.pdf`;
      await openPrinter(page, ctx.url, PRINTER);
      const cost = await chooseFile(page, await makePdf(name, 5), name, { copies: 1, perSheet: 4 });
      await confirmPrint(page, cost);
      const charged = await waitForHeaderBalance(page, balanceBefore - cost);
      assert(charged === balanceBefore - cost, `balance ${balanceBefore} → ${charged}, expected a charge of ${cost}`);

      const row = historyRow(page, name);
      await row.getByText('Đang đợi', { exact: true }).waitFor();
      await screenshot(page, 'printing-history-queued-behind');
      await row.getByRole('button', { name: 'Hủy yêu cầu' }).click();
      const dialog = page.getByRole('dialog', { name: 'Xác nhận hủy yêu cầu in' });
      await dialog.waitFor();
      assert(
        (await dialog.innerText()).includes(name),
        `the dialog does not name the file: ${await dialog.innerText()}`,
      );
      await screenshot(page, 'printing-cancel-dialog');
      await dialog.getByRole('button', { name: 'Hủy yêu cầu' }).click();
      await toast(page, 'Hủy yêu cầu in thành công').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await row.getByText('Đã hủy', { exact: true }).waitFor();
      assert(
        (await row.getByRole('button', { name: 'Hủy yêu cầu' }).count()) === 0,
        'a cancelled row still offers to cancel',
      );
      await screenshot(page, 'printing-history-cancelled');

      const after = await waitForHeaderBalance(page, balanceBefore);
      assert(after === balanceBefore, `balance after cancelling is ${after}, expected ${balanceBefore} back`);
      assert(errors.length === 0, `console errors: ${errors.join(' | ')}`);
      await close();
    },
  },
  {
    name: 'printing: a paused printer answers the toast and the student stays on /Printing',
    async run(ctx) {
      const { page, errors, close } = await newPage(ctx);
      await signInStudent(page, ctx.url);
      await page.goto(`${ctx.url}/#/Printing`);
      await page.getByRole('heading', { name: 'CHỌN MÁY IN', exact: true }).waitFor();
      // The card: its title is the button, a tap anywhere on it presses it.
      const card = page.locator('article', {
        has: page.getByRole('button', { name: `Máy in ${PAUSED}`, exact: true }),
      });
      await card.getByText('Tạm dừng', { exact: true }).waitFor();
      await card.click();
      await toast(page, 'Máy in đang Tạm dừng!').waitFor();
      await page.waitForTimeout(300);
      assert(page.url().endsWith('#/Printing'), `left /Printing: ${page.url()}`);
      await screenshot(page, 'printing-paused-toast');
      assert(errors.length === 0, `console errors: ${errors.join(' | ')}`);
      await close();
    },
  },
];
