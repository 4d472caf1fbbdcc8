import { act, screen, within } from '@testing-library/react';
import type { Exercise, WorkoutSet } from '@hit/contracts';
import { dismissToast } from '@hit/platform';
import { GREAT_JOB_TOAST_MS } from '../../../constants';
import { logSet, skipRest } from '../testing/actions';
import { blankSets, chestDay, completed, exercise, SESSION_ID, sessionOf } from '../testing/fixtures';
import { passTime, renderActiveWorkout } from '../testing/renderActiveWorkout';
import { answer, mockWorkoutApi, networkDown } from '../testing/workoutApi';

const card = (name: string) => screen.getByRole('region', { name });

/** The sets of a saved state, by id. */
function savedSets(exercises: Exercise[] | undefined): Record<string, WorkoutSet> {
  return Object.fromEntries((exercises ?? []).flatMap((exercise) => exercise.sets.map((set) => [set.id, set])));
}

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-11-22T09:00:00.000Z') });
});
afterEach(() => {
  act(() => dismissToast());
  jest.useRealTimers();
});

describe('the workout on screen', () => {
  it('shows the day, the sets done, the exercise number and the progress', () => {
    mockWorkoutApi();
    const day = chestDay();
    renderActiveWorkout({ day, session: sessionOf(day) });

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Day 1');
    expect(screen.getByRole('banner')).toHaveTextContent('Chest & Back');
    expect(screen.getByRole('banner')).toHaveTextContent('0/6 sets');
    expect(screen.getByText('Exercise 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Workout progress' })).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('button', { name: 'Exit' })).toBeEnabled();
  });

  it('lists every exercise in order with the active one expanded and its form hint', () => {
    mockWorkoutApi();
    const day = chestDay();
    renderActiveWorkout({ day, session: sessionOf(day) });

    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Incline Press', 'Dumbbell Flys']);
    expect(card('Incline Press')).toHaveAttribute('aria-current', 'step');
    expect(card('Incline Press')).toHaveTextContent(/spotter or set the safety pins/);
    expect(within(card('Dumbbell Flys')).queryByText('Warm-up 1')).not.toBeInTheDocument();
    expect(card('Dumbbell Flys')).toHaveTextContent('0/3 sets');
  });

  it('labels the sets Warm-up 1, Warm-up 2 and Working Set', () => {
    mockWorkoutApi();
    const day = chestDay();
    renderActiveWorkout({ day, session: sessionOf(day) });

    const press = within(card('Incline Press'));
    expect(press.getByRole('heading', { level: 3 })).toHaveTextContent('Warm-up 1');
    expect(press.getByText('Warm-up 2')).toBeInTheDocument();
    expect(press.getByText('Working Set')).toBeInTheDocument();
  });

  it('lets only the first incomplete set of the active exercise take input', async () => {
    mockWorkoutApi();
    const day = chestDay();
    const { user } = renderActiveWorkout({ day, session: sessionOf(day) });

    expect(screen.getAllByLabelText('Weight')).toHaveLength(1);
    expect(screen.getAllByLabelText('Reps')).toHaveLength(1);
    expect(screen.getByLabelText('Weight')).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByLabelText('Reps')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('radio', { name: 'lbs' })).toBeChecked();

    await logSet(user, { weight: '95', reps: '10' });

    expect(screen.getAllByLabelText('Weight')).toHaveLength(1);
    expect(within(card('Incline Press')).getByRole('heading', { level: 3 })).toHaveTextContent('Warm-up 2');
  });

  it('keeps Complete Set disabled until the reps are a whole number above 0', async () => {
    mockWorkoutApi();
    const day = chestDay();
    const { user } = renderActiveWorkout({ day, session: sessionOf(day) });
    const completeSet = screen.getByRole('button', { name: 'Complete Set' });

    await user.type(screen.getByLabelText('Weight'), '100');
    expect(completeSet).toBeDisabled();
    await user.type(screen.getByLabelText('Reps'), '0');
    expect(completeSet).toBeDisabled();
    await user.clear(screen.getByLabelText('Reps'));
    await user.type(screen.getByLabelText('Reps'), 'x');
    expect(screen.getByLabelText('Reps')).toHaveValue('');
    expect(completeSet).toBeDisabled();
    await user.type(screen.getByLabelText('Reps'), '8');
    expect(completeSet).toBeEnabled();
  });
});

