import { Navigate, Outlet } from 'react-router-dom';
import { useUser } from '@hit/platform';
import { Spinner } from '@hit/ui';

/**
 * Pages for anonymous visitors (docs/product-rules.md, "Screens and routes"): a spinner while the user loads, a
 * signed-in user goes to `signedInTo`. When the check itself fails the page still shows: it is public, and signing in
 * may fix it.
 */
export function AnonymousRoute({ signedInTo }: { signedInTo: string }) {
  const { data: user, isPending } = useUser();

  if (isPending) return <Spinner page />;
  if (user) return <Navigate to={signedInTo} replace />;
  return <Outlet />;
}
