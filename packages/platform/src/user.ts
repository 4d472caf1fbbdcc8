import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from './queryClient';
import { queryKeys } from './queryKeys';

// TODO(auth issue): replace with the user type from @hit/contracts once the auth routes define it.
export interface CurrentUser {
  id: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
}

/** The signed-in user: `null` when anonymous (401); other failures are errors. */
export function useUser() {
  return useQuery<CurrentUser | null>({
    queryKey: queryKeys.user,
    queryFn: getQueryFn<CurrentUser>({ on401: 'returnNull' }),
  });
}
