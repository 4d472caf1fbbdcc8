import { useCallback, useEffect, useEffectEvent, useReducer, useRef, useState, type JSX } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import type { Exercise, Session, WorkoutDay } from '@hit/contracts';
import { isAccessDenied, queryKeys, toast, useWorkoutInProgress } from '@hit/platform';
import { GREAT_JOB_TOAST_MS } from '../../../constants';
import { completeWorkoutDay, endSession, saveSessionExercises, saveWorkoutDay } from '../api/workoutCalls';
import { useAutosave } from '../hooks/useAutosave';
import { useLastWorkouts } from '../hooks/useLastWorkouts';
import { useRestClock } from '../hooks/useRestClock';
import { useWakeLock } from '../hooks/useWakeLock';
import { primeRestAlarm, soundRestAlarm } from '../lib/restAlarm';
import { setSaveState } from '../logic/autosave';
import { backupKey, browserStorage, readBackup } from '../logic/pendingBackup';
import { anySetCompleted, earnsGreatJob, increaseWeightAdvice, progressCounts, type SetEntry } from '../logic/sets';
import { openWorkout, workoutReducer } from '../logic/workoutReducer';
import { ExerciseCard } from './ExerciseCard';
import { RestTimerOverlay } from './RestTimerOverlay';
import { WorkoutComplete } from './WorkoutComplete';
import { WorkoutHeader } from './WorkoutHeader';
import { WorkoutTipCard } from './WorkoutTipCard';

export interface ActiveWorkoutProps {
  day: WorkoutDay;
  /** null = local mode (the session could not be started): sets are saved through the day instead. */
  session: Session | null;
  /** After Exit, after 'Return to Home', or when access is denied. */
  onClose: () => void;
}

const Screen = styled.div`
  width: 100%;
  max-width: 40rem;
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.space.md};
  /* Room under the last card for the tip card that floats at the bottom. */
  padding-bottom: 11rem;
`;

