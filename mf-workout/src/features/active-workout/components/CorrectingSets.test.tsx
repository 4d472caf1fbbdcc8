import { act, screen, within } from '@testing-library/react';
import type { Exercise, LastWorkout, Records } from '@hit/contracts';
import { dismissToast, queryKeys } from '@hit/platform';
import { COMPLETION_CALLBACK_DELAY_MS, NEXT_EXERCISE_DELAY_MS } from '../../../constants';
import { logSet, skipRest } from '../testing/actions';
import { blankSets, chestDay, completed, exercise, sessionOf } from '../testing/fixtures';
import { passTime, renderActiveWorkout } from '../testing/renderActiveWorkout';
import { answer, mockWorkoutApi } from '../testing/workoutApi';
import { NEW_RECORD_BADGE } from './ExerciseCard';

const card = (name: string) => screen.getByRole('region', { name });
const DONE_AT = '2026-11-22T08:55:00.000Z';

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-11-22T09:00:00.000Z') });
  localStorage.clear();
});
afterEach(() => {
  act(() => dismissToast());
  act(() => dismissToast());
  jest.useRealTimers();
});

/** Incline Press's best before this workout: 100 lbs × 8. */
const records: Records = {
  lbs: [
    {
      exerciseId: 101,
      heaviest: { weight: 100, reps: 8, date: '2026-11-15T09:00:00.000Z' },
      bestEstimate: { weight: 100, reps: 8, date: '2026-11-15T09:00:00.000Z', estimate: 100 * (1 + 8 / 30) },
    },
  ],
  kg: [],
};

/** Day 1 with Incline Press done (its working set `working` lbs × 8) and Dumbbell Flys to do. */
function pressDone(working: number): Exercise[] {
  const [w1, w2, work] = blankSets(101);
  return [
    exercise(101, 'Incline Press', [
      completed(w1, 45, 10, DONE_AT),
      completed(w2, 65, 8, DONE_AT),
      completed(work, working, 8, DONE_AT),
    ]),
    exercise(102, 'Dumbbell Flys'),
  ];
}

describe('correcting a completed set', () => {
  it('opens any set of the active exercise for correction and saves it through the outbox, keeping its time', async () => {
    const api = mockWorkoutApi();
    const day = chestDay();
    const { user } = renderActiveWorkout({ day, session: sessionOf(day) });
    await logSet(user, { weight: '45', reps: '10' });
    await skipRest(user);

    await user.click(within(card('Incline Press')).getByRole('button', { name: /^Edit Warm-up 1/ }));
    const form = screen.getByRole('form', { name: 'Edit Warm-up 1' });
    expect(within(form).getByLabelText('Weight')).toHaveFocus();
    expect(within(form).getByLabelText('Weight')).toHaveValue('45');
    expect(within(form).getByLabelText('Reps')).toHaveValue('10');
    await user.clear(within(form).getByLabelText('Weight'));
    await user.type(within(form).getByLabelText('Weight'), '20');
    await user.click(within(form).getByRole('radio', { name: 'kg' }));
    await user.click(within(form).getByRole('button', { name: 'Save Set' }));
    await passTime(0);

    expect(screen.queryByRole('form', { name: 'Edit Warm-up 1' })).not.toBeInTheDocument();
    expect(within(card('Incline Press')).getByText('20 kg × 10')).toBeInTheDocument();
    const saved = api.lastSave()![0].sets[0];
    expect(saved).toMatchObject({ completed: true, weight: 20, weightUnit: 'kg', reps: 10 });
    expect(saved.completedAt).toBe('2026-11-22T09:00:00.000Z');
    // The set after it follows its weight and unit (it had none of its own, nor a last time).
    const next = screen.getByRole('form', { name: 'Warm-up 2' });
    expect(within(next).getByLabelText('Weight')).toHaveValue('20');
    expect(within(next).getByRole('radio', { name: 'kg' })).toBeChecked();
  });

  it('leaves the set as it was on Cancel', async () => {
    mockWorkoutApi();
    const day = chestDay();
    const { user } = renderActiveWorkout({ day, session: sessionOf(day) });
    await logSet(user, { weight: '45', reps: '10' });
    await skipRest(user);

    await user.click(within(card('Incline Press')).getByRole('button', { name: /^Edit Warm-up 1/ }));
    await user.type(screen.getByRole('form', { name: 'Edit Warm-up 1' }).querySelector('input')!, '5');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(within(card('Incline Press')).getByText('45 lbs × 10')).toBeInTheDocument();
  });

  it('corrects a set of an exercise already done, from its summary', async () => {
    const api = mockWorkoutApi();
    const day = chestDay();
    const { user } = renderActiveWorkout({ day, session: sessionOf(day, pressDone(100)) });

    await user.click(within(card('Incline Press')).getByRole('button', { name: /Edit sets/ }));
    await user.click(within(card('Incline Press')).getByRole('button', { name: /^Edit Working Set/ }));
    const form = screen.getByRole('form', { name: 'Edit Working Set' });
    await user.clear(within(form).getByLabelText('Reps'));
    await user.type(within(form).getByLabelText('Reps'), '6');
    await user.click(within(form).getByRole('button', { name: 'Save Set' }));
    await passTime(0);

    expect(card('Incline Press')).toHaveTextContent('Working Set: 100 lbs × 6');
    expect(api.lastSave()![0].sets[2]).toMatchObject({ weight: 100, reps: 6, completedAt: DONE_AT });
    // The workout goes on where it was.
    expect(card('Dumbbell Flys')).toHaveAttribute('aria-current', 'step');
  });
});

