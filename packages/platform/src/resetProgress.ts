import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResetProgressResponse } from '@hit/contracts';
import { apiRequest } from './apiClient';
import { queryKeys } from './queryKeys';
import { toast } from './toast';

/** POST /api/reset: every logged set and session deleted, the rotation back to Day 1 of Cycle 1. */
export function resetProgress(): Promise<ResetProgressResponse> {
  return apiRequest<ResetProgressResponse>('POST', '/api/reset');
}

/**
 * Reset with its toasts (docs/product-rules.md, "Reset progress"); every workout query loads again afterwards. Shared:
 * both the dashboard's Danger Zone and the account panel offer it.
 */
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
