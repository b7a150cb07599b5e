import { Suspense, useMemo, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
import { App as AntApp, ConfigProvider, Spin } from 'antd';
import viVN from 'antd/es/locale/vi_VN';
import enUS from 'antd/es/locale/en_US';

import { useSessionStore, type Role } from 'shared-api';
import {
  filterRoutesForRole,
  portalTheme,
  TOAST,
  UI_NAMESPACE,
  uiLocales,
  withVisibleNames,
  type RemoteRoute,
} from 'shared-ui';
import { AppLayout } from '../layout/app-layout';
import { buildMenuItems } from '../layout/menu-items';
import { useRoleRemote } from '../remotes/use-role-remote';
import { RemoteErrorPanel } from '../remotes/remote-error-panel';
import { addLocaleBundle } from '../i18n';
import { useNoticeCount } from '../features/auth/load-notice-count';
import { ForcedPasswordChange } from '../features/auth/forced-password-change';
import HomePage from '../pages/home-page';
import SupportPage from '../pages/support-page';
import NotFoundPage from '../pages/not-found-page';

/** antd's locales with the date picker's month and year buttons named by what they show. */
const VI_LOCALE = withVisibleNames(viVN);
const EN_LOCALE = withVisibleNames(enUS);

/** The shell's own signed-in pages, for every role. */
const SHELL_ROUTES: RemoteRoute[] = [
  { path: '/Home', access: 'all', Component: HomePage },
  { path: '/Support', access: 'all', Component: SupportPage },
];

addLocaleBundle(UI_NAMESPACE, uiLocales);

function page(Component: ComponentType) {
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '64px auto' }} />}>
      <Component />
    </Suspense>
  );
}

/**
 * Everything behind sign-in: antd providers, the layout, and the routes of the user's role; or, while a
 * temporary password is in use, only the dialog that replaces it.
 */
export default function SignedInApp({ role }: { role: Role }) {
  const { i18n } = useTranslation();
  const mustChangePassword = useSessionStore((s) => s.user?.mustChangePassword === true);
  return (
    <ConfigProvider theme={portalTheme} locale={i18n.language === 'en' ? EN_LOCALE : VI_LOCALE}>
      <AntApp notification={TOAST} message={{ duration: TOAST.duration }}>
        {mustChangePassword ? <ForcedPasswordChange /> : <SignedInRoutes role={role} />}
      </AntApp>
    </ConfigProvider>
  );
}

/** The layout and the routes of the user's role (its remote loaded, the notices counted). */
function SignedInRoutes({ role }: { role: Role }) {
  const { t } = useTranslation();
  const remote = useRoleRemote(role);
  // After login and after a reload alike, then live: staff and spso learn how many notices are new.
  useNoticeCount(role);
  const namespace = remote.manifest?.namespace;
  const remoteRoutes = useMemo(() => filterRoutesForRole(remote.manifest?.routes ?? [], role), [remote.manifest, role]);
  const shellRoutes = filterRoutesForRole(SHELL_ROUTES, role);
  const items = buildMenuItems(
    remote.manifest?.menu ?? [],
    (k) => t(k),
    (k) => t(k, { ns: namespace }),
  );
  const fallback =
    remote.status === 'loading' ? (
      <Spin description={t('remote.loading')} style={{ display: 'block', margin: '64px auto' }}>
        <div style={{ height: 64 }} />
      </Spin>
    ) : remote.status === 'error' ? (
      <RemoteErrorPanel error={remote.error} onRetry={remote.retry} />
    ) : (
      <NotFoundPage />
    );
  return (
    <Routes>
      {remoteRoutes
        .filter((r) => r.layout === 'none')
        .map(({ path, Component }) => (
          <Route key={path} path={path} element={page(Component)} />
        ))}
      <Route
        element={
          <AppLayout items={items} UserMenuExtra={remote.manifest?.UserMenuExtra} Watcher={remote.manifest?.Watcher} />
        }
      >
        {[...shellRoutes, ...remoteRoutes.filter((r) => r.layout !== 'none')].map(({ path, Component }) => (
          <Route key={path} path={path} element={page(Component)} />
        ))}
        <Route path="*" element={fallback} />
      </Route>
    </Routes>
  );
}
