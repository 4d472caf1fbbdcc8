import { Navigate, Outlet } from '@hit/routing';
import { useUser } from '@hit/platform';
import { Spinner } from '@hit/ui';

/**
 * Pages for anonymous visitors (docs/product-rules.md, "Screens and routes"): a spinner while the user loads, a
 * signed-in user goes to `signedInTo`. When the check itself fails the page still shows: it is public, and signing in
 * may fix it. A user known only from the offline cache is not taken at their word while the api is being asked: a
 * session that ended since (expired, signed out elsewhere) must see the page, not bounce through /home to the
 * landing page. With no network the saved user goes on to `signedInTo`, as the offline app promises.
 */
export function AnonymousRoute({ signedInTo }: { signedInTo: string }) {
  // Reads are fresh until invalidated (staleTime Infinity): a stale user is a restored or questioned one.
  const { data: user, isPending, isFetching, isStale } = useUser();

  if (isPending || (user && isStale && isFetching)) return <Spinner page />;
  if (user) return <Navigate to={signedInTo} replace />;
  return <Outlet />;
}
