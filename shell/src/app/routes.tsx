import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { isRole, loadSession, tokenStorage, useSessionStore } from 'shared-api';
import { FullPageSpinner } from '../public/full-page-spinner';

// Public pages and the signed-in part are separate chunks: the landing and login pages never load
// the shared antd, the layout or a remote.
const LandingPage = lazy(() => import('../public/landing-page'));
const LoginPage = lazy(() => import('../public/login-page'));
const TestPage = lazy(() => import('../public/test-page'));
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
        <Route path="*" element={<SessionGate />} />
      </Routes>
    </Suspense>
  );
}

/**
 * Signed-in routes exist only once the role is known: with no stored token the user goes to /Login;
 * while the role loads a spinner shows; an unknown role sees only the public routes.
 */
export function SessionGate() {
  const status = useSessionStore((s) => s.status);
  const role = useSessionStore((s) => s.role);
  const hasToken = Boolean(tokenStorage.getAccess());
  useEffect(() => {
    if (hasToken && status === 'unknown') void loadSession();
  }, [hasToken, status]);
  if (!hasToken) return <Navigate to="/Login" replace />;
  if (status === 'unknown' || status === 'loading') return <FullPageSpinner />;
  // An unknown role gets no signed-in route at all: only the public pages remain.
  if (status === 'anonymous' || !isRole(role)) return <Navigate to="/Login" replace />;
  return <SignedInApp role={role} />;
}
