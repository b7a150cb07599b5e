import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { repoRoot } from './portal';

export const ARTIFACTS = path.join(repoRoot, 'e2e', 'artifacts');
mkdirSync(ARTIFACTS, { recursive: true });

export interface Ctx {
  browser: Browser;
  url: string;
}

export interface Journey {
  name: string;
  run(ctx: Ctx): Promise<void>;
}

/** Something the portal talks to (a fake payment gateway), started before it and stopped after it. */
export interface SuiteService {
  /** The portal's environment, given its URL. */
  env(portalUrl: string): Record<string, string>;
  stop(): Promise<void>;
}

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** Pages still open, so a failing journey leaves a screenshot of where it stopped. */
export const openPages = new Set<Page>();

export async function screenshotOpenPages(name: string): Promise<void> {
  let i = 0;
  for (const page of openPages) {
    await page.screenshot({ path: path.join(ARTIFACTS, `FAILED-${name}-${i++}.png`) }).catch(() => undefined);
    await page.context().close().catch(() => undefined);
  }
  openPages.clear();
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: false });
}

/** A fresh browser context and page at the given viewport, with console errors collected. */
export async function newPage(ctx: Ctx, width = 1440, height = 900): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await ctx.browser.newContext({ viewport: { width, height }, locale: 'vi-VN' });
  const page = await context.newPage();
  openPages.add(page);
  context.on('close', () => openPages.delete(page));
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(m.text());
  });
  return { page, errors, close: () => context.close() };
}
