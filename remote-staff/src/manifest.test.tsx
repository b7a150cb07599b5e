import { act, screen } from '@testing-library/react';
import i18next from 'i18next';
import { useSessionStore, type UserInfo } from 'shared-api';
import { type RemoteRoute } from 'shared-ui';
import {
  expectedSingletons,
  initRemoteI18n,
  keyPaths,
  lookup,
  makeApiUnreachable,
  renderRemoteRoute,
} from 'shared-ui/testing';
import en from './locales/en.json';
import vi from './locales/vi.json';
import manifest from './manifest';

// @ant-design/icons' CommonJS build requires @ant-design/colors/es/generate (ES modules), which jest
// cannot load with the repository's config: use the CommonJS build of the same file.
jest.mock('@ant-design/colors/es/generate', () => jest.requireActual('@ant-design/colors/lib/generate'));

const ROLE = 'staff';
/** Spec section 2, route table: the staff routes. */
const SPEC_ROUTES = ['/ManageStaff', '/NoticeStaff'];
/** Where each page is opened in the test, and the title it must show. */
const PAGES: Record<string, { at: string; title: { vi: string; en: string } }> = {
  '/ManageStaff': {
    at: '/ManageStaff',
    title: { vi: vi.manage.title, en: en.manage.title },
  },
  '/NoticeStaff': {
    at: '/NoticeStaff',
    title: { vi: vi.notices.title, en: en.notices.title },
  },
};


describe('remote-staff manifest', () => {
  it('names the remote and its i18n namespace', () => {
    expect(manifest.name).toBe('remote_staff');
    expect(manifest.namespace).toBe(ROLE);
  });

  it("covers exactly the spec's staff routes", () => {
    expect(manifest.routes.map((r) => r.path).sort()).toEqual([...SPEC_ROUTES].sort());
    expect(new Set(manifest.routes.map((r) => r.path)).size).toBe(manifest.routes.length);
  });

  it('every route is for staff only', () => {
    for (const route of manifest.routes) expect(route.access).toBe(ROLE);
  });

  it('every page keeps the common layout', () => {
    for (const route of manifest.routes) expect(route.layout ?? 'app').toBe('app');
  });

  it("the menu brings the spec's staff links between Home and Guide: Printer system, Notices (with the badge)", () => {
    expect(manifest.menu.map((m) => m.path)).toEqual(['/ManageStaff', '/NoticeStaff']);
    expect(manifest.menu.map((m) => lookup(vi, m.labelKey))).toEqual(['Hệ thống máy in', 'Thông báo']);
    expect(manifest.menu.map((m) => m.badge ?? null)).toEqual([null, 'notices']);
    for (const item of manifest.menu) expect(manifest.routes.map((r) => r.path)).toContain(item.path);
    expect(new Set(manifest.menu.map((m) => m.key)).size).toBe(manifest.menu.length);
  });

  it('menu label keys exist in both the vi and the en bundle', () => {
    for (const item of manifest.menu) {
      expect(typeof lookup(manifest.locales.vi, item.labelKey)).toBe('string');
      expect(typeof lookup(manifest.locales.en, item.labelKey)).toBe('string');
      expect(lookup(manifest.locales.vi, item.labelKey)).not.toBe('');
      expect(lookup(manifest.locales.en, item.labelKey)).not.toBe('');
    }
  });

  it('the vi and en bundles have the same keys', () => {
    expect(manifest.locales.vi).toBe(vi);
    expect(manifest.locales.en).toBe(en);
    expect(keyPaths(en)).toEqual(keyPaths(vi));
  });

  it('declares the 9 shared singletons, each the very module the app got', () => {
    expect(Object.keys(manifest.singletons).sort()).toEqual(
      [
        'antd',
        'i18next',
        'react',
        'react-dom',
        'react-i18next',
        'react-router-dom',
        'shared-api',
        'shared-ui',
        'zustand',
      ].sort(),
    );
    const expected = expectedSingletons();
    for (const [key, value] of Object.entries(expected)) expect(manifest.singletons[key]).toBe(value);
  });
});

describe('remote-staff pages', () => {
  const officer: UserInfo = {
    _id: 'u9',
    mssv: 'NV001',
    firstName: 'Bình',
    lastName: 'Trần',
    email: 'binh@hcmut.edu.vn',
    balance: 0,
    major: null,
    classes: null,
    currentA4Price: 500,
    role: 'staff',
  };

  beforeAll(async () => {
    await initRemoteI18n(manifest);
  });

  let restoreApi: () => void = () => undefined;

  beforeEach(async () => {
    window.localStorage.clear();
    window.localStorage.setItem('accessToken', 'acc');
    useSessionStore.setState(useSessionStore.getInitialState(), true);
    useSessionStore.getState().setUser(officer);
    restoreApi = makeApiUnreachable();
    await act(() => i18next.changeLanguage('vi'));
  });

  afterEach(() => restoreApi());

  const renderRoute = (route: RemoteRoute) => renderRemoteRoute(route, PAGES[route.path]!.at);

  it.each(SPEC_ROUTES)('%s renders its title as a heading', async (path) => {
    const route = manifest.routes.find((r) => r.path === path)!;
    renderRoute(route);
    expect(await screen.findByRole('heading', { name: PAGES[path]!.title.vi })).toBeInTheDocument();
  });

  it('pages follow the language: /NoticeStaff in English', async () => {
    await act(() => i18next.changeLanguage('en'));
    renderRoute(manifest.routes.find((r) => r.path === '/NoticeStaff')!);
    expect(
      await screen.findByRole('heading', {
        name: PAGES['/NoticeStaff']!.title.en,
      }),
    ).toBeInTheDocument();
  });
});
