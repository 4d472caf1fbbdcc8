import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { WorkoutDay } from '@hit/contracts';
import { queryKeys, useOffline } from '@hit/platform';
import { afterSettled } from './afterSettled';

/**
 * Asks for the 'Last time' hints of the day to do next while the api can be reached, so they are in the offline copy
 * (persistedReads.ts) and a workout started in a gym with no signal prefills its weights as online (issue #18); with
 * them the personal records (a new one is celebrated offline too) and the lifter's plates (the set form's plate line),
 * issue #19. Only a workout reads them, so they are asked once the dashboard has settled (afterSettled), not with its
 * first screen, nor written into the page's HTML (issue #21). An answer already there is not asked again (the query
 * client's stale time).
 */
export function usePrefetchHints(day: Pick<WorkoutDay, 'id' | 'exercises'> | undefined): void {
  const queryClient = useQueryClient();
  const offline = useOffline();
  const dayId = day?.id;
  const exerciseIds = day?.exercises.map((exercise) => exercise.id).join(',') ?? '';
  useEffect(() => {
    if (offline || dayId === undefined || !exerciseIds) return;
    return afterSettled(() => {
      void queryClient.prefetchQuery({ queryKey: queryKeys.records });
      void queryClient.prefetchQuery({ queryKey: queryKeys.plateSettings });
      for (const exerciseId of exerciseIds.split(',').map(Number)) {
        void queryClient.prefetchQuery({ queryKey: queryKeys.lastWorkout(exerciseId, dayId) });
      }
    });
  }, [queryClient, offline, dayId, exerciseIds]);
}
