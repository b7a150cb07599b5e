import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import vi from './locales/vi.json';
import { loadEnglishAntdLocale } from './antd-locale';

export const LANGUAGES = ['vi', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
const STORAGE_KEY = 'lang';

/** A language's texts. */
export type LocaleBundle = Record<string, unknown>;
/** A language's texts in a chunk of their own (`() => import('./en.json')`), loaded when the page shows it. */
export type LocaleLoader = () => Promise<{ default: LocaleBundle }>;
/** One namespace's texts per language: Vietnamese bundled (the fallback), any language possibly a loader. */
export type LocaleBundles = Record<Language, LocaleBundle | LocaleLoader>;

/**
 * Per language, what must still load before the page shows it, by key: the loaders of texts not yet
 * run (one per namespace) and antd's locale. Only what the shown language needs is loaded (issue 22).
 */
const pending: Record<Language, Map<string, () => Promise<void>>> = { vi: new Map(), en: new Map() };
/** A step already running: a second caller waits for it instead of running it again. */
const running = new Map<() => Promise<void>, Promise<void>>();
/** The language `changeLanguage` is loading, until i18next has switched to it. */
let switchingTo: Language | null = null;

export function storedLanguage(): Language {
  const saved = typeof window === 'undefined' ? null : window.localStorage.getItem(STORAGE_KEY);
  return saved === 'en' ? 'en' : 'vi';
}

function runStep(lang: Language, key: string, step: () => Promise<void>): Promise<void> {
  let run = running.get(step);
  if (!run) {
    run = step()
      .then(() => {
        // a loader given again meanwhile (a remote loaded twice) stays pending
        if (pending[lang].get(key) === step) pending[lang].delete(key);
      })
      .finally(() => running.delete(step));
    running.set(step, run);
  }
  return run;
}

/**
 * Runs what `lang` still needs (texts given as loaders, antd's locale), side by side; rejects when one
 * fails (that one stays pending, to be tried again on the next switch). What is added meanwhile is
 * loaded too before it resolves.
 */
export async function loadLanguage(lang: Language): Promise<void> {
  while (pending[lang].size > 0) {
    await Promise.all([...pending[lang]].map(([key, step]) => runStep(lang, key, step)));
  }
}

/** i18next for the whole portal: Vietnamese first, English beside it; remotes add their own namespace. */
export function initI18n(): I18n {
  if (!i18next.isInitialized) {
    // the page's language, which the API client also sends (Accept-Language) for texts the server writes
    if (typeof document !== 'undefined') document.documentElement.lang = storedLanguage();
    void i18next.use(initReactI18next).init({
      // English comes as a chunk of its own, loaded before the page shows it (see `storedLanguageReady`)
      resources: { vi: { shell: vi } } satisfies Resource,
      lng: storedLanguage(),
      fallbackLng: 'vi',
      ns: ['shell'],
      defaultNS: 'shell',
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    pending.en.set('antd', loadEnglishAntdLocale);
    // starts loading English at once when it is stored; a failure is handled by `storedLanguageReady`
    addLocaleBundle('shell', { vi, en: () => import('./locales/en.json') }).catch(() => undefined);
  }
  return i18next;
}

/**
 * Resolves once the texts of the language the page starts in are there (right away in Vietnamese):
 * the first render waits for it. If they cannot load (no network), the page shows Vietnamese.
 */
export async function storedLanguageReady(): Promise<void> {
  const lang = storedLanguage();
  try {
    await loadLanguage(lang);
  } catch (error) {
    console.error(`the ${lang} texts could not load: showing Vietnamese`, error);
    document.documentElement.lang = 'vi';
    await i18next.changeLanguage('vi');
  }
}

/**
 * Switches the language once its texts (and antd's locale) have loaded, and remembers the choice. When
 * they cannot load it rejects, and the page stays in the language it was in.
 */
export async function changeLanguage(lang: Language): Promise<void> {
  switchingTo = lang;
  try {
    await loadLanguage(lang);
  } finally {
    if (switchingTo === lang) switchingTo = null;
  }
  window.localStorage.setItem(STORAGE_KEY, lang);
  document.documentElement.lang = lang;
  await i18next.changeLanguage(lang);
}

/**
 * Adds a locale bundle under its namespace (a remote's, shared-ui's). A language given as a loader is
 * kept until that language shows; the promise resolves once the texts of the language shown (or being
 * switched to) are there, so the caller shows them only then.
 */
export function addLocaleBundle(namespace: string, bundles: LocaleBundles): Promise<void> {
  for (const lang of LANGUAGES) {
    const source = bundles[lang];
    if (typeof source === 'function') {
      pending[lang].set(namespace, async () => {
        i18next.addResourceBundle(lang, namespace, (await source()).default, true, true);
      });
    } else {
      pending[lang].delete(namespace);
      i18next.addResourceBundle(lang, namespace, source, true, true);
    }
  }
  const shown = LANGUAGES.find((lang) => lang === i18next.language) ?? 'vi';
  const coming = switchingTo && switchingTo !== shown ? switchingTo : null;
  // a failure of the language being switched to is the switch's (it rejects, the page stays as it is)
  return Promise.all([loadLanguage(shown), coming && loadLanguage(coming).catch(() => undefined)]).then(
    () => undefined,
  );
}
