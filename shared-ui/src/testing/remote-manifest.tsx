/**
 * What every remote's manifest test checks the same way: locale bundles, the shared singletons, and
 * rendering one of its routes with the server unreachable. Test code only (jest maps `shared-ui/testing`).
 */
import { Suspense, useState } from 'react';
import { createPortal } from 'react-dom';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { App as AntApp, Button } from 'antd';
import { HashRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { apiClient, useSessionStore } from 'shared-api';
import { PageFrame } from '../components/page-frame/page-frame';
import { UI_NAMESPACE, uiLocales } from '../locales';
import type { RemoteManifest, RemoteRoute } from '../manifest';

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
  await i18next.use(initReactI18next).init({
    lng: 'vi',
    fallbackLng: 'vi',
    resources: {
      vi: { [manifest.namespace]: manifest.locales.vi, [UI_NAMESPACE]: uiLocales.vi },
      en: { [manifest.namespace]: manifest.locales.en, [UI_NAMESPACE]: uiLocales.en },
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
