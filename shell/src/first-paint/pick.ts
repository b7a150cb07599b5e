/**
 * The pages drawn into index.html at build time (render.tsx), shown by the first paint before any bundle runs:
 * the two public pages, and /Home's frame (the layout and the page's sections, the same for every user; the
 * user's name, balance and menu come with the app).
 */
export type FirstPaintPage = 'landing' | 'login' | 'home';

/** The attribute on <html> naming the page the first paint shows (set by the page's head script). */
export const FIRST_PAINT_ATTRIBUTE = 'data-first-paint';

/**
 * Which prerendered page the address shows, or null (the spinner, as before): the landing page, the login
 * form, and /Home for a visitor with a stored session (without one the app sends them to the login form), in
 * Vietnamese only (the language they are drawn in: a visitor who chose English waits for the app).
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
  // shared-api's TOKEN_KEYS.access, written out: this function is copied into the head script as it is
  if (path === '/home' && storage.getItem('accessToken')) return 'home';
  return null;
}

/** The id of /Home's drawn heading, which the script fills with the greeting (render.tsx). */
export const GREETING_ID = 'sp-first-paint-greeting';

/**
 * Writes /Home's greeting, with the name kept at the last sign-in (shared-api's DISPLAY_NAME_KEY), into the drawn
 * heading (GREETING_ID) as text; without a name the heading stays blank until the app draws it. Run from the head,
 * before the heading is parsed: a mutation observer fills it as it arrives. Its records come at the end of the
 * parser's task, before the browser paints, so the heading is never painted blank and then again.
 * Self-contained, as firstPaintOf (the id and the key written out), and no named inner function: the build's
 * TypeScript runner would wrap one in a helper the browser does not have (render.tsx checks).
 */
export function greetOnHome(greeting: string, storage: Pick<Storage, 'getItem'>, doc: Document): void {
  const observer = new MutationObserver(() => {
    const heading = doc.getElementById('sp-first-paint-greeting');
    if (!heading) return;
    observer.disconnect();
    const name = storage.getItem('displayName');
    if (name) heading.textContent = greeting.split('{{name}}').join(name);
  });
  observer.observe(doc, { childList: true, subtree: true });
  doc.addEventListener('DOMContentLoaded', () => observer.disconnect());
}

/**
 * The head script: marks <html> with the page to show and, on /Home, greets the user (greetOnHome). Any failure
 * (storage refused) leaves the spinner, or the heading blank.
 * `greeting`: the Vietnamese greeting with its `{{name}}` placeholder (the locale's home.welcome).
 */
export function firstPaintScript(greeting: string): string {
  return (
    `(function(){try{var storage=localStorage,page=(${firstPaintOf.toString()})(location.hash,storage);` +
    `if(page)document.documentElement.setAttribute(${JSON.stringify(FIRST_PAINT_ATTRIBUTE)},page);` +
    `if(page==="home")(${greetOnHome.toString()})(${JSON.stringify(greeting)},storage,document)}catch(e){}})();\n`
  );
}
