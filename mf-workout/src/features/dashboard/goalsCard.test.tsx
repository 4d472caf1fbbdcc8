import { act, screen, waitFor, within } from '@testing-library/react';
import type { Goal } from '@hit/contracts';
import { dismissToast, queryKeys } from '@hit/platform';
import { answer, never } from '@hit/platform/test/apiMock';
import { expiredStatus } from '../../../test/fixtures';
import { mockDashboardApi, renderDashboard } from '../../../test/renderDashboard';

beforeEach(() => window.localStorage.setItem('hasSeenWelcomeMessage', 'true'));
afterEach(() => act(() => dismissToast()));

function goal(overrides: Partial<Goal>): Goal {
  return {
    id: 'g1',
    exerciseId: 104,
    exerciseName: 'Deadlifts',
    weight: 225,
    unit: 'lbs',
    reps: 6,
    targetDate: null,
    createdAt: '2026-01-10T12:00:00.000Z',
    achievedAt: null,
    percent: 72,
    bestEstimate: 190,
    targetEstimate: 262.5,
    ...overrides,
  };
}

const goalsCard = () => screen.findByRole('region', { name: 'Goals' });

describe('the goals card on the dashboard', () => {
  it('loads on its own: the rest of the dashboard is there meanwhile', async () => {
    mockDashboardApi({ 'GET /api/goals': never });
    renderDashboard();

    const card = await goalsCard();
    expect(card).toHaveTextContent('Loading your goals…');
    expect(screen.getByRole('region', { name: 'Ready for Day 1' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Danger Zone' })).toBeInTheDocument();
  });

  it('invites to set a goal in Progress Analytics when there is none', async () => {
    mockDashboardApi({ 'GET /api/goals': answer(200, []) });
    const { user } = renderDashboard();

    const card = await goalsCard();
    const link = await within(card).findByRole('link', { name: 'Set a goal in Progress Analytics' });
    expect(card).toHaveTextContent('No goals yet.');
    expect(link).toHaveAttribute('href', '/progress');

    await user.click(link);
    expect(screen.getByRole('heading', { name: 'Progress Analytics screen' })).toBeInTheDocument();
  });

  it('lists the open goals with their target, a progress bar and the percentage', async () => {
    mockDashboardApi({
      'GET /api/goals': answer(200, [
        goal({}),
        goal({
          id: 'g2',
          exerciseId: 101,
          exerciseName: 'Incline Press',
          weight: 100,
          unit: 'kg',
          reps: 8,
          percent: 45,
          targetDate: '2027-03-01',
        }),
      ]),
    });
    renderDashboard();

    const card = await goalsCard();
    const items = await within(card).findAllByRole('listitem');
    expect(items).toHaveLength(2);

    expect(items[0]).toHaveTextContent('Deadlifts');
    expect(items[0]).toHaveTextContent('225 lbs × 6');
    expect(items[0]).toHaveTextContent('72%');
    const deadlifts = within(items[0]).getByRole('progressbar', { name: 'Deadlifts' });
    expect(deadlifts).toHaveAttribute('aria-valuenow', '72');
    expect(deadlifts).toHaveAttribute('aria-valuemin', '0');
    expect(deadlifts).toHaveAttribute('aria-valuemax', '100');
    expect(deadlifts).toHaveAttribute('aria-valuetext', '72% of 225 lbs × 6');

    expect(items[1]).toHaveTextContent('100 kg × 8');
    expect(items[1]).toHaveTextContent('45%');
    expect(items[1]).toHaveTextContent('by Mar 1, 2027');
    expect(within(items[1]).getByRole('progressbar', { name: 'Incline Press' })).toHaveAttribute('aria-valuenow', '45');
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
  });

  it("shows an achieved goal as 'Achieved' with its date, after the open ones", async () => {
    mockDashboardApi({
      'GET /api/goals': answer(200, [
        goal({
          id: 'g0',
          exerciseId: 301,
          exerciseName: 'Leg Press',
          weight: 400,
          percent: 100,
          achievedAt: '2026-03-03T12:00:00.000Z',
        }),
        goal({}),
      ]),
    });
    renderDashboard();

    const items = await within(await goalsCard()).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Deadlifts');
    expect(items[1]).toHaveTextContent('Leg Press');
    expect(items[1]).toHaveTextContent('400 lbs × 6');
    expect(items[1]).toHaveTextContent('Achieved on Mar 3, 2026');
    expect(within(items[1]).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('is hidden when the api refuses the goals (402: the trial is over)', async () => {
    const api = mockDashboardApi({ 'GET /api/goals': answer(402, { message: 'Subscription required' }) });
    const { queryClient } = renderDashboard();

    expect(await screen.findByRole('region', { name: 'Ready for Day 1' })).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryState(queryKeys.goals)?.status).toBe('error'));
    expect(api.callsTo('GET /api/goals')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Goals' })).not.toBeInTheDocument();
  });

  it('is hidden, and the goals not asked for, once the trial has expired', async () => {
    const api = mockDashboardApi({ 'GET /api/subscription/status': answer(200, expiredStatus) });
    renderDashboard();

    expect(await screen.findByRole('dialog', { name: 'Free Trial Expired' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Goals' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/goals')).toHaveLength(0);
  });

  it('says the goals did not load, and loads them again with Try again', async () => {
    const api = mockDashboardApi({
      'GET /api/goals': [answer(500, { message: 'Database unavailable' }), answer(200, [goal({})])],
    });
    const { user } = renderDashboard();

    const card = await goalsCard();
    expect(await within(card).findByText("Your goals didn't load.")).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Try again' }));

    expect(await within(card).findByRole('progressbar', { name: 'Deadlifts' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/goals')).toHaveLength(2);
  });
});
