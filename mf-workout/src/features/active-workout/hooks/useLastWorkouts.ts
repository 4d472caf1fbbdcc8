import { useEffect, useEffectEvent } from 'react';
import { useQueries } from '@tanstack/react-query';
import type { Exercise, LastWorkout } from '@hit/contracts';
import { isNetworkFailure, queryKeys } from '@hit/platform';

/**
 * GET /api/progress/last-workout/:exerciseId/:dayId for each exercise (of the workout as it opened): the
 * 'Last time' hint and the prefill. The api answers the performance before this one, so a resumed workout gets
 * its hints too. Failures are only logged: the workout goes on without hints
 * (docs/product-rules.md, "Exercise hints and last time").
 */
export function useLastWorkouts(dayId: number, exercises: readonly Exercise[]): Map<number, LastWorkout> {
  const results = useQueries({
    queries: exercises.map((exercise) => ({ queryKey: queryKeys.lastWorkout(exercise.id, dayId) })),
  });

  // Logged once per failure, not on every render; with no network there is nothing to report (the offline status
  // says so, and a hint kept from before still shows).
  const failures = results.flatMap((result, i) =>
    result.error && !isNetworkFailure(result.error) ? [{ name: exercises[i].name, error: result.error }] : [],
  );
  const failedNames = failures.map((failure) => failure.name).join(', ');
  const logFailures = useEffectEvent(() => {
    for (const { name, error } of failures) console.warn(`Last workout of ${name} could not be loaded:`, error);
  });
  useEffect(() => logFailures(), [failedNames]);

  const byExercise = new Map<number, LastWorkout>();
  results.forEach((result, i) => {
    if (result.data) byExercise.set(exercises[i].id, result.data as LastWorkout);
  });
  return byExercise;
}
