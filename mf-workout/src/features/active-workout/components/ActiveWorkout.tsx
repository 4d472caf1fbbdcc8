import { useCallback, useEffect, useRef, useState, type JSX } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import type { Exercise, Session, WorkoutDay } from '@hit/contracts';
import { queryKeys, toast } from '@hit/platform';
import {
  COMPLETE_SET_DOUBLE_TAP_MS,
  COMPLETION_CALLBACK_DELAY_MS,
  GREAT_JOB_TOAST_MS,
  NEXT_EXERCISE_DELAY_MS,
  REST_TIMER_DELAY_MS,
} from '../../../constants';
import {
  completeWorkoutDay,
  endSession,
  isAccessDenied,
  saveSessionExercises,
  saveWorkoutDay,
} from '../api/workoutCalls';
import { useAutosave } from '../hooks/useAutosave';
import { useLastWorkouts } from '../hooks/useLastWorkouts';
import { useRestTimer } from '../hooks/useRestTimer';
import { useTimeouts } from '../hooks/useTimeouts';
import { useWakeLock } from '../hooks/useWakeLock';
import { primeRestAlarm } from '../lib/restAlarm';
import { backupKey, browserStorage, readBackup } from '../logic/pendingBackup';
import {
  anySetCompleted,
  completeSet,
  earnsGreatJob,
  firstIncompleteExerciseIndex,
  firstIncompleteSetIndex,
  increaseWeightAdvice,
  isExerciseComplete,
  isWorkoutComplete,
  progressCounts,
  setLabel,
  undoLastSet,
  type SetEntry,
} from '../logic/sets';
import { ExerciseCard, type SetSaveState } from './ExerciseCard';
import { RestTimerOverlay } from './RestTimerOverlay';
import { WorkoutComplete, type FinishState } from './WorkoutComplete';
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
 * The active workout (spec §2, §4): sets logged one by one and each saved at once, rest timers, tips, and the
 * end of the workout (completed after its last set, or left with Exit).
 */
