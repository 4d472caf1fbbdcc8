import { act, screen } from '@testing-library/react';
import type { SyncOperation } from '@hit/contracts';
import { dismissToast, queryKeys } from '@hit/platform';
import { COMPLETION_CALLBACK_DELAY_MS, SYNC_WAIT_MS } from '../../../constants';
import { WILL_SYNC_TEXT } from './WorkoutComplete';
import { logSet } from '../testing/actions';
import { blankSets, chestDay, completed, exercise, SESSION_ID, sessionOf } from '../testing/fixtures';
import { passTime, renderActiveWorkout } from '../testing/renderActiveWorkout';
import { answer, mockWorkoutApi, networkDown, type ApiCall, type Route } from '../testing/workoutApi';

const at = '2026-11-22T08:50:00.000Z';

/** POST /api/sync as the api answers once access ended before these operations (the trial ran out). */
function trialOver(call: ApiCall) {
  const { operations } = call.body as { operations: SyncOperation[] };
  return answer(200, {
    results: operations.map((op) => ({
      opId: op.opId,
      status: 'waiting',
      httpStatus: 402,
      message: 'Your free trial has ended',
      acceptedUntil: null,
    })),
    workoutDays: [],
    workoutState: { cycleCount: 0, nextRecommendedDay: 1 },
    openSession: null,
  });
}
const isSync = (call: ApiCall) => call.method === 'POST' && call.path === '/api/sync';

/** Day 1 with every set done but the last working set. */
function oneSetLeft() {
  const [w1, w2, work] = blankSets(101);
  const [f1, f2, fwork] = blankSets(102);
  return chestDay([
    exercise(101, 'Incline Press', [completed(w1, 95, 10, at), completed(w2, 115, 6, at), completed(work, 135, 8, at)]),
    exercise(102, 'Dumbbell Flys', [completed(f1, 20, 10, at), completed(f2, 25, 8, at), fwork]),
  ]);
}

function renderLastSet(route?: Route) {
  const api = mockWorkoutApi(route);
  const day = oneSetLeft();
  const view = renderActiveWorkout({ day, session: sessionOf(day) });
  return { ...view, api, day };
}

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-11-22T09:00:00.000Z') });
});
afterEach(() => {
  act(() => dismissToast());
  jest.useRealTimers();
});

