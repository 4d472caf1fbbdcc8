import { Route, Routes } from 'react-router-dom';
import { LandingPage } from '../pages/LandingPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { RemoteComponent } from '../remotes/RemoteComponent';
import { ProtectedRoute } from './ProtectedRoute';

/** Spec §2 routes. Remote screens load on demand; the landing and 404 pages never load a remote. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LandingPage />} />
      <Route path="/auth" element={<RemoteComponent id="mf_auth/AuthPage" />} />
      <Route element={<ProtectedRoute />}>
        <Route path="/home" element={<RemoteComponent id="mf_workout/WorkoutDashboard" />} />
        <Route path="/progress" element={<RemoteComponent id="mf_analytics/ProgressAnalytics" />} />
        <Route path="/analytics" element={<RemoteComponent id="mf_analytics/ProgressAnalytics" />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
