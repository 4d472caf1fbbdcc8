import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResetProgressResponse } from '@hit/contracts';
import { apiRequest, queryKeys, toast } from '@hit/platform';

/** POST /api/reset: every logged set and session deleted, the rotation back to Day 1 of Cycle 1. */
export function resetProgress(): Promise<ResetProgressResponse> {
  return apiRequest<ResetProgressResponse>('POST', '/api/reset');
}

/** Reset with the spec §8 toasts; the dashboard, its state and the analytics load again afterwards. */
export function useResetProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetProgress,
    onSuccess: async () => {
      toast({
        title: 'Progress Reset',
        description: 'All workout progress has been cleared. You start again from Day 1.',
        variant: 'success',
      });
      queryClient.setQueryData(queryKeys.openSession, null);
      await Promise.all(
        [queryKeys.workoutDays, queryKeys.workoutState, queryKeys.progress, queryKeys.lastWorkouts].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
    onError: () => {
      toast({
        title: 'Reset Failed',
        description: 'Failed to reset workout progress. Please try again.',
        variant: 'destructive',
      });
    },
  });
}
