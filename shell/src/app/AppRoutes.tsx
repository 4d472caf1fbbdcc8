import { lazy, Suspense } from 'react';
import { Link, Route, Routes } from '@hit/routing';
import { Spinner } from '@hit/ui';
import { NotFoundPage } from '../pages/NotFoundPage';
import { RemoteComponent } from '../remotes/RemoteComponent';
import { AnonymousRoute } from './AnonymousRoute';
import { ProtectedRoute } from './ProtectedRoute';

// The api serves `/` as the standalone landing page (shell/src/landing/); the app renders this copy only after an
// in-app navigation to `/` (a sign-out, an anonymous visitor sent away from /home), so it is not part of the first
// screen's scripts (issue #25: less JavaScript on the first screen).
const LandingPage = lazy(() =>
  import('../pages/landing/LandingPage').then(({ LandingPage: page }) => ({ default: page })),
);

/**
 * The routes (docs/product-rules.md, "Screens and routes"). Remote screens load on demand; the landing and 404 pages
 * never load a remote. Who may see a page is decided here, so the auth remote only ever renders for anonymous visitors.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AnonymousRoute signedInTo="/home" />}>
        <Route
          path="/"
          element={
            <Suspense fallback={<Spinner page />}>
              <LandingPage link={Link} />
            </Suspense>
          }
        />
      </Route>
      <Route element={<AnonymousRoute signedInTo="/" />}>
        <Route path="/auth" element={<RemoteComponent id="mf_auth/AuthPage" />} />
      </Route>
      {/* The e-mailed password reset link: for anyone, signed in or not (the reset signs its account in). */}
      <Route path="/reset-password" element={<RemoteComponent id="mf_auth/AuthPage" />} />
      <Route element={<ProtectedRoute />}>
        <Route path="/home" element={<RemoteComponent id="mf_workout/WorkoutDashboard" />} />
        <Route path="/progress" element={<RemoteComponent id="mf_analytics/ProgressAnalytics" />} />
        <Route path="/analytics" element={<RemoteComponent id="mf_analytics/ProgressAnalytics" />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
