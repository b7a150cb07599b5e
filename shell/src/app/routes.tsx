import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { isRole, loadSession, tokenStorage, useSessionStore } from 'shared-api';
import { loginPathFor } from '../features/auth/next-path';
import { FullPageSpinner } from '../public/full-page-spinner';

// Public pages and the signed-in part are separate chunks: the landing and login pages never load
// the shared antd, the layout or a remote.
const LandingPage = lazy(() => import('../public/landing-page'));
const LoginPage = lazy(() => import('../public/login-page'));
const TestPage = lazy(() => import('../public/test-page'));
// a release station's screen (issue 21): public, full screen, its own chunk
const ReleaseStationPage = lazy(() => import('../public/release-station/release-station-page'));
const SignedInApp = lazy(() => import('./signed-in-app'));

/** The public routes, and every other path behind the session gate. */
export function AppRoutes() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/SPS-FE-Project" element={<LandingPage />} />
        <Route path="/Login" element={<LoginPage />} />
        <Route path="/Test" element={<TestPage />} />
        <Route path="/ReleaseStation" element={<ReleaseStationPage />} />
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
