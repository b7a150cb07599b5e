import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';

export interface PageWeight {
  page: string;
  files: number;
  gzipKB: number;
}

export interface Tokens {
  accessToken: string;
  refreshToken: string;
}

/** What the portal keeps in local storage for a signed-in user: the tokens, the name it greets with... */
export type StoredSession = Record<string, string>;

/**
 * What shows the page has drawn: its heading's name (a public page), its heading's level (signed-in pages
 * have one h1), or a CSS selector (a page without a heading of its own, such as the anchor's login).
 */
export type PageReady = string | { level: number } | { selector: string };

/** A fresh browser context (an empty cache), signed in first when a stored session or tokens are given. */
export async function freshContext(browser: Browser, session?: Tokens | StoredSession): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  if (session) {
    await context.addInitScript((entries) => {
      if (!localStorage.getItem('accessToken'))
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, session as StoredSession);
  }
  return context;
}

/**
 * The local storage the portal leaves after one visit of /Home with these tokens: a returning user's, which the
 * first paint reads (index.html greets the user by the name the last visit kept).
 */
export async function storedSession(browser: Browser, url: string, tokens: Tokens): Promise<StoredSession> {
  const context = await freshContext(browser, tokens);
  try {
    const page = await context.newPage();
    await page.goto(`${url}/#/Home`);
    await waitReady(page, { level: 1 });
    return await page.evaluate(() => ({ ...localStorage }));
  } finally {
    await context.close();
  }
}

/** Waits for the page's heading (or marker) to show, then for the network to be idle. */
export async function waitReady(page: Page, ready?: PageReady): Promise<void> {
  if (ready !== undefined) {
    const marker =
      typeof ready === 'string'
        ? page.getByRole('heading', { name: ready })
        : 'selector' in ready
          ? page.locator(ready.selector)
          : page.getByRole('heading', ready);
    await marker.first().waitFor({ timeout: 30_000 });
  }
  await page.waitForLoadState('networkidle');
}

/**
 * Records the gzip size of every JavaScript file the page fetches from now on. The result waits until no
 * script has been requested for 500 ms (Playwright's networkidle is reached once per document: after a
 * route change inside the app it would not wait for the new page's chunks).
 */
function recordScripts(page: Page): () => Promise<{ files: number; gzipKB: number }> {
  const sizes = new Map<string, number>();
  const pending: Promise<void>[] = [];
  let lastRequest = performance.now();
  page.on('request', (req) => {
    if (/\.js(\?|$)/.test(req.url())) lastRequest = performance.now();
  });
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
  return async () => {
    while (performance.now() - lastRequest < 500) await new Promise((r) => setTimeout(r, 100));
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    const total = [...sizes.values()].reduce((a, b) => a + b, 0);
    return { files: sizes.size, gzipKB: Math.round((total / 1024) * 10) / 10 };
  };
}

/**
 * Loads a page in a fresh browser context and adds up the gzip size of every JavaScript file it
 * fetched (what a first-time visitor downloads). `tokens` signs the visitor in first.
 */
export async function measurePage(
  browser: Browser,
  url: string,
  label: string,
  tokens?: Tokens,
  waitFor?: PageReady,
): Promise<PageWeight> {
  const context = await freshContext(browser, tokens);
  try {
    const page = await context.newPage();
    const scripts = recordScripts(page);
    await page.goto(url, { waitUntil: 'networkidle' });
    await waitReady(page, waitFor);
    return { page: label, ...(await scripts()) };
  } finally {
    await context.close();
  }
}

/**
 * What one more page costs: a fresh, signed-in context loads `fromPath` (hash route) and settles, then
 * the app is sent to `toPath` (a hash change: the router navigates, no reload) and the JavaScript
 * fetched from then until the page's h1 changes and the network is idle is added up.
 */
export async function measureNavigation(
  browser: Browser,
  baseUrl: string,
  fromPath: string,
  toPath: string,
  label: string,
  tokens: Tokens,
): Promise<PageWeight> {
  const context = await freshContext(browser, tokens);
  try {
    const page = await context.newPage();
    const first = recordScripts(page);
    await page.goto(`${baseUrl}/#${fromPath}`, { waitUntil: 'networkidle' });
    await waitReady(page, { level: 1 });
    // settled as measurePage settles: the first page's own late chunks are not the next page's
    await first();
    const before = await page.getByRole('heading', { level: 1 }).first().textContent();
    const scripts = recordScripts(page);
    await page.evaluate((p) => {
      window.location.hash = `#${p}`;
    }, toPath);
    await page.waitForFunction(
      (prev) => {
        const h1 = document.querySelector('h1');
        return h1 !== null && h1.textContent !== prev;
      },
      before,
      { timeout: 30_000 },
    );
    await page.waitForLoadState('networkidle');
    return { page: label, ...(await scripts()) };
  } finally {
    await context.close();
  }
}
