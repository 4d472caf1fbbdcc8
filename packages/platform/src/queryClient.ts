import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { ApiError, apiRequest } from './apiClient';
import { PERSISTED_READS } from './persistedReads';
import { queryKeys } from './queryKeys';

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
  // (docs/architecture.md, "Front-end runtime").
  queryClient.setQueryDefaults(queryKeys.user, { gcTime: Infinity, queryFn: getQueryFn({ on401: 'returnNull' }) });
  return queryClient;
}
