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
  editSet,
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

/** The set whose completion started a rest: a rest is known by it, so a resumed workout finds its rest again. */
export interface RestCause {
  setId: string;
  completedAt: string;
}

/** The rest timer on screen, with the time left as of the last action that brought the clock. */
export interface RestTimer {
  timer: RestTimerState;
  nextSet: NextSet;
  remainingMs: number;
  after: RestCause;
}

/**
 * What this device remembers of the latest rest beyond what the sets say (docs/product-rules.md, "Rest timer"): that
 * it was paused (with the time left) or skipped. A rest that was only running needs no note: it is counted from its
 * set's completion time.
 */
export interface RestNote {
  after: RestCause;
  timer: RestTimerState | 'skipped';
}

/** What follows a set, due at `at`: the rest timer opens, the next exercise becomes active, or the workout finishes. */
export type UpcomingStep =
  | { step: 'rest'; at: number; nextSet: NextSet; after: RestCause }
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
  /** The rest last skipped, by the set that started it: this device remembers it for a resume. */
  skippedRest: RestCause | null;
}

export type WorkoutAction =
  | { type: 'setCompleted'; exerciseId: number; setId: string; entry: SetEntry; now: number }
  | { type: 'setUndone' }
  /** A completed set corrected: its weight, reps and unit, keeping when it was done. */
  | { type: 'setEdited'; exerciseId: number; setId: string; entry: SetEntry }
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

/** The set of `exercise` that takes input next, as a rest names it. */
function nextSetOf(exercise: Exercise): NextSet {
  const nextSetIndex = firstIncompleteSetIndex(exercise);
  return {
    exerciseName: exercise.name,
    label: setLabel(exercise.sets, nextSetIndex),
    isWorkingSet: exercise.sets[nextSetIndex].type === 'working',
  };
}

/**
 * The rest a resumed workout is in (after Exit and Resume, or a reload): the one after its latest set, when that set's
 * exercise has sets left, counted from the wall clock (it opened `REST_TIMER_DELAY_MS` after the set's completion
 * time, stored with the session) unless this device noted it paused or skipped.
 */
function resumedRest(exercises: readonly Exercise[], now: number, note: RestNote | null): Partial<WorkoutState> {
  let latest: { exercise: Exercise; setId: string; completedAt: string } | null = null;
  for (const exercise of exercises) {
    for (const set of exercise.sets) {
      if (set.completed && set.completedAt && (!latest || set.completedAt >= latest.completedAt))
        latest = { exercise, setId: set.id, completedAt: set.completedAt };
    }
  }
  if (!latest || isExerciseComplete(latest.exercise)) return {};
  const after: RestCause = { setId: latest.setId, completedAt: latest.completedAt };
  const nextSet = nextSetOf(latest.exercise);
  const noted = note?.after.setId === after.setId && note.after.completedAt === after.completedAt ? note.timer : null;
  if (noted === 'skipped') return {};
  if (noted) {
    const remainingMs = restRemainingMs(noted, now);
    return remainingMs > 0 ? { rest: { timer: noted, nextSet, remainingMs, after } } : {};
  }
  const opensAt = Date.parse(latest.completedAt) + REST_TIMER_DELAY_MS;
  if (!Number.isFinite(opensAt)) return {};
  if (opensAt > now) return { upcoming: { step: 'rest', at: opensAt, nextSet, after } };
  const timer = startRestTimer(opensAt, REST_TIMER_SECONDS);
  const remainingMs = restRemainingMs(timer, now);
  return remainingMs > 0 ? { rest: { timer, nextSet, remainingMs, after } } : {};
}

/**
 * The workout as it opens, new or resumed from an open session (or from this phone's unsaved copy): the first
 * exercise with a set left is active, a rest still running goes on, and one opened with every set done finishes in a
 * second.
 */
export function openWorkout(exercises: Exercise[], now: number, restNote: RestNote | null = null): WorkoutState {
  const complete = isWorkoutComplete(exercises);
  return {
    exercises,
    activeIndex: firstIncompleteExerciseIndex(exercises),
    rest: null,
    upcoming: complete ? { step: 'finish', at: now + COMPLETION_CALLBACK_DELAY_MS } : null,
    finish: null,
    exiting: false,
    lastCompleted: null,
    restRanOutAt: null,
    skippedRest: null,
    ...(complete ? {} : resumedRest(exercises, now, restNote)),
  };
}

/** What comes after a set of `exercise` completed at `now`. */
function stepAfterSet(exercises: readonly Exercise[], exercise: Exercise, setId: string, now: number): UpcomingStep {
  if (isWorkoutComplete(exercises)) return { step: 'finish', at: now + COMPLETION_CALLBACK_DELAY_MS };
  if (isExerciseComplete(exercise)) return { step: 'nextExercise', at: now + NEXT_EXERCISE_DELAY_MS };
  const after = { setId, completedAt: new Date(now).toISOString() };
  return { step: 'rest', at: now + REST_TIMER_DELAY_MS, nextSet: nextSetOf(exercise), after };
}

/** The rest as this device notes it (paused or skipped), or null when the sets' times say all there is. */
export function restNoteOf({ rest, skippedRest }: WorkoutState): RestNote | null {
  if (rest?.timer.status === 'paused') return { after: rest.after, timer: rest.timer };
  if (skippedRest && !rest) return { after: skippedRest, timer: 'skipped' };
  return null;
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
    upcoming: stepAfterSet(exercises, exercise, setId, now),
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
      const rest = { timer, nextSet: step.nextSet, remainingMs: restRemainingMs(timer, now), after: step.after };
      return { ...taken, rest };
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

    case 'setEdited': {
      if (state.finish) return state;
      const { exerciseId, setId, entry } = action;
      const set = state.exercises.find((exercise) => exercise.id === exerciseId)?.sets.find((s) => s.id === setId);
      if (!set?.completed) return state;
      return { ...state, exercises: editSet(state.exercises, exerciseId, setId, entry) };
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
      return state.rest ? { ...endRest(state), skippedRest: state.rest.after } : state;

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
