import { useQuery } from '@tanstack/react-query';
import type { Session } from '@hit/contracts';
import { apiRequest, queryKeys } from '@hit/platform';

/** GET /api/sessions/open: the unfinished workout, or null when there is none. */
export function fetchOpenSession(): Promise<Session | null> {
  return apiRequest<Session | null>('GET', '/api/sessions/open');
}

/** The workout to offer for resume. Premium (402 without access), so only asked for when access is allowed. */
export function useOpenSession({ enabled }: { enabled: boolean }) {
  return useQuery<Session | null>({ queryKey: queryKeys.openSession, queryFn: fetchOpenSession, enabled });
}
