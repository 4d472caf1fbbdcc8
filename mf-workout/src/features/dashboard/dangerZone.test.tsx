import { act, screen, waitFor, within } from '@testing-library/react';
import { dismissToast, queryKeys } from '@hit/platform';
import { answer, never } from '@hit/platform/test/apiMock';
import { day, expiredStatus, workoutState } from '../../../test/fixtures';
import { mockDashboardApi, renderDashboard } from '../../../test/renderDashboard';

beforeEach(() => window.localStorage.setItem('hasSeenWelcomeMessage', 'true'));
afterEach(() => act(() => dismissToast()));

async function openConfirmation(user: ReturnType<typeof renderDashboard>['user']) {
  const zone = await screen.findByRole('region', { name: 'Danger Zone' });
  await user.click(within(zone).getByRole('button', { name: 'Reset Progress' }));
  return screen.getByRole('dialog', { name: 'Reset all progress?' });
}

describe('Reset Progress', () => {
  it('asks for confirmation and does nothing on Cancel', async () => {
    const api = mockDashboardApi();
    const { user } = renderDashboard();

    const dialog = await openConfirmation(user);
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/reset')).toHaveLength(0);
  });

  it("resets everything, says 'Progress Reset' and shows the fresh rotation", async () => {
    const api = mockDashboardApi({
      'GET /api/workout-days': [
        answer(200, [day(1, { isCompleted: true }, 2), day(2, {}, 2), day(3, {}, 2)]),
        answer(200, [day(1), day(2), day(3)]),
      ],
      'GET /api/workout-state': [answer(200, workoutState(2, 4)), answer(200, workoutState(1, 0))],
      'POST /api/reset': answer(200, { message: 'Progress reset' }),
    });
    const { user, queryClient } = renderDashboard();
    queryClient.setQueryData(queryKeys.progress, [{ exerciseId: 101 }]);

    const dialog = await openConfirmation(user);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, reset everything' }));

    expect(await screen.findByText('Progress Reset')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Cycle 1')).toBeInTheDocument();
    expect(screen.getByText('Next: Day 1')).toBeInTheDocument();
    expect(api.callsTo('POST /api/reset')).toHaveLength(1);
    expect(queryClient.getQueryState(queryKeys.progress)?.isInvalidated).toBe(true);
  });

  it("says 'Reset Failed' when the reset does not go through", async () => {
    mockDashboardApi({ 'POST /api/reset': answer(500, { message: 'Something went wrong' }) });
    const { user } = renderDashboard();

    const dialog = await openConfirmation(user);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, reset everything' }));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Reset Failed');
    expect(toast).toHaveTextContent('Failed to reset workout progress. Please try again.');
    expect(screen.getByText('Cycle 1')).toBeInTheDocument();
  });

  it('is blocked while the subscription status loads', async () => {
    const api = mockDashboardApi({ 'GET /api/subscription/status': never });
    const { user } = renderDashboard();

    await user.click(
      within(await screen.findByRole('region', { name: 'Danger Zone' })).getByRole('button', {
        name: 'Reset Progress',
      }),
    );

    expect(screen.getByRole('status')).toHaveTextContent('Checking subscription status...');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/reset')).toHaveLength(0);
  });

  it('is blocked with the trial-expired overlay when access is denied', async () => {
    const api = mockDashboardApi({ 'GET /api/subscription/status': answer(200, expiredStatus) });
    const { user } = renderDashboard();
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Back to Home' }));

    await user.click(
      within(screen.getByRole('region', { name: 'Danger Zone' })).getByRole('button', { name: 'Reset Progress' }),
    );

    expect(screen.getByRole('dialog', { name: 'Free Trial Expired' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/reset')).toHaveLength(0);
  });
});
