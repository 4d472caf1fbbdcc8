import { useQuery } from '@tanstack/react-query';
import type { WorkoutState } from '@hit/contracts';
import { queryKeys } from '@hit/platform';

/** GET /api/workout-state: cycleCount and nextRecommendedDay. */
export function useWorkoutState() {
  return useQuery<WorkoutState>({ queryKey: queryKeys.workoutState });
}
