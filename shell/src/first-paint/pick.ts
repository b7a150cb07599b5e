/** The public pages drawn into index.html at build time (render.tsx), shown by the first paint before any bundle runs. */
export type FirstPaintPage = 'landing' | 'login';

/** The attribute on <html> naming the page the first paint shows (set by the page's head script). */
export const FIRST_PAINT_ATTRIBUTE = 'data-first-paint';

/**
 * Which prerendered page the address shows, or null (the spinner, as before): the landing page and the login
 * form, in Vietnamese only (the language they are drawn in: a visitor who chose English waits for the app).
 * A school sign-in coming back (`?code=`, `?error=`) is not the bare form either. The router matches paths
 * without case (react-router's default), so does this.
 *
 * Self-contained on purpose: its source is the script index.html runs in its head (render.tsx), before the
 * body is drawn; no import, no helper, no inner function.
 */
export function firstPaintOf(hash: string, storage: Pick<Storage, 'getItem'>): FirstPaintPage | null {
  if (storage.getItem('lang') === 'en') return null;
  const route = hash.replace(/^#/, '') || '/';
  const at = route.indexOf('?');
  const path = (at < 0 ? route : route.slice(0, at)).toLowerCase();
  const query = at < 0 ? '' : route.slice(at + 1);
  if (path === '/' || path === '/sps-fe-project') return 'landing';
  if (path === '/login' && !/(^|&)(code|error)=/.test(query)) return 'login';
  return null;
}

/** The head script: marks <html> with the page to show; any failure (storage refused) leaves the spinner. */
export function firstPaintScript(): string {
  return (
    `(function(){try{var page=(${firstPaintOf.toString()})(location.hash,localStorage);` +
    `if(page)document.documentElement.setAttribute(${JSON.stringify(FIRST_PAINT_ATTRIBUTE)},page)}catch(e){}})();\n`
  );
}
