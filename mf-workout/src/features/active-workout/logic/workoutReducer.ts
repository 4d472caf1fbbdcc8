/**
 * The active workout as a state machine (docs/product-rules.md, "Logging sets"): sets completed and undone, the rest
 * timer, the move to the next exercise, Exit and the finish. Pure: time comes in with the actions (`now`, in ms), and
 * what is to happen later (the rest timer 500 ms after a set, the next exercise after 1.5 s, the finish after 1 s) is
 * kept as `upcoming`, which the screen turns into a timer. Saving, toasts, sounds and api calls are the screen's, read
 * from this state.
 */
import type { Exercise } from '@hit/contracts';
import {
  COMPLETE_SET_DOUBLE_TAP_MS,
  COMPLETION_CALLBACK_DELAY_MS,
  NEXT_EXERCISE_DELAY_MS,
  REST_TIMER_DELAY_MS,
  REST_TIMER_SECONDS,
} from '../../../constants';
import { pauseRestTimer, restRemainingMs, resumeRestTimer, startRestTimer, type RestTimerState } from './restTimer';
import {
  completeSet,
  firstIncompleteExerciseIndex,
  firstIncompleteSetIndex,
  isExerciseComplete,
  isWorkoutComplete,
  setLabel,
  undoLastSet,
  type SetEntry,
} from './sets';

/** What a rest is for: the set that comes after it. */
export interface NextSet {
  exerciseName: string;
  label: string;
  isWorkingSet: boolean;
}

/** The rest timer on screen, with the time left as of the last action that brought the clock. */
export interface RestTimer {
  timer: RestTimerState;
  nextSet: NextSet;
  remainingMs: number;
}

/** What follows a set, due at `at`: the rest timer opens, the next exercise becomes active, or the workout finishes. */
export type UpcomingStep =
  | { step: 'rest'; at: number; nextSet: NextSet }
  | { step: 'nextExercise'; at: number }
  | { step: 'finish'; at: number };

/**
 * Finishing: the completion stored in the outbox and sent; then done (`synced` false: stored on this device, sent when
 * the network is back), or failed with a message (this browser refused to store it).
 */
export type FinishState =
  { name: 'finishing' } | { name: 'complete'; synced: boolean } | { name: 'failed'; message: string };

export interface WorkoutState {
  exercises: Exercise[];
  /** The exercise whose first incomplete set takes input. */
  activeIndex: number;
  rest: RestTimer | null;
  upcoming: UpcomingStep | null;
  /** Set once the workout is finishing; the sets are then no longer shown. */
  finish: FinishState | null;
  /** Exit was tapped and its save is on its way. */
  exiting: boolean;
  /** The set completed last on this screen, and when: a second tap this soon after is a double tap. */
  lastCompleted: { exerciseId: number; setId: string; at: number } | null;
  /** When a rest last ran out (not skipped): the alarm sounds once for each. */
  restRanOutAt: number | null;
}

export type WorkoutAction =
  | { type: 'setCompleted'; exerciseId: number; setId: string; entry: SetEntry; now: number }
  | { type: 'setUndone' }
  /** The time of `step` has come (it is ignored when something else has replaced it meanwhile). */
  | { type: 'stepDue'; step: UpcomingStep; now: number }
  | { type: 'restTicked'; now: number }
  | { type: 'restPaused'; now: number }
  | { type: 'restResumed'; now: number }
  | { type: 'restSkipped' }
  | { type: 'exitStarted' }
  | { type: 'exitFailed'; now: number }
  | { type: 'finishFailed'; message: string }
  | { type: 'finishRetried' }
  | { type: 'finishSucceeded'; synced: boolean };

/**
 * The workout as it opens, new or resumed from an open session (or from this phone's unsaved copy): the first
 * exercise with a set left is active, and one opened with every set done finishes in a second.
 */
export function openWorkout(exercises: Exercise[], now: number): WorkoutState {
  return {
    exercises,
    activeIndex: firstIncompleteExerciseIndex(exercises),
    rest: null,
    upcoming: isWorkoutComplete(exercises) ? { step: 'finish', at: now + COMPLETION_CALLBACK_DELAY_MS } : null,
    finish: null,
    exiting: false,
    lastCompleted: null,
    restRanOutAt: null,
  };
}

/** What comes after a set of `exercise` completed at `now`. */
function stepAfterSet(exercises: readonly Exercise[], exercise: Exercise, now: number): UpcomingStep {
  if (isWorkoutComplete(exercises)) return { step: 'finish', at: now + COMPLETION_CALLBACK_DELAY_MS };
  if (isExerciseComplete(exercise)) return { step: 'nextExercise', at: now + NEXT_EXERCISE_DELAY_MS };
  const nextSetIndex = firstIncompleteSetIndex(exercise);
  const nextSet = {
    exerciseName: exercise.name,
    label: setLabel(exercise.sets, nextSetIndex),
    isWorkingSet: exercise.sets[nextSetIndex].type === 'working',
  };
  return { step: 'rest', at: now + REST_TIMER_DELAY_MS, nextSet };
}

