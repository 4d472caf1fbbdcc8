import { COMPLETION_CALLBACK_DELAY_MS, REST_TIMER_DELAY_MS, REST_TIMER_SECONDS } from '../../../constants';
import { chestDay } from '../testing/fixtures';
import { restAlertFor } from './restAlert';
import { openWorkout, workoutReducer, type WorkoutAction, type WorkoutState } from './workoutReducer';

const NOW = Date.parse('2026-11-22T09:00:00.000Z');
const REST_MS = REST_TIMER_SECONDS * 1000;
const entry = { weight: 95, reps: 10, weightUnit: 'lbs' as const };

const run = (state: WorkoutState, ...actions: WorkoutAction[]) => actions.reduce(workoutReducer, state);
const due = (state: WorkoutState, now: number): WorkoutAction => ({ type: 'stepDue', step: state.upcoming!, now });

/** Day 1 with Warm-up 1 of Incline Press done at NOW and its rest open since NOW + 500 ms. */
function resting(): WorkoutState {
  const logged = run(openWorkout(chestDay().exercises, NOW), {
    type: 'setCompleted',
    exerciseId: 101,
    setId: '101-w1',
    entry,
    now: NOW,
  });
  return run(logged, due(logged, NOW + REST_TIMER_DELAY_MS));
}
const END = NOW + REST_TIMER_DELAY_MS + REST_MS;

describe('the rest-over push as a value of the workout state', () => {
  it('is none before any rest, and none in the half second before the rest opens', () => {
    const opened = openWorkout(chestDay().exercises, NOW);
    expect(restAlertFor(opened)).toBeNull();
    expect(
      restAlertFor(run(opened, { type: 'setCompleted', exerciseId: 101, setId: '101-w1', entry, now: NOW })),
    ).toBeNull();
  });

  it('is due at the end of a running rest, naming what the rest timer names next', () => {
    expect(restAlertFor(resting())).toEqual({ endsAt: END, set: 'Warm-up 2', exercise: 'Incline Press' });
    // Ticks change nothing.
    expect(restAlertFor(run(resting(), { type: 'restTicked', now: NOW + 60_000 }))).toEqual(restAlertFor(resting()));
  });

  it('is none while paused, and due at the new end once resumed', () => {
    const paused = run(resting(), { type: 'restPaused', now: NOW + 10_000 });
    expect(restAlertFor(paused)).toBeNull();
    expect(restAlertFor(run(paused, { type: 'restResumed', now: NOW + 70_000 }))?.endsAt).toBe(END + 60_000);
  });

  it.each<[string, WorkoutAction]>([
    ['skipped', { type: 'restSkipped' }],
    ['undone', { type: 'setUndone' }],
    ['left with Exit', { type: 'exitStarted' }],
    ['run out', { type: 'restTicked', now: END }],
  ])('is none once the rest is %s', (_name, action) => {
    expect(restAlertFor(run(resting(), action))).toBeNull();
  });

  it('is none once the workout finishes, even with a rest on screen', () => {
    // The last set logged under the rest timer: finishing closes the rest.
    let state = run(
      resting(),
      ...['101-w2', '101-work', '102-w1', '102-w2', '102-work'].map((setId, index): WorkoutAction => ({
        type: 'setCompleted',
        exerciseId: Number(setId.split('-')[0]),
        setId,
        entry,
        now: NOW + 1000 * (index + 1),
      })),
    );
    expect(state.upcoming?.step).toBe('finish');
    state = run(state, due(state, NOW + 6000 + COMPLETION_CALLBACK_DELAY_MS));
    expect(state.finish).toEqual({ name: 'finishing' });
    expect(restAlertFor(state)).toBeNull();
  });
});
