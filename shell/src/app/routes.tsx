import { Suspense, useEffect, type ReactElement } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { isRole, loadSession, tokenStorage, useSessionStore } from 'shared-api';
import { loginPathFor } from '../features/auth/next-path';
import { FullPageSpinner } from '../public/full-page-spinner';
import { PAGES, PUBLIC_PAGES, type PublicPageName } from './first-page';
import { preloadable } from './preloadable';

// Public pages and the signed-in part are separate chunks: the landing and login pages never load
// the shared antd, the layout or a remote. The first page's chunk is asked for by main.js already.
const LandingPage = preloadable(PAGES.landing);
const LoginPage = preloadable(PAGES.login);
const TestPage = preloadable(PAGES.test);
// a release station's screen (issue 21): public, full screen, its own chunk
const ReleaseStationPage = preloadable(PAGES.releaseStation);
const SignedInApp = preloadable(PAGES.signedIn);

const PUBLIC_ELEMENTS: Record<PublicPageName, ReactElement> = {
  landing: <LandingPage />,
  login: <LoginPage />,
  test: <TestPage />,
  releaseStation: <ReleaseStationPage />,
};

/** The public routes, and every other path behind the session gate. */
export function AppRoutes() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Routes>
        {Object.entries(PUBLIC_PAGES).map(([path, page]) => (
          <Route key={path} path={path} element={PUBLIC_ELEMENTS[page]} />
        ))}
        <Route path="*" element={<SessionGate />} />
      </Routes>
    </Suspense>
  );
}

/**
 * Signed-in routes exist only once the role is known: with no stored token the user goes to /Login;
 * while the role loads a spinner shows; an unknown role sees only the public routes. The page asked for
 * goes along as /Login?next=… (a release station's QR opened signed out lands there after sign-in).
 */
export function SessionGate() {
  const location = useLocation();
  const status = useSessionStore((s) => s.status);
  const role = useSessionStore((s) => s.role);
  const hasToken = Boolean(tokenStorage.getAccess());
  useEffect(() => {
    if (hasToken && status === 'unknown') void loadSession();
  }, [hasToken, status]);
  if (!hasToken) return <Navigate to={loginPathFor(location)} replace />;
  if (status === 'unknown' || status === 'loading') return <FullPageSpinner />;
  // An unknown role gets no signed-in route at all: only the public pages remain.
  if (status === 'anonymous' || !isRole(role)) return <Navigate to={loginPathFor(location)} replace />;
  return <SignedInApp role={role} />;
}
