import { act, screen, within } from '@testing-library/react';
import { dismissToast } from '@hit/platform';
import { NEXT_EXERCISE_DELAY_MS, REST_TIMER_DELAY_MS, REST_TIMER_SECONDS } from '../../../constants';
import { logSet, skipRest } from '../testing/actions';
import { blankSets, chestDay, completed, exercise, sessionOf } from '../testing/fixtures';
import { passTime, renderActiveWorkout } from '../testing/renderActiveWorkout';
import { mockWorkoutApi } from '../testing/workoutApi';

const restDialog = () => screen.queryByRole('dialog', { name: 'Rest' });
const shownTime = () => within(screen.getByRole('dialog', { name: 'Rest' })).getByRole('timer').textContent;

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-11-22T09:00:00.000Z') });
  localStorage.clear();
  mockWorkoutApi();
});
afterEach(() => {
  act(() => dismissToast());
  setVisibility('visible');
  jest.useRealTimers();
});

function renderFreshWorkout() {
  const day = chestDay();
  return renderActiveWorkout({ day, session: sessionOf(day) });
}

describe('rest timer', () => {
  it('opens 500 ms after a set when the exercise has sets left, with 03:00 and what comes next', async () => {
    const { user } = renderFreshWorkout();
    await logSet(user, { weight: '95', reps: '10' });

    await passTime(REST_TIMER_DELAY_MS - 1);
    expect(restDialog()).not.toBeInTheDocument();
    await passTime(1);

    expect(restDialog()).toBeInTheDocument();
    expect(shownTime()).toBe('03:00');
    expect(restDialog()).toHaveTextContent('Next: Warm-up 2');
    expect(restDialog()).not.toHaveTextContent('take it to failure');
  });

  it('counts down 180 s and closes at zero with a vibration', async () => {
    const vibrate = jest.fn().mockReturnValue(true);
    Object.defineProperty(navigator, 'vibrate', { configurable: true, value: vibrate });
    const { user } = renderFreshWorkout();
    await logSet(user, { weight: '95', reps: '10' });
    await passTime(REST_TIMER_DELAY_MS);

    await passTime(1000);
    expect(shownTime()).toBe('02:59');
    await passTime(59_000);
    expect(shownTime()).toBe('02:00');
    await passTime(119_000);
    expect(shownTime()).toBe('00:01');
    expect(vibrate).not.toHaveBeenCalled();
    await passTime(1000);

    expect(restDialog()).not.toBeInTheDocument();
    expect(vibrate).toHaveBeenCalledTimes(1);
    // The next set is ready for input.
    expect(screen.getByRole('region', { name: 'Incline Press' })).toHaveTextContent('Warm-up 2');
    delete (navigator as { vibrate?: unknown }).vibrate;
  });

  it('beeps at zero on an audio context created by the Complete Set tap', async () => {
    const oscillators: { start: jest.Mock }[] = [];
    const gainParam = { setValueAtTime: jest.fn(), exponentialRampToValueAtTime: jest.fn() };
    const FakeAudioContext = jest.fn(() => ({
      state: 'running',
      currentTime: 0,
      destination: {},
      resume: jest.fn().mockResolvedValue(undefined),
      createGain: () => ({ gain: gainParam, connect: (target: unknown) => target }),
      createOscillator: () => {
        const oscillator = {
          type: '',
          frequency: { value: 0 },
          connect: (target: unknown) => target,
          start: jest.fn(),
          stop: jest.fn(),
        };
        oscillators.push(oscillator);
        return oscillator;
      },
    }));
    Object.assign(window, { AudioContext: FakeAudioContext });
    const { user } = renderFreshWorkout();

    await logSet(user, { weight: '95', reps: '10' });
    expect(FakeAudioContext).toHaveBeenCalledTimes(1);
    expect(oscillators).toHaveLength(0);
    await passTime(REST_TIMER_DELAY_MS);
    await passTime(REST_TIMER_SECONDS * 1000);

    expect(restDialog()).not.toBeInTheDocument();
    expect(oscillators.length).toBeGreaterThan(0);
    expect(oscillators[0].start).toHaveBeenCalled();
    delete (window as { AudioContext?: unknown }).AudioContext;
  });

  it('pauses, keeps the time while paused, and resumes from there', async () => {
    const { user } = renderFreshWorkout();
    await logSet(user, { weight: '95', reps: '10' });
    await passTime(REST_TIMER_DELAY_MS);
    await passTime(30_000);
    expect(shownTime()).toBe('02:30');

    await user.click(screen.getByRole('button', { name: 'Pause' }));
    await passTime(90_000);
    expect(shownTime()).toBe('02:30');
    expect(restDialog()).toHaveTextContent('Paused');

    await user.click(screen.getByRole('button', { name: 'Resume' }));
    await passTime(10_000);
    expect(shownTime()).toBe('02:20');
    await passTime(140_000);
    expect(restDialog()).not.toBeInTheDocument();
  });

  it('closes on Skip Rest', async () => {
    const { user } = renderFreshWorkout();
    await logSet(user, { weight: '95', reps: '10' });

    await skipRest(user);

    expect(restDialog()).not.toBeInTheDocument();
    expect(screen.getByLabelText('Reps')).toBeInTheDocument();
  });

  it('hands keyboard focus to the set now taking input, so the next Tab reaches its Weight', async () => {
    const { user } = renderFreshWorkout();
    await logSet(user, { weight: '95', reps: '10' });
    await passTime(REST_TIMER_DELAY_MS);
    expect(restDialog()).toHaveFocus();

    await user.keyboard('{Escape}');

    expect(screen.getByRole('form', { name: 'Warm-up 2' })).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Weight')).toHaveFocus();
  });

  it('closes on Escape, like skipping', async () => {
    const { user } = renderFreshWorkout();
    await logSet(user, { weight: '95', reps: '10' });
    await passTime(REST_TIMER_DELAY_MS);

    await user.keyboard('{Escape}');

    expect(restDialog()).not.toBeInTheDocument();
  });

  it('shows the right time after the phone was locked (the clock moved on without ticks)', async () => {
    const { user } = renderFreshWorkout();
    await logSet(user, { weight: '95', reps: '10' });
    await passTime(REST_TIMER_DELAY_MS);
    expect(shownTime()).toBe('03:00');

    act(() => setVisibility('hidden'));
    // 100 s pass while no timer runs (a throttled, backgrounded page).
    jest.setSystemTime(Date.now() + 100_000);
    act(() => setVisibility('visible'));

    expect(shownTime()).toBe('01:20');
  });

  it('warns before the working set that it is to be taken to failure', async () => {
    const { user } = renderFreshWorkout();
    await logSet(user, { weight: '95', reps: '10' });
    await skipRest(user);
    await logSet(user, { weight: '115', reps: '6' });
    await passTime(REST_TIMER_DELAY_MS);

    expect(restDialog()).toHaveTextContent('Next: Working Set — take it to failure');
  });

  it('is a focused dialog with the time left as a timer, in the active exercise and not modal', async () => {
    const { user } = renderFreshWorkout();
    await logSet(user, { weight: '95', reps: '10' });
    await passTime(REST_TIMER_DELAY_MS);

    expect(restDialog()).not.toHaveAttribute('aria-modal');
    expect(restDialog()).toHaveFocus();
    expect(within(restDialog()!).getByRole('timer')).toHaveTextContent(`0${REST_TIMER_SECONDS / 60}:00`);
    const press = screen.getByRole('region', { name: 'Incline Press' });
    expect(press).toContainElement(restDialog());
    // The next set is right under it.
    expect(within(press).getByRole('form', { name: 'Warm-up 2' })).toBeInTheDocument();
  });

  it('leaves Undo within reach: undoing the set closes the rest and brings its numbers back', async () => {
    const { user } = renderFreshWorkout();
    await logSet(user, { weight: '95', reps: '10' });
    await passTime(REST_TIMER_DELAY_MS);

    await user.click(screen.getByRole('button', { name: 'Undo last set' }));
    expect(restDialog()).not.toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Warm-up 1' });
    expect(within(form).getByLabelText('Weight')).toHaveValue('95');
    expect(within(form).getByLabelText('Reps')).toHaveValue('10');
  });

  it('is still running, counted from the set, when the workout is opened again; a paused one stays paused', async () => {
    const day = chestDay();
    const { user, unmount, userId } = renderActiveWorkout({ day, session: sessionOf(day) });
    await logSet(user, { weight: '95', reps: '10' });
    await passTime(REST_TIMER_DELAY_MS + 30_000);
    expect(shownTime()).toBe('02:30');
    const done = screen.getByRole('region', { name: 'Incline Press' });
    expect(within(done).getByText('95 lbs × 10')).toBeInTheDocument();
    const saved = sessionOf(day, [
      exercise(101, 'Incline Press', [
        completed(blankSets(101)[0], 95, 10, '2026-11-22T09:00:00.000Z'),
        ...blankSets(101).slice(1),
      ]),
      exercise(102, 'Dumbbell Flys'),
    ]);
    unmount();

    await passTime(20_000);
    const reopened = renderActiveWorkout({ day, session: saved, userId });
    expect(shownTime()).toBe('02:10');
    await reopened.user.click(screen.getByRole('button', { name: 'Pause' }));
    reopened.unmount();

    await passTime(60_000);
    renderActiveWorkout({ day, session: saved, userId });
    expect(shownTime()).toBe('02:10');
    expect(restDialog()).toHaveTextContent('Paused');
  });

  it('stays closed when it was skipped before the workout was opened again', async () => {
    const day = chestDay();
    const { user, unmount, userId } = renderActiveWorkout({ day, session: sessionOf(day) });
    await logSet(user, { weight: '95', reps: '10' });
    await skipRest(user);
    unmount();
    const saved = sessionOf(day, [
      exercise(101, 'Incline Press', [
        completed(blankSets(101)[0], 95, 10, '2026-11-22T09:00:00.000Z'),
        ...blankSets(101).slice(1),
      ]),
      exercise(102, 'Dumbbell Flys'),
    ]);
    renderActiveWorkout({ day, session: saved, userId });
    await passTime(REST_TIMER_DELAY_MS);
    expect(restDialog()).not.toBeInTheDocument();
  });
});

describe('moving to the next exercise', () => {
  it('makes the next exercise active 1.5 s after the last set of the current one, without a rest timer', async () => {
    const at = '2026-11-22T08:55:00.000Z';
    const [w1, w2, work] = blankSets(101);
    const ready = [
      exercise(101, 'Incline Press', [completed(w1, 95, 10, at), completed(w2, 115, 6, at), work]),
      exercise(102, 'Dumbbell Flys'),
    ];
    const day = chestDay();
    const { user } = renderActiveWorkout({ day, session: sessionOf(day, ready) });

    await logSet(user, { weight: '135', reps: '8' });
    await passTime(NEXT_EXERCISE_DELAY_MS - 1);
    expect(screen.getByRole('region', { name: 'Incline Press' })).toHaveAttribute('aria-current', 'step');
    expect(screen.queryByLabelText('Reps')).not.toBeInTheDocument();
    expect(restDialog()).not.toBeInTheDocument();

    await passTime(1);
    expect(screen.getByRole('region', { name: 'Dumbbell Flys' })).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText('Exercise 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Incline Press' })).toHaveTextContent('Working Set: 135 lbs × 8');
    expect(screen.getAllByLabelText('Reps')).toHaveLength(1);
  });
});
