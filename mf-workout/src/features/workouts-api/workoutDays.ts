import { useQuery } from '@tanstack/react-query';
import type { WorkoutDay } from '@hit/contracts';
import { queryKeys } from '@hit/platform';

/** GET /api/workout-days: the user's three days with their exercises and sets (the default query GETs the key). */
export function useWorkoutDays() {
  return useQuery<WorkoutDay[]>({ queryKey: queryKeys.workoutDays });
}