describe('the new-record badge on the set line', () => {
  it('shows with the record toast, and follows a correction of the set', async () => {
    mockWorkoutApi();
    const day = chestDay();
    const [w1, w2, work] = blankSets(101);
    const ready = [
      exercise(101, 'Incline Press', [completed(w1, 45, 10, DONE_AT), completed(w2, 65, 8, DONE_AT), work]),
      exercise(102, 'Dumbbell Flys'),
    ];
    const { user } = renderActiveWorkout({
      day,
      session: sessionOf(day, ready),
      cached: [[queryKeys.records, records]],
    });

    await logSet(user, { weight: '110', reps: '8' });
    await passTime(0);
    expect(screen.getByRole('status')).toHaveTextContent('New personal record!');
    const press = within(card('Incline Press'));
    expect(press.getByRole('button', { name: /^Edit Working Set/ })).toHaveTextContent(NEW_RECORD_BADGE);

    await user.click(press.getByRole('button', { name: /^Edit Working Set/ }));
    const form = screen.getByRole('form', { name: 'Edit Working Set' });
    await user.clear(within(form).getByLabelText('Weight'));
    await user.type(within(form).getByLabelText('Weight'), '90');
    await user.click(within(form).getByRole('button', { name: 'Save Set' }));
    expect(press.getByRole('button', { name: /^Edit Working Set/ })).not.toHaveTextContent(NEW_RECORD_BADGE);

    await passTime(NEXT_EXERCISE_DELAY_MS);
    expect(card('Incline Press')).not.toHaveTextContent(NEW_RECORD_BADGE);
  });

  it('stays on a done exercise’s summary when the records are answered again with the set in them', async () => {
    mockWorkoutApi();
    const day = chestDay();
    const { queryClient } = renderActiveWorkout({
      day,
      session: sessionOf(day, pressDone(110)),
      cached: [[queryKeys.records, records]],
    });
    expect(card('Incline Press')).toHaveTextContent(NEW_RECORD_BADGE);
    const withTheSet: Records = {
      lbs: [{ ...records.lbs[0], bestEstimate: { weight: 110, reps: 8, date: DONE_AT, estimate: 110 * (1 + 8 / 30) } }],
      kg: [],
    };
    act(() => queryClient.setQueryData(queryKeys.records, withTheSet));
    expect(card('Incline Press')).toHaveTextContent(NEW_RECORD_BADGE);
  });
});

describe('the new-record badge after a reload', () => {
  it('stays when the api answers records that hold the set itself: the workout keeps the ones it began with', async () => {
    mockWorkoutApi();
    const day = chestDay();
    const first = renderActiveWorkout({ day, session: sessionOf(day), cached: [[queryKeys.records, records]] });
    await logSet(first.user, { weight: '45', reps: '10' });
    await skipRest(first.user);
    await logSet(first.user, { weight: '65', reps: '8' });
    await skipRest(first.user);
    await logSet(first.user, { weight: '110', reps: '8' });
    await passTime(NEXT_EXERCISE_DELAY_MS);
    expect(card('Incline Press')).toHaveTextContent(NEW_RECORD_BADGE);
    first.unmount();

    const withTheSet: Records = {
      lbs: [
        {
          ...records.lbs[0],
          bestEstimate: { weight: 110, reps: 8, date: '2026-11-22T09:00:00.000Z', estimate: 110 * (1 + 8 / 30) },
        },
      ],
      kg: [],
    };
    renderActiveWorkout({
      day,
      // As the first page saved them: done after the workout began.
      session: sessionOf(
        day,
        pressDone(110).map((item) => ({
          ...item,
          sets: item.sets.map((set) => (set.completed ? { ...set, completedAt: '2026-11-22T09:00:05.000Z' } : set)),
        })),
      ),
      userId: first.userId,
      cached: [[queryKeys.records, withTheSet]],
    });
    expect(card('Incline Press')).toHaveTextContent(NEW_RECORD_BADGE);
  });
});