const ExerciseList = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.md};
`;

/** What a failure to finish says to the lifter. */
function failureMessage(error: unknown): string {
  if (error instanceof TypeError) return 'The server could not be reached. Check your connection.';
  return error instanceof Error ? `${error.message}.` : 'Something went wrong.';
}

/**
 * The active workout (docs/product-rules.md, "Logging sets"): sets logged one by one and each saved at once, rest
 * timers, tips, and the end of the workout (completed after its last set, or left with Exit). What happens is
 * logic/workoutReducer's; this screen renders its state and carries out what the state asks for (timers, saves, toasts,
 * api calls).
 */
export function ActiveWorkout({ day, session, onClose }: ActiveWorkoutProps): JSX.Element {
  const queryClient = useQueryClient();
  const storageKey = backupKey(day.id, session?.id ?? null);

  // The workout as the api has it (a resumed session brings its completed sets), unless this browser holds a
  // newer state the api never confirmed (offline, then reloaded).
  const [initial] = useState(() => {
    const fromApi = session?.exercises ?? day.exercises;
    const restored = readBackup(browserStorage(), storageKey, fromApi, Date.now());
    return { fromApi, exercises: restored ?? fromApi, openedAt: Date.now() };
  });
  const [state, dispatch] = useReducer(workoutReducer, initial, ({ exercises, openedAt }) =>
    openWorkout(exercises, openedAt),
  );
  const { exercises, activeIndex, rest, upcoming, finish, exiting, lastCompleted, restRanOutAt } = state;
  const closed = useRef(false);
  const lastWorkouts = useLastWorkouts(day.id, initial.exercises);
  useWakeLock(finish === null);
  // An app update waits until the workout is over (issue #17): the shell never reloads the page before.
  useWorkoutInProgress(finish === null);

  const close = useCallback(() => {
    if (closed.current) return;
    closed.current = true;
    onClose();
  }, [onClose]);

  // 402: the trial is over. The dashboard shows the upgrade prompt once it knows: refresh its status.
  const closeDenied = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.subscriptionStatus });
    close();
  }, [close, queryClient]);

  const { autosave, status } = useAutosave({
    savedExercises: initial.fromApi,
    save: (list, reason) =>
      session
        ? saveSessionExercises(session.id, list, reason === 'exit' ? day : undefined)
        : saveWorkoutDay(day.id, list),
    onAccessDenied: closeDenied,
    backupKey: storageKey,
  });

  // Every change of the sets (completed, undone, or restored from this phone's copy) goes to the api at once.
  const handedIn = useRef<readonly Exercise[]>(initial.fromApi);
  useEffect(() => {
    if (exercises === handedIn.current) return;
    handedIn.current = exercises;
    autosave.save(exercises);
  }, [autosave, exercises]);

  // What follows a set (the rest timer, the next exercise, the finish) happens when it is due.
  useEffect(() => {
    if (!upcoming) return;
    const timer = setTimeout(
      () => dispatch({ type: 'stepDue', step: upcoming, now: Date.now() }),
      upcoming.at - Date.now(),
    );
    return () => clearTimeout(timer);
  }, [upcoming]);

  useRestClock(rest?.timer.status === 'running', (now) => dispatch({ type: 'restTicked', now }));
  useEffect(() => {
    if (restRanOutAt !== null) soundRestAlarm();
  }, [restRanOutAt]);

  // A working set of more than 12 reps means the weight is too light (docs/product-rules.md, "Logging sets").
  const cheerLastSet = useEffectEvent(() => {
    const set = exercises
      .flatMap((exercise) => exercise.sets)
      .find((candidate) => candidate.id === lastCompleted?.setId);
    if (!set?.completed || set.reps === null || !earnsGreatJob(set, set.reps)) return;
    toast({
      title: 'Great job! Time to increase weight',
      description: `${set.reps} reps on your working set. ${increaseWeightAdvice(set.weightUnit)}`,
      variant: 'success',
      durationMs: GREAT_JOB_TOAST_MS,
    });
  });
  useEffect(() => {
    if (lastCompleted) cheerLastSet();
  }, [lastCompleted]);

  const refreshAfterSaving = () => {
    const changed = [
      queryKeys.workoutDays,
      queryKeys.workoutState,
      queryKeys.openSession,
      queryKeys.progress,
      queryKeys.lastWorkouts,
    ];
    for (const queryKey of changed) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };

  /**
   * Save the session's exercises, end it, save the day, mark it complete, then refresh
   * (docs/product-rules.md, "Finishing or leaving a workout").
   */
  const completeWorkout = useEffectEvent(async () => {
    try {
      await autosave.saveAndWait(exercises, 'complete');
      if (session) {
        await endSession(session.id);
        await saveWorkoutDay(day.id, exercises);
      }
      await completeWorkoutDay(day.id);
    } catch (error) {
      if (isAccessDenied(error)) return closeDenied();
      console.error('Finishing the workout failed:', error);
      dispatch({ type: 'finishFailed', message: failureMessage(error) });
      return;
    }
    refreshAfterSaving();
    dispatch({ type: 'finishSucceeded' });
  });
  // Each time the workout turns to finishing (its last set a second ago, or 'Try again').
  useEffect(() => {
    if (finish?.name === 'finishing') void completeWorkout();
  }, [finish]);

  const onCompleteSet = useCallback((exerciseId: number, setId: string, entry: SetEntry) => {
    // The tap is the user gesture the browser wants before the rest alarm may sound later.
    primeRestAlarm();
    dispatch({ type: 'setCompleted', exerciseId, setId, entry, now: Date.now() });
  }, []);

  /** Exit: the sets done are saved with the day and the session ended, then back to the dashboard. */
  const onExit = async () => {
    if (exiting) return;
    dispatch({ type: 'exitStarted' });
    try {
      if (anySetCompleted(exercises) || autosave.unsavedExercises()) await autosave.saveAndWait(exercises, 'exit');
      if (session) {
        await endSession(session.id).catch((error: unknown) => {
          // The sets are saved; an open session left behind is only offered for resume later.
          if (isAccessDenied(error)) throw error;
          console.warn('Ending the session failed:', error);
        });
      }
    } catch (error) {
      if (isAccessDenied(error)) return closeDenied();
      dispatch({ type: 'exitFailed', now: Date.now() });
      toast({
        title: 'Not saved yet',
        description:
          'Your sets could not be saved. Check your connection and tap Exit again — they are kept on this phone meanwhile.',
        variant: 'destructive',
      });
      return;
    }
    refreshAfterSaving();
    close();
  };

  if (finish) {
    return (
      <Screen>
        <WorkoutComplete
          state={finish}
          day={day}
          exerciseCount={exercises.length}
          onRetry={() => dispatch({ type: 'finishRetried' })}
          onReturnHome={close}
        />
      </Screen>
    );
  }

  const { completedSets, totalSets } = progressCounts(exercises);
  const setsById = new Map(exercises.flatMap((exercise) => exercise.sets.map((set) => [set.id, set])));
  const saveStateOf = (setId: string) => setSaveState(setsById.get(setId)!, status);

  return (
    <Screen as="main" aria-label="Active workout">
      <WorkoutHeader
        day={day}
        completedSets={completedSets}
        totalSets={totalSets}
        exerciseNumber={Math.min(activeIndex + 1, exercises.length)}
        exerciseCount={exercises.length}
        exiting={exiting}
        onExit={() => void onExit()}
      />
      <ExerciseList>
        {exercises.map((exercise, index) => (
          <ExerciseCard
            key={exercise.id}
            exercise={exercise}
            number={index + 1}
            active={index === activeIndex}
            lastWorkout={lastWorkouts.get(exercise.id)}
            saveStateOf={saveStateOf}
            canUndo={completedSets > 0}
            onCompleteSet={(setId, entry) => onCompleteSet(exercise.id, setId, entry)}
            onUndo={() => dispatch({ type: 'setUndone' })}
          />
        ))}
      </ExerciseList>
      {rest && (
        <RestTimerOverlay
          rest={rest}
          onPause={() => dispatch({ type: 'restPaused', now: Date.now() })}
          onResume={() => dispatch({ type: 'restResumed', now: Date.now() })}
          onSkip={() => dispatch({ type: 'restSkipped' })}
        />
      )}
      <WorkoutTipCard />
    </Screen>
  );
}
