/**
 * Requests of the app's own server sent at boot, from main.js, before the app's code has arrived (issue 22,
 * point 2): signed in, the session check's request and the remotes' locations; the role's remote entry is
 * asked for as soon as its location is known. Like first-page.ts, it uses no shared module.
 */

/** The access token's key in local storage (shared-api's TOKEN_KEYS.access: not importable this early). */
const ACCESS_TOKEN_KEY = 'accessToken';
/** The stored access token, read without shared-api (the public pages do not load it). */
export function storedAccessToken(): string | null {
  return window.localStorage.getItem(ACCESS_TOKEN_KEY);
}

/** The chosen language's key in local storage (i18n/index.ts). */
const LANGUAGE_KEY = 'lang';

/** Asks the browser for a script now (`<link rel="preload">`); whoever runs it later gets it from the cache. */
function preloadScript(href: string): void {
  const link = document.createElement('link');
  link.setAttribute('rel', 'preload');
  link.setAttribute('as', 'script');
  link.setAttribute('href', href);
  document.head.appendChild(link);
}

/** What the server answered to one early request: its JSON body, or null when it did not answer 200. */
type Early = Promise<unknown>;
const early = new Map<string, Early>();

/**
 * A GET of the app's own server asked for now, before the app's code has arrived; its body (or null) is
 * taken once by the code that would have asked for it (`takeEarly`). Anything but a 200 answers null and that
 * code asks again the usual way (a token to refresh, a server error to show).
 */
function startEarly(path: string, headers: Record<string, string> = {}): void {
  early.set(
    path,
    fetch(path, { headers, cache: 'no-store' })
      .then((res) => (res.ok ? (res.json() as Promise<unknown>) : null))
      .catch(() => null),
  );
}

/** The early answer of `path`, once (null if none was started or it did not answer 200). */
export function takeEarly(path: string): Early | null {
  const answer = early.get(path) ?? null;
  early.delete(path);
  return answer;
}

/** The signed-in user's record asked for early: the session check's request (see bootstrap). */
export const USER_INFORMATION_PATH = '/v1/user/information';
/** Where each role's remote lives (see remotes/remote-loader.ts). */
export const REMOTE_LOCATIONS_PATH = '/remotes.json';

/**
 * Signed in: the session check's request and the remotes' locations leave now, beside the app's chunks, and
 * the role's remote entry is asked for as soon as its location is known (all before the app's code runs).
 */
export function startSignedInRequests(role: string, token: string): Promise<void> {
  startEarly(USER_INFORMATION_PATH, {
    authorization: `Bearer ${token}`,
    'accept-language': window.localStorage.getItem(LANGUAGE_KEY) === 'en' ? 'en' : 'vi',
  });
  startEarly(REMOTE_LOCATIONS_PATH);
  return (early.get(REMOTE_LOCATIONS_PATH) as Early).then((locations) => {
    const entry = (locations as Record<string, unknown> | null)?.[role];
    if (typeof entry === 'string') preloadScript(entry);
  });
}
