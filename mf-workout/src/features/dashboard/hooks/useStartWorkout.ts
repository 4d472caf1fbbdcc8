import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Session, WorkoutDay, WorkoutState } from '@hit/contracts';
import { ApiError, isAccessDenied, queryKeys } from '@hit/platform';
import { useResetWorkoutDay, useStartSession } from '../../workouts-api';
import type { RestPeriod } from '../logic/restPeriod';
import { isNextDay } from '../logic/rotation';
import type { AccessGuard } from './useAccessGuard';

/** What the active workout is given: the day and its session (null = local mode). */
export interface StartedWorkout {
  day: WorkoutDay;
  session: Session | null;
}

/** A start that needs the user first: not the recommended day, or inside the rest period. */
export type StartDialog = { kind: 'completeCurrentDayFirst'; day: WorkoutDay } | { kind: 'skipRest'; day: WorkoutDay };

interface StartWorkoutOptions {
  state: WorkoutState;
  rest: RestPeriod;
  guard: AccessGuard;
  onStarted: (workout: StartedWorkout) => void;
}

/**
 * The starting rules, in order: subscription status, recommended day, rest period, then the session
 * (docs/product-rules.md, "Starting a workout").
 */
export function useStartWorkout({ state, rest, guard, onStarted }: StartWorkoutOptions) {
  const queryClient = useQueryClient();
  const startSession = useStartSession();
  const resetDay = useResetWorkoutDay();
  const [dialog, setDialog] = useState<StartDialog | null>(null);
  const [startingDayId, setStartingDayId] = useState<number | null>(null);

  /** The api said the day is not (or no longer) next: true when fresh data confirms it. */
  async function notNextAnyMore(day: WorkoutDay): Promise<boolean> {
    await Promise.all([
      queryClient.refetchQueries({ queryKey: queryKeys.workoutState }),
      queryClient.refetchQueries({ queryKey: queryKeys.workoutDays }),
    ]);
    const fresh = queryClient.getQueryData<WorkoutState>(queryKeys.workoutState);
    return Boolean(fresh && !isNextDay(day, fresh));
  }

  async function startSessionFor(day: WorkoutDay): Promise<void> {
    try {
      onStarted({ day, session: await startSession.mutateAsync(day.id) });
    } catch (error) {
      if (isAccessDenied(error)) return guard.deniedByServer();
      if (error instanceof ApiError && error.status === 409 && (await notNextAnyMore(day))) {
        return setDialog({ kind: 'completeCurrentDayFirst', day });
      }
      // The session could not be started: the workout proceeds locally (docs/product-rules.md, "Starting a workout").
      console.warn('Starting the workout session failed; continuing without one.', error);
      onStarted({ day, session: null });
    }
  }

  async function run(day: WorkoutDay, steps: () => Promise<void>) {
    setStartingDayId(day.id);
    try {
      await steps();
    } finally {
      setStartingDayId(null);
    }
  }

  /** A Start button was pressed. */
  function requestStart(day: WorkoutDay): void {
    if (startingDayId !== null) return;
    if (!guard.allowPremiumAction()) return;
    if (!isNextDay(day, state)) return setDialog({ kind: 'completeCurrentDayFirst', day });
    if (rest.inRecommendationPeriod) return setDialog({ kind: 'skipRest', day });
    void run(day, () => startSessionFor(day));
  }

  /** 'Yes, skip rest': the day is reset first (a fresh performance), then started. */
  function skipRestAndStart(): void {
    if (dialog?.kind !== 'skipRest' || startingDayId !== null) return;
    const { day } = dialog;
    void run(day, async () => {
      let freshDay = day;
      try {
        freshDay = await resetDay.mutateAsync(day.id);
      } catch (error) {
        if (isAccessDenied(error)) {
          setDialog(null);
          return guard.deniedByServer();
        }
        // Not fatal: starting still works on the day as it is.
        console.warn('Resetting the day before skipping the rest period failed.', error);
      }
      await startSessionFor(freshDay);
      setDialog((current) => (current?.kind === 'skipRest' ? null : current));
    });
  }

  /** 'Resume' on the unfinished-workout card. */
  function resume(day: WorkoutDay, session: Session): void {
    if (startingDayId !== null || !guard.allowPremiumAction()) return;
    onStarted({ day, session });
  }

  return {
    dialog,
    closeDialog: () => setDialog(null),
    startingDayId,
    requestStart,
    skipRestAndStart,
    resume,
  };
}