describe('prefill', () => {
  it('takes Warm-up 2 from Warm-up 1 with no last time; last time’s reps are a hint and Complete Set agrees', async () => {
    mockWorkoutApi();
    const day = chestDay();
    const { user } = renderActiveWorkout({ day, session: sessionOf(day) });
    await logSet(user, { weight: '45', reps: '10', unit: 'kg' });
    await skipRest(user);

    const form = screen.getByRole('form', { name: 'Warm-up 2' });
    expect(within(form).getByLabelText('Weight')).toHaveValue('45');
    expect(within(form).getByRole('radio', { name: 'kg' })).toBeChecked();
    expect(within(form).getByLabelText('Reps')).toHaveValue('');
    expect(within(form).getByRole('button', { name: 'Complete Set' })).toBeDisabled();
  });

  it('takes each warm-up from the same warm-up last time, and says the great-job advice beside a heavy working set', async () => {
    const lastTime: LastWorkout = {
      workingSet: { weight: 100, weightUnit: 'lbs', reps: 13 },
      warmupSet: { weight: 70, weightUnit: 'lbs', reps: 8 },
      warmupSets: [
        { weight: 50, weightUnit: 'lbs', reps: 10 },
        { weight: 70, weightUnit: 'lbs', reps: 8 },
      ],
    };
    mockWorkoutApi((call) => (call.path === '/api/progress/last-workout/101/1' ? answer(200, lastTime) : undefined));
    const day = chestDay();
    const { user } = renderActiveWorkout({ day, session: sessionOf(day) });
    await passTime(0);

    const first = screen.getByRole('form', { name: 'Warm-up 1' });
    expect(within(first).getByLabelText('Weight')).toHaveValue('50');
    expect(within(first).getByLabelText('Reps')).toHaveAttribute('placeholder', '10');
    await logSet(user, { reps: '10' });
    await skipRest(user);
    expect(within(screen.getByRole('form', { name: 'Warm-up 2' })).getByLabelText('Weight')).toHaveValue('70');
    await logSet(user, { reps: '8' });
    await skipRest(user);

    const working = screen.getByRole('form', { name: 'Working Set' });
    expect(within(working).getByLabelText('Weight')).toHaveValue('100');
    expect(working).toHaveTextContent('Last time 13 reps: Add 2.5-5 lbs next time to stay in the 6-10 rep range.');
  });
});

describe("the lifter's unit", () => {
  it('opens a set with no history in the unit the lifter last used; a set typed in this workout wins', async () => {
    mockWorkoutApi();
    const day = chestDay();
    const { user } = renderActiveWorkout({ day, session: sessionOf(day), weightUnit: 'kg' });
    expect(screen.getByRole('radio', { name: 'kg' })).toBeChecked();

    await logSet(user, { weight: '100', reps: '10', unit: 'lbs' });
    await skipRest(user);
    expect(within(screen.getByRole('form', { name: 'Warm-up 2' })).getByRole('radio', { name: 'lbs' })).toBeChecked();
  });
});

describe('reps typed with a fraction', () => {
  it('refuses 8.5: never 85, Complete Set disabled, the reason said', async () => {
    mockWorkoutApi();
    const day = chestDay();
    const { user } = renderActiveWorkout({ day, session: sessionOf(day) });

    await user.type(screen.getByLabelText('Weight'), '100');
    await user.type(screen.getByLabelText('Reps'), '8.5');
    expect(screen.getByLabelText('Reps')).toHaveValue('8.5');
    expect(screen.getByLabelText('Reps')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Reps must be a whole number.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete Set' })).toBeDisabled();
  });
});

describe('Back during the workout', () => {
  it('keeps the workout and asks; Stay goes on with the rest still running', async () => {
    mockWorkoutApi();
    const day = chestDay();
    const { user, onClose } = renderActiveWorkout({ day, session: sessionOf(day) });
    await logSet(user, { weight: '45', reps: '10' });
    await passTime(1000);

    // Back: the browser leaves the workout's own history entry for the one before it.
    expect(window.history.state).toMatchObject({ hitActiveWorkout: expect.any(String) });
    act(() => {
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    });
    expect(screen.getByRole('dialog', { name: 'Leave the workout?' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    // The entry is back, so the next Back is caught too.
    expect(window.history.state).toMatchObject({ hitActiveWorkout: expect.any(String) });
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    await passTime(400);
    expect(screen.queryByRole('dialog', { name: 'Leave the workout?' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Rest' })).toBeInTheDocument();
  });
});

describe('Workout Complete', () => {
  it('says how long the workout took, the volume lifted and its records, beside the spec’s lines', async () => {
    mockWorkoutApi();
    const day = chestDay();
    const [f1, f2, fwork] = blankSets(102);
    const ready = [
      ...pressDone(110).slice(0, 1),
      exercise(102, 'Dumbbell Flys', [completed(f1, 20, 10, DONE_AT), completed(f2, 25, 10, DONE_AT), fwork]),
    ];
    const { user } = renderActiveWorkout({
      day,
      session: { ...sessionOf(day, ready), startedAt: '2026-11-22T08:20:00.000Z' },
      cached: [[queryKeys.records, records]],
    });
    await logSet(user, { weight: '30', reps: '9' });
    await passTime(COMPLETION_CALLBACK_DELAY_MS);

    expect(screen.getByText('Workout Complete!')).toBeInTheDocument();
    expect(screen.getByText('All 2 exercises completed')).toBeInTheDocument();
    expect(screen.getByText('Progress saved')).toBeInTheDocument();
    // 08:20 to 09:00; 45×10 + 65×8 + 110×8 + 20×10 + 25×10 + 30×9 = 2,570 lbs.
    expect(screen.getByText('40 min')).toBeInTheDocument();
    expect(screen.getByText('2,570 lbs')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Personal records' })).toHaveTextContent('Incline Press: 110 lbs × 8');
  });
});
