import { DISPLAY_NAME_KEY, TOKEN_KEYS } from 'shared-api';
import { PUBLIC_PAGES } from '../app/first-page';
import {
  FIRST_PAINT_ATTRIBUTE,
  firstPaintOf,
  firstPaintScript,
  GREETING_ID,
  greetOnHome,
  startApp,
  type FirstPaintPage,
} from './pick';

const GREETING = 'Xin chào, {{name}}!';

const storage = (entries: Record<string, string> = {}): Pick<Storage, 'getItem'> => ({
  getItem: (key) => entries[key] ?? null,
});

describe('the page the first paint shows (issue 22: painted before any bundle runs)', () => {
  it.each<[string, FirstPaintPage | null]>([
    ['', 'landing'],
    ['#', 'landing'],
    ['#/', 'landing'],
    ['#/SPS-FE-Project', 'landing'],
    ['#/sps-fe-project', 'landing'],
    ['#/Login', 'login'],
    ['#/login', 'login'],
    ['#/Login?next=%2FPrinting', 'login'],
    // a school sign-in coming back is not the bare form: the app draws what it says
    ['#/Login?code=abc', null],
    ['#/Login?next=%2FHome&error=denied', null],
    // signed out, /Home is the login form the app sends the visitor to: not drawn
    ['#/Home', null],
    ['#/Printing', null],
    ['#/Test', null],
    ['#/ReleaseStation', null],
    ['#/Loginx', null],
  ])('%s → %s', (hash, page) => {
    expect(firstPaintOf(hash, storage())).toBe(page);
  });

  it('draws nothing for a visitor who chose English (the pages are drawn in Vietnamese)', () => {
    expect(firstPaintOf('#/', storage({ lang: 'en' }))).toBeNull();
    expect(firstPaintOf('#/Login', storage({ lang: 'en' }))).toBeNull();
    expect(firstPaintOf('#/Home', storage({ lang: 'en', [TOKEN_KEYS.access]: 'a.b.c' }))).toBeNull();
    expect(firstPaintOf('#/Login', storage({ lang: 'vi' }))).toBe('login');
  });

  it.each(['#/Home', '#/home', '#/Home?x=1'])('draws /Home (%s) for a visitor with a stored session only', (hash) => {
    expect(firstPaintOf(hash, storage({ [TOKEN_KEYS.access]: 'a.b.c' }))).toBe('home');
    expect(firstPaintOf(hash, storage({ [TOKEN_KEYS.refresh]: 'r' }))).toBeNull();
    expect(firstPaintOf('#/Printing', storage({ [TOKEN_KEYS.access]: 'a.b.c' }))).toBeNull();
  });

  it('agrees with the routes: each path it draws is the public page of that name', () => {
    for (const [path, page] of Object.entries(PUBLIC_PAGES)) {
      const drawn = firstPaintOf(`#${path}`, storage());
      if (drawn !== null) expect([path, drawn]).toEqual([path, page]);
    }
    expect(new Set(Object.keys(PUBLIC_PAGES).map((path) => firstPaintOf(`#${path}`, storage())))).toEqual(
      new Set(['landing', 'login', null]),
    );
  });

  describe('the head script', () => {
    afterEach(() => {
      document.documentElement.removeAttribute(FIRST_PAINT_ATTRIBUTE);
      window.localStorage.clear();
      window.location.hash = '';
      // each run waits for the page to be parsed to start the app: done here, and what it started removed
      document.dispatchEvent(new Event('DOMContentLoaded'));
      for (const script of document.querySelectorAll('script[src="/main.js"]')) script.remove();
    });
    const run = () => new Function(firstPaintScript(GREETING))() as void;

    it('marks <html> with the page of the address', () => {
      window.location.hash = '#/Login';
      run();
      expect(document.documentElement.getAttribute(FIRST_PAINT_ATTRIBUTE)).toBe('login');
    });

    it('leaves <html> unmarked (the spinner) for any other page, or English', () => {
      window.location.hash = '#/Home';
      run();
      expect(document.documentElement.hasAttribute(FIRST_PAINT_ATTRIBUTE)).toBe(false);
      window.location.hash = '#/';
      window.localStorage.setItem('lang', 'en');
      run();
      expect(document.documentElement.hasAttribute(FIRST_PAINT_ATTRIBUTE)).toBe(false);
    });

    it('marks /Home and greets the user by the kept name in the heading, once it is parsed', async () => {
      window.localStorage.setItem(TOKEN_KEYS.access, 'a.b.c');
      window.localStorage.setItem(DISPLAY_NAME_KEY, 'Trần <b>Thị</b> $& Ngọc');
      window.location.hash = '#/Home';
      run();
      expect(document.documentElement.getAttribute(FIRST_PAINT_ATTRIBUTE)).toBe('home');
      // the heading arrives after the script ran (the parser reaches the body later)
      const heading = document.createElement('h1');
      heading.id = GREETING_ID;
      heading.textContent = '\u00a0';
      document.body.append(heading);
      await Promise.resolve();
      // as text, never as markup; the name's `$&` is not a replacement pattern
      expect(heading.innerHTML).toBe('Xin chào, Trần &lt;b&gt;Thị&lt;/b&gt; $&amp; Ngọc!');
      heading.remove();
    });

    it('starts the app once the page is parsed, even when storage is refused', () => {
      const getItem = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
        throw new Error('SecurityError');
      });
      try {
        run();
        expect(document.querySelector('script[src="/main.js"]')).toBeNull();
        document.dispatchEvent(new Event('DOMContentLoaded'));
        expect(document.querySelectorAll('script[src="/main.js"]')).toHaveLength(1);
      } finally {
        getItem.mockRestore();
      }
    });

    it('fails quietly when storage is refused (the spinner, as before)', () => {
      const getItem = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
        throw new Error('SecurityError');
      });
      try {
        window.location.hash = '#/';
        expect(run).not.toThrow();
        expect(document.documentElement.hasAttribute(FIRST_PAINT_ATTRIBUTE)).toBe(false);
      } finally {
        getItem.mockRestore();
      }
    });
  });

  describe('greetOnHome', () => {
    const heading = () => {
      const element = document.createElement('h1');
      element.id = GREETING_ID;
      element.textContent = '\u00a0';
      return element;
    };
    afterEach(() => document.body.replaceChildren());

    it('fills the heading as it is added, then stops watching', async () => {
      greetOnHome(GREETING, storage({ displayName: 'Nguyễn Văn An' }), document);
      document.body.append(document.createElement('p'));
      await Promise.resolve();
      const first = heading();
      document.body.append(first);
      await Promise.resolve();
      expect(first.textContent).toBe('Xin chào, Nguyễn Văn An!');
      // disconnected: a later heading of that id (the app's own) is left as the app draws it
      first.remove();
      const later = heading();
      document.body.append(later);
      await Promise.resolve();
      expect(later.textContent).toBe('\u00a0');
    });

    it('leaves the heading blank without a kept name', async () => {
      greetOnHome(GREETING, storage(), document);
      const element = heading();
      document.body.append(element);
      await Promise.resolve();
      expect(element.textContent).toBe('\u00a0');
    });
  });

  describe('startApp', () => {
    /** A window whose frames and timers run when the test says. */
    function fakeWindow() {
      const frames: (() => void)[] = [];
      const timers: { run: () => void; ms: number }[] = [];
      const win = {
        requestAnimationFrame: (callback: FrameRequestCallback) => frames.push(() => callback(0)),
        setTimeout: (run: () => void, ms = 0) => timers.push({ run, ms }),
      } as unknown as Pick<Window, 'requestAnimationFrame' | 'setTimeout'>;
      return { win, frames, timers };
    }
    const started = () => [...document.querySelectorAll<HTMLScriptElement>('script[src$="/app.js"]')];
    afterEach(() => {
      for (const script of started()) script.remove();
      document.documentElement.removeAttribute(FIRST_PAINT_ATTRIBUTE);
    });

    it('without a drawn page: as soon as the page is parsed', () => {
      const { win, frames } = fakeWindow();
      startApp('/app.js', document, win);
      expect(started()).toHaveLength(0);
      document.dispatchEvent(new Event('DOMContentLoaded'));
      expect(started()).toHaveLength(1);
      expect(frames).toHaveLength(0);
    });

    it('with a drawn page: after its first frame is painted, once', () => {
      document.documentElement.setAttribute(FIRST_PAINT_ATTRIBUTE, 'home');
      const { win, frames, timers } = fakeWindow();
      startApp('/app.js', document, win);
      document.dispatchEvent(new Event('DOMContentLoaded'));
      expect(started()).toHaveLength(0);
      frames.shift()?.();
      // the frame's callback runs before its paint: the app waits for the task queued from it
      expect(started()).toHaveLength(0);
      const afterFrame = timers.find((t) => t.ms === 0);
      afterFrame?.run();
      expect(started()).toHaveLength(1);
      // the background tab's timer finds it started
      timers.find((t) => t.ms === 1000)?.run();
      expect(started()).toHaveLength(1);
    });

    it('with a drawn page in a background tab (no frame): after a second', () => {
      document.documentElement.setAttribute(FIRST_PAINT_ATTRIBUTE, 'landing');
      const { win, timers } = fakeWindow();
      startApp('/app.js', document, win);
      document.dispatchEvent(new Event('DOMContentLoaded'));
      timers.find((t) => t.ms === 1000)?.run();
      expect(started()).toHaveLength(1);
    });
  });
});
