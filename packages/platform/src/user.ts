import { useQuery } from '@tanstack/react-query';
import type { User } from '@hit/contracts';
import { getQueryFn } from './queryClient';
import { queryKeys } from './queryKeys';

/** The signed-in user: `null` when anonymous (401); other failures are errors. */
export function useUser() {
  return useQuery<User | null>({
    queryKey: queryKeys.user,
    queryFn: getQueryFn<User>({ on401: 'returnNull' }),
  });
}
