/**
 * What every remote's manifest test checks the same way: locale bundles, the shared singletons, and
 * rendering one of its routes with the server unreachable. Test code only (jest maps `shared-ui/testing`).
 */
import { Suspense, useState, type ComponentType } from 'react';
import { createPortal } from 'react-dom';
import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { App as AntApp, Button } from 'antd';
import { HashRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { apiClient, useSessionStore, type Role, type UserInfo } from 'shared-api';
import { PageFrame } from '../components/page-frame/page-frame';
import { loadLocale, UI_NAMESPACE, uiLocales } from '../locales';
import type { RemoteManifest, RemoteRoute, WatcherNotice, WatcherProps } from '../manifest';
import { WatcherToasts } from '../components/watcher-toasts/watcher-toasts';

/** Every leaf key of a locale bundle, as dotted paths, sorted. */
export function keyPaths(bundle: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(bundle)
    .flatMap(([key, value]) =>
      value && typeof value === 'object'
        ? keyPaths(value as Record<string, unknown>, `${prefix}${key}.`)
        : [`${prefix}${key}`],
    )
    .sort();
}

/** The value at a dotted path of a locale bundle. */
export function lookup(bundle: Record<string, unknown>, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      bundle,
    );
}

/** What a remote must report for each shared singleton: the very module objects this test got. */
export function expectedSingletons(): Record<string, unknown> {
  return {
    react: useState,
    'react-dom': createPortal,
    'react-router-dom': useNavigate,
    antd: Button,
    i18next,
    'react-i18next': useTranslation,
    zustand: create,
    'shared-api': useSessionStore,
    'shared-ui': PageFrame,
  };
}

/** i18next with the remote's bundle under its namespace and shared-ui's under 'ui'. */
export async function initRemoteI18n(manifest: RemoteManifest): Promise<void> {
  // English may come as loaders (chunks of their own in the portal): loaded here up front
  const [en, uiEn] = await Promise.all([loadLocale(manifest.locales.en), loadLocale(uiLocales.en)]);
  await i18next.use(initReactI18next).init({
    lng: 'vi',
    fallbackLng: 'vi',
    resources: {
      vi: { [manifest.namespace]: manifest.locales.vi, [UI_NAMESPACE]: uiLocales.vi },
      en: { [manifest.namespace]: en, [UI_NAMESPACE]: uiEn },
    },
    interpolation: { escapeValue: false },
  });
}

/** Every API call fails as with no network: pages must still draw their frame and title. */
export function makeApiUnreachable(): () => void {
  apiClient.defaults.adapter = () =>
    Promise.reject(Object.assign(new Error('Network Error'), { isAxiosError: true, code: 'ERR_NETWORK' }));
  return () => {
    delete apiClient.defaults.adapter;
  };
}

/** Renders one route of a remote at `at` (a concrete path for parameterised routes). */
export function renderRemoteRoute(route: RemoteRoute, at = route.path) {
  const { Component } = route;
  window.location.hash = `#${at}`;
  return render(
    <AntApp>
      <HashRouter>
        <Suspense fallback={<p>loading</p>}>
          <Routes>
            <Route path={route.path} element={<Component />} />
          </Routes>
        </Suspense>
      </HashRouter>
    </AntApp>,
  );
}

/** What a remote's manifest must bring, as the spec's route table and menus say. */
export interface RemoteManifestSpec {
  manifest: RemoteManifest;
  role: Role;
  /** Each spec route: where the test opens it, the title it shows, and its layout ('app' by default). */
  pages: Record<string, { at?: string; layout?: 'app' | 'none'; title: { vi: string; en: string } }>;
  /** The side-menu links, in order, with their Vietnamese labels. */
  menu: Array<{ path: string; label: string; badge?: 'notices' }>;
  /** The signed-in user while pages render. */
  user: UserInfo;
  /** A route also rendered in English. */
  englishRoute: string;
}

