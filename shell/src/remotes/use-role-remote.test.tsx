import { act, renderHook, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { loadLocale, type RemoteManifest } from 'shared-ui/core';
import staffManifest from '../../../remote-staff/src/manifest';
import { changeLanguage, initI18n } from '../i18n';
import { useRoleRemote } from './use-role-remote';

// Jest cannot load federated modules: the manifest comes from the remote's source, given to the hook.
jest.mock('./remote-loader', () => ({ loadRoleManifest: jest.fn() }));

initI18n();

/** The staff manifest whose English arrives only when `arrive` is called (a slow chunk). */
function withSlowEnglish() {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const loadEnglish = jest.fn(async () => {
    await arrived;
    return { default: await loadLocale(staffManifest.locales.en) };
  });
  const manifest: RemoteManifest = { ...staffManifest, locales: { vi: staffManifest.locales.vi, en: loadEnglish } };
  return { manifest, arrive, loadEnglish };
}

const firstLabel = staffManifest.menu[0]!.labelKey;

afterEach(async () => {
  await act(() => changeLanguage('vi'));
});

describe('useRoleRemote and the remote texts', () => {
  it('in English, the remote is ready only once its English texts are added', async () => {
    await act(() => changeLanguage('en'));
    const { manifest, arrive, loadEnglish } = withSlowEnglish();
    const load = () => Promise.resolve(manifest);
    const { result } = renderHook(() => useRoleRemote('staff', load));
    await waitFor(() => expect(loadEnglish).toHaveBeenCalled());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(result.current.status).toBe('loading');

    arrive();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    const english = await loadLocale(staffManifest.locales.en);
    const label = firstLabel.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], english);
    expect(i18next.t(firstLabel, { ns: 'staff' })).toBe(label);
  });

  it('in Vietnamese, the remote is ready at once and its English is not loaded', async () => {
    const { manifest, loadEnglish } = withSlowEnglish();
    const load = () => Promise.resolve(manifest);
    const { result } = renderHook(() => useRoleRemote('staff', load));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(loadEnglish).not.toHaveBeenCalled();
  });
});
