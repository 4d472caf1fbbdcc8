import { act, screen, waitFor, within } from '@testing-library/react';
import type { Exercise } from '@hit/contracts';
import { dismissToast, getOutbox } from '@hit/platform';
import { answer, never } from '@hit/platform/test/apiMock';
import { ActiveWorkoutStub } from '../../../test/activeWorkoutStub';
import { day, exercise, expiredStatus, session, workoutState } from '../../../test/fixtures';
import { mockDashboardApi, newLifter, renderDashboard, sentOperations } from '../../../test/renderDashboard';

/** An exercise with its three sets done. */
function exerciseDone(exercise: Exercise): Exercise {
  return {
    ...exercise,
    sets: exercise.sets.map((set) => ({
      ...set,
      completed: true,
      weight: 100,
      reps: 8,
      completedAt: '2026-11-20T10:00:00.000Z',
    })),
  };
}

jest.mock('../active-workout', () => ({ ActiveWorkout: (props: never) => ActiveWorkoutStub(props) }));

const recent = () => new Date(Date.now() - 2 * 3_600_000).toISOString();

beforeEach(() => window.localStorage.setItem('hasSeenWelcomeMessage', 'true'));
afterEach(() => act(() => dismissToast()));

describe('starting the recommended day', () => {
  it('starts the workout with a session id made here, its start sent through the outbox, in place of the dashboard', async () => {
    const api = mockDashboardApi();
    const { user, outbox } = renderDashboard();

    await user.click(await screen.findByRole('button', { name: 'Start Workout' }));

    const workout = await screen.findByRole('main', { name: 'Active workout' });
    expect(workout).toHaveTextContent('Day 1 in progress');
    const sessionId = /Session ([a-f0-9]{24})/.exec(workout.textContent ?? '')?.[1];
    expect(sessionId).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'Workout Dashboard' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(sentOperations(api)).toEqual([
        { opId: expect.any(String), at: expect.any(String), type: 'start', dayId: 1, sessionId },
      ]),
    );
    await waitFor(() => expect(outbox().getStatus().operations).toEqual([]));
  });

  it('starts from the day card too', async () => {
    mockDashboardApi();
    const { user } = renderDashboard();

    await user.click(await screen.findByRole('button', { name: 'Start Day 1' }));

    expect(await screen.findByRole('main', { name: 'Active workout' })).toHaveTextContent('4 exercises handed over');
  });

  it('starts the same with no network: the start waits in the outbox', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockDashboardApi({ 'POST /api/sync': () => Promise.reject(new TypeError('Failed to fetch')) });
    const { user, outbox } = renderDashboard();

    await user.click(await screen.findByRole('button', { name: 'Start Workout' }));

    expect(await screen.findByRole('main', { name: 'Active workout' })).toHaveTextContent('Day 1 in progress');
    expect(
      outbox()
        .getStatus()
        .operations.map((op) => op.type),
    ).toEqual(['start']);
  });

  it('shows the dashboard again when the workout closes, with the workout just left offered for resume', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockDashboardApi({ 'POST /api/sync': () => Promise.reject(new TypeError('Failed to fetch')) });
    const { user } = renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Start Workout' }));

    // The stub closes without ending its session, as a closed tab does.
    await user.click(await screen.findByRole('button', { name: 'Exit' }));

    expect(await screen.findByRole('heading', { name: 'Workout Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Resume workout' })).toHaveTextContent(
      'You have an unfinished Day 1 workout',
    );
  });

  it('moves on to the next day when a workout was completed with no network (the rotation worked out here)', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockDashboardApi({ 'POST /api/sync': () => Promise.reject(new TypeError('Failed to fetch')) });
    const signedIn = newLifter();
    const outbox = getOutbox(signedIn.id);
    await outbox.append({ type: 'start', dayId: 1, sessionId: '6740f0c2a1b2c3d4e5f60718' });
    await outbox.append({ type: 'complete', dayId: 1, sessionId: '6740f0c2a1b2c3d4e5f60718' });

    renderDashboard({ signedIn });

    expect(await screen.findByRole('region', { name: 'Ready for Day 2' })).toBeInTheDocument();
    expect(screen.getByText(/Rest period: 48 hours remaining/)).toBeInTheDocument();
  });
});

