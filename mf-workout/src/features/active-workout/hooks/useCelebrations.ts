import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Exercise, Goal, Records } from '@hit/contracts';
import { queryKeys } from '@hit/platform';
import { readRecordsSnapshot, writeRecordsSnapshot } from '../lib/recordsSnapshot';
import { celebrationsFor, withAchieved, type Celebration } from '../logic/celebrations';

/** When the first set of the workout was done, or null when none is. */
function firstSetTime(exercises: readonly Exercise[]): number | null {
  let first: number | null = null;
  for (const set of exercises.flatMap((exercise) => exercise.sets)) {
    const at = set.completed && set.completedAt ? Date.parse(set.completedAt) : Number.NaN;
    if (Number.isFinite(at) && (first === null || at < first)) first = at;
  }
  return first;
}

/**
 * The personal records and goals a completed set is checked against (issue #19): the api's answers, or this browser's
 * copy of them offline (persistedReads.ts). A failure only means no celebration: the workout goes on.
 */
export function useCelebrations(
  dayId: number,
  /** The sets the workout opened with: none done means a new workout, whose records are kept for a resume. */
  openedWith: readonly Exercise[],
): {
  celebrate: (exercise: Exercise, setId: string) => Celebration[];
  /** The records as this workout found them: the history its sets are judged against (logic/celebrations.ts). */
  recordsBefore: Records | undefined;
} {
  const queryClient = useQueryClient();
  const records = useQuery<Records>({ queryKey: queryKeys.records }).data;
  const goals = useQuery<Goal[]>({ queryKey: queryKeys.goals }).data;
  // The records before the workout are kept: once a working set reaches the api its records include that set, and a set
  // compared with itself is no record (its badge would go, and a corrected set could not be judged). A resumed workout
  // takes the ones this device kept as it began.
  const [firstSetAt] = useState(() => firstSetTime(openedWith));
  const [recordsBefore, setRecordsBefore] = useState(() =>
    firstSetAt === null ? records : (readRecordsSnapshot(dayId, firstSetAt) ?? records),
  );
  if (recordsBefore === undefined && records !== undefined) setRecordsBefore(records);
  useEffect(() => {
    if (firstSetAt === null && recordsBefore) writeRecordsSnapshot(dayId, Date.now(), recordsBefore);
  }, [dayId, firstSetAt, recordsBefore]);
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
