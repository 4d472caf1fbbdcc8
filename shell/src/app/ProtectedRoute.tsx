import { Navigate, Outlet } from 'react-router-dom';
import { useUser } from '@hit/platform';
import { Spinner } from '@hit/ui';
import { LoadFailed } from '../components/LoadFailed';

/** Pages for signed-in users: a spinner while the user loads, anonymous visitors go to the landing page. */
export function ProtectedRoute() {
  const { data: user, isPending, isError, refetch } = useUser();

  if (isPending) return <Spinner page />;
  if (isError) {
    return (
      <LoadFailed
        title="We couldn't check your sign-in"
        message="HIT Tracker could not reach its server. Check your connection and try again."
        onRetry={() => void refetch()}
      />
    );
  }
  if (!user) return <Navigate to="/" replace />;
  return <Outlet />;
}
