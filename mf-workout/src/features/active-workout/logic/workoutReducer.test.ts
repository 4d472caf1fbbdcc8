import type { Exercise } from '@hit/contracts';
import {
  COMPLETE_SET_DOUBLE_TAP_MS,
  COMPLETION_CALLBACK_DELAY_MS,
  NEXT_EXERCISE_DELAY_MS,
  REST_TIMER_DELAY_MS,
  REST_TIMER_SECONDS,
} from '../../../constants';
import { blankSets, chestDay, completed, exercise } from '../testing/fixtures';
import type { SetEntry } from './sets';
import { openWorkout, restNoteOf, workoutReducer, type WorkoutAction, type WorkoutState } from './workoutReducer';

const NOW = Date.parse('2026-11-22T09:00:00.000Z');
const EARLIER = '2026-11-22T08:50:00.000Z';
const entry: SetEntry = { weight: 95, reps: 10, weightUnit: 'lbs' };
const REST_MS = REST_TIMER_SECONDS * 1000;

/** Day 1 (Incline Press 101, Dumbbell Flys 102) with the first `done` sets of the workout completed, in order. */
function workoutWith(done: number): Exercise[] {
  let left = done;
  return chestDay().exercises.map((item) =>
    exercise(
      item.id,
      item.name,
      blankSets(item.id).map((set) => (left-- > 0 ? completed(set, 100, 8, EARLIER) : set)),
    ),
  );
}

/** Applies the actions in turn. */
function run(state: WorkoutState, ...actions: WorkoutAction[]): WorkoutState {
  return actions.reduce(workoutReducer, state);
}

const complete = (setId: string, now = NOW, exerciseId = Number(setId.split('-')[0])): WorkoutAction => ({
  type: 'setCompleted',
  exerciseId,
  setId,
  entry,
  now,
});

/** The state once the step that is due now has been taken. */
function due(state: WorkoutState, now = state.upcoming!.at): WorkoutState {
  return workoutReducer(state, { type: 'stepDue', step: state.upcoming!, now });
}

/** A workout with a rest running: Incline Press's first warm-up done at NOW, the rest opened 500 ms later. */
function resting(): WorkoutState {
  return due(run(openWorkout(workoutWith(0), NOW), complete('101-w1')));
}

describe('opening a workout (new, or resumed from an open session)', () => {
  it.each<[string, number, number, WorkoutState['upcoming']]>([
    ['a new workout starts at the first exercise', 0, 0, null],
    ['a resumed one in the middle of the first exercise', 2, 0, null],
    ['a resumed one with the first exercise done goes on with the second', 4, 1, null],
    [
      'one opened with every set done finishes in a second',
      6,
      1,
      { step: 'finish', at: NOW + COMPLETION_CALLBACK_DELAY_MS },
    ],
  ])('%s', (_case, done, activeIndex, upcoming) => {
    const state = openWorkout(workoutWith(done), NOW);
    expect(state).toMatchObject({
      activeIndex,
      upcoming,
      rest: null,
      finish: null,
      exiting: false,
      lastCompleted: null,
    });
    expect(state.exercises).toEqual(workoutWith(done));
  });
});

