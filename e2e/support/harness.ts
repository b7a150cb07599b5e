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
    await page
      .context()
      .close()
      .catch(() => undefined);
  }
  openPages.clear();
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: false });
}

/**
 * Content-Security-Policy violations seen by any page since the last takeCspViolations(). run.ts fails the journey
 * that caused them, so no journey has to remember to check: a CSP that breaks the portal breaks the gate.
 */
const cspViolations: string[] = [];

export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

/** A fresh browser context and page at the given viewport, with console errors and CSP violations collected. */
export async function newPage(
  ctx: Ctx,
  width = 1440,
  height = 900,
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await ctx.browser.newContext({ viewport: { width, height }, locale: 'vi-VN' });
  // The event reaches the binding even for violations the console does not show (report-only, frames).
  await context.exposeBinding('__e2eCspViolation', ({ page: source }, text: string) => {
    cspViolations.push(`${source?.url() ?? '?'}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __e2eCspViolation?: (text: string) => void }).__e2eCspViolation;
      report?.(
        `${e.effectiveDirective} refused ${e.blockedURI || '(inline)'} at ${e.sourceFile || e.documentURI}:${e.lineNumber}`,
      );
    });
  });
  const page = await context.newPage();
  openPages.add(page);
  context.on('close', () => openPages.delete(page));
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspViolations.push(`${page.url()}: console: ${m.text()}`);
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(m.text());
  });
  return { page, errors, close: () => context.close() };
}
