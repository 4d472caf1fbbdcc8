import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import type { User } from '@hit/contracts';
import { ApiError, apiRequest } from './apiClient';
import { PERSISTED_READS } from './persistedReads';
import { queryKeys } from './queryKeys';
import { browserHasSignedInHint } from './signedInHint';

export type On401 = 'returnNull' | 'throw';

/**
 * Data loads GET the path formed by the query key's segments joined with '/'
 * (docs/architecture.md, "Front-end runtime").
 */
export function getQueryFn<T>({ on401 }: { on401: On401 }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    try {
      return await apiRequest<T>('GET', queryKey.join('/'));
    } catch (error) {
      if (on401 === 'returnNull' && error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  };
}

const askForUser = getQueryFn<User>({ on401: 'returnNull' });

/**
 * GET /api/user, asked only when someone may be signed in (issue #25): a browser without the api's "signed in" hint
 * cookie has no session (the api sets both together, and clears the hint on sign-out, deletion and an ended
 * session), so its visitor is anonymous (`null`) without a request the api would answer 401. A user the cache
 * already holds (restored by the offline cache, or signed in on this page) is asked for even without the hint: their
 * pages stay up offline as before, and a session from before the hint existed is found (its answer brings the hint).
 */
export const userQueryFn: QueryFunction<User | null> = (context) => {
  const known = context.client.getQueryData<User | null>(queryKeys.user);
  if (!known && !browserHasSignedInHint()) return Promise.resolve(null);
  return askForUser(context);
};

/**
 * Puts the anonymous visitor into the cache before the app's first render, when that is what userQueryFn would answer
 * (no "signed in" hint, no user restored): the same `null`, known at once instead of a query's answer a timer tick
 * after the first commit. The anonymous pages (/auth) then render in the app's first render, not after a committed
 * spinner and a second, blocking render of the whole tree (issue #21: their largest paint). True when it did.
 */
export function seedAnonymousVisitor(queryClient: QueryClient): boolean {
  if (queryClient.getQueryData(queryKeys.user) !== undefined || browserHasSignedInHint()) return false;
  queryClient.setQueryData<User | null>(queryKeys.user, null);
  return true;
}

/** The app's one QueryClient (created by the shell) and its defaults (docs/architecture.md, "Front-end runtime"). */
export function createQueryClient(): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
        // Always ask once, even when the browser says offline: the service worker may answer, and a request that
        // fails ends loading (never a query paused for good behind a spinner).
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false, networkMode: 'offlineFirst' },
    },
  });
  // A persisted read stays in memory for the whole visit: a read dropped from memory would drop from the next save.
  for (const queryKey of PERSISTED_READS) queryClient.setQueryDefaults(queryKey, { gcTime: Infinity });
  // A 401 for the user means anonymous, also when refetched with no screen watching (a restored user)
  // (docs/architecture.md, "Front-end runtime"); without the "signed in" hint nobody is asked (userQueryFn).
  queryClient.setQueryDefaults(queryKeys.user, { gcTime: Infinity, queryFn: userQueryFn });
  return queryClient;
}
