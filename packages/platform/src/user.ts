import { useQuery } from '@tanstack/react-query';
import type { User } from '@hit/contracts';
import { userQueryFn } from './queryClient';
import { queryKeys } from './queryKeys';

/**
 * The signed-in user: `null` when anonymous (no "signed in" hint cookie, or a 401); other failures are errors. A
 * browser without the hint makes no request (queryClient.ts, userQueryFn).
 */
export function useUser() {
  return useQuery<User | null>({ queryKey: queryKeys.user, queryFn: userQueryFn });
}
