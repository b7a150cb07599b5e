import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { isRole, loadSession, tokenStorage, useSessionStore } from 'shared-api';
import { loginPathFor } from '../features/auth/next-path';
import { FullPageSpinner } from '../public/full-page-spinner';
import SignedInApp from './signed-in-app';
// the API client set up before this part calls it
import './api-setup';

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

export default SessionGate;
