// The router of every app, shared as one module federation singleton (config/webpack.factory.js, SINGLETONS).
//
// A shared module cannot be tree-shaken by its consumers: webpack builds everything it exports, since any remote may
// use any of it. react-router-dom re-exports all of react-router 7 (data routers, server rendering, cookies,
// sessions, RSC), 61 KB of gzip where the apps use 14. So the apps share this module instead, which exports only
// what they use, and react-router-dom is bundled inside it, tree-shaken. Importing react-router-dom elsewhere is a
// lint error (eslint.config.js): it would be a second router, with its own context, in the page.
// Add an export here when an app needs another part of the router.
export {
  BrowserRouter,
  Link,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useSearchParams,
} from 'react-router-dom';
export type { LinkProps } from 'react-router-dom';
