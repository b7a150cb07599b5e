import type { ReactElement } from 'react';
import { act, configure, render } from '@testing-library/react';
import { StyleProvider } from '@ant-design/cssinjs';
import { type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { App as AntApp } from 'antd';
import { HashRouter, Route, Routes, useLocation } from 'react-router-dom';
import { apiClient, useSessionStore, type UserInfo } from 'shared-api';
import { UI_NAMESPACE, uiLocales } from 'shared-ui';
import en from '../locales/en.json';
import vi from '../locales/vi.json';
export { answer } from 'test-support/http';
import { answer } from 'test-support/http';

// antd's lazy parts load on first use; under a full parallel run that can take more than a second.
configure({ asyncUtilTimeout: 5000 });

/** A signed-in student with 20 pages. */
export const student: UserInfo = {
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

export async function initI18n(): Promise<void> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: 'vi',
      fallbackLng: 'vi',
      resources: {
        vi: { student: vi, [UI_NAMESPACE]: uiLocales.vi },
        en: { student: en, [UI_NAMESPACE]: (await uiLocales.en()).default },
      },
      interpolation: { escapeValue: false },
    });
  }
  await act(() => i18next.changeLanguage('vi'));
}

/** An axios answer in the API's envelope (or an error for a status ≥ 400). */

export const ok = (data: unknown, message = '') => ({ success: true, message, data });

type Handler = (config: InternalAxiosRequestConfig) => Promise<AxiosResponse>;

/** Serves the API from `routes` ('GET /v1/...' → handler); anything else answers 404. */
export function mockApi(routes: Record<string, Handler>) {
  const adapter = jest.fn((config: InternalAxiosRequestConfig) => {
    const key = `${(config.method ?? 'get').toUpperCase()} ${config.url}`;
    const handler = routes[key];
    return handler ? handler(config) : answer(config, 404, { success: false, message: 'not found' });
  });
  apiClient.defaults.adapter = adapter;
  return adapter;
}

export function resetSession(): void {
  window.localStorage.clear();
  window.localStorage.setItem('accessToken', 'acc');
  useSessionStore.setState(useSessionStore.getInitialState(), true);
  useSessionStore.getState().setUser(student);
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

// antd writes its styles into a detached node here: jsdom re-reads every style sheet on each
// getComputedStyle call (role queries make many), which made a page test take tens of seconds.
const styleSink = document.createElement('div');

/** Renders `element` at `at` (matching `path`) inside antd's App and a hash router; other paths show where we went. */
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

/** The query parameters of the calls made to `url`. */
export function paramsOf(adapter: jest.Mock, url: string): Record<string, unknown>[] {
  return adapter.mock.calls
    .map(([config]) => config as InternalAxiosRequestConfig)
    .filter((config) => config.url === url)
    .map((config) => config.params as Record<string, unknown>);
}
