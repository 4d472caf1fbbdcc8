import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Exercise, Goal, Records } from '@hit/contracts';
import { queryKeys } from '@hit/platform';
import { celebrationsFor, withAchieved, type Celebration } from '../logic/celebrations';

/**
 * The personal records and goals a completed set is checked against (issue #19): the api's answers, or this browser's
 * copy of them offline (persistedReads.ts). A failure only means no celebration: the workout goes on.
 */
export function useCelebrations(): {
  celebrate: (exercise: Exercise, setId: string) => Celebration[];
  /** The records as this workout found them: the history its sets are judged against (logic/celebrations.ts). */
  recordsBefore: Records | undefined;
} {
  const queryClient = useQueryClient();
  const records = useQuery<Records>({ queryKey: queryKeys.records }).data;
  const goals = useQuery<Goal[]>({ queryKey: queryKeys.goals }).data;
  // The first answer is kept: once a working set reaches the api its records include that set, and a set compared with
  // itself is no record (its badge would go, and a corrected set could not be judged).
  const [recordsBefore, setRecordsBefore] = useState(records);
  if (recordsBefore === undefined && records !== undefined) setRecordsBefore(records);
  const celebrate = (exercise: Exercise, setId: string) => {
    const celebrations = celebrationsFor(exercise, setId, recordsBefore, goals);
    const achieved = celebrations.flatMap((celebration) => (celebration.goalId ? [celebration.goalId] : []));
    const at = exercise.sets.find((set) => set.id === setId)?.completedAt;
    // The goal reads as achieved at once (on the dashboard too), as the api will answer once it has the set.
    if (achieved.length && at && goals) queryClient.setQueryData(queryKeys.goals, withAchieved(goals, achieved, at));
    return celebrations;
  };
  return { celebrate, recordsBefore };
}
