import { act, screen, waitFor, within } from '@testing-library/react';
import { dismissToast, queryKeys } from '@hit/platform';
import { answer, never } from '@hit/platform/test/apiMock';
import { ActiveWorkoutStub } from '../../../test/activeWorkoutStub';
import { day, expiredStatus, session, workoutState } from '../../../test/fixtures';
import { mockDashboardApi, renderDashboard } from '../../../test/renderDashboard';

jest.mock('../active-workout', () => ({ ActiveWorkout: (props: never) => ActiveWorkoutStub(props) }));

const recent = () => new Date(Date.now() - 2 * 3_600_000).toISOString();
const day1 = day(1);
const startedSession = session(day1);

beforeEach(() => window.localStorage.setItem('hasSeenWelcomeMessage', 'true'));
afterEach(() => act(() => dismissToast()));

describe('starting the recommended day', () => {
  it('starts a session for the day and shows the active workout in place of the dashboard', async () => {
    const api = mockDashboardApi({ 'POST /api/sessions/start': answer(201, startedSession) });
    const { user } = renderDashboard();

    await user.click(await screen.findByRole('button', { name: 'Start Workout' }));

    const workout = await screen.findByRole('main', { name: 'Active workout' });
    expect(workout).toHaveTextContent('Day 1 in progress');
    expect(workout).toHaveTextContent(`Session ${startedSession.id}`);
    expect(screen.queryByRole('heading', { name: 'Workout Dashboard' })).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/sessions/start')[0][1]?.body).toBe(JSON.stringify({ dayId: 1 }));
  });

  it('starts from the day card too', async () => {
    mockDashboardApi({ 'POST /api/sessions/start': answer(201, startedSession) });
    const { user } = renderDashboard();

    await user.click(await screen.findByRole('button', { name: 'Start Day 1' }));

    expect(await screen.findByRole('main', { name: 'Active workout' })).toBeInTheDocument();
  });

  it('proceeds locally without a session when the start fails (500)', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockDashboardApi({ 'POST /api/sessions/start': answer(500, { message: 'Something went wrong' }) });
    const { user } = renderDashboard();

    await user.click(await screen.findByRole('button', { name: 'Start Workout' }));

    const workout = await screen.findByRole('main', { name: 'Active workout' });
    expect(workout).toHaveTextContent('Local mode (no session)');
    expect(workout).toHaveTextContent('4 exercises handed over');
  });

  it('proceeds locally when the network is down', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockDashboardApi({ 'POST /api/sessions/start': () => Promise.reject(new TypeError('Failed to fetch')) });
    const { user } = renderDashboard();

    await user.click(await screen.findByRole('button', { name: 'Start Workout' }));

    expect(await screen.findByRole('main', { name: 'Active workout' })).toHaveTextContent('Local mode (no session)');
  });

  it('shows the dashboard again, freshly loaded, when the workout closes', async () => {
    const api = mockDashboardApi({ 'POST /api/sessions/start': answer(201, startedSession) });
    const { user } = renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Start Workout' }));

    await user.click(await screen.findByRole('button', { name: 'Exit' }));

    expect(await screen.findByRole('heading', { name: 'Workout Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /api/workout-days')).toHaveLength(2));
    expect(api.callsTo('GET /api/workout-state')).toHaveLength(2);
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
    expect(api.callsTo('POST /api/sessions/start')).toHaveLength(0);
  });

  it('is explained the same way when the api says the day is no longer next (409)', async () => {
    const api = mockDashboardApi({
      'GET /api/workout-state': [answer(200, workoutState(1)), answer(200, workoutState(2))],
      'POST /api/sessions/start': answer(409, { message: 'Day 1 is not the next recommended day (Day 2 is)' }),
    });
    const { user } = renderDashboard();

    await user.click(await screen.findByRole('button', { name: 'Start Workout' }));

    expect(await screen.findByRole('dialog', { name: 'Complete Current Day First' })).toHaveTextContent(
      'Day 2 (Shoulders & Arms) is your next workout',
    );
    expect(screen.queryByRole('main', { name: 'Active workout' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/workout-state')).toHaveLength(2);
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
    expect(api.callsTo('POST /api/sessions/start')).toHaveLength(0);
  });

  it("resets the day, then starts it, with 'Yes, skip rest'", async () => {
    const freshDay2 = day(2, {}, 2);
    const api = restingApi({
      'POST /api/workout-days/2/reset': answer(200, freshDay2),
      'POST /api/sessions/start': answer(201, session(freshDay2)),
    });
    const { user } = renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Start Workout' }));

    await user.click(screen.getByRole('button', { name: 'Yes, skip rest' }));

    const workout = await screen.findByRole('main', { name: 'Active workout' });
    expect(workout).toHaveTextContent('Day 2 in progress');
    const order = api.mock.calls
      .map(([path, init]) => `${init?.method ?? 'GET'} ${path}`)
      .filter((call) => call.startsWith('POST'));
    expect(order).toEqual(['POST /api/workout-days/2/reset', 'POST /api/sessions/start']);
    expect(api.callsTo('POST /api/sessions/start')[0][1]?.body).toBe(JSON.stringify({ dayId: 2 }));
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
    expect(api.callsTo('POST /api/sessions/start')).toHaveLength(0);
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

  it('shows the overlay again, and starts nothing, when Start is pressed without access', async () => {
    const api = mockDashboardApi({ 'GET /api/subscription/status': answer(200, expiredStatus) });
    const { user } = renderDashboard();
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Back to Home' }));

    await user.click(screen.getByRole('button', { name: 'Start Workout' }));

    expect(screen.getByRole('dialog', { name: 'Free Trial Expired' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/sessions/start')).toHaveLength(0);
  });

  it('shows the overlay when the api refuses the start (402), instead of proceeding locally', async () => {
    const api = mockDashboardApi({
      'POST /api/sessions/start': answer(402, { message: 'Your free trial has ended' }),
    });
    const { user, queryClient } = renderDashboard();
    await screen.findByRole('button', { name: 'Start Workout' });
    api.route({ 'GET /api/subscription/status': answer(200, expiredStatus) });

    await user.click(screen.getByRole('button', { name: 'Start Workout' }));

    expect(await screen.findByRole('dialog', { name: 'Free Trial Expired' })).toBeInTheDocument();
    expect(screen.queryByRole('main', { name: 'Active workout' })).not.toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.subscriptionStatus)).toEqual(expiredStatus));
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
    await user.click(within(card).getByRole('button', { name: 'Resume' }));

    const workout = await screen.findByRole('main', { name: 'Active workout' });
    expect(workout).toHaveTextContent('Day 2 in progress');
    expect(workout).toHaveTextContent(`Session ${half.id}`);
    expect(api.callsTo('POST /api/sessions/start')).toHaveLength(0);
  });

  it('is not offered when there is none (404)', async () => {
    mockDashboardApi();
    renderDashboard();

    expect(await screen.findByRole('region', { name: 'Ready for Day 1' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Resume workout' })).not.toBeInTheDocument();
  });
});
