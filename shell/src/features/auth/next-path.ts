/**
 * Where a sign-in goes next: the signed-in page a signed-out visitor asked for (e.g. a release
 * station's QR: /Release?printer=…&code=…), carried as /Login?next=… and, across a school sign-in
 * (which leaves the app and comes back on /Login?code=…), in this tab's sessionStorage.
 *
 * Only a path of this app is taken: it starts with one '/', never '//' or a backslash (browsers read
 * '/\' as '//'), no control characters, no way back to /Login. Anything else is dropped, so the page
 * cannot be made to send a fresh session elsewhere (an open redirect).
 */
const STORAGE_KEY = 'sp.signIn.next';
const MAX_LENGTH = 1000;

/** `raw` when it is a safe in-app path to open after signing in, else null. */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length < 2 || raw.length > MAX_LENGTH) return null;
  if (raw[0] !== '/' || raw[1] === '/' || raw.includes('\\')) return null;
  // browsers drop tabs and newlines from a URL ('/\t/evil' would become '//evil'): no control characters
  for (const char of raw) if (char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f) return null;
  if (/^\/login(?:[/?#]|$)/i.test(raw)) return null;
  return raw;
}

/** The login page's address for a signed-out visitor at `location` (its path kept as next, /Home left out). */
export function loginPathFor(location: { pathname: string; search: string }): string {
  const next = safeNextPath(`${location.pathname}${location.search}`);
  return next && next !== '/Home' ? `/Login?next=${encodeURIComponent(next)}` : '/Login';
}

/** Before leaving for a school sign-in: keep `next` for the way back (this tab only). */
export function rememberNext(next: string | null): void {
  try {
    if (next) window.sessionStorage.setItem(STORAGE_KEY, next);
    else window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // storage refused (private mode): the sign-in still works and ends on /Home
  }
}

/** Back from a school sign-in: the kept `next` (checked again), removed so that it is used once. */
export function takeRememberedNext(): string | null {
  try {
    const kept = window.sessionStorage.getItem(STORAGE_KEY);
    window.sessionStorage.removeItem(STORAGE_KEY);
    return safeNextPath(kept);
  } catch {
    return null;
  }
}
