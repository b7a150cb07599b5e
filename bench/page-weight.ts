import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

export interface PageWeight {
  page: string;
  files: number;
  gzipKB: number;
}

/**
 * Loads a page in a fresh browser context and adds up the gzip size of every JavaScript file it
 * fetched (what a first-time visitor downloads). `tokens` signs the visitor in first.
 */
export async function measurePage(
  browser: Browser,
  url: string,
  label: string,
  tokens?: { accessToken: string; refreshToken: string },
  waitFor?: string,
): Promise<PageWeight> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  if (tokens) {
    await context.addInitScript((t) => {
      if (!localStorage.getItem('accessToken')) {
        localStorage.setItem('accessToken', t.accessToken);
        localStorage.setItem('refreshToken', t.refreshToken);
      }
    }, tokens);
  }
  const page = await context.newPage();
  const sizes = new Map<string, number>();
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    const u = res.url();
    if (!/\.js(\?|$)/.test(u)) return;
    pending.push(
      res
        .body()
        .then((body) => {
          sizes.set(u, gzipSync(new Uint8Array(body), { level: 9 }).length);
        })
        .catch(() => undefined),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  if (waitFor) await page.getByRole('heading', { name: waitFor }).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await context.close();
  const total = [...sizes.values()].reduce((a, b) => a + b, 0);
  return { page: label, files: sizes.size, gzipKB: Math.round((total / 1024) * 10) / 10 };
}
