/**
 * The README's picture, made from the seeded demo: the officer's printer room (/ManageSpso) at 1440×900
 * and a student's phone (390×844, the history) beside it, composed into one PNG by Chromium itself (an
 * HTML page holding both shots), so no image tool is needed and the picture shows what the portal shows.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { launchBrowser } from './support/browser';
import { LoginPage } from './support/login-page';
import { repoRoot, startPortal } from './support/portal';

const OUT = path.join(repoRoot, 'docs', 'screenshot.png');
const PASSWORD = 'Demo@12345';

async function main(): Promise<void> {
  const portal = await startPortal();
  const browser = await launchBrowser();
  try {
    const shoot = async (
      email: string,
      route: string,
      heading: string,
      viewport: { width: number; height: number },
    ) => {
      const context = await browser.newContext({ viewport, locale: 'vi-VN', deviceScaleFactor: 1 });
      const page = await context.newPage();
      const login = new LoginPage(page, portal.url);
      await login.open();
      await login.signIn(email, PASSWORD);
      await page.waitForURL(/#\/Home$/);
      await page.goto(`${portal.url}/#${route}`);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      // the lists and their skeletons settle
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(800);
      const png = await page.screenshot({ type: 'png' });
      await context.close();
      return png.toString('base64');
    };
    const officer = await shoot('spso@hcmut.edu.vn', '/ManageSpso', 'QUẢN LÝ HỆ THỐNG MÁY IN', {
      width: 1440,
      height: 900,
    });
    const phone = await shoot('student@hcmut.edu.vn', '/History', 'LỊCH SỬ HOẠT ĐỘNG', { width: 390, height: 844 });

    // both on one canvas: the desk at full size, the phone in a frame beside it
    const compose = await browser.newContext({ viewport: { width: 1960, height: 960 }, deviceScaleFactor: 1 });
    const page = await compose.newPage();
    await page.setContent(`<!doctype html><html><body style="margin:0;background:#e8eef8;display:flex;gap:30px;
      align-items:center;padding:30px;font-family:sans-serif">
      <img src="data:image/png;base64,${officer}" width="1440" height="900"
        style="border-radius:10px;box-shadow:0 8px 30px rgba(16,24,40,.25)">
      <img src="data:image/png;base64,${phone}" width="390" height="844"
        style="border:10px solid #1b1f2a;border-radius:36px;box-shadow:0 8px 30px rgba(16,24,40,.35)">
      </body></html>`);
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    const picture = await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: 1960, height: 960 } });
    writeFileSync(OUT, new Uint8Array(picture));
    await compose.close();
    console.log(`${path.relative(repoRoot, OUT)}: ${Math.round(readFileSync(OUT).length / 1024)} KB`);
  } finally {
    await browser.close();
    await portal.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
