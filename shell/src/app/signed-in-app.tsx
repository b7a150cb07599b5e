import { lazy, Suspense, useMemo, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
import { useSessionStore, type Role } from 'shared-api';
import { filterRoutesForRole, type RemoteRoute } from 'shared-ui/core';
import { AppLayout } from '../layout/app-layout';
import { buildMenuItems } from '../layout/menu-items';
import { useRoleRemote } from '../remotes/use-role-remote';
import { FullPageSpinner } from '../public/full-page-spinner';
import { AntdScope } from './antd-scope';
import { useNoticeCount } from '../features/auth/load-notice-count';
import HomePage from '../pages/home-page';

// What draws with antd is its own chunk: the layout and /Home load neither antd nor these (issue 22).
const SupportPage = lazy(() => import('../pages/support-page'));
const NotFoundPage = lazy(() => import('../pages/not-found-page'));
const RemoteErrorPanel = lazy(() =>
  import('../remotes/remote-error-panel').then((m) => ({ default: m.RemoteErrorPanel })),
);
const ForcedPasswordChange = lazy(() =>
  import('../features/auth/forced-password-change').then((m) => ({ default: m.ForcedPasswordChange })),
);

/** A page of the shell or a remote; `plain` pages draw without antd (no antd loads for them). */
type PortalRoute = RemoteRoute & { plain?: boolean };

/** The shell's own signed-in pages, for every role. /Home draws no antd: the first page stays light. */
const SHELL_ROUTES: PortalRoute[] = [
  { path: '/Home', access: 'all', Component: HomePage, plain: true },
  { path: '/Support', access: 'all', Component: SupportPage },
];

function page({ Component, plain }: { Component: ComponentType; plain?: boolean }) {
  const content = (
    <Suspense fallback={<FullPageSpinner />}>
      <Component />
    </Suspense>
  );
  return plain ? content : <AntdScope fallback={<FullPageSpinner />}>{content}</AntdScope>;
}

/**
 * Everything behind sign-in: antd providers, the layout, and the routes of the user's role; or, while a
 * temporary password is in use, only the dialog that replaces it.
 */
export default function SignedInApp({ role }: { role: Role }) {
  const mustChangePassword = useSessionStore((s) => s.user?.mustChangePassword === true);
  return mustChangePassword ? (
    <AntdScope fallback={<FullPageSpinner />}>
      <ForcedPasswordChange />
    </AntdScope>
  ) : (
    <SignedInRoutes role={role} />
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
      <div aria-label={t('remote.loading')}>
        <FullPageSpinner />
      </div>
    ) : (
      <AntdScope fallback={<FullPageSpinner />}>
        {remote.status === 'error' ? (
          <RemoteErrorPanel error={remote.error} onRetry={remote.retry} />
        ) : (
          <NotFoundPage />
        )}
      </AntdScope>
    );
  return (
    <Routes>
      {remoteRoutes
        .filter((r) => r.layout === 'none')
        .map((route) => (
          <Route key={route.path} path={route.path} element={page(route)} />
        ))}
      <Route
        element={
          <AppLayout items={items} UserMenuExtra={remote.manifest?.UserMenuExtra} Watcher={remote.manifest?.Watcher} />
        }
      >
        {[...shellRoutes, ...remoteRoutes.filter((r) => r.layout !== 'none')].map((route) => (
          <Route key={route.path} path={route.path} element={page(route)} />
        ))}
        <Route path="*" element={fallback} />
      </Route>
    </Routes>
  );
}
