import { act, screen } from '@testing-library/react';
import { dismissToast, queryKeys } from '@hit/platform';
import { COMPLETION_CALLBACK_DELAY_MS } from '../../../constants';
import { logSet } from '../testing/actions';
import { blankSets, chestDay, completed, exercise, SESSION_ID, sessionOf } from '../testing/fixtures';
import { passTime, renderActiveWorkout } from '../testing/renderActiveWorkout';
import { answer, mockWorkoutApi, networkDown, type Route } from '../testing/workoutApi';

const sessionPath = `/api/sessions/${SESSION_ID}`;
const at = '2026-11-22T08:50:00.000Z';
const trialOver = () => answer(402, { message: 'Your free trial has ended' });

/** Day 1 with every set done but the last working set. */
function oneSetLeft() {
  const [w1, w2, work] = blankSets(101);
  const [f1, f2, fwork] = blankSets(102);
  return chestDay([
    exercise(101, 'Incline Press', [completed(w1, 95, 10, at), completed(w2, 115, 6, at), completed(work, 135, 8, at)]),
    exercise(102, 'Dumbbell Flys', [completed(f1, 20, 10, at), completed(f2, 25, 8, at), fwork]),
  ]);
}

function renderLastSet(route?: Route, { local = false } = {}) {
  const api = mockWorkoutApi(route);
  const day = oneSetLeft();
  const view = renderActiveWorkout({ day, session: local ? null : sessionOf(day) });
  return { ...view, api, day };
}

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-11-22T09:00:00.000Z') });
  localStorage.clear();
});
afterEach(() => {
  act(() => dismissToast());
  jest.useRealTimers();
});

describe('completing the workout', () => {
  it('1 s after the last set: saves the session, ends it, saves the day, marks it complete, then says so', async () => {
    const { user, api, queryClient, onClose } = renderLastSet();
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');

    await logSet(user, { weight: '30', reps: '9' });
    await passTime(COMPLETION_CALLBACK_DELAY_MS - 1);
    expect(api.writes()).toEqual([`PUT ${sessionPath}`]);
    expect(screen.queryByText('Workout Complete!')).not.toBeInTheDocument();

    await passTime(1);

    expect(api.writes()).toEqual([
      `PUT ${sessionPath}`,
      `PUT ${sessionPath}`,
      `POST ${sessionPath}/end`,
      'PUT /api/workout-days/1',
      'POST /api/workout-days/1/complete',
    ]);
    const [dayPut, complete] = api.calls.filter((call) => call.method !== 'GET').slice(3);
    expect(dayPut.body).toEqual({ exercises: expect.any(Array) });
    expect(JSON.stringify(dayPut.body)).toContain(
      '"id":"102-work","type":"working","completed":true,"weight":30,"reps":9',
    );
    expect(complete.body).toEqual({});
    for (const queryKey of [queryKeys.workoutDays, queryKeys.workoutState, queryKeys.progress]) {
      expect(invalidate).toHaveBeenCalledWith({ queryKey });
    }

    expect(screen.getByRole('heading', { name: 'Workout Complete!' })).toHaveFocus();
    expect(screen.getByText('Day 1')).toBeInTheDocument();
    expect(screen.getByText('Chest & Back')).toBeInTheDocument();
    expect(screen.getByText('All 2 exercises completed')).toBeInTheDocument();
    expect(screen.getByText('Progress saved')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Return to Home' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('finishes a workout that opens with every set done (reloaded right after the last set)', async () => {
    const api = mockWorkoutApi();
    const [f1, f2, fwork] = blankSets(102);
    const allDone = oneSetLeft().exercises.map((item) =>
      item.id === 102
        ? exercise(102, 'Dumbbell Flys', [
            completed(f1, 20, 10, at),
            completed(f2, 25, 8, at),
            completed(fwork, 30, 9, at),
          ])
        : item,
    );
    const day = chestDay(allDone);
    renderActiveWorkout({ day, session: sessionOf(day) });

    await passTime(COMPLETION_CALLBACK_DELAY_MS);

    expect(api.writes()).toEqual([
      `PUT ${sessionPath}`,
      `POST ${sessionPath}/end`,
      'PUT /api/workout-days/1',
      'POST /api/workout-days/1/complete',
    ]);
    expect(screen.getByText('Workout Complete!')).toBeInTheDocument();
  });

  it('in local mode saves the day and marks it complete', async () => {
    const { user, api } = renderLastSet(undefined, { local: true });

    await logSet(user, { weight: '30', reps: '9' });
    await passTime(COMPLETION_CALLBACK_DELAY_MS);

    expect(api.writes()).toEqual([
      'PUT /api/workout-days/1',
      'PUT /api/workout-days/1',
      'POST /api/workout-days/1/complete',
    ]);
    expect(screen.getByText('Workout Complete!')).toBeInTheDocument();
  });

  it('is called off by undoing the last set within that second', async () => {
    const { user, api } = renderLastSet();

    await logSet(user, { weight: '30', reps: '9' });
    await user.click(screen.getByRole('button', { name: 'Undo last set' }));
    await passTime(5000);

    expect(api.writes()).toEqual([`PUT ${sessionPath}`, `PUT ${sessionPath}`]);
    expect(screen.queryByText('Workout Complete!')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Reps')).toHaveValue('9');
  });

  it('closes the workout when access is denied (402) on completing', async () => {
    const { user, onClose, queryClient } = renderLastSet((call) =>
      call.path.endsWith('/complete') ? trialOver() : undefined,
    );
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');

    await logSet(user, { weight: '30', reps: '9' });
    await passTime(COMPLETION_CALLBACK_DELAY_MS);

    expect(onClose).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.subscriptionStatus });
    expect(screen.queryByText('Workout Complete!')).not.toBeInTheDocument();
  });

  it('says what went wrong and tries again on request', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let down = true;
    const { user, api } = renderLastSet((call) => (down && call.path.endsWith('/end') ? networkDown() : undefined));

    await logSet(user, { weight: '30', reps: '9' });
    await passTime(COMPLETION_CALLBACK_DELAY_MS);
    expect(screen.getByRole('alert')).toHaveTextContent('The server could not be reached. Check your connection.');

    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await passTime(0);

    expect(screen.getByText('Workout Complete!')).toBeInTheDocument();
    expect(api.writes().at(-1)).toBe('POST /api/workout-days/1/complete');
  });
});

