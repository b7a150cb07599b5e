import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { initI18n, storedLanguageReady } from '.';
import * as antdLocale from './antd-locale';
import vi from './locales/vi.json';

// antd's English locale arrives late (a slow network): the first render must wait for it as for the texts
const loadAntdLocale = antdLocale.loadEnglishAntdLocale;
let letAntdArrive: () => void = () => undefined;
const antdArrives = new Promise<void>((resolve) => (letAntdArrive = resolve));
jest.spyOn(antdLocale, 'loadEnglishAntdLocale').mockImplementation(async () => {
  await antdArrives;
  await loadAntdLocale();
});

// a visitor who chose English last time: the first render must already speak it
window.localStorage.setItem('lang', 'en');
initI18n();

function Title() {
  const { t } = useTranslation();
  return <h1>{t('login.title')}</h1>;
}

it('starting with English stored, the first render waits for all of English and is in English', async () => {
  let ready = false;
  const waiting = storedLanguageReady().then(() => (ready = true));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(ready).toBe(false);
  // loaded side by side: the texts are there while antd's locale is still on its way
  expect(i18next.hasResourceBundle('en', 'shell')).toBe(true);

  letAntdArrive();
  await waiting;
  render(<Title />);
  const en = (await import('./locales/en.json')).default;
  expect(screen.getByRole('heading', { name: en.login.title })).toBeInTheDocument();
  expect(screen.queryByText(vi.login.title)).not.toBeInTheDocument();
  expect(i18next.language).toBe('en');
  expect(document.documentElement.lang).toBe('en');
});
