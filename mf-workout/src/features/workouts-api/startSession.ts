import { useMutation } from '@tanstack/react-query';
import type { Session, StartSessionBody } from '@hit/contracts';
import { apiRequest } from '@hit/platform';

/** POST /api/sessions/start {dayId}: a new session, or the open one of that day again (resume). */
export function startSession(dayId: number): Promise<Session> {
  const body: StartSessionBody = { dayId };
  return apiRequest<Session>('POST', '/api/sessions/start', body);
}

export function useStartSession() {
  return useMutation({ mutationFn: startSession });
}
