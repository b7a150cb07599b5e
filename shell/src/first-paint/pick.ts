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
  // Watching ends with the heading found (index.html has it whenever this runs), not at DOMContentLoaded: with
  // no deferred script left, that event comes in the parser's last task, before its records are delivered.
  observer.observe(doc, { childList: true, subtree: true });
}

/**
 * Starts the app (main.js, preloaded by the page's head) once the page is parsed, as a deferred script would;
 * on a drawn page, only after the browser has painted it. A deferred main.js already there when the parser
 * ends runs before any paint: at 4x CPU its ~300 ms, and the render it starts, came before the drawn page
 * showed in one load of two. A frame callback runs before the frame's paint; a task queued from it, after.
 * A tab in the background paints nothing: the app starts after a second there anyway.
 * Self-contained, as firstPaintOf, and without named inner functions (see greetOnHome).
 */
export function startApp(src: string, doc: Document, win: Pick<Window, 'requestAnimationFrame' | 'setTimeout'>): void {
  const script = doc.createElement('script');
  script.src = src;
  // dynamically inserted scripts run in any order once loaded; main.js is the only one
  doc.addEventListener(
    'DOMContentLoaded',
    () => {
      if (!doc.documentElement.hasAttribute('data-first-paint')) {
        doc.head.appendChild(script);
        return;
      }
      win.requestAnimationFrame(() =>
        win.setTimeout(() => {
          if (!script.isConnected) doc.head.appendChild(script);
        }, 0),
      );
      win.setTimeout(() => {
        if (!script.isConnected) doc.head.appendChild(script);
      }, 1000);
    },
    { once: true },
  );
}

/**
 * The head script: marks <html> with the page to show, greets the user on /Home (greetOnHome), and starts the
 * app (startApp: main.js at `mainSrc`). A failure in the first part (storage refused) leaves the spinner, or the
 * heading blank; the app starts all the same.
 * `greeting`: the Vietnamese greeting with its `{{name}}` placeholder (the locale's home.welcome).
 */
export function firstPaintScript(greeting: string, mainSrc = '/main.js'): string {
  return (
    `(function(){try{var storage=localStorage,page=(${firstPaintOf.toString()})(location.hash,storage);` +
    `if(page)document.documentElement.setAttribute(${JSON.stringify(FIRST_PAINT_ATTRIBUTE)},page);` +
    `if(page==="home")(${greetOnHome.toString()})(${JSON.stringify(greeting)},storage,document)}catch(e){}` +
    `(${startApp.toString()})(${JSON.stringify(mainSrc)},document,window)})();\n`
  );
}