describe('exiting', () => {
  it('saves the sets done with the day, ends the session, then closes', async () => {
    const api = mockWorkoutApi();
    const day = chestDay();
    const { user, onClose } = renderActiveWorkout({ day, session: sessionOf(day) });
    await logSet(user, { weight: '95', reps: '10' });
    await passTime(0);

    await user.click(screen.getByRole('button', { name: 'Exit' }));
    await passTime(0);

    expect(api.writes()).toEqual([`PUT ${sessionPath}`, `PUT ${sessionPath}`, `POST ${sessionPath}/end`]);
    const exitSave = api.calls.filter((call) => call.method === 'PUT')[1].body as {
      workoutDay: unknown;
      exercises: unknown[];
    };
    expect(exitSave.workoutDay).toEqual({
      id: 1,
      name: 'Day 1',
      muscleGroups: ['Chest', 'Back'],
      lastCompleted: null,
      canPerform: true,
      isCompleted: false,
    });
    expect(exitSave.exercises).toHaveLength(2);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('only ends the session when no set is done', async () => {
    const api = mockWorkoutApi();
    const day = chestDay();
    const { user, onClose } = renderActiveWorkout({ day, session: sessionOf(day) });

    await user.click(screen.getByRole('button', { name: 'Exit' }));
    await passTime(0);

    expect(api.writes()).toEqual([`POST ${sessionPath}/end`]);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('in local mode saves the day and closes', async () => {
    const api = mockWorkoutApi();
    const { user, onClose } = renderActiveWorkout({ day: chestDay(), session: null });
    await logSet(user, { weight: '95', reps: '10' });

    await user.click(screen.getByRole('button', { name: 'Exit' }));
    await passTime(0);

    expect(api.writes()).toEqual(['PUT /api/workout-days/1', 'PUT /api/workout-days/1']);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('stays, with the set kept, when the sets cannot be saved', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = mockWorkoutApi((call) => (call.method === 'PUT' ? networkDown() : undefined));
    const day = chestDay();
    const { user, onClose } = renderActiveWorkout({ day, session: sessionOf(day) });
    await logSet(user, { weight: '95', reps: '10' });

    await user.click(screen.getByRole('button', { name: 'Exit' }));
    await passTime(0);

    expect(onClose).not.toHaveBeenCalled();
    expect(api.writes()).not.toContain(`POST ${sessionPath}/end`);
    expect(screen.getByRole('alert')).toHaveTextContent('Not saved yet');
    expect(screen.getByText('Not saved yet — retrying')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exit' })).toBeEnabled();
  });
});

describe('access denied', () => {
  it('closes the workout when a set save answers 402', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = mockWorkoutApi((call) => (call.method === 'PUT' ? trialOver() : undefined));
    const day = chestDay();
    const { user, onClose } = renderActiveWorkout({ day, session: sessionOf(day) });

    await logSet(user, { weight: '95', reps: '10' });
    await passTime(60_000);

    expect(onClose).toHaveBeenCalledTimes(1);
    expect(api.writes()).toEqual([`PUT ${sessionPath}`]);
  });

  it('closes the workout when Exit answers 402', async () => {
    const day = chestDay();
    mockWorkoutApi((call) => (call.path.endsWith('/end') ? trialOver() : undefined));
    const { user, onClose } = renderActiveWorkout({ day, session: sessionOf(day) });

    await user.click(screen.getByRole('button', { name: 'Exit' }));
    await passTime(0);

    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