describe('set completed', () => {
  it('records the weight, reps, unit and time of the set', () => {
    const state = run(openWorkout(workoutWith(0), NOW), complete('101-w1'));
    expect(state.exercises[0].sets[0]).toEqual({
      id: '101-w1',
      type: 'warmup',
      completed: true,
      weight: 95,
      reps: 10,
      weightUnit: 'lbs',
      completedAt: '2026-11-22T09:00:00.000Z',
    });
    expect(state.lastCompleted).toEqual({ exerciseId: 101, setId: '101-w1', at: NOW });
  });

  it.each<[string, number, string, WorkoutState['upcoming']]>([
    [
      'a warm-up with sets left: the rest timer in 500 ms, for Warm-up 2',
      0,
      '101-w1',
      {
        step: 'rest',
        at: NOW + REST_TIMER_DELAY_MS,
        nextSet: { exerciseName: 'Incline Press', label: 'Warm-up 2', isWorkingSet: false },
        after: { setId: '101-w1', completedAt: '2026-11-22T09:00:00.000Z' },
      },
    ],
    [
      'the last warm-up: the rest timer, before the working set',
      1,
      '101-w2',
      {
        step: 'rest',
        at: NOW + REST_TIMER_DELAY_MS,
        nextSet: { exerciseName: 'Incline Press', label: 'Working Set', isWorkingSet: true },
        after: { setId: '101-w2', completedAt: '2026-11-22T09:00:00.000Z' },
      },
    ],
    [
      'the last set of an exercise: the next exercise in 1.5 s, no rest',
      2,
      '101-work',
      { step: 'nextExercise', at: NOW + NEXT_EXERCISE_DELAY_MS },
    ],
    [
      'the last set of the workout: the finish in 1 s',
      5,
      '102-work',
      { step: 'finish', at: NOW + COMPLETION_CALLBACK_DELAY_MS },
    ],
  ])('%s', (_case, done, setId, upcoming) => {
    expect(run(openWorkout(workoutWith(done), NOW), complete(setId)).upcoming).toEqual(upcoming);
  });

  it.each<[string, WorkoutState, WorkoutAction]>([
    [
      'a second tap within the double-tap time',
      run(openWorkout(workoutWith(0), NOW), complete('101-w1')),
      complete('101-w2', NOW + COMPLETE_SET_DOUBLE_TAP_MS - 1),
    ],
    ['a set already completed', openWorkout(workoutWith(1), NOW), complete('101-w1')],
    ['a set the workout does not have', openWorkout(workoutWith(0), NOW), complete('101-w9')],
    ['a set of another exercise id', openWorkout(workoutWith(0), NOW), complete('101-w1', NOW, 102)],
  ])('ignores %s', (_case, state, action) => {
    expect(workoutReducer(state, action)).toBe(state);
  });

  it('takes the next set once the double-tap time is over', () => {
    const state = run(
      openWorkout(workoutWith(0), NOW),
      complete('101-w1'),
      complete('101-w2', NOW + COMPLETE_SET_DOUBLE_TAP_MS),
    );
    expect(state.exercises[0].sets[1].completed).toBe(true);
  });
});