describe('completing the workout', () => {
  it('1 s after the last set: stores the sets and the completion, sends them, then says so', async () => {
    const { user, api, onClose, outbox } = renderLastSet();

    await logSet(user, { weight: '30', reps: '9' });
    await passTime(COMPLETION_CALLBACK_DELAY_MS - 1);
    expect(api.sent()).toEqual(['save']);
    expect(screen.queryByText('Workout Complete!')).not.toBeInTheDocument();

    await passTime(1);

    expect(api.sent()).toEqual(['save', 'complete']);
    expect(api.operations()[1]).toEqual({
      opId: expect.any(String),
      at: '2026-11-22T09:00:01.000Z',
      type: 'complete',
      dayId: 1,
      sessionId: SESSION_ID,
    });
    expect(JSON.stringify(api.lastSave())).toContain(
      '"id":"102-work","type":"working","completed":true,"weight":30,"reps":9',
    );
    expect(screen.getByRole('heading', { name: 'Workout Complete!' })).toHaveFocus();
    expect(screen.getByText('Day 1')).toBeInTheDocument();
    expect(screen.getByText('Chest & Back')).toBeInTheDocument();
    expect(screen.getByText('All 2 exercises completed')).toBeInTheDocument();
    expect(screen.getByText('Progress saved')).toBeInTheDocument();
    // The api has it: nothing is said about syncing later.
    expect(screen.queryByText(WILL_SYNC_TEXT)).not.toBeInTheDocument();
    expect(outbox().getStatus()).toMatchObject({ operations: [], pendingSets: 0 });

    await user.click(screen.getByRole('button', { name: 'Return to Home' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('completes with no network: Progress saved, and it will sync when back online', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, api, outbox } = renderLastSet((call) => (isSync(call) ? networkDown() : undefined));

    await logSet(user, { weight: '30', reps: '9' });
    await passTime(COMPLETION_CALLBACK_DELAY_MS);

    expect(screen.getByRole('heading', { name: 'Workout Complete!' })).toBeInTheDocument();
    expect(screen.getByText('Progress saved')).toBeInTheDocument();
    expect(screen.getByText(WILL_SYNC_TEXT)).toBeInTheDocument();
    expect(
      outbox()
        .getStatus()
        .operations.map((op) => op.type),
    ).toEqual(['save', 'complete']);
    expect(outbox().getStatus().pendingSets).toBe(6);
    expect(api.sent()).toEqual([]);
  });

  it('does not wait more than a few seconds for a network that does not answer', async () => {
    const { user } = renderLastSet((call) => (isSync(call) ? new Promise<Response>(() => undefined) : undefined));

    await logSet(user, { weight: '30', reps: '9' });
    await passTime(COMPLETION_CALLBACK_DELAY_MS);
    expect(screen.queryByText('Workout Complete!')).not.toBeInTheDocument();

    await passTime(SYNC_WAIT_MS);
    expect(screen.getByText('Workout Complete!')).toBeInTheDocument();
    expect(screen.getByText(WILL_SYNC_TEXT)).toBeInTheDocument();
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

    expect(api.sent()).toEqual(['complete']);
    expect(screen.getByText('Workout Complete!')).toBeInTheDocument();
  });

  it('is called off by undoing the last set within that second', async () => {
    const { user, api } = renderLastSet();

    await logSet(user, { weight: '30', reps: '9' });
    await user.click(screen.getByRole('button', { name: 'Undo last set' }));
    await passTime(5000);

    expect(api.sent()).toEqual(['save', 'save']);
    expect(screen.queryByText('Workout Complete!')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Reps')).toHaveValue('9');
  });

  it('closes the workout when the api says access ended (the trial ran out), keeping the sets for an upgrade', async () => {
    const { user, onClose, queryClient, outbox } = renderLastSet((call) =>
      isSync(call) ? trialOver(call) : undefined,
    );
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');

    await logSet(user, { weight: '30', reps: '9' });
    await passTime(0);

    expect(onClose).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.subscriptionStatus });
    expect(outbox().getStatus()).toMatchObject({ lastOutcome: 'waiting', waitingSets: 6 });
    expect(
      outbox()
        .getStatus()
        .operations.map((op) => op.type),
    ).toEqual(['save']);
  });

  it('says what went wrong when this browser cannot store the workout, and tries again on request', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, api, outbox } = renderLastSet();
    const append = outbox().append.bind(outbox());
    jest
      .spyOn(outbox(), 'append')
      .mockImplementation((op) =>
        op.type === 'complete' ? Promise.reject(new Error('QuotaExceededError')) : append(op),
      );

    await logSet(user, { weight: '30', reps: '9' });
    await passTime(COMPLETION_CALLBACK_DELAY_MS);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This browser could not store the workout (QuotaExceededError). Free some storage space and try again.',
    );

    jest.mocked(outbox().append).mockImplementation(append);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await passTime(0);

    expect(screen.getByText('Workout Complete!')).toBeInTheDocument();
    expect(api.sent().at(-1)).toBe('complete');
  });
});

describe('exiting', () => {
  it('stores the sets done and the end of the session, sends them, then closes', async () => {
    const api = mockWorkoutApi();
    const day = chestDay();
    const { user, onClose } = renderActiveWorkout({ day, session: sessionOf(day) });
    await logSet(user, { weight: '95', reps: '10' });
    await passTime(0);

    await user.click(screen.getByRole('button', { name: 'Exit' }));
    await passTime(0);

    expect(api.sent()).toEqual(['save', 'end']);
    expect(api.operations()[1]).toMatchObject({ type: 'end', dayId: 1, sessionId: SESSION_ID });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('only ends the session when no set is done', async () => {
    const api = mockWorkoutApi();
    const day = chestDay();
    const { user, onClose } = renderActiveWorkout({ day, session: sessionOf(day) });

    await user.click(screen.getByRole('button', { name: 'Exit' }));
    await passTime(0);

    expect(api.sent()).toEqual(['end']);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes with no network too: the sets and the exit wait in the outbox', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockWorkoutApi((call) => (isSync(call) ? networkDown() : undefined));
    const day = chestDay();
    const { user, onClose, outbox } = renderActiveWorkout({ day, session: sessionOf(day) });
    await logSet(user, { weight: '95', reps: '10' });

    await user.click(screen.getByRole('button', { name: 'Exit' }));
    await passTime(0);

    expect(onClose).toHaveBeenCalledTimes(1);
    expect(
      outbox()
        .getStatus()
        .operations.map((op) => op.type),
    ).toEqual(['save', 'end']);
    expect(outbox().getStatus().pendingSets).toBe(1);
  });

  it('stays, with the set kept, when this browser cannot store them', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockWorkoutApi();
    const day = chestDay();
    const { user, onClose, outbox } = renderActiveWorkout({ day, session: sessionOf(day) });
    await logSet(user, { weight: '95', reps: '10' });
    await passTime(0);
    jest.spyOn(outbox(), 'append').mockRejectedValue(new Error('QuotaExceededError'));

    await user.click(screen.getByRole('button', { name: 'Exit' }));
    await passTime(0);

    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Not saved yet');
    expect(screen.getByText('95 lbs × 10')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exit' })).toBeEnabled();
  });
});
