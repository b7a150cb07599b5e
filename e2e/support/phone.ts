// The student's phone (360 px): what a person sees once settled, actions that a thumb can reach, and the
// print steps of the phone journeys (issue 8's journey and the release at the printer's).
import type { Locator, Page } from 'playwright-core';
import { assertNoHorizontalOverflow, runAxe } from './a11y';
import { assert, screenshot } from './harness';
import { makePdf } from './pdf';
import { toast } from './student';

export const WIDTH = 360;
export const HEIGHT = 740;

/**
 * Waits until what moves has stopped (a dialog zooming in, a panel fading in at half opacity, a toast sliding):
 * the screen is judged as a person sees it once settled.
 */
export async function settle(page: Page): Promise<void> {
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, {
      timeout: 2_000,
    })
    .catch(() => undefined);
}

/** The screen as a person sees it: no sideways scroll, and axe finds nothing serious. */
export async function gate(page: Page, label: string): Promise<void> {
  await settle(page);
  await assertNoHorizontalOverflow(page, label);
  await runAxe(page, `${label} at ${WIDTH} px`);
}

/**
 * The action is on screen once scrolled to vertically, wholly inside the 360 px width, and it is what a tap at
 * its centre reaches (nothing covers it: no dropdown left open above a dialog, no sideways scroller hiding it).
 */
export async function assertTappable(page: Page, action: Locator, label: string): Promise<void> {
  // a popover that is still opening moves under the scroll (CI once measured one mid-way, below the screen): the
  // box is read again until it is in view or the opening is long over; one that stays out of view still fails
  let box = null;
  for (let attempt = 0; attempt < 10; attempt += 1) {
    await action.scrollIntoViewIfNeeded();
    await settle(page);
    box = await action.boundingBox();
    if (box && box.y >= 0 && box.y + box.height <= HEIGHT + 0.5) break;
    await page.waitForTimeout(200);
  }
  assert(box, `${label}: not displayed`);
  assert(
    box.x >= 0 && box.x + box.width <= WIDTH + 0.5,
    `${label}: spans ${box.x}..${box.x + box.width} px of ${WIDTH}`,
  );
  assert(box.y >= 0 && box.y + box.height <= HEIGHT + 0.5, `${label}: not in view (y ${box.y})`);
  const reached = await action.evaluate(
    (el, [x, y]) => {
      const hit = document.elementFromPoint(x!, y!);
      return hit !== null && (hit === el || el.contains(hit));
    },
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  assert(reached, `${label}: something else lies on top of it`);
}

export async function choosePdf(
  page: Page,
  printer: string,
  name: string,
  pages: number,
  copies: number,
): Promise<Locator> {
  await page.goto(page.url().replace(/#.*$/, '#/Printing'));
  await page.getByRole('heading', { name: 'CHỌN MÁY IN', exact: true }).waitFor();
  const card = page.getByRole('button', { name: `Máy in ${printer}`, exact: true });
  await assertTappable(page, card, 'the printer card');
  await card.click();
  await page.getByRole('heading', { name: 'CẤU HÌNH IN', exact: true }).waitFor();
  await page.locator('input[type="file"]').setInputFiles(await makePdf(name, pages));
  const fileCard = page.getByRole('region', { name, exact: true });
  await fileCard.getByText(`${pages} trang`, { exact: true }).waitFor();
  const copiesBox = fileCard.getByRole('spinbutton', { name: 'Số bản' });
  await assertTappable(page, copiesBox, 'the copies field');
  await copiesBox.fill(String(copies));
  await copiesBox.blur();
  await page
    .getByTestId('total-cost')
    .filter({ hasText: `Tổng chi phí: ${pages * copies} trang A4` })
    .waitFor();
  return fileCard;
}

/** Sends what is chosen through the confirm dialog and lands on /History. */
export async function send(page: Page, shot?: string): Promise<void> {
  const submit = page.getByRole('button', { name: 'Gửi yêu cầu in' });
  await assertTappable(page, submit, 'Gửi yêu cầu in');
  await submit.click();
  const dialog = page.getByRole('dialog', { name: 'Xác nhận in' });
  await dialog.waitFor();
  const ok = dialog.getByRole('button', { name: 'Xác nhận' });
  await assertTappable(page, ok, 'the confirm dialog’s Xác nhận');
  if (shot) {
    await gate(page, 'the confirm-print dialog');
    await screenshot(page, shot);
  }
  await ok.click();
  await toast(page, 'Yêu cầu in ấn đã được xác nhận!').waitFor();
  await page.waitForURL(/#\/History$/);
  await page.getByRole('heading', { name: 'LỊCH SỬ HOẠT ĐỘNG', exact: true }).waitFor();
}
