/**
 * Page tests of any remote against a mocked HTTP layer: i18n with the remote's bundle and shared-ui's,
 * a signed-in user, the API served from a route table through the axios adapter, and the page rendered
 * inside antd's App and a hash router. `test-support/page-harness` in jest (test code only).
 */
import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import { StyleProvider } from '@ant-design/cssinjs';
import { type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { App as AntApp } from 'antd';
import { HashRouter, Route, Routes, useLocation } from 'react-router-dom';
import { apiClient, useSessionStore, type UserInfo } from 'shared-api';
import { UI_NAMESPACE, uiLocales } from 'shared-ui';
import { answer } from './http';

export { answer };

/** The demo officer (spso@hcmut.edu.vn), signed in by the officer's page tests. */
export const OFFICER: UserInfo = {
  _id: 'u8',
  mssv: 'QT001',
  firstName: 'Minh',
  lastName: 'Lê Hoàng',
  email: 'spso@hcmut.edu.vn',
  balance: 0,
  major: null,
  classes: null,
  currentA4Price: 500,
  role: 'spso',
};

type Bundle = Record<string, unknown>;

/** i18next in Vietnamese with `namespace` (the remote's texts) and shared-ui's 'ui'. */
export async function initI18n(namespace: string, locales: { vi: Bundle; en: Bundle }): Promise<void> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: 'vi',
      fallbackLng: 'vi',
      resources: {
        vi: { [namespace]: locales.vi, [UI_NAMESPACE]: uiLocales.vi },
        en: { [namespace]: locales.en, [UI_NAMESPACE]: (await uiLocales.en()).default },
      },
      interpolation: { escapeValue: false },
    });
  }
  await act(() => i18next.changeLanguage('vi'));
}

/** The API's envelope around `data`. */
export const ok = (data: unknown, message = '') => ({ success: true, message, data });
/** A refusal's envelope. */
export const refused = (message: string) => ({ success: false, message });

type Handler = (config: InternalAxiosRequestConfig) => Promise<AxiosResponse>;

/** Serves the API from `routes` ('GET /v1/...' → handler); anything else answers 404. */
export function mockApi(routes: Record<string, Handler>): jest.Mock {
  const adapter = jest.fn((config: InternalAxiosRequestConfig) => {
    const key = `${(config.method ?? 'get').toUpperCase()} ${config.url}`;
    const handler = routes[key];
    return handler ? handler(config) : answer(config, 404, { success: false, message: 'not found' });
  });
  apiClient.defaults.adapter = adapter;
  return adapter;
}

/** A stored token and `user` signed in. */
export function resetSession(user: UserInfo): void {
  window.localStorage.clear();
  window.localStorage.setItem('accessToken', 'acc');
  useSessionStore.setState(useSessionStore.getInitialState(), true);
  useSessionStore.getState().setUser(user);
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

// antd writes its styles into a detached node: jsdom re-reads every style sheet on each getComputedStyle
// call (role queries make many).
const styleSink = document.createElement('div');

/** Renders `element` at `at` (matching `path`) inside antd's App and a hash router. */
export function renderPage(path: string, at: string, element: ReactElement) {
  window.location.hash = `#${at}`;
  return render(
    <StyleProvider container={styleSink}>
      <AntApp>
        <HashRouter>
          <Routes>
            <Route path={path} element={element} />
            <Route path="*" element={<Where />} />
          </Routes>
        </HashRouter>
      </AntApp>
    </StyleProvider>,
  );
}

/** The calls made to `method url`, with their query parameters and parsed bodies. */
export function callsTo(
  adapter: jest.Mock,
  method: string,
  url: string,
): { params: Record<string, unknown>; body: unknown }[] {
  return adapter.mock.calls
    .map(([config]) => config as InternalAxiosRequestConfig)
    .filter((config) => (config.method ?? 'get').toUpperCase() === method && config.url === url)
    .map((config) => ({
      params: (config.params ?? {}) as Record<string, unknown>,
      body: typeof config.data === 'string' ? (JSON.parse(config.data) as unknown) : config.data,
    }));
}
