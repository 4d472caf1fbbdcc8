import { useCallback, useEffect, useEffectEvent, useMemo, useReducer, useRef, useState, type JSX } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import type { Exercise, Session, WorkoutDay } from '@hit/contracts';
import {
  queryKeys,
  toast,
  toastInTurn,
  useLifterUnit,
  useOutbox,
  useOutboxStatus,
  useWorkoutInProgress,
  type Outbox,
  type ToastOptions,
} from '@hit/platform';
import { GREAT_JOB_TOAST_MS, SYNC_WAIT_MS } from '../../../constants';
import { useAutosave } from '../hooks/useAutosave';
import { useCelebrations } from '../hooks/useCelebrations';
import { useLastWorkouts } from '../hooks/useLastWorkouts';
import { useRestAlertSchedule } from '../hooks/useRestAlertSchedule';
import { useBackStaysInWorkout } from '../hooks/useBackStaysInWorkout';
import { useRestClock } from '../hooks/useRestClock';
import { useWakeLock } from '../hooks/useWakeLock';
import { primeRestAlarm, soundRestAlarm } from '../lib/restAlarm';
import { readRestNote, writeRestNote } from '../lib/restNoteStorage';
import { workoutUnit } from '../logic/prefill';
import { restAlertFor } from '../logic/restAlert';
import { earnsGreatJob, increaseWeightAdvice, progressCounts, type SetEntry } from '../logic/sets';
import { openWorkout, restNoteOf, workoutReducer, type NextSet } from '../logic/workoutReducer';
import { workoutSummary } from '../logic/workoutSummary';
import { ExerciseCard } from './ExerciseCard';
import { RestAlertOffer } from './RestAlertOffer';
import { RestTimerOverlay } from './RestTimerOverlay';
import { WorkoutComplete } from './WorkoutComplete';
import { WorkoutHeader } from './WorkoutHeader';
import { WorkoutTipCard } from './WorkoutTipCard';
import { Button, Dialog, DialogActions, theme } from '@hit/ui';

export interface ActiveWorkoutProps {
  day: WorkoutDay;
  /** The session: started here (its id made by this browser) or resumed; its exercises as last saved. */
  session: Session;
  /** After Exit, after 'Return to Home', or when access is denied. */
  onClose: () => void;
}

const Screen = styled.div`
  width: 100%;
  max-width: 40rem;
  margin: 0 auto;
  padding: 0 ${theme.space.md} ${theme.space.xl};
`;

const ExerciseList = styled.div`
  display: grid;
  gap: ${theme.space.sm};
  margin-top: ${theme.space.md};
`;

/** What a failure to store the workout in this browser says to the lifter. */
function failureMessage(error: unknown): string {
  const reason = error instanceof Error && error.message ? ` (${error.message.replace(/\.$/, '')})` : '';
  return `This browser could not store the workout${reason}. Free some storage space and try again.`;
}

