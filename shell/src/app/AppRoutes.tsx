import { Link, Route, Routes } from 'react-router-dom';
import { LandingPage } from '../pages/landing/LandingPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { RemoteComponent } from '../remotes/RemoteComponent';
import { AnonymousRoute } from './AnonymousRoute';
import { ProtectedRoute } from './ProtectedRoute';

/**
 * The routes (docs/product-rules.md, "Screens and routes"). Remote screens load on demand; the landing and 404 pages
 * never load a remote. Who may see a page is decided here, so the auth remote only ever renders for anonymous visitors.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AnonymousRoute signedInTo="/home" />}>
        <Route path="/" element={<LandingPage link={Link} />} />
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