/** The checks every remote's manifest passes: routes, menu, locales, singletons, and each page's title. */
export function describeRemoteManifest(spec: RemoteManifestSpec): void {
  const { manifest, role, pages } = spec;
  const paths = Object.keys(pages);

  describe(`${manifest.name} manifest`, () => {
    it('names the remote and its i18n namespace', () => {
      expect(manifest.name).toBe(`remote_${role}`);
      expect(manifest.namespace).toBe(role);
    });

    it(`covers exactly the spec's ${role} routes, each for ${role} only, with the right layout`, () => {
      expect(manifest.routes.map((r) => r.path).sort()).toEqual([...paths].sort());
      expect(new Set(manifest.routes.map((r) => r.path)).size).toBe(manifest.routes.length);
      for (const route of manifest.routes) {
        expect(route.access).toBe(role);
        expect(route.layout ?? 'app').toBe(pages[route.path]?.layout ?? 'app');
      }
    });

    it("brings the spec's menu links between Home and Guide, in order, each to one of its routes", () => {
      expect(manifest.menu.map((m) => m.path)).toEqual(spec.menu.map((m) => m.path));
      expect(manifest.menu.map((m) => lookup(manifest.locales.vi, m.labelKey))).toEqual(spec.menu.map((m) => m.label));
      expect(manifest.menu.map((m) => m.badge ?? null)).toEqual(spec.menu.map((m) => m.badge ?? null));
      for (const item of manifest.menu) expect(paths).toContain(item.path);
      expect(new Set(manifest.menu.map((m) => m.key)).size).toBe(manifest.menu.length);
    });

    it('has every menu label in vi and en, and the same keys in both bundles', async () => {
      const en = await loadLocale(manifest.locales.en);
      for (const item of manifest.menu) {
        for (const bundle of [manifest.locales.vi, en]) {
          const label = lookup(bundle, item.labelKey);
          expect(typeof label).toBe('string');
          expect(label).not.toBe('');
        }
      }
      expect(keyPaths(en)).toEqual(keyPaths(manifest.locales.vi));
    });

    it('declares the 9 shared singletons, each the very module the app got', async () => {
      const singletons = await manifest.singletons();
      const expected = expectedSingletons();
      expect(Object.keys(singletons).sort()).toEqual(Object.keys(expected).sort());
      for (const [key, value] of Object.entries(expected)) expect(singletons[key]).toBe(value);
    });
  });

  describe(`${manifest.name} pages`, () => {
    let restoreApi: () => void = () => undefined;
    beforeAll(() => initRemoteI18n(manifest));
    beforeEach(async () => {
      window.localStorage.clear();
      window.localStorage.setItem('accessToken', 'acc');
      useSessionStore.setState(useSessionStore.getInitialState(), true);
      useSessionStore.getState().setUser(spec.user);
      restoreApi = makeApiUnreachable();
      await act(() => i18next.changeLanguage('vi'));
    });
    afterEach(() => restoreApi());

    const open = (path: string) => {
      const route = manifest.routes.find((r) => r.path === path);
      if (!route) throw new Error(`no route ${path}`);
      return renderRemoteRoute(route, pages[path]?.at ?? path);
    };

    it.each(paths)('%s renders its title as a heading, with the server unreachable', async (path) => {
      open(path);
      expect(await screen.findByRole('heading', { name: pages[path]!.title.vi })).toBeInTheDocument();
    });

    it(`follows the language: ${spec.englishRoute} in English`, async () => {
      await act(() => i18next.changeLanguage('en'));
      open(spec.englishRoute);
      expect(await screen.findByRole('heading', { name: pages[spec.englishRoute]!.title.en })).toBeInTheDocument();
    });
  });
}

/** A remote's Watcher with what the shell gives it: its notices shown as antd's notifications. */
export function WatcherWithToasts({ Watcher }: { Watcher: ComponentType<WatcherProps> }) {
  const [notices, setNotices] = useState<WatcherNotice[]>([]);
  return (
    <>
      <Watcher notify={(notice) => setNotices((shown) => [...shown, notice])} />
      <WatcherToasts notices={notices} />
    </>
  );
}
