import type { LocaleBundle, LocaleBundles, LocaleLoader } from '../manifest';
import vi from './vi.json';

/** shared-ui's own texts, under the i18n namespace 'ui'. */
export const UI_NAMESPACE = 'ui';
/** Vietnamese bundled (the fallback); English a chunk of its own, loaded when a page shows English. */
export const uiLocales = { vi, en: () => import('./en.json') } satisfies LocaleBundles;

/** A language's texts, loading their chunk first when given as a loader. */
export async function loadLocale(source: LocaleBundle | LocaleLoader): Promise<LocaleBundle> {
  return typeof source === 'function' ? (await source()).default : source;
}
