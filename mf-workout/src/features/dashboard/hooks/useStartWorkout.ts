import { useState } from 'react';
import type { Session, WorkoutDay, WorkoutState } from '@hit/contracts';
import { clearedExercises } from '@hit/contracts/rules';
import { newObjectId, toast, useOutbox } from '@hit/platform';
import type { RestPeriod } from '../logic/restPeriod';
import type { UnfinishedWorkout } from '../logic/unfinishedWorkout';
import { isNextDay } from '../logic/rotation';
import type { AccessGuard } from './useAccessGuard';

/** What the active workout is given: the day and its session. */
export interface StartedWorkout {
  day: WorkoutDay;
  session: Session;
}

/** A start that needs the user first: not the recommended day, or inside the rest period. */
export type StartDialog = { kind: 'completeCurrentDayFirst'; day: WorkoutDay } | { kind: 'skipRest'; day: WorkoutDay };

interface StartWorkoutOptions {
  state: WorkoutState;
  rest: RestPeriod;
  guard: AccessGuard;
  onStarted: (workout: StartedWorkout) => void;
}

export const START_FAILED_TITLE = 'Could not start the workout';
export const STORAGE_FAILED_TEXT =
  'This browser refused to store it (storage full, or a private window that keeps nothing). Free some space and try again.';

/**
 * The starting rules, in order: subscription status, recommended day, rest period, then the session
 * (docs/product-rules.md, "Starting a workout"). The session gets its id here and its start goes into the outbox
 * (issue #18): a workout starts the same with or without a network, and the api takes it when the outbox reaches it.
 */
export function useStartWorkout({ state, rest, guard, onStarted }: StartWorkoutOptions) {
  const outbox = useOutbox();
  const [dialog, setDialog] = useState<StartDialog | null>(null);
  const [startingDayId, setStartingDayId] = useState<number | null>(null);

  async function startSessionFor(day: WorkoutDay): Promise<void> {
    if (!outbox) return;
    const at = new Date().toISOString();
    const session: Session = {
      id: newObjectId(),
      dayId: day.id,
      exercises: day.exercises,
      startedAt: at,
      endedAt: null,
    };
    await outbox.append({ type: 'start', dayId: day.id, sessionId: session.id, at });
    onStarted({ day, session });
  }

  async function run(day: WorkoutDay, steps: () => Promise<void>) {
    setStartingDayId(day.id);
    try {
      await steps();
    } catch (error) {
      console.error('Starting the workout failed:', error);
      toast({ title: START_FAILED_TITLE, description: STORAGE_FAILED_TEXT, variant: 'destructive' });
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
    if (dialog?.kind !== 'skipRest' || startingDayId !== null || !outbox) return;
    const { day } = dialog;
    void run(day, async () => {
      await outbox.append({ type: 'resetDay', dayId: day.id });
      await startSessionFor({ ...day, exercises: clearedExercises(day.exercises) });
      setDialog((current) => (current?.kind === 'skipRest' ? null : current));
    });
  }

  /**
   * 'Resume Workout' (or the day card's 'Resume'): goes on with the unfinished workout. An open session is taken as it
   * is; a workout left by Exit (its session ended, its sets on the day) gets a new session holding those sets. Never
   * the rest-period question: the lifter answered it when the workout began.
   */
  function resume({ day, session }: UnfinishedWorkout): void {
    if (startingDayId !== null || !guard.allowPremiumAction()) return;
    if (!session) {
      void run(day, () => startSessionFor(day));
      return;
    }
    // A workout begun on another device: its sets are on the api already, not waiting in this browser.
    const pendingHere = outbox?.getStatus().operations.some((op) => 'sessionId' in op && op.sessionId === session.id);
    if (outbox && !pendingHere) void outbox.markOnServer(session.id, session.exercises);
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
