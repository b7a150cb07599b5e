import { Suspense, type ReactElement } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { loginPathFor } from '../features/auth/next-path';
import { FullPageSpinner } from '../public/full-page-spinner';
import { PAGES, PUBLIC_PAGES, type PublicPageName } from './first-page';
import { storedAccessToken } from './early-requests';
import { preloadable } from './preloadable';

// Public pages and the signed-in part are separate chunks: the landing and login pages never load
// the shared antd, the layout or a remote. The first page's chunk is asked for by main.js already.
const LandingPage = preloadable(PAGES.landing);
const LoginPage = preloadable(PAGES.login);
const TestPage = preloadable(PAGES.test);
// a release station's screen (issue 21): public, full screen, its own chunk
const ReleaseStationPage = preloadable(PAGES.releaseStation);
// the session gate and the signed-in app: the part that needs shared-api (the API client, the session)
const SessionGate = preloadable(PAGES.signedIn);

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
        <Route path="*" element={<SignedInOrLogin />} />
      </Routes>
    </Suspense>
  );
}

/**
 * Every other path: the session gate with a stored token, else /Login at once (the page asked for goes along as
 * /Login?next=…), without loading the signed-in part or shared-api.
 */
function SignedInOrLogin() {
  const location = useLocation();
  return storedAccessToken() ? <SessionGate /> : <Navigate to={loginPathFor(location)} replace />;
}
