import { useMemo } from 'react';
import type { SyncOperation } from '@hit/contracts';
import { useOutboxStatus, type OutboxStatus } from '@hit/platform';
import { withPendingOperations, type WorkoutView } from './localView';
import { useOpenSession } from './openSession';
import { useWorkoutDays } from './workoutDays';
import { useWorkoutState } from './workoutState';

const NO_OPERATIONS: readonly SyncOperation[] = [];
const selectOperations = (status: OutboxStatus) => status.operations;
const selectLoaded = (status: OutboxStatus) => status.loaded;

/**
 * The dashboard's data: the days, the rotation and the unfinished workout as the api last answered them, with the
 * writes still in this browser's outbox played over them (localView.ts). `view` is undefined until both reads have an
 * answer and the outbox has been read, so a reload never flashes the state from before an offline workout.
 */
export function useWorkoutView({ openSessionEnabled }: { openSessionEnabled: boolean }) {
  const days = useWorkoutDays();
  const state = useWorkoutState();
  const openSession = useOpenSession({ enabled: openSessionEnabled });
  // The parts the view is made of, so a flush's outcome or a sync in progress renders nothing here.
  const operations = useOutboxStatus(selectOperations) ?? NO_OPERATIONS;
  const outboxLoaded = useOutboxStatus(selectLoaded) ?? false;

  const view = useMemo<WorkoutView | undefined>(() => {
    if (days.data === undefined || state.data === undefined || !outboxLoaded) return undefined;
    const server = { workoutDays: days.data, workoutState: state.data, openSession: openSession.data ?? null };
    return withPendingOperations(server, operations);
  }, [days.data, state.data, openSession.data, operations, outboxLoaded]);

  return { days, state, view };
}
