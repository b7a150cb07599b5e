import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { Empty } from 'antd';
import { UI_NAMESPACE, uiLocales } from 'shared-ui/core';
import { addLocaleBundle, changeLanguage, initI18n, type LocaleBundle } from '.';
import vi from './locales/vi.json';

initI18n();

// a remote's texts: Vietnamese with the manifest, English a loader (its own chunk in the portal)
const remoteVi = { greeting: 'Xin chào sinh viên' };
const remoteEn = { greeting: 'Hello, student' };
const loadRemoteEn = jest.fn(() => Promise.resolve({ default: remoteEn }));

/** Shows one text of the shell, of the remote and of shared-ui. */
function Texts() {
  const { t } = useTranslation(['shell', 'remote', UI_NAMESPACE]);
  return (
    <ul>
      <li>{t('notFound.title', { ns: 'shell' })}</li>
      <li>{t('greeting', { ns: 'remote' })}</li>
      <li>{t('devHost.signIn', { ns: UI_NAMESPACE })}</li>
    </ul>
  );
}

const englishOf = async () => ({
  shell: (await import('./locales/en.json')).default,
  ui: (await uiLocales.en()).default,
});

beforeAll(async () => {
  await addLocaleBundle('remote', { vi: remoteVi, en: loadRemoteEn });
  await addLocaleBundle(UI_NAMESPACE, uiLocales);
});

afterEach(async () => {
  await act(() => changeLanguage('vi'));
  window.localStorage.clear();
});

describe('only the language shown is loaded', () => {
  it('in Vietnamese no English text is loaded', () => {
    render(<Texts />);
    expect(screen.getByText(vi.notFound.title)).toBeInTheDocument();
    expect(screen.getByText(remoteVi.greeting)).toBeInTheDocument();
    expect(screen.getByText(uiLocales.vi.devHost.signIn)).toBeInTheDocument();
    expect(loadRemoteEn).not.toHaveBeenCalled();
    for (const ns of ['shell', 'remote', UI_NAMESPACE]) expect(i18next.hasResourceBundle('en', ns)).toBe(false);
  });

  it("switching to English loads the shell's, a remote's and shared-ui's English before i18next switches", async () => {
    const english = await englishOf();
    // what each namespace had when i18next announced English: never a moment with Vietnamese texts
    const atSwitch: boolean[] = [];
    const onChanged = (lng: string) => {
      if (lng === 'en')
        atSwitch.push(...['shell', 'remote', UI_NAMESPACE].map((ns) => i18next.hasResourceBundle('en', ns)));
    };
    i18next.on('languageChanged', onChanged);
    render(<Texts />);
    await act(() => changeLanguage('en'));
    i18next.off('languageChanged', onChanged);

    expect(atSwitch).toEqual([true, true, true]);
    // right after the switch resolves, no waiting
    expect(screen.getByText(english.shell.notFound.title)).toBeInTheDocument();
    expect(screen.getByText(remoteEn.greeting)).toBeInTheDocument();
    expect(screen.getByText(english.ui.devHost.signIn)).toBeInTheDocument();
    expect(screen.queryByText(vi.notFound.title)).not.toBeInTheDocument();
    expect(loadRemoteEn).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem('lang')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it("antd's English locale loads with the English texts and antd's own texts follow", async () => {
    const enUS = (await import('antd/es/locale/en_US')).default;
    // the providers come with antd, after i18n started (as in the portal)
    const { default: AntdProviders } = await import('../app/antd-providers');
    await act(async () => {
      render(
        <Suspense fallback={null}>
          <AntdProviders>
            <Empty />
          </AntdProviders>
        </Suspense>,
      );
    });
    const viVN = (await import('antd/es/locale/vi_VN')).default;
    const description = { selector: '.ant-empty-description' };
    expect(await screen.findByText(viVN.Empty!.description!, description)).toBeInTheDocument();
    await act(() => changeLanguage('en'));
    expect(screen.getByText(enUS.Empty!.description!, description)).toBeInTheDocument();
  });

  it('a bundle given as plain objects (a remote deployed with the old shape) still works', async () => {
    await addLocaleBundle('old', { vi: { title: 'Trang cũ' }, en: { title: 'Old page' } });
    expect(i18next.t('title', { ns: 'old' })).toBe('Trang cũ');
    await act(() => changeLanguage('en'));
    expect(i18next.t('title', { ns: 'old' })).toBe('Old page');
  });

  it('a remote added while English shows is ready only once its English is there', async () => {
    await act(() => changeLanguage('en'));
    let arrive: (texts: { default: Record<string, unknown> }) => void = () => undefined;
    const added = addLocaleBundle('late', {
      vi: { title: 'Trang mới' },
      en: () => new Promise((resolve) => (arrive = resolve)),
    });
    let done = false;
    void added.then(() => (done = true));
    await act(() => Promise.resolve());
    expect(done).toBe(false);
    arrive({ default: { title: 'New page' } });
    await added;
    expect(i18next.t('title', { ns: 'late' })).toBe('New page');
  });

  it('a remote added while the switch to English is under way is ready only once its English is there', async () => {
    let arrive: () => void = () => undefined;
    await addLocaleBundle('slow', {
      vi: { title: 'Trang chậm' },
      en: () => new Promise((resolve) => (arrive = () => resolve({ default: { title: 'Slow page' } }))),
    });
    const switching = changeLanguage('en');
    let addedDone = false;
    const added = addLocaleBundle('midway', {
      vi: { title: 'Trang giữa chừng' },
      en: () => Promise.resolve({ default: { title: 'Midway page' } }),
    }).then(() => (addedDone = true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    // the page is becoming English: the remote waits for all of English, as the switch does
    expect(addedDone).toBe(false);
    expect(i18next.language).toBe('vi');

    arrive();
    await added;
    await act(() => switching);
    expect(i18next.t('title', { ns: 'midway' })).toBe('Midway page');
    expect(i18next.t('title', { ns: 'slow' })).toBe('Slow page');
  });

  it('a loader that fails (no network) leaves the page in Vietnamese: the switch rejects, nothing is remembered', async () => {
    const broken = jest.fn<Promise<{ default: LocaleBundle }>, []>(() => Promise.reject(new Error('Network Error')));
    await addLocaleBundle('broken', { vi: { title: 'Trang hỏng' }, en: broken });
    render(<Texts />);

    await expect(changeLanguage('en')).rejects.toThrow('Network Error');
    expect(i18next.language).toBe('vi');
    expect(window.localStorage.getItem('lang')).toBeNull();
    expect(document.documentElement.lang).toBe('vi');
    expect(screen.getByText(vi.notFound.title)).toBeInTheDocument();

    // tried again on the next switch, which then succeeds
    broken.mockImplementation(() => Promise.resolve({ default: { title: 'Broken page, mended' } }));
    await act(() => changeLanguage('en'));
    expect(broken).toHaveBeenCalledTimes(2);
    expect(i18next.t('title', { ns: 'broken' })).toBe('Broken page, mended');
  });
});
