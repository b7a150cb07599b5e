/**
 * The react-router API the portal uses, shared by shell and remotes as the one `react-router-dom`
 * singleton. A shared module keeps all its exports (no tree shaking): the whole of react-router 7 is
 * ~60 KB gzip, this list a fraction of it. `react-router-dom` resolves here in webpack (federation
 * `import`), TypeScript (paths) and jest (moduleNameMapper): add what a page needs here first.
 */
export {
  HashRouter,
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  generatePath,
  useLocation,
  useMatch,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
export type { Location, NavigateFunction, To } from 'react-router';