describe('Complete Set needs the reps typed (docs/product-rules.md, "Logging sets")', () => {
  const lastTime = {
    workingSet: { weight: 135, weightUnit: 'lbs', reps: 8 },
    warmupSet: { weight: 95, weightUnit: 'lbs', reps: 10 },
  };

  it("stays disabled with last time's weight prefilled until reps above 0 are typed; last time stays in view", async () => {
    const api = mockWorkoutApi((call) =>
      call.path === '/api/progress/last-workout/101/1' ? answer(200, lastTime) : undefined,
    );
    const day = chestDay();
    const { user } = renderActiveWorkout({ day, session: sessionOf(day) });
    await passTime(0);
    const completeSet = screen.getByRole('button', { name: 'Complete Set' });
    const reps = screen.getByLabelText('Reps');

    expect(screen.getByLabelText('Weight')).toHaveValue('95');
    expect(reps).toHaveValue('');
    expect(completeSet).toBeDisabled();
    await user.click(completeSet);
    await passTime(0);
    expect(api.writes()).toEqual([]);
    expect(within(card('Incline Press')).getByRole('heading', { level: 3 })).toHaveTextContent('Warm-up 1');

    await user.type(reps, '0');
    expect(completeSet).toBeDisabled();
    await user.clear(reps);
    await user.type(reps, '9');
    expect(completeSet).toBeEnabled();
    expect(screen.getByText('Last time: 95 lbs × 10')).toBeInTheDocument();
    expect(reps).toHaveAttribute('placeholder', '10');
    expect(screen.getByLabelText('Weight')).toHaveAttribute('placeholder', '95');

    await user.click(completeSet);
    await passTime(0);
    expect(savedSets(api.lastSave())['101-w1']).toMatchObject({ completed: true, weight: 95, reps: 9 });
  });

  it("stays disabled with the session's prefilled weight and empty reps, also on Enter", async () => {
    const api = mockWorkoutApi();
    const [w1, w2, work] = blankSets(101);
    const prefilled = [
      exercise(101, 'Incline Press', [{ ...w1, weight: 40, weightUnit: 'kg' }, w2, work]),
      exercise(102, 'Dumbbell Flys'),
    ];
    const day = chestDay();
    const { user } = renderActiveWorkout({ day, session: sessionOf(day, prefilled) });

    expect(screen.getByLabelText('Weight')).toHaveValue('40');
    expect(screen.getByLabelText('Reps')).toHaveValue('');
    expect(screen.getByLabelText('Reps')).toHaveAttribute('placeholder', '0');
    expect(screen.getByRole('button', { name: 'Complete Set' })).toBeDisabled();
    await user.type(screen.getByLabelText('Reps'), '{Enter}');
    await passTime(0);

    expect(api.writes()).toEqual([]);
    expect(screen.getByRole('banner')).toHaveTextContent('0/6 sets');
  });
});