describe('rest', () => {
  it('starts when due: 180 s for the next set, and nothing is upcoming any more', () => {
    const state = resting();
    expect(state.rest).toEqual({
      timer: { status: 'running', endsAt: NOW + REST_TIMER_DELAY_MS + REST_MS },
      nextSet: { exerciseName: 'Incline Press', label: 'Warm-up 2', isWorkingSet: false },
      remainingMs: REST_MS,
      after: { setId: '101-w1', completedAt: '2026-11-22T09:00:00.000Z' },
    });
    expect(state.upcoming).toBeNull();
  });

  it.each<[string, number, number]>([
    ['counts down with the clock', 1000, REST_MS - 1000],
    ['is right however long no tick came (a locked phone)', 100_000, REST_MS - 100_000],
  ])('%s', (_case, elapsed, remainingMs) => {
    const started = NOW + REST_TIMER_DELAY_MS;
    expect(run(resting(), { type: 'restTicked', now: started + elapsed }).rest?.remainingMs).toBe(remainingMs);
  });

  it('keeps its time while paused and counts on from there when resumed', () => {
    const started = NOW + REST_TIMER_DELAY_MS;
    const paused = run(
      resting(),
      { type: 'restPaused', now: started + 30_000 },
      { type: 'restTicked', now: started + 120_000 },
    );
    expect(paused.rest).toMatchObject({ timer: { status: 'paused' }, remainingMs: REST_MS - 30_000 });

    const resumed = run(
      paused,
      { type: 'restResumed', now: started + 120_000 },
      { type: 'restTicked', now: started + 130_000 },
    );
    expect(resumed.rest).toMatchObject({ timer: { status: 'running' }, remainingMs: REST_MS - 40_000 });
  });

  it('ends at zero, and the alarm is due', () => {
    const end = NOW + REST_TIMER_DELAY_MS + REST_MS;
    expect(run(resting(), { type: 'restTicked', now: end - 1 }).rest?.remainingMs).toBe(1);
    const ended = run(resting(), { type: 'restTicked', now: end });
    expect(ended).toMatchObject({ rest: null, restRanOutAt: end, activeIndex: 0 });
  });

  it('ends when skipped, with no alarm', () => {
    expect(run(resting(), { type: 'restSkipped' })).toMatchObject({ rest: null, restRanOutAt: null, activeIndex: 0 });
  });

  it.each<[string, WorkoutAction]>([
    ['runs out', { type: 'restTicked', now: NOW + 10 * REST_MS }],
    ['is skipped', { type: 'restSkipped' }],
  ])('starts the next exercise at once when it %s after the exercise was finished', (_case, end) => {
    // The exercise's last sets were logged while the rest was on: the next exercise is upcoming.
    const finishedWhileResting = run(resting(), complete('101-w2', NOW + 1000), complete('101-work', NOW + 2000));
    expect(finishedWhileResting.upcoming?.step).toBe('nextExercise');

    expect(run(finishedWhileResting, end)).toMatchObject({ rest: null, activeIndex: 1, upcoming: null });
  });

  it.each<[string, WorkoutAction]>([
    ['a tick', { type: 'restTicked', now: NOW }],
    ['a pause', { type: 'restPaused', now: NOW }],
    ['a resume', { type: 'restResumed', now: NOW }],
    ['a skip', { type: 'restSkipped' }],
  ])('ignores %s when no rest is on', (_case, action) => {
    const state = openWorkout(workoutWith(1), NOW);
    expect(workoutReducer(state, action)).toBe(state);
  });
});

describe('exercise advanced', () => {
  it('when due, the first exercise with a set left becomes active', () => {
    const state = run(openWorkout(workoutWith(2), NOW), complete('101-work'));
    expect(state.activeIndex).toBe(0);
    expect(due(state)).toMatchObject({ activeIndex: 1, upcoming: null });
  });

  it('ignores a step that something else has replaced meanwhile', () => {
    const state = run(openWorkout(workoutWith(2), NOW), complete('101-work'));
    const replaced = run(state, { type: 'setUndone' });
    expect(workoutReducer(replaced, { type: 'stepDue', step: state.upcoming!, now: state.upcoming!.at })).toBe(
      replaced,
    );
  });
});

describe('set undone', () => {
  it('makes the latest set take input again with its numbers, and calls off what it had started', () => {
    const state = run(openWorkout(workoutWith(2), NOW), complete('101-work'));
    const undone = run(state, { type: 'setUndone' });
    expect(undone.exercises[0].sets[2]).toMatchObject({ completed: false, completedAt: null, weight: 95, reps: 10 });
    expect(undone).toMatchObject({ activeIndex: 0, upcoming: null, rest: null });
  });

  it('goes back to the exercise of the undone set and closes the rest', () => {
    const inSecond = due(run(openWorkout(workoutWith(3), NOW), complete('102-w1')));
    expect(inSecond.rest).not.toBeNull();
    const undone = run(inSecond, { type: 'setUndone' }, { type: 'setUndone' });
    expect(undone.exercises[0].sets[2].completed).toBe(false);
    expect(undone).toMatchObject({ activeIndex: 0, rest: null, upcoming: null });
  });

  it('calls off the finish within the second after the last set', () => {
    const state = run(openWorkout(workoutWith(5), NOW), complete('102-work'), { type: 'setUndone' });
    expect(state.upcoming).toBeNull();
    expect(state.activeIndex).toBe(1);
  });

  it.each<[string, WorkoutState]>([
    ['no set is done', openWorkout(workoutWith(0), NOW)],
    ['the workout is finishing', due(openWorkout(workoutWith(6), NOW))],
  ])('does nothing when %s', (_case, state) => {
    expect(workoutReducer(state, { type: 'setUndone' })).toBe(state);
  });
});

