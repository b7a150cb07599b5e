import en from './en.json';
import vi from './vi.json';

/** shared-ui's own texts, under the i18n namespace 'ui'. */
export const UI_NAMESPACE = 'ui';
export const uiLocales = { vi, en };
