import { act, screen } from '@testing-library/react';
import type { Goal, Records } from '@hit/contracts';
import { dismissToast, queryKeys } from '@hit/platform';
import { GREAT_JOB_TOAST_MS } from '../../../constants';
import { logSet } from '../testing/actions';
import { blankSets, chestDay, completed, exercise, sessionOf } from '../testing/fixtures';
import { passTime, renderActiveWorkout } from '../testing/renderActiveWorkout';
import { answer, mockWorkoutApi, networkDown } from '../testing/workoutApi';

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-11-22T09:00:00.000Z') });
});
afterEach(() => {
  act(() => dismissToast());
  act(() => dismissToast());
  jest.useRealTimers();
});

/** Incline Press's best so far: 50 kg × 8 (63.3 kg estimated), i.e. 110.2 lbs × 8. */
const records: Records = {
  kg: [
    {
      exerciseId: 101,
      heaviest: { weight: 50, reps: 8, date: '2026-11-15T09:00:00.000Z' },
      bestEstimate: { weight: 50, reps: 8, date: '2026-11-15T09:00:00.000Z', estimate: 50 * (1 + 8 / 30) },
    },
  ],
  lbs: [
    {
      exerciseId: 101,
      heaviest: { weight: 50 * 2.20462, reps: 8, date: '2026-11-15T09:00:00.000Z' },
      bestEstimate: {
        weight: 50 * 2.20462,
        reps: 8,
        date: '2026-11-15T09:00:00.000Z',
        estimate: 50 * 2.20462 * (1 + 8 / 30),
      },
    },
  ],
};

const goal: Goal = {
  id: 'goal-1',
  exerciseId: 101,
  exerciseName: 'Incline Press',
  weight: 60,
  unit: 'kg',
  reps: 8,
  targetDate: null,
  createdAt: '2026-11-01T09:00:00.000Z',
  achievedAt: null,
  percent: 83,
  bestEstimate: 63.3,
  targetEstimate: 76,
};

/** Day 1 with Incline Press's warm-ups done: its working set is next. */
function renderAtWorkingSet(options: { cached?: Parameters<typeof renderActiveWorkout>[0]['cached'] } = {}) {
  const at = '2026-11-22T08:55:00.000Z';
  const [w1, w2, work] = blankSets(101);
  const ready = [
    exercise(101, 'Incline Press', [completed(w1, 30, 10, at, 'kg'), completed(w2, 40, 6, at, 'kg'), work]),
    exercise(102, 'Dumbbell Flys'),
  ];
  const day = chestDay();
  return renderActiveWorkout({ day, session: sessionOf(day, ready), ...options });
}

const toastText = () => screen.queryByRole('status')?.textContent ?? '';

describe('a new personal record in the workout', () => {
  it('is celebrated when the working set beats the best estimated 1RM, announced to screen readers', async () => {
    mockWorkoutApi((call) => (call.path === '/api/records' ? answer(200, records) : undefined));
    const { user } = renderAtWorkingSet();
    await passTime(0);

    await logSet(user, { weight: '60', reps: '8', unit: 'kg' });

    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('New personal record!');
    expect(status).toHaveTextContent('Incline Press: estimated 1RM 76 kg (60 kg × 8)');
    await passTime(GREAT_JOB_TOAST_MS);
    expect(screen.queryByText('New personal record!')).not.toBeInTheDocument();
  });

  it('shows the record, then the great-job advice of the same set, in one toast at once: none arrives late', async () => {
    mockWorkoutApi((call) => (call.path === '/api/records' ? answer(200, records) : undefined));
    const { user } = renderAtWorkingSet();
    await passTime(0);

    await logSet(user, { weight: '55', reps: '13', unit: 'kg' });

    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(toastText()).toMatch(/New personal record!.*Great job! Time to increase weight/);
    await passTime(GREAT_JOB_TOAST_MS);
    expect(screen.queryByText('New personal record!')).not.toBeInTheDocument();
    expect(screen.queryByText('Great job! Time to increase weight')).not.toBeInTheDocument();
  });

  it('stays quiet for a set that does not beat the best, and for a first-ever working set', async () => {
    mockWorkoutApi((call) => (call.path === '/api/records' ? answer(200, records) : undefined));
    const first = renderAtWorkingSet();
    await passTime(0);
    await logSet(first.user, { weight: '50', reps: '8', unit: 'kg' });
    expect(screen.queryByText('New personal record!')).not.toBeInTheDocument();
    first.unmount();

    mockWorkoutApi();
    const second = renderAtWorkingSet();
    await passTime(0);
    await logSet(second.user, { weight: '100', reps: '8', unit: 'kg' });
    expect(screen.queryByText('New personal record!')).not.toBeInTheDocument();
  });

  it('works offline from the records kept in this browser', async () => {
    mockWorkoutApi(networkDown);
    const { user } = renderAtWorkingSet({ cached: [[queryKeys.records, records]] });
    await passTime(0);

    await logSet(user, { weight: '250', reps: '8', unit: 'lbs' });

    expect(toastText()).toContain('New personal record!');
    expect(toastText()).toContain('Incline Press: estimated 1RM 316.7 lbs (250 lbs × 8)');
  });
});

describe('a goal met in the workout', () => {
  it('is celebrated with the record, below it, and reads as achieved at once', async () => {
    mockWorkoutApi((call) =>
      call.path === '/api/records'
        ? answer(200, records)
        : call.path === '/api/goals'
          ? answer(200, [goal])
          : undefined,
    );
    const { user, queryClient } = renderAtWorkingSet();
    await passTime(0);

    await logSet(user, { weight: '60', reps: '8', unit: 'kg' });

    expect(toastText()).toMatch(/New personal record!.*Goal achieved!/);
    expect(toastText()).toContain('Incline Press: 60 kg × 8');
    const [achieved] = queryClient.getQueryData<Goal[]>(queryKeys.goals)!;
    expect(achieved).toMatchObject({
      id: 'goal-1',
      percent: 100,
      achievedAt: expect.stringMatching(/^2026-11-22T09:00:/),
    });
  });

  it('is not met by the weight for fewer reps', async () => {
    mockWorkoutApi((call) => (call.path === '/api/goals' ? answer(200, [goal]) : undefined));
    const { user } = renderAtWorkingSet();
    await passTime(0);

    await logSet(user, { weight: '60', reps: '7', unit: 'kg' });

    expect(screen.queryByText('Goal achieved!')).not.toBeInTheDocument();
  });
});
