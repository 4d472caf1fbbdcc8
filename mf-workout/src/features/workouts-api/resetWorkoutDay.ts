import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkoutDay } from '@hit/contracts';
import { apiRequest, queryKeys } from '@hit/platform';

/** POST /api/workout-days/:id/reset: a fresh performance of the day (its sets cleared, its open session ended). */
export function resetWorkoutDay(dayId: number): Promise<WorkoutDay> {
  return apiRequest<WorkoutDay>('POST', `/api/workout-days/${dayId}/reset`);
}

export function useResetWorkoutDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetWorkoutDay,
    onSuccess: (day) => {
      queryClient.setQueryData<WorkoutDay[]>(queryKeys.workoutDays, (days) =>
        days?.map((cached) => (cached.id === day.id ? day : cached)),
      );
      queryClient.setQueryData(queryKeys.openSession, null);
    },
  });
}
