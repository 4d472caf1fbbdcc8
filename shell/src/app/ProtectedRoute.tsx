import { Navigate, Outlet } from '@hit/routing';
import { useUser } from '@hit/platform';
import { Spinner } from '@hit/ui';
import { LoadFailed } from '../components/LoadFailed';
import { SyncStatus } from '../sync/SyncStatus';
import { OfflineStatus } from './OfflineStatus';

/**
 * Pages for signed-in users: a spinner while the user loads, anonymous visitors go to the landing page. A user
 * known from before (the offline cache, or an earlier answer) keeps their pages when a later check fails (no
 * network, a server error): only the api's 401 signs them out.
 */
export function ProtectedRoute() {
  const { data: user, isPending, isError, refetch } = useUser();

  if (isPending) return <Spinner page />;
  if (user) {
    return (
      <>
        <OfflineStatus />
        <SyncStatus />
        <Outlet />
      </>
    );
  }
  if (isError) {
    return (
      <LoadFailed
        title="We couldn't check your sign-in"
        message="HIT Tracker could not reach its server. Check your connection and try again."
        onRetry={() => void refetch()}
      />
    );
  }
  return <Navigate to="/" replace />;
}