describe('saving every set at once', () => {
  it('sends the completed set with weight, reps, unit and completion time through the outbox, then shows it saved', async () => {
    const api = mockWorkoutApi();
    const day = chestDay();
    const { user, outbox } = renderActiveWorkout({ day, session: sessionOf(day) });

    await logSet(user, { weight: '62,5', reps: '8', unit: 'kg' });
    await passTime(0);

    expect(api.writes()).toEqual(['POST /api/sync']);
    expect(api.operations()).toEqual([
      {
        opId: expect.any(String),
        at: expect.any(String),
        type: 'save',
        dayId: 1,
        sessionId: SESSION_ID,
        exercises: expect.any(Array),
      },
    ]);
    const sets = savedSets(api.lastSave());
    expect(sets['101-w1']).toEqual({
      id: '101-w1',
      type: 'warmup',
      completed: true,
      weight: 62.5,
      reps: 8,
      weightUnit: 'kg',
      completedAt: '2026-11-22T09:00:00.000Z',
    });
    expect(sets['101-w2'].completed).toBe(false);
    expect(Object.keys(sets)).toHaveLength(6);

    const press = within(card('Incline Press'));
    expect(press.getByText('62.5 kg × 8')).toBeInTheDocument();
    expect(press.getByText('Saved')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('1/6 sets');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '17');
    expect(outbox().getStatus()).toMatchObject({ operations: [], pendingSets: 0 });
  });

  it('keeps a set logged with no network in this browser, counts it as waiting, and sends it when the api answers', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    let online = false;
    const api = mockWorkoutApi((call) => (call.path === '/api/sync' && !online ? networkDown() : undefined));
    const day = chestDay();
    const { user, outbox } = renderActiveWorkout({ day, session: sessionOf(day) });

    await logSet(user, { weight: '95', reps: '10' });
    await passTime(0);

    // Stored on this phone: the set is saved, and waits for the api.
    const press = within(card('Incline Press'));
    expect(press.getByText('Saved')).toBeInTheDocument();
    expect(outbox().getStatus()).toMatchObject({ pendingSets: 1, lastOutcome: 'offline' });

    online = true;
    await passTime(999);
    expect(api.sent()).toEqual([]);
    // The outbox tries again a second later (then 2 s, 4 s …).
    await passTime(1);
    expect(api.sent()).toEqual(['save']);
    expect(savedSets(api.lastSave())['101-w1']).toMatchObject({ completed: true, weight: 95, reps: 10 });
    expect(outbox().getStatus()).toMatchObject({ operations: [], pendingSets: 0, lastOutcome: 'synced' });
  });

  it('keeps every set through a reload with no network: the next page finds them in the outbox', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockWorkoutApi((call) => (call.path === '/api/sync' ? networkDown() : undefined));
    const day = chestDay();
    const first = renderActiveWorkout({ day, session: sessionOf(day) });
    await logSet(first.user, { weight: '95', reps: '10' });
    await skipRest(first.user);
    await logSet(first.user, { weight: '115', reps: '6' });
    await passTime(0);
    first.unmount();

    // The page is reloaded: a new outbox for the same user reads what the last one stored.
    const again = renderActiveWorkout({ day, session: sessionOf(day), userId: first.userId });
    await passTime(0);

    const status = again.outbox().getStatus();
    expect(status.operations.map((op) => op.type)).toEqual(['save']);
    expect(status.pendingSets).toBe(2);
    const [save] = status.operations as Extract<(typeof status.operations)[number], { type: 'save' }>[];
    expect(savedSets(save.exercises)['101-w2']).toMatchObject({ completed: true, weight: 115, reps: 6 });
  });

  it('undoes the last set: it takes input again with its numbers and the undo is saved', async () => {
    const api = mockWorkoutApi();
    const day = chestDay();
    const { user } = renderActiveWorkout({ day, session: sessionOf(day) });
    await logSet(user, { weight: '95', reps: '10' });
    await skipRest(user);

    await user.click(screen.getByRole('button', { name: 'Undo last set' }));
    await passTime(0);

    expect(within(card('Incline Press')).getByRole('heading', { level: 3 })).toHaveTextContent('Warm-up 1');
    expect(screen.getByLabelText('Weight')).toHaveValue('95');
    expect(screen.getByLabelText('Reps')).toHaveValue('10');
    expect(screen.getByRole('banner')).toHaveTextContent('0/6 sets');
    expect(screen.queryByRole('button', { name: 'Undo last set' })).not.toBeInTheDocument();
    expect(savedSets(api.lastSave())['101-w1']).toMatchObject({ completed: false, completedAt: null });
  });
});