function completeOneSet(state: WorkoutState, action: Extract<WorkoutAction, { type: 'setCompleted' }>): WorkoutState {
  const { exerciseId, setId, entry, now } = action;
  if (state.finish) return state;
  if (state.lastCompleted && now - state.lastCompleted.at < COMPLETE_SET_DOUBLE_TAP_MS) return state;
  const set = state.exercises
    .find((exercise) => exercise.id === exerciseId)
    ?.sets.find((candidate) => candidate.id === setId);
  if (!set || set.completed) return state;

  const exercises = completeSet(state.exercises, exerciseId, setId, entry, new Date(now));
  const exercise = exercises.find((candidate) => candidate.id === exerciseId)!;
  return {
    ...state,
    exercises,
    upcoming: stepAfterSet(exercises, exercise, now),
    lastCompleted: { exerciseId, setId, at: now },
  };
}

/** The rest is over (run out or skipped): if the active exercise is done, the next one starts now. */
function endRest(state: WorkoutState): WorkoutState {
  const ended = { ...state, rest: null };
  if (!isExerciseComplete(state.exercises[state.activeIndex])) return ended;
  return {
    ...ended,
    activeIndex: firstIncompleteExerciseIndex(state.exercises),
    upcoming: state.upcoming?.step === 'nextExercise' ? null : state.upcoming,
  };
}

function takeStep(state: WorkoutState, step: UpcomingStep, now: number): WorkoutState {
  const taken = { ...state, upcoming: null };
  switch (step.step) {
    case 'rest': {
      const timer = startRestTimer(now, REST_TIMER_SECONDS);
      return { ...taken, rest: { timer, nextSet: step.nextSet, remainingMs: restRemainingMs(timer, now) } };
    }
    case 'nextExercise':
      return { ...taken, activeIndex: firstIncompleteExerciseIndex(state.exercises) };
    case 'finish':
      return { ...taken, rest: null, finish: { name: 'finishing' } };
  }
}

function updateRest(state: WorkoutState, timer: RestTimerState, now: number): WorkoutState {
  if (!state.rest) return state;
  return { ...state, rest: { ...state.rest, timer, remainingMs: restRemainingMs(timer, now) } };
}

export function workoutReducer(state: WorkoutState, action: WorkoutAction): WorkoutState {
  switch (action.type) {
    case 'setCompleted':
      return completeOneSet(state, action);

    case 'setUndone': {
      const undone = state.finish ? null : undoLastSet(state.exercises);
      if (!undone) return state;
      // Whatever the undone set had started (rest, next exercise, finish) is called off.
      return { ...state, exercises: undone.exercises, activeIndex: undone.exerciseIndex, rest: null, upcoming: null };
    }

    case 'stepDue':
      return state.upcoming === action.step ? takeStep(state, action.step, action.now) : state;

    case 'restTicked': {
      if (state.rest?.timer.status !== 'running') return state;
      const remainingMs = restRemainingMs(state.rest.timer, action.now);
      if (remainingMs > 0) return { ...state, rest: { ...state.rest, remainingMs } };
      return { ...endRest(state), restRanOutAt: action.now };
    }

    case 'restPaused':
      return state.rest ? updateRest(state, pauseRestTimer(state.rest.timer, action.now), action.now) : state;

    case 'restResumed':
      return state.rest ? updateRest(state, resumeRestTimer(state.rest.timer, action.now), action.now) : state;

    case 'restSkipped':
      return state.rest ? endRest(state) : state;

    case 'exitStarted':
      if (state.exiting) return state;
      // Leaving within the second after the last set: Exit wins over finishing the workout.
      return { ...state, exiting: true, upcoming: state.upcoming?.step === 'finish' ? null : state.upcoming };

    case 'exitFailed':
      if (!state.exiting) return state;
      return {
        ...state,
        exiting: false,
        upcoming: isWorkoutComplete(state.exercises)
          ? { step: 'finish', at: action.now + COMPLETION_CALLBACK_DELAY_MS }
          : state.upcoming,
      };

    case 'finishFailed':
      return state.finish?.name === 'finishing'
        ? { ...state, finish: { name: 'failed', message: action.message } }
        : state;

    case 'finishRetried':
      return state.finish?.name === 'failed' ? { ...state, finish: { name: 'finishing' } } : state;

    case 'finishSucceeded':
      return state.finish?.name === 'finishing'
        ? { ...state, finish: { name: 'complete', synced: action.synced } }
        : state;
  }
}
