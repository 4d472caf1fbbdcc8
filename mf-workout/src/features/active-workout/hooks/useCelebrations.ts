import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Exercise, Goal, Records } from '@hit/contracts';
import { queryKeys } from '@hit/platform';
import { celebrationsFor, withAchieved, type Celebration } from '../logic/celebrations';

/**
 * The personal records and goals a completed set is checked against (issue #19): the api's answers, or this browser's
 * copy of them offline (persistedReads.ts). A failure only means no celebration: the workout goes on.
 */
export function useCelebrations(): (exercise: Exercise, setId: string) => Celebration[] {
  const queryClient = useQueryClient();
  const records = useQuery<Records>({ queryKey: queryKeys.records }).data;
  const goals = useQuery<Goal[]>({ queryKey: queryKeys.goals }).data;
  return (exercise, setId) => {
    const celebrations = celebrationsFor(exercise, setId, records, goals);
    const achieved = celebrations.flatMap((celebration) => (celebration.goalId ? [celebration.goalId] : []));
    const at = exercise.sets.find((set) => set.id === setId)?.completedAt;
    // The goal reads as achieved at once (on the dashboard too), as the api will answer once it has the set.
    if (achieved.length && at && goals) queryClient.setQueryData(queryKeys.goals, withAchieved(goals, achieved, at));
    return celebrations;
  };
}