describe('resuming and last workout', () => {
  /** Chest day reopened after a reload: Incline Press done, Dumbbell Flys at its second warm-up. */
  function renderResumedWorkout() {
    const at = '2026-11-22T08:40:00.000Z';
    const [w1, w2, work] = blankSets(101);
    const [f1, f2, fwork] = blankSets(102);
    const resumed = [
      exercise(101, 'Incline Press', [
        completed(w1, 95, 10, at),
        completed(w2, 115, 6, at),
        completed(work, 135, 8, at),
      ]),
      exercise(102, 'Dumbbell Flys', [completed(f1, 20, 10, at), f2, fwork]),
    ];
    const day = chestDay();
    return renderActiveWorkout({ day, session: sessionOf(day, resumed) });
  }

  it('shows the sets a resumed session has done as done, and the first incomplete set takes input', () => {
    mockWorkoutApi();
    renderResumedWorkout();

    expect(screen.getByRole('banner')).toHaveTextContent('4/6 sets');
    expect(screen.getByText('Exercise 2 of 2')).toBeInTheDocument();
    expect(card('Incline Press')).toHaveTextContent('Done');
    expect(card('Incline Press')).toHaveTextContent('Working Set: 135 lbs × 8');
    const flys = within(card('Dumbbell Flys'));
    expect(card('Dumbbell Flys')).toHaveAttribute('aria-current', 'step');
    expect(flys.getByText('20 lbs × 10')).toBeInTheDocument();
    expect(flys.getByRole('heading', { level: 3 })).toHaveTextContent('Warm-up 2');
    expect(screen.getAllByLabelText('Weight')).toHaveLength(1);
  });

  it("shows last time's weight and reps, prefills the weight and offers the reps as placeholder; failures are only logged", async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockWorkoutApi((call) => {
      if (call.path === '/api/progress/last-workout/101/1') {
        return answer(200, {
          workingSet: { weight: 135, weightUnit: 'lbs', reps: 8 },
          warmupSet: { weight: 95, weightUnit: 'lbs', reps: 10 },
        });
      }
      if (call.path === '/api/progress/last-workout/102/1') return answer(500, { message: 'Internal error' });
      return undefined;
    });
    const day = chestDay();
    const { user } = renderActiveWorkout({ day, session: sessionOf(day) });
    await passTime(0);

    expect(screen.getByText('Last time: 95 lbs × 10')).toBeInTheDocument();
    expect(screen.getByLabelText('Weight')).toHaveValue('95');
    expect(screen.getByLabelText('Reps')).toHaveValue('');
    expect(screen.getByLabelText('Reps')).toHaveAttribute('placeholder', '10');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Dumbbell Flys'), expect.anything());

    await logSet(user, { reps: '10' });
    await skipRest(user);
    await logSet(user, { weight: '115', reps: '6' });
    await skipRest(user);
    expect(screen.getByText('Last time: 135 lbs × 8')).toBeInTheDocument();
    expect(screen.getByLabelText('Weight')).toHaveValue('135');
  });

  it("replaces last time's weight that arrives while the lifter is in the empty field with what they type", async () => {
    let arrive: (response: Response) => void = () => undefined;
    const late = new Promise<Response>((resolve) => {
      arrive = resolve;
    });
    const api = mockWorkoutApi((call) => (call.path === '/api/progress/last-workout/101/1' ? late : undefined));
    const day = chestDay();
    const { user } = renderActiveWorkout({ day, session: sessionOf(day) });
    await passTime(0);
    const weight = screen.getByLabelText('Weight');
    await user.click(weight);
    expect(weight).toHaveValue('');

    arrive(
      answer(200, {
        workingSet: { weight: 135, weightUnit: 'lbs', reps: 8 },
        warmupSet: { weight: 95, weightUnit: 'lbs', reps: 10 },
      }),
    );
    await passTime(0);
    expect(weight).toHaveValue('95');
    expect(weight).toHaveFocus();
    await user.keyboard('60');
    expect(weight).toHaveValue('60');

    // What the lifter types stays as typed when the hint comes: the caret is not moved by their own keys.
    await user.type(screen.getByLabelText('Reps'), '10');
    expect(screen.getByLabelText('Reps')).toHaveValue('10');
    await user.click(screen.getByRole('button', { name: 'Complete Set' }));
    await passTime(0);
    expect(savedSets(api.lastSave())['101-w1']).toMatchObject({ completed: true, weight: 60, reps: 10 });
  });

  it('gives a resumed workout the last time hint for the exercise it is in the middle of', async () => {
    mockWorkoutApi((call) => {
      if (call.path === '/api/progress/last-workout/102/1') {
        return answer(200, {
          workingSet: { weight: 30, weightUnit: 'lbs', reps: 8 },
          warmupSet: { weight: 25, weightUnit: 'lbs', reps: 6 },
        });
      }
      return undefined;
    });
    renderResumedWorkout();
    await passTime(0);

    const flys = within(card('Dumbbell Flys'));
    expect(flys.getByText('Last time: 25 lbs × 6')).toBeInTheDocument();
    expect(flys.getByLabelText('Weight')).toHaveValue('25');
    expect(flys.getByLabelText('Reps')).toHaveValue('');
    expect(flys.getByLabelText('Reps')).toHaveAttribute('placeholder', '6');
  });

  it("takes the unit of the session's prefilled weight", () => {
    mockWorkoutApi();
    const [w1, w2, work] = blankSets(101);
    const prefilled = [
      exercise(101, 'Incline Press', [{ ...w1, weight: 40, weightUnit: 'kg' }, w2, work]),
      exercise(102, 'Dumbbell Flys'),
    ];
    const day = chestDay();
    renderActiveWorkout({ day, session: sessionOf(day, prefilled) });

    expect(screen.getByLabelText('Weight')).toHaveValue('40');
    expect(screen.getByRole('radio', { name: 'kg' })).toBeChecked();
  });
});

