import { useEffect, useState } from 'react';
import { HashRouter, Link, Navigate, Route, Routes } from 'react-router-dom';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { App as AntApp, Alert, Button, ConfigProvider, Form, Input, Layout, Space, Spin } from 'antd';
import { apiErrorMessage, loadSession, login, logout, useSessionStore } from 'shared-api';
import type { RemoteManifest } from '../../manifest';
import { filterRoutesForRole } from '../../route-access';
import { portalTheme } from '../../theme';
import { loadLocale, UI_NAMESPACE, uiLocales } from '../../locales';

/**
 * A bare host for running one remote on its own (`npm run dev` inside it) against the real API:
 * a sign-in form, then the remote's routes for the signed-in role with a row of its menu links.
 */
export function DevHost({ manifest }: { manifest: RemoteManifest }) {
  // the texts of the language shown: Vietnamese here, English (its own chunks) only when a host shows it
  const [ready, setReady] = useState(() => {
    if (!i18next.isInitialized) {
      void i18next.use(initReactI18next).init({ lng: 'vi', fallbackLng: 'vi', resources: {}, initAsync: false });
    }
    i18next.addResourceBundle('vi', UI_NAMESPACE, uiLocales.vi, true, true);
    i18next.addResourceBundle('vi', manifest.namespace, manifest.locales.vi, true, true);
    return i18next.language !== 'en';
  });
  useEffect(() => {
    if (ready) return;
    void Promise.all([loadLocale(uiLocales.en), loadLocale(manifest.locales.en)])
      .then(([ui, texts]) => {
        i18next.addResourceBundle('en', UI_NAMESPACE, ui, true, true);
        i18next.addResourceBundle('en', manifest.namespace, texts, true, true);
      })
      .catch((error: unknown) => console.error('English texts could not load', error))
      .finally(() => setReady(true));
  }, [ready, manifest]);
  const status = useSessionStore((s) => s.status);
  const role = useSessionStore((s) => s.role);
  useEffect(() => {
    void loadSession();
  }, []);
  if (!ready || status === 'unknown' || status === 'loading') return <Spin fullscreen />;
  const routes = filterRoutesForRole(manifest.routes, role);
  return (
    <ConfigProvider theme={portalTheme}>
      <AntApp>
        <HashRouter>
          {status === 'anonymous' ? (
            <DevLogin name={manifest.name} />
          ) : (
            <Layout style={{ minHeight: '100vh' }}>
              <DevBar manifest={manifest} />
              <Layout.Content style={{ padding: 24 }}>
                <Routes>
                  {routes.map(({ path, Component }) => (
                    <Route key={path} path={path} element={<Component />} />
                  ))}
                  <Route path="*" element={routes[0] ? <Navigate to={routes[0].path} replace /> : <WrongRole />} />
                </Routes>
              </Layout.Content>
            </Layout>
          )}
        </HashRouter>
      </AntApp>
    </ConfigProvider>
  );
}

function WrongRole() {
  const { t } = useTranslation(UI_NAMESPACE);
  return <Alert type="warning" title={t('devHost.wrongRole')} />;
}

function DevBar({ manifest }: { manifest: RemoteManifest }) {
  const { t } = useTranslation([manifest.namespace, UI_NAMESPACE]);
  const role = useSessionStore((s) => s.role);
  return (
    <Layout.Header style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
      {manifest.menu.map((item) => (
        <Link key={item.key} to={item.path} style={{ color: '#fff' }}>
          {t(item.labelKey, { ns: manifest.namespace })}
        </Link>
      ))}
      <span style={{ flex: 1 }} />
      <span style={{ color: '#cfe0ff' }}>{role}</span>
      <Button
        onClick={() => {
          void logout().finally(() => useSessionStore.getState().clear());
        }}
      >
        {t('devHost.signOut', { ns: UI_NAMESPACE })}
      </Button>
    </Layout.Header>
  );
}

function DevLogin({ name }: { name: string }) {
  const { t } = useTranslation(UI_NAMESPACE);
  const [error, setError] = useState<string | null>(null);
  const onFinish = async (values: { email: string; password: string }) => {
    try {
      await login(values);
      await loadSession();
    } catch (e) {
      setError(apiErrorMessage(e, t('devHost.failed')));
    }
  };
  return (
    <div style={{ maxWidth: 380, margin: '10vh auto' }}>
      <h2>{t('devHost.title', { name })}</h2>
      <Space direction="vertical" style={{ width: '100%' }}>
        {error && <Alert type="error" title={error} />}
        <Form layout="vertical" onFinish={onFinish}>
          <Form.Item name="email" label={t('devHost.email')} rules={[{ required: true }]}>
            <Input autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" label={t('devHost.password')} rules={[{ required: true }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block>
            {t('devHost.signIn')}
          </Button>
        </Form>
      </Space>
    </div>
  );
}
