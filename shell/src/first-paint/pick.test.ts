import { PUBLIC_PAGES } from '../app/first-page';
import { FIRST_PAINT_ATTRIBUTE, firstPaintOf, firstPaintScript, type FirstPaintPage } from './pick';

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
    expect(firstPaintOf('#/Login', storage({ lang: 'vi' }))).toBe('login');
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
    });
    const run = () => new Function(firstPaintScript())() as void;

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
});