describe('great-job toast', () => {
  it('cheers a working set of 13 reps and advises more weight, for 6 seconds', async () => {
    mockWorkoutApi();
    const at = '2026-11-22T08:55:00.000Z';
    const [w1, w2, work] = blankSets(101);
    const ready = [
      exercise(101, 'Incline Press', [completed(w1, 40, 10, at, 'kg'), completed(w2, 50, 6, at, 'kg'), work]),
      exercise(102, 'Dumbbell Flys'),
    ];
    const day = chestDay();
    const { user } = renderActiveWorkout({ day, session: sessionOf(day, ready) });

    await logSet(user, { weight: '60', reps: '13', unit: 'kg' });

    expect(screen.getByText('Great job! Time to increase weight')).toBeInTheDocument();
    expect(screen.getByText(/13 reps on your working set\. Add 1-2\.5 kg next time/)).toBeInTheDocument();
    await passTime(GREAT_JOB_TOAST_MS - 1);
    expect(screen.getByText('Great job! Time to increase weight')).toBeInTheDocument();
    await passTime(1);
    expect(screen.queryByText('Great job! Time to increase weight')).not.toBeInTheDocument();
  });

  it('stays quiet for 12 reps and for warm-ups', async () => {
    mockWorkoutApi();
    const day = chestDay();
    const { user } = renderActiveWorkout({ day, session: sessionOf(day) });

    await logSet(user, { weight: '95', reps: '20' });
    await skipRest(user);
    await logSet(user, { weight: '115', reps: '20' });
    await skipRest(user);
    await logSet(user, { weight: '135', reps: '12' });

    expect(screen.queryByText('Great job! Time to increase weight')).not.toBeInTheDocument();
  });
});
