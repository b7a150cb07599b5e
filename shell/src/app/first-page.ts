/**
 * What the first page needs, asked for as soon as main.js runs: the page's chunk (and, signed in, the
 * role's remote) load side by side with the app's own chunks instead of one after another, and the app
 * renders once the page's chunk is there. A page rendered from a loaded module never suspends, so the
 * first paint skips React's Suspense reveal throttle (300 ms after a fallback was shown).
 *
 * This module runs before the federation runtime has shared React: it only uses `import()`, never a
 * shared module, so that main.js may import it eagerly.
 */

import { startSignedInRequests, storedAccessToken } from './early-requests';

type Loader<T = unknown> = () => Promise<T>;

interface Entry {
  promise: Promise<unknown>;
  module?: unknown;
}

const entries = new Map<Loader, Entry>();

/** Loads once; the module is kept for `loadedModule` when it arrives. */
export function loadOnce<T>(loader: Loader<T>): Promise<T> {
  let entry = entries.get(loader);
  if (!entry) {
    const created: Entry = {
      promise: loader().then(
        (mod) => {
          created.module = mod;
          return mod;
        },
        (error: unknown) => {
          // a failed chunk is asked for again on the next render (the lazy route shows its error)
          entries.delete(loader);
          throw error;
        },
      ),
    };
    entry = created;
    entries.set(loader, entry);
  }
  return entry.promise as Promise<T>;
}

/** The module if it has already arrived, else undefined. */
export function loadedModule<T>(loader: Loader<T>): T | undefined {
  return entries.get(loader)?.module as T | undefined;
}

/** The pages routed by the shell, each its own chunk. */
export const PAGES = {
  landing: () => import('../public/landing-page'),
  login: () => import('../public/login-page'),
  test: () => import('../public/test-page'),
  releaseStation: () => import('../public/release-station/release-station-page'),
  // the session gate with the signed-in app (shared-api, the layout): one chunk
  signedIn: () => import('./session-gate'),
} satisfies Record<string, Loader>;

export type PageName = keyof typeof PAGES;
export type PublicPageName = Exclude<PageName, 'signedIn'>;

/** The public paths and their pages; every other path is behind the session gate. */
export const PUBLIC_PAGES: Record<string, PublicPageName> = {
  '/': 'landing',
  '/SPS-FE-Project': 'landing',
  '/Login': 'login',
  '/Test': 'test',
  '/ReleaseStation': 'releaseStation',
};

/** The role an access token names, read without checking it (the server checks it on every call). */
export function roleOfToken(token: string | null): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { role?: unknown };
    return typeof json.role === 'string' ? json.role : null;
  } catch {
    return null;
  }
}

/** The route path of a hash location ('#/Login?next=…' → '/Login'). */
export function pathOfHash(hash: string): string {
  return hash.replace(/^#/, '').split('?')[0] || '/';
}

/** The page a hash location opens first: a public page, the signed-in app, or the login a visitor is sent to. */
export function firstPageOf(hash: string, token: string | null): PageName {
  const page = PUBLIC_PAGES[pathOfHash(hash)];
  if (page) return page;
  return token ? 'signedIn' : 'login';
}

let ready: Promise<void> = Promise.resolve();

/**
 * Starts loading what the current location draws first. Signed in, the role's remote is asked for at
 * the same time (the role read from the token; the session check follows and has the last word).
 */
export function startFirstPage(hash = window.location.hash, token = storedAccessToken()): PageName {
  const page = firstPageOf(hash, token);
  ready = loadOnce(PAGES[page]).then(
    () => undefined,
    () => undefined, // a failed chunk does not stop the app: the route retries it and shows its error
  );
  const role = page === 'signedIn' ? roleOfToken(token) : null;
  if (role && token) {
    void startSignedInRequests(role, token);
    void import('../remotes/remote-loader').then((m) => m.preloadRoleManifest(role)).catch(() => undefined);
  }
  return page;
}

/** Resolves once the first page's chunk has arrived (or failed). */
export function firstPageReady(): Promise<void> {
  return ready;
}
