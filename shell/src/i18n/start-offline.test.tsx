import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { initI18n, storedLanguageReady } from '.';
import vi from './locales/vi.json';

// English stored, but its chunk cannot load (no network)
jest.mock('./locales/en.json', () => {
  throw new Error('ChunkLoadError: Loading chunk failed');
});
window.localStorage.setItem('lang', 'en');
initI18n();

function Title() {
  const { t } = useTranslation();
  return <h1>{t('login.title')}</h1>;
}

it('starting with English stored but unreachable, the page shows Vietnamese instead of failing', async () => {
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  await storedLanguageReady();
  render(<Title />);
  expect(screen.getByRole('heading', { name: vi.login.title })).toBeInTheDocument();
  expect(i18next.language).toBe('vi');
  expect(document.documentElement.lang).toBe('vi');
  expect(logged).toHaveBeenCalled();
  // the choice is kept: the next visit tries English again
  expect(window.localStorage.getItem('lang')).toBe('en');
});
