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

const ROLE = 'student';
/** Spec section 2, route table: the student's routes (Bkpay without the common layout). */
const SPEC_ROUTES = ['/Printing', '/Printing/:PrinterID', '/History', '/Bkpay'];
/** Where each page is opened in the test, and the title it must show (spec titles where the spec gives one). */
const PAGES: Record<string, { at: string; title: { vi: string; en: string } }> = {
  '/Printing': {
    at: '/Printing',
    title: { vi: 'CHỌN MÁY IN', en: en.printerSelection.title },
  },
  '/Printing/:PrinterID': {
    at: '/Printing/P001',
    title: { vi: vi.printConfig.title, en: en.printConfig.title },
  },
  '/History': {
    at: '/History',
    title: { vi: 'LỊCH SỬ HOẠT ĐỘNG', en: en.history.title },
  },
  '/Bkpay': {
    at: '/Bkpay',
    title: { vi: vi.bkpay.title, en: en.bkpay.title },
  },
};


describe('remote-student manifest', () => {
  it('names the remote and its i18n namespace', () => {
    expect(manifest.name).toBe('remote_student');
    expect(manifest.namespace).toBe(ROLE);
  });

  it("covers exactly the spec's student routes", () => {
    expect(manifest.routes.map((r) => r.path).sort()).toEqual([...SPEC_ROUTES].sort());
    expect(new Set(manifest.routes.map((r) => r.path)).size).toBe(manifest.routes.length);
  });

  it('every route is for students only', () => {
    for (const route of manifest.routes) expect(route.access).toBe(ROLE);
  });

  it('/Bkpay has no common layout; the other pages keep it', () => {
    const layouts = Object.fromEntries(manifest.routes.map((r) => [r.path, r.layout ?? 'app']));
    expect(layouts).toEqual({
      '/Printing': 'app',
      '/Printing/:PrinterID': 'app',
      '/History': 'app',
      '/Bkpay': 'none',
    });
  });

  it("the menu brings the spec's student links between Home and Guide: Print documents, History", () => {
    expect(manifest.menu.map((m) => m.path)).toEqual(['/Printing', '/History']);
    expect(manifest.menu.map((m) => lookup(vi, m.labelKey))).toEqual(['In tài liệu', 'Lịch sử']);
    expect(manifest.menu.some((m) => m.badge)).toBe(false);
    // Every menu link leads to a route of the manifest.
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
    expect(manifest.locales.vi).toMatchObject(vi);
    expect(manifest.locales.en).toMatchObject(en);
    expect(keyPaths(manifest.locales.en)).toEqual(keyPaths(manifest.locales.vi));
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

describe('remote-student pages', () => {
  const student: UserInfo = {
    _id: 'u1',
    mssv: '2110001',
    firstName: 'An',
    lastName: 'Nguyễn Văn',
    email: 'an@hcmut.edu.vn',
    balance: 20,
    major: 'Khoa học máy tính',
    classes: 'MT21KH01',
    currentA4Price: 500,
    role: 'student',
  };

  beforeAll(async () => {
    await initRemoteI18n(manifest);
  });

  let restoreApi: () => void = () => undefined;

  beforeEach(async () => {
    window.localStorage.clear();
    window.localStorage.setItem('accessToken', 'acc');
    useSessionStore.setState(useSessionStore.getInitialState(), true);
    useSessionStore.getState().setUser(student);
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

  it('pages follow the language: /History in English', async () => {
    await act(() => i18next.changeLanguage('en'));
    renderRoute(manifest.routes.find((r) => r.path === '/History')!);
    expect(await screen.findByRole('heading', { name: PAGES['/History']!.title.en })).toBeInTheDocument();
  });
});
