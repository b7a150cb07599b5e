import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import vi from './locales/vi.json';

export const LANGUAGES = ['vi', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
const STORAGE_KEY = 'lang';

export function storedLanguage(): Language {
  const saved = typeof window === 'undefined' ? null : window.localStorage.getItem(STORAGE_KEY);
  return saved === 'en' ? 'en' : 'vi';
}

/** i18next for the whole portal: Vietnamese first, English beside it; remotes add their own namespace. */
export function initI18n(): I18n {
  if (!i18next.isInitialized) {
    // the page's language, which the API client also sends (Accept-Language) for texts the server writes
    if (typeof document !== 'undefined') document.documentElement.lang = storedLanguage();
    void i18next.use(initReactI18next).init({
      resources: { vi: { shell: vi }, en: { shell: en } } satisfies Resource,
      lng: storedLanguage(),
      fallbackLng: 'vi',
      ns: ['shell'],
      defaultNS: 'shell',
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  }
  return i18next;
}

/** Switches the language and remembers the choice. */
export async function changeLanguage(lang: Language): Promise<void> {
  window.localStorage.setItem(STORAGE_KEY, lang);
  document.documentElement.lang = lang;
  await i18next.changeLanguage(lang);
}

/** Adds a remote's locale bundle under its namespace. */
export function addLocaleBundle(namespace: string, bundles: Record<Language, Record<string, unknown>>): void {
  for (const lang of LANGUAGES) i18next.addResourceBundle(lang, namespace, bundles[lang], true, true);
}