describe('finished', () => {
  const finishing = () => due(run(openWorkout(workoutWith(5), NOW), complete('102-work')));

  it('turns to finishing when due, closing any rest', () => {
    expect(finishing()).toMatchObject({ finish: { name: 'finishing' }, upcoming: null, rest: null });
  });

  it.each<[string, WorkoutAction[], WorkoutState['finish']]>([
    ['succeeds, synced', [{ type: 'finishSucceeded', synced: true }], { name: 'complete', synced: true }],
    [
      'succeeds, stored on this device only',
      [{ type: 'finishSucceeded', synced: false }],
      { name: 'complete', synced: false },
    ],
    ['fails with a message', [{ type: 'finishFailed', message: 'Offline.' }], { name: 'failed', message: 'Offline.' }],
    [
      'is tried again after failing',
      [{ type: 'finishFailed', message: 'Offline.' }, { type: 'finishRetried' }],
      { name: 'finishing' },
    ],
    ['is not tried again while on its way', [{ type: 'finishRetried' }], { name: 'finishing' }],
    [
      'stays complete',
      [
        { type: 'finishSucceeded', synced: true },
        { type: 'finishFailed', message: 'late' },
      ],
      { name: 'complete', synced: true },
    ],
  ])('%s', (_case, actions, finish) => {
    expect(run(finishing(), ...actions).finish).toEqual(finish);
  });
});

describe('exit', () => {
  it('wins over finishing within the second after the last set', () => {
    const state = run(openWorkout(workoutWith(5), NOW), complete('102-work'), { type: 'exitStarted' });
    expect(state).toMatchObject({ exiting: true, upcoming: null });
  });

  it('leaves a coming rest alone', () => {
    const state = run(openWorkout(workoutWith(0), NOW), complete('101-w1'), { type: 'exitStarted' });
    expect(state.upcoming?.step).toBe('rest');
  });

  it('is started once', () => {
    const state = run(openWorkout(workoutWith(0), NOW), { type: 'exitStarted' });
    expect(workoutReducer(state, { type: 'exitStarted' })).toBe(state);
  });

  it.each<[string, number, WorkoutState['upcoming']]>([
    [
      'with every set done, the finish comes back',
      6,
      { step: 'finish', at: NOW + 5000 + COMPLETION_CALLBACK_DELAY_MS },
    ],
    ['with sets left, the workout goes on', 1, null],
  ])('that failed: %s', (_case, done, upcoming) => {
    const opened = openWorkout(workoutWith(done), NOW);
    const state = run({ ...opened, upcoming: null }, { type: 'exitStarted' }, { type: 'exitFailed', now: NOW + 5000 });
    expect(state).toMatchObject({ exiting: false, upcoming });
  });
});

