import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateGoalBody, Goal, UpdateGoalBody } from '@hit/contracts';
import { apiRequest, isAccessDenied, isNetworkFailure, queryKeys } from '@hit/platform';

/** GET /api/goals: the lifter's goals, each with its progress; only asked for when the user may see analytics. */
export function useGoals(enabled: boolean) {
  return useQuery<Goal[]>({ queryKey: queryKeys.goals, enabled });
}

/** A change of goals with no answer from the api: one sentence, not fetch's own 'Failed to fetch'. */
export const GOALS_NEED_NETWORK_TEXT =
  "HIT Tracker can't reach its server right now. Try again when you're back online.";

/** An api error's message without its leading 'NNN: ' status (docs/product-rules.md, "Error messages and toasts"). */
export function goalErrorMessage(error: unknown): string {
  if (isNetworkFailure(error)) return GOALS_NEED_NETWORK_TEXT;
  const raw = error instanceof Error ? error.message : String(error);
  return raw.replace(/^\d{3}:\s*/, '').trim() || 'Something went wrong. Please try again.';
}

/**
 * The goals change: they load again. A 402 means the trial ended since the status was read: the status loads again,
 * and the screen gives way to the trial-expired gate as it does for the rest of the analytics.
 */
function useGoalMutation<TVariables>(mutationFn: (variables: TVariables) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.goals }),
    onError: (error) => {
      if (isAccessDenied(error)) void queryClient.invalidateQueries({ queryKey: queryKeys.subscriptionStatus });
    },
  });
}

/** POST /api/goals */
export function useCreateGoal() {
  return useGoalMutation((body: CreateGoalBody) => apiRequest<Goal>('POST', '/api/goals', body));
}

/** PATCH /api/goals/:id with the fields that changed. */
export function useUpdateGoal() {
  return useGoalMutation(({ id, changes }: { id: string; changes: UpdateGoalBody }) =>
    apiRequest<Goal>('PATCH', `/api/goals/${encodeURIComponent(id)}`, changes),
  );
}

/** DELETE /api/goals/:id (204). */
export function useDeleteGoal() {
  return useGoalMutation((id: string) => apiRequest<void>('DELETE', `/api/goals/${encodeURIComponent(id)}`));
}