export function ActiveWorkout({ day, session, onClose }: ActiveWorkoutProps): JSX.Element {
  const queryClient = useQueryClient();
  const storageKey = backupKey(day.id, session?.id ?? null);

  // The workout as the api has it (a resumed session brings its completed sets), unless this browser holds a
  // newer state the api never confirmed (offline, then reloaded).
  const [initial] = useState(() => {
    const fromApi = session?.exercises ?? day.exercises;
    const restored = readBackup(browserStorage(), storageKey, fromApi, Date.now());
    return { exercises: restored ?? fromApi, restored: restored !== null };
  });
  const [exercises, setExercisesState] = useState<Exercise[]>(initial.exercises);
  const exercisesRef = useRef(exercises);
  const [activeIndex, setActiveIndexState] = useState(() => firstIncompleteExerciseIndex(initial.exercises));
  const activeIndexRef = useRef(activeIndex);
  // The autosave version each set completed here went out with: 'Saved' once the api confirmed it.
  const [setVersions, setSetVersions] = useState<Record<string, number>>({});
  const [finish, setFinish] = useState<FinishState | null>(null);
  const [exiting, setExiting] = useState(false);
  const closed = useRef(false);
  const lastCompletedAt = useRef(0);
  const timeouts = useTimeouts();
  const lastWorkouts = useLastWorkouts(day.id, initial.exercises);
  useWakeLock(finish === null);

  const setExercises = (next: Exercise[]) => {
    exercisesRef.current = next;
    setExercisesState(next);
  };
  const setActiveIndex = (next: number) => {
    activeIndexRef.current = next;
    setActiveIndexState(next);
  };

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
    save: (list, reason) =>
      session ? saveSessionExercises(session.id, list, reason === 'exit' ? day : undefined) : saveWorkoutDay(day.id, list),
    onAccessDenied: closeDenied,
    backupKey: storageKey,
  });

  useEffect(() => {
    if (!initial.restored) return;
    const version = autosave.save(initial.exercises);
    const restoredSets = initial.exercises.flatMap((exercise) => exercise.sets.filter((set) => set.completed));
    setSetVersions(Object.fromEntries(restoredSets.map((set) => [set.id, version])));
  }, [autosave, initial]);

  const refreshAfterSaving = () => {
    const changed = [queryKeys.workoutDays, queryKeys.workoutState, queryKeys.openSession, queryKeys.progress, queryKeys.lastWorkouts];
    for (const queryKey of changed) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };

  const advanceToNextExercise = () => setActiveIndex(firstIncompleteExerciseIndex(exercisesRef.current));

  const restTimer = useRestTimer(() => {
    // The rest is over: if the exercise is done, the next one starts now.
    if (isExerciseComplete(exercisesRef.current[activeIndexRef.current])) {
      timeouts.clear('nextExercise');
      advanceToNextExercise();
    }
  });

  /** Spec §4: save the session's exercises, end it, save the day, mark it complete, then refresh. */
  const completeWorkout = async () => {
    setFinish({ name: 'finishing' });
    const finished = exercisesRef.current;
    try {
      await autosave.saveAndWait(finished, 'complete');
      if (session) {
        await endSession(session.id);
        await saveWorkoutDay(day.id, finished);
      }
      await completeWorkoutDay(day.id);
    } catch (error) {
      if (isAccessDenied(error)) return closeDenied();
      console.error('Finishing the workout failed:', error);
      setFinish({ name: 'failed', message: failureMessage(error) });
      return;
    }
    refreshAfterSaving();
    setFinish({ name: 'complete' });
  };

  // A workout opened with every set done (reloaded within the second after its last set, or a finish that failed
  // and was left) is finished now.
  useEffect(() => {
    if (isWorkoutComplete(initial.exercises)) timeouts.set('completion', () => void completeWorkout(), COMPLETION_CALLBACK_DELAY_MS);
    // Only for the workout as it opened.
  }, []);

  const onCompleteSet = (exerciseIndex: number, setId: string, entry: SetEntry) => {
    const now = Date.now();
    if (now - lastCompletedAt.current < COMPLETE_SET_DOUBLE_TAP_MS) return;
    lastCompletedAt.current = now;
    primeRestAlarm();

    const exercise = exercisesRef.current[exerciseIndex];
    const set = exercise.sets.find((candidate) => candidate.id === setId);
    if (!set || set.completed) return;
    const next = completeSet(exercisesRef.current, exercise.id, setId, entry, new Date(now));
    setExercises(next);
    const version = autosave.save(next);
    setSetVersions((versions) => ({ ...versions, [setId]: version }));

    if (earnsGreatJob(set, entry.reps)) {
      toast({
        title: 'Great job! Time to increase weight',
        description: `${entry.reps} reps on your working set. ${increaseWeightAdvice(entry.weightUnit)}`,
        variant: 'success',
        durationMs: GREAT_JOB_TOAST_MS,
      });
    }

    const updated = next[exerciseIndex];
    if (isWorkoutComplete(next)) {
      timeouts.set('completion', () => void completeWorkout(), COMPLETION_CALLBACK_DELAY_MS);
    } else if (isExerciseComplete(updated)) {
      timeouts.set('nextExercise', advanceToNextExercise, NEXT_EXERCISE_DELAY_MS);
    } else {
      const nextSetIndex = firstIncompleteSetIndex(updated);
      const nextSet = {
        exerciseName: updated.name,
        label: setLabel(updated.sets, nextSetIndex),
        isWorkingSet: updated.sets[nextSetIndex].type === 'working',
      };
      timeouts.set('restTimer', () => restTimer.start(nextSet), REST_TIMER_DELAY_MS);
    }
  };

  const onUndo = () => {
    const undone = undoLastSet(exercisesRef.current);
    if (!undone) return;
    timeouts.clearAll();
    restTimer.cancel();
    setExercises(undone.exercises);
    autosave.save(undone.exercises);
    setSetVersions(({ [undone.setId]: _undone, ...rest }) => rest);
    setActiveIndex(undone.exerciseIndex);
  };

  /** Exit: the sets done are saved with the day and the session ended, then back to the dashboard. */
  const onExit = async () => {
    if (exiting) return;
    setExiting(true);
    // Leaving within the second after the last set: Exit wins over finishing the workout.
    timeouts.clear('completion');
    const current = exercisesRef.current;
    try {
      if (anySetCompleted(current) || autosave.unsavedExercises()) await autosave.saveAndWait(current, 'exit');
      if (session) {
        await endSession(session.id).catch((error: unknown) => {
          // The sets are saved; an open session left behind is only offered for resume later.
          if (isAccessDenied(error)) throw error;
          console.warn('Ending the session failed:', error);
        });
      }
    } catch (error) {
      if (isAccessDenied(error)) return closeDenied();
      setExiting(false);
      if (isWorkoutComplete(current)) timeouts.set('completion', () => void completeWorkout(), COMPLETION_CALLBACK_DELAY_MS);
      toast({
        title: 'Not saved yet',
        description: 'Your sets could not be saved. Check your connection and tap Exit again — they are kept on this phone meanwhile.',
        variant: 'destructive',
      });
      return;
    }
    refreshAfterSaving();
    close();
  };

  const saveStateOf = (setId: string): SetSaveState => {
    const version = setVersions[setId];
    if (version === undefined || status.savedVersion >= version) return 'saved';
    return status.failing ? 'retrying' : 'saving';
  };

  if (finish) {
    return (
      <Screen>
        <WorkoutComplete
          state={finish}
          day={day}
          exerciseCount={exercises.length}
          onRetry={() => void completeWorkout()}
          onReturnHome={close}
        />
      </Screen>
    );
  }

  const { completedSets, totalSets } = progressCounts(exercises);
  const canUndo = anySetCompleted(exercises);

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
            canUndo={canUndo}
            onCompleteSet={(setId, entry) => onCompleteSet(index, setId, entry)}
            onUndo={onUndo}
          />
        ))}
      </ExerciseList>
      {restTimer.rest && (
        <RestTimerOverlay rest={restTimer.rest} onPause={restTimer.pause} onResume={restTimer.resume} onSkip={restTimer.skip} />
      )}
      <WorkoutTipCard />
    </Screen>
  );
}
