import { act, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_PLATE_SETTINGS } from '@hit/contracts/rules';
import { dismissToast, queryKeys } from '@hit/platform';
import { answer } from '@hit/platform/test/apiMock';
import { day, workoutState } from '../../../test/fixtures';
import { mockDashboardApi, renderDashboard } from '../../../test/renderDashboard';
import { SETTLE_MS } from './hooks/afterSettled';

const noNetwork = () => {
  throw new TypeError('Failed to fetch');
};

beforeEach(() => window.localStorage.setItem('hasSeenWelcomeMessage', 'true'));
afterEach(() => act(() => dismissToast()));

describe('the dashboard with no network', () => {
  it('keeps showing the last answers when their refresh fails, never an error card or a spinner', async () => {
    const api = mockDashboardApi({
      'GET /api/workout-days': answer(200, [day(1, { isCompleted: true }, 2), day(2, {}, 2), day(3, {}, 2)]),
      'GET /api/workout-state': answer(200, workoutState(2, 1)),
    });
    const { queryClient } = renderDashboard();
    await screen.findByText('Cycle 2');

    api.route({
      'GET /api/workout-days': noNetwork,
      'GET /api/workout-state': noNetwork,
      'GET /api/subscription/status': noNetwork,
      'GET /api/sessions/open': noNetwork,
    });
    await act(() => queryClient.refetchQueries());

    expect(api.callsTo('GET /api/workout-days')).toHaveLength(2);
    expect(screen.getByText('Cycle 2')).toBeInTheDocument();
    expect(screen.getByText('Next: Day 2')).toBeInTheDocument();
    const ready = screen.getByRole('region', { name: 'Ready for Day 2' });
    expect(within(ready).getByRole('button', { name: 'Start Workout' })).toBeEnabled();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('heading', { name: "Your workouts didn't load" })).not.toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading your workouts' })).not.toBeInTheDocument();
  });

  it('says the workouts did not load, with Try again, when there is no saved answer either', async () => {
    mockDashboardApi({ 'GET /api/workout-days': noNetwork, 'GET /api/workout-state': noNetwork });
    renderDashboard();

    expect(await screen.findByRole('heading', { name: "Your workouts didn't load" })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it("keeps what a workout needs offline while the api answers: the next day's hints, the records and the plates", async () => {
    const api = mockDashboardApi();
    const { queryClient } = renderDashboard();
    await screen.findByText('Next: Day 1');
    // Not with the first screen (issue #21): once the dashboard has settled.
    expect(api.callsTo('GET /api/records')).toHaveLength(0);

    await waitFor(() => expect(api.callsTo('GET /api/records')).toHaveLength(1), { timeout: SETTLE_MS + 2000 });
    expect(api.callsTo('GET /api/settings/plates')).toHaveLength(1);
    expect(api.callsTo('GET /api/progress/last-workout/101/1')).toHaveLength(1);
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.records)).toEqual({ lbs: [], kg: [] }));
    expect(queryClient.getQueryData(queryKeys.plateSettings)).toEqual(DEFAULT_PLATE_SETTINGS);
  });
});