describe('starting a day that is not the recommended one', () => {
  it("is blocked with 'Complete Current Day First', naming the next day", async () => {
    const api = mockDashboardApi();
    const { user } = renderDashboard();

    await user.click(await screen.findByRole('button', { name: 'Start Day 3' }));

    const dialog = screen.getByRole('dialog', { name: 'Complete Current Day First' });
    expect(dialog).toHaveTextContent('Day 1 (Chest & Back) is your next workout');
    expect(dialog).toHaveTextContent('before starting Day 3');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Day 3' })).toHaveFocus();
    expect(api.callsTo('POST /api/sync')).toHaveLength(0);
  });
});

describe('starting inside the rest period', () => {
  const restingApi = (overrides = {}) =>
    mockDashboardApi({
      'GET /api/workout-days': answer(200, [
        day(1, { lastCompleted: recent(), isCompleted: true }, 2),
        day(2, {}, 2),
        day(3, {}, 2),
      ]),
      'GET /api/workout-state': answer(200, workoutState(2)),
      ...overrides,
    });

  it("asks 'Skip Rest Period?' and waits with \"No, I'll wait\"", async () => {
    const api = restingApi();
    const { user } = renderDashboard();

    await user.click(await screen.findByRole('button', { name: 'Start Workout' }));

    const dialog = screen.getByRole('dialog', { name: 'Skip Rest Period?' });
    expect(dialog).toHaveTextContent('46 hours of it remain');
    await user.click(within(dialog).getByRole('button', { name: "No, I'll wait" }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/workout-days/2/reset')).toHaveLength(0);
    expect(api.callsTo('POST /api/sync')).toHaveLength(0);
  });

  it("resets the day, then starts it, with 'Yes, skip rest'", async () => {
    const api = restingApi();
    const { user } = renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Start Workout' }));

    await user.click(screen.getByRole('button', { name: 'Yes, skip rest' }));

    const workout = await screen.findByRole('main', { name: 'Active workout' });
    expect(workout).toHaveTextContent('Day 2 in progress');
    await waitFor(() =>
      expect(sentOperations(api).map((op) => [op.type, op.dayId])).toEqual([
        ['resetDay', 2],
        ['start', 2],
      ]),
    );
  });

  it('checks the order before the rest period', async () => {
    restingApi();
    const { user } = renderDashboard();

    await user.click(await screen.findByRole('button', { name: 'Start Day 3' }));

    expect(screen.getByRole('dialog', { name: 'Complete Current Day First' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Skip Rest Period?' })).not.toBeInTheDocument();
  });
});

describe('starting depends on the subscription', () => {
  it("waits with 'Checking subscription status...' while the status loads", async () => {
    const api = mockDashboardApi({ 'GET /api/subscription/status': never });
    const { user } = renderDashboard();

    await user.click(await screen.findByRole('button', { name: 'Start Workout' }));

    expect(screen.getByRole('status')).toHaveTextContent('Checking subscription status...');
    expect(api.callsTo('POST /api/sync')).toHaveLength(0);
    expect(screen.queryByRole('main', { name: 'Active workout' })).not.toBeInTheDocument();
  });

  it("shows the 'Free Trial Expired' overlay by itself when access is denied, until dismissed", async () => {
    const api = mockDashboardApi({ 'GET /api/subscription/status': answer(200, expiredStatus) });
    const { user } = renderDashboard();

    const overlay = await screen.findByRole('dialog', { name: 'Free Trial Expired' });
    expect(overlay).toHaveTextContent('Unlimited workout tracking');
    expect(within(overlay).getByRole('button', { name: 'Upgrade to Premium' })).toBeEnabled();

    await user.click(within(overlay).getByRole('button', { name: 'Back to Home' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Workout Dashboard' })).toBeInTheDocument();
    // Resuming is premium too: no open session is asked for without access.
    expect(api.callsTo('GET /api/sessions/open')).toHaveLength(0);
  });

  it('names the trial length the api is configured with', async () => {
    mockDashboardApi({ 'GET /api/subscription/status': answer(200, { ...expiredStatus, trialDays: 7 }) });
    renderDashboard();

    const overlay = await screen.findByRole('dialog', { name: 'Free Trial Expired' });
    expect(overlay).toHaveTextContent('Your 7-day free trial has ended.');
    expect(overlay).not.toHaveTextContent('30-day');
  });

  it('shows the overlay again, and starts nothing, when Start is pressed without access', async () => {
    const api = mockDashboardApi({ 'GET /api/subscription/status': answer(200, expiredStatus) });
    const { user } = renderDashboard();
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Back to Home' }));

    await user.click(screen.getByRole('button', { name: 'Start Workout' }));

    expect(screen.getByRole('dialog', { name: 'Free Trial Expired' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/sync')).toHaveLength(0);
  });

  it('says on the overlay how many sets wait to sync when the api kept them back (the trial ended offline)', async () => {
    const waiting = (init?: RequestInit) => {
      const { operations } = JSON.parse(String(init?.body)) as { operations: { opId: string }[] };
      return answer(200, {
        results: operations.map(({ opId }) => ({
          opId,
          status: 'waiting',
          httpStatus: 402,
          message: 'Your free trial has ended',
          acceptedUntil: null,
        })),
        workoutDays: [day(1), day(2), day(3)],
        workoutState: workoutState(1),
        openSession: null,
      });
    };
    mockDashboardApi({ 'GET /api/subscription/status': answer(200, expiredStatus), 'POST /api/sync': waiting });
    const signedIn = newLifter();
    const outbox = getOutbox(signedIn.id);
    const sessionId = '6740f0c2a1b2c3d4e5f60718';
    await outbox.append({ type: 'start', dayId: 1, sessionId });
    await outbox.append({
      type: 'save',
      dayId: 1,
      sessionId,
      exercises: session(day(1)).exercises.map((e, i) => (i === 0 ? exerciseDone(e) : e)),
    });

    const page = renderDashboard({ signedIn });
    // What the shell does at start: the outbox is sent.
    await act(() => page.outbox().flush());

    const overlay = await screen.findByRole('dialog', { name: 'Free Trial Expired' });
    await waitFor(() =>
      expect(overlay).toHaveTextContent('3 sets are waiting to sync: they sync as soon as you upgrade.'),
    );
    expect(page.outbox().getStatus().operations).toHaveLength(2);
  });

  it('starts the checkout from the overlay', async () => {
    const api = mockDashboardApi({
      'GET /api/subscription/status': answer(200, expiredStatus),
      'POST /api/subscription/create-checkout': answer(502, { message: 'The payment provider did not answer' }),
    });
    const { user } = renderDashboard();

    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Upgrade to Premium' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to Process Payment');
    expect(api.callsTo('POST /api/subscription/create-checkout')[0][1]?.body).toBe(
      JSON.stringify({ billingEmail: 'lifter@gym.test' }),
    );
  });
});

describe('an unfinished workout', () => {
  it('is offered for resume and resumes with its session and day', async () => {
    const half = session(day(2, {}, 2));
    const api = mockDashboardApi({
      'GET /api/workout-days': answer(200, [day(1, {}, 2), day(2, {}, 2), day(3, {}, 2)]),
      'GET /api/workout-state': answer(200, workoutState(2)),
      'GET /api/sessions/open': answer(200, half),
    });
    const { user } = renderDashboard();

    const card = await screen.findByRole('region', { name: 'Resume workout' });
    expect(card).toHaveTextContent('You have an unfinished Day 2 workout');
    await user.click(within(card).getByRole('button', { name: 'Resume Workout' }));

    const workout = await screen.findByRole('main', { name: 'Active workout' });
    expect(workout).toHaveTextContent('Day 2 in progress');
    expect(workout).toHaveTextContent(`Session ${half.id}`);
    expect(api.callsTo('POST /api/sync')).toHaveLength(0);
  });

  it("is the one state of the dashboard: no 'Ready for' card, and the day's own button reads Resume and resumes", async () => {
    const half = session(day(2, {}, 2));
    mockDashboardApi({
      'GET /api/workout-days': answer(200, [day(1, {}, 2), day(2, {}, 2), day(3, {}, 2)]),
      'GET /api/workout-state': answer(200, workoutState(2)),
      'GET /api/sessions/open': answer(200, half),
    });
    const { user } = renderDashboard();

    await screen.findByRole('region', { name: 'Resume workout' });
    expect(screen.queryByRole('region', { name: 'Ready for Day 2' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start Workout' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start Day 2' })).not.toBeInTheDocument();
    const dayCard = screen.getByRole('article', { name: 'Day 2' });
    expect(dayCard).toHaveTextContent('In progress');
    expect(dayCard).not.toHaveTextContent('Ready to start');

    await user.click(within(dayCard).getByRole('button', { name: 'Resume Day 2' }));

    expect(await screen.findByRole('main', { name: 'Active workout' })).toHaveTextContent(`Session ${half.id}`);
  });

  it('reads the same after Exit ended the session: the day kept its sets, and Resume goes on with them', async () => {
    const exited = day(1, { exercises: [exercise(101, 'Incline Press', 3), ...day(1).exercises.slice(1)] });
    const api = mockDashboardApi({ 'GET /api/workout-days': answer(200, [exited, day(2), day(3)]) });
    const { user } = renderDashboard();

    const card = await screen.findByRole('region', { name: 'Resume workout' });
    expect(card).toHaveTextContent('You have an unfinished Day 1 workout');
    expect(card).toHaveTextContent('3 of 12 sets done');
    expect(screen.queryByRole('region', { name: 'Ready for Day 1' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Day 1' })).toHaveTextContent('3 of 12');
    expect(screen.getByRole('button', { name: 'Resume Day 1' })).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Resume Workout' }));

    // A new session takes the day's sets: nothing starts over.
    const workout = await screen.findByRole('main', { name: 'Active workout' });
    expect(workout).toHaveTextContent('Day 1 in progress');
    await waitFor(() => expect(sentOperations(api).map((op) => op.type)).toEqual(['start']));
  });

  it('resumes a workout left by Exit without the rest-period question (it was answered when the workout began)', async () => {
    const exited = day(2, { exercises: [exercise(201, 'Side Raises', 2), ...day(2).exercises.slice(1)] }, 2);
    mockDashboardApi({
      'GET /api/workout-days': answer(200, [
        day(1, { lastCompleted: recent(), isCompleted: true }, 2),
        exited,
        day(3, {}, 2),
      ]),
      'GET /api/workout-state': answer(200, workoutState(2)),
    });
    const { user } = renderDashboard();

    await user.click(await screen.findByRole('button', { name: 'Resume Workout' }));

    expect(screen.queryByRole('dialog', { name: 'Skip Rest Period?' })).not.toBeInTheDocument();
    expect(await screen.findByRole('main', { name: 'Active workout' })).toHaveTextContent('Day 2 in progress');
  });

  it('is not offered when there is none (404)', async () => {
    mockDashboardApi();
    renderDashboard();

    expect(await screen.findByRole('region', { name: 'Ready for Day 1' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Resume workout' })).not.toBeInTheDocument();
  });
});