describe('a resumed workout (after Exit and Resume, or a reload)', () => {
  const doneAt = (ms: number) => new Date(NOW - ms).toISOString();
  /** Incline Press's first warm-up done `ago` ms before NOW. */
  /** Incline Press's sets up to `lastSetId` done, the last of them `ago` ms before NOW. */
  const oneDone = (ago: number, lastSetId = '101-w1'): Exercise[] =>
    chestDay().exercises.map((item) => {
      let before = item.id === 101;
      return exercise(
        item.id,
        item.name,
        blankSets(item.id).map((set) => {
          if (!before) return set;
          if (set.id === lastSetId) before = false;
          return completed(set, 100, 8, before ? EARLIER : doneAt(ago));
        }),
      );
    });
  const cause = (ago: number) => ({ setId: '101-w1', completedAt: doneAt(ago) });

  it('shows the rest still running, counted from the set’s completion time', () => {
    const state = openWorkout(oneDone(60_000), NOW);
    expect(state.rest).toEqual({
      timer: { status: 'running', endsAt: NOW - 60_000 + REST_TIMER_DELAY_MS + REST_MS },
      nextSet: { exerciseName: 'Incline Press', label: 'Warm-up 2', isWorkingSet: false },
      remainingMs: REST_MS - 60_000 + REST_TIMER_DELAY_MS,
      after: cause(60_000),
    });
    expect(state.upcoming).toBeNull();
  });

  it('opens the rest when due when the set was done within the last half second', () => {
    expect(openWorkout(oneDone(200), NOW)).toMatchObject({
      rest: null,
      upcoming: { step: 'rest', at: NOW - 200 + REST_TIMER_DELAY_MS, after: cause(200) },
    });
  });

  it.each<[string, Exercise[]]>([
    ['a rest that is over', oneDone(REST_MS + REST_TIMER_DELAY_MS)],
    ['the last set of an exercise (no rest between exercises)', oneDone(10_000, '101-work')],
  ])('has no rest after %s', (_case, exercises) => {
    expect(openWorkout(exercises, NOW)).toMatchObject({ rest: null, upcoming: null });
  });

  it('keeps a rest this device paused, with its time left, or skipped', () => {
    const paused = { status: 'paused', remainingMs: 42_000 } as const;
    expect(openWorkout(oneDone(60_000), NOW, { after: cause(60_000), timer: paused }).rest).toMatchObject({
      timer: paused,
      remainingMs: 42_000,
    });
    expect(openWorkout(oneDone(60_000), NOW, { after: cause(60_000), timer: 'skipped' }).rest).toBeNull();
    // A note of another set (or of the same set done again after an undo) says nothing of this rest.
    const other = { after: cause(90_000), timer: 'skipped' } as const;
    expect(openWorkout(oneDone(60_000), NOW, other).rest).not.toBeNull();
  });

  it('notes a paused or skipped rest, and nothing for one that only runs', () => {
    const state = resting();
    expect(restNoteOf(state)).toBeNull();
    const paused = run(state, { type: 'restPaused', now: NOW + 10_000 });
    expect(restNoteOf(paused)).toEqual({ after: state.rest!.after, timer: paused.rest!.timer });
    expect(restNoteOf(run(state, { type: 'restSkipped' }))).toEqual({ after: state.rest!.after, timer: 'skipped' });
  });
});

describe('set edited', () => {
  const edit = (setId: string, fix: SetEntry): WorkoutAction => ({
    type: 'setEdited',
    exerciseId: Number(setId.split('-')[0]),
    setId,
    entry: fix,
  });

  it('corrects a completed set of any exercise, keeping when it was done and what comes next', () => {
    const state = run(openWorkout(workoutWith(4), NOW), complete('102-w2'));
    const edited = run(state, edit('101-w1', { weight: 42.5, reps: 9, weightUnit: 'kg' }));
    expect(edited.exercises[0].sets[0]).toEqual({
      ...state.exercises[0].sets[0],
      weight: 42.5,
      reps: 9,
      weightUnit: 'kg',
    });
    expect(edited.exercises[0].sets[0].completedAt).toBe(EARLIER);
    expect(edited).toMatchObject({ activeIndex: state.activeIndex, upcoming: state.upcoming, rest: state.rest });
  });

  it.each<[string, WorkoutState, WorkoutAction]>([
    ['a set not completed', openWorkout(workoutWith(0), NOW), edit('101-w1', entry)],
    ['a set the workout does not have', openWorkout(workoutWith(1), NOW), edit('101-w9', entry)],
  ])('ignores %s', (_case, state, action) => {
    expect(workoutReducer(state, action)).toBe(state);
  });
});