/** Sends the outbox now and says whether the api has everything, waiting at most `ms` for a slow network. */
async function syncedWithin(outbox: Outbox, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  try {
    return (await Promise.race([outbox.flush(), timeout])) === 'synced';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The active workout (docs/product-rules.md, "Logging sets"): sets logged one by one and each saved at once, rest
 * timers, tips, and the end of the workout (completed after its last set, or left with Exit). What happens is
 * logic/workoutReducer's; this screen renders its state and carries out what the state asks for (timers, saves, toasts).
 * Every write goes into the outbox (issue #18): stored in this browser before the screen says it is done, sent to the
 * api in order, with or without a network at the time.
 */
export function ActiveWorkout({ day, session, onClose }: ActiveWorkoutProps): JSX.Element {
  const queryClient = useQueryClient();
  const outbox = useOutbox();
  const outboxStatus = useOutboxStatus();

  // The workout as last saved: a resumed session brings its completed sets, from the api or from this browser's
  // outbox (offline, then reloaded).
  const [initial] = useState(() => ({
    fromApi: session.exercises,
    exercises: session.exercises,
    openedAt: Date.now(),
    restNote: readRestNote(),
  }));
  // A rest still running when the workout is resumed goes on (docs/product-rules.md, "Rest timer").
  const [state, dispatch] = useReducer(workoutReducer, initial, ({ exercises, openedAt, restNote }) =>
    openWorkout(exercises, openedAt, restNote),
  );
  const { exercises, activeIndex, rest, upcoming, finish, exiting, lastCompleted, restRanOutAt } = state;
  const closed = useRef(false);
  const lastWorkouts = useLastWorkouts(day.id, initial.exercises);
  const { celebrate, recordsBefore } = useCelebrations(day.id, initial.exercises);
  // The unit a set with no weight of its own, of last time or before it opens in: the workout's latest set's, else the
  // lifter's remembered one (docs/product-rules.md, "The lifter's unit").
  const fallbackUnit = workoutUnit(exercises, useLifterUnit());
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
    save: async (list) => {
      if (!outbox) throw new Error('Nobody is signed in');
      await outbox.append({ type: 'save', dayId: day.id, sessionId: session.id, exercises: list });
    },
  });
  // The cards read only what the api confirmed: a state handed in (the same tap that shows a set done) renders
  // this screen again, not every card.
  const { savedExercises, failing } = status;
  const confirmations = useMemo(() => ({ savedExercises, failing }), [savedExercises, failing]);

  // The api answered that access ended before these sets (the trial ran out): they wait in the outbox, and the
  // dashboard's upgrade prompt says how many.
  const waitingForAccess =
    outboxStatus?.lastOutcome === 'waiting' &&
    outboxStatus.operations.some((op) => 'sessionId' in op && op.sessionId === session.id);
  useEffect(() => {
    if (waitingForAccess) closeDenied();
  }, [waitingForAccess, closeDenied]);

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

  // The rest alarm's audio may only start after a user gesture, and making its AudioContext takes a moment on a slow
  // phone: it is made at the lifter's first touch or key on this screen (typing a weight), not in the Complete Set tap
  // that must show the set done at once. The tap still wakes it if the browser suspended it.
  useEffect(() => {
    const prime = () => {
      primeRestAlarm();
      document.removeEventListener('pointerdown', prime, true);
      document.removeEventListener('keydown', prime, true);
    };
    document.addEventListener('pointerdown', prime, true);
    document.addEventListener('keydown', prime, true);
    return () => {
      document.removeEventListener('pointerdown', prime, true);
      document.removeEventListener('keydown', prime, true);
    };
  }, []);

  useRestClock(rest?.timer.status === 'running', (now) => dispatch({ type: 'restTicked', now }));
  // A paused or skipped rest is noted on this device, for a resume; a running one is counted from its set's time.
  const restNote = restNoteOf(state);
  const restNoteText = restNote ? JSON.stringify(restNote) : null;
  useEffect(() => {
    writeRestNote(restNoteText === null ? null : JSON.parse(restNoteText));
  }, [restNoteText]);

  // Back during the workout does not leave it: the lifter is asked.
  const [leaveAsked, setLeaveAsked] = useState(false);
  useBackStaysInWorkout(finish === null, () => setLeaveAsked(true));
  useEffect(() => {
    if (restRanOutAt !== null) soundRestAlarm();
  }, [restRanOutAt]);

  // The rest-over alert (issue #22): the api pushes it at the end of a running rest, for a locked phone; the first rest
  // of the workout offers it. A rest is known by what it is for (its nextSet, kept for as long as it lasts).
  useRestAlertSchedule(restAlertFor(state));
  const [firstRest, setFirstRest] = useState<NextSet | null>(null);
  if (rest && firstRest === null) setFirstRest(rest.nextSet);

  // A new personal record or an achieved goal is celebrated, then a working set of more than 12 reps is told the weight
  // is too light (docs/product-rules.md, "Personal records", "Goals" and "Logging sets"): one toast at a time, in turn.
  const cheerLastSet = useEffectEvent(() => {
    const exercise = exercises.find((candidate) => candidate.id === lastCompleted?.exerciseId);
    const set = exercise?.sets.find((candidate) => candidate.id === lastCompleted?.setId);
    if (!exercise || !set?.completed || set.reps === null) return;
    const toasts: ToastOptions[] = celebrate(exercise, set.id).map(({ title, description }) => ({
      title,
      description,
      variant: 'success',
      durationMs: GREAT_JOB_TOAST_MS,
    }));
    if (earnsGreatJob(set, set.reps)) {
      toasts.push({
        title: 'Great job! Time to increase weight',
        description: `${set.reps} reps on your working set. ${increaseWeightAdvice(set.weightUnit)}`,
        variant: 'success',
        durationMs: GREAT_JOB_TOAST_MS,
      });
    }
    toastInTurn(toasts);
  });
  useEffect(() => {
    if (lastCompleted) cheerLastSet();
  }, [lastCompleted]);

  /**
   * The last sets and the completion go into the outbox (the api records the sets, ends the session and moves the
   * rotation once: docs/product-rules.md, "Finishing or leaving a workout"), then are sent; 'Workout Complete!' says
   * whether the api has them yet.
   */
  const completeWorkout = useEffectEvent(async () => {
    try {
      if (!outbox) throw new Error('Nobody is signed in');
      // The last sets are stored before the completion (the outbox sends in order).
      if (autosave.unsavedExercises()) await autosave.saveAndWait(exercises, 'complete');
      await outbox.append({ type: 'complete', dayId: day.id, sessionId: session.id });
    } catch (error) {
      console.error('Finishing the workout failed:', error);
      dispatch({ type: 'finishFailed', message: failureMessage(error) });
      return;
    }
    dispatch({ type: 'finishSucceeded', synced: await syncedWithin(outbox, SYNC_WAIT_MS) });
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
  const onUndo = useCallback(() => dispatch({ type: 'setUndone' }), []);
  const onEditSet = useCallback(
    (exerciseId: number, setId: string, entry: SetEntry) => dispatch({ type: 'setEdited', exerciseId, setId, entry }),
    [],
  );

  /** Exit: the sets done are saved and the session ended (both through the outbox), then back to the dashboard. */
  const onExit = async () => {
    if (exiting) return;
    setLeaveAsked(false);
    dispatch({ type: 'exitStarted' });
    try {
      if (!outbox) throw new Error('Nobody is signed in');
      if (autosave.unsavedExercises()) await autosave.saveAndWait(exercises, 'exit');
      await outbox.append({ type: 'end', dayId: day.id, sessionId: session.id });
    } catch (error) {
      console.error('Leaving the workout failed:', error);
      dispatch({ type: 'exitFailed', now: Date.now() });
      toast({ title: 'Not saved yet', description: failureMessage(error), variant: 'destructive' });
      return;
    }
    close();
  };

  if (finish) {
    return (
      <Screen>
        <WorkoutComplete
          state={finish}
          day={day}
          exerciseCount={exercises.length}
          summary={workoutSummary(exercises, session.startedAt, recordsBefore, fallbackUnit)}
          onRetry={() => dispatch({ type: 'finishRetried' })}
          onReturnHome={close}
        />
      </Screen>
    );
  }

  const { completedSets, totalSets } = progressCounts(exercises);

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
        {exercises.flatMap((exercise, index) => [
          <ExerciseCard
            key={exercise.id}
            exercise={exercise}
            number={index + 1}
            active={index === activeIndex}
            lastWorkout={lastWorkouts.get(exercise.id)}
            saveStatus={confirmations}
            canUndo={index === activeIndex && completedSets > 0}
            recordsBefore={recordsBefore}
            fallbackUnit={fallbackUnit}
            rest={
              index === activeIndex && rest ? (
                <RestTimerOverlay
                  rest={rest}
                  onPause={() => dispatch({ type: 'restPaused', now: Date.now() })}
                  onResume={() => dispatch({ type: 'restResumed', now: Date.now() })}
                  onSkip={() => dispatch({ type: 'restSkipped' })}
                >
                  {rest.nextSet === firstRest && <RestAlertOffer />}
                </RestTimerOverlay>
              ) : undefined
            }
            onCompleteSet={onCompleteSet}
            onEditSet={onEditSet}
            onUndo={onUndo}
          />,
          // In the flow under the exercise at work, so it covers nothing. One keyed list: the tip keeps its state as it
          // moves on with the workout.
          index === activeIndex ? <WorkoutTipCard key="tip" /> : null,
        ])}
      </ExerciseList>
      <Dialog
        open={leaveAsked}
        onOpenChange={(open) => !open && setLeaveAsked(false)}
        title="Leave the workout?"
        description="Every set you logged is saved. Exit ends the workout for now; you can resume it from the dashboard."
      >
        <DialogActions>
          <Button variant="secondary" onClick={() => setLeaveAsked(false)}>
            Stay
          </Button>
          <Button onClick={() => void onExit()}>Exit workout</Button>
        </DialogActions>
      </Dialog>
    </Screen>
  );
}
