import { act, renderHook, screen, within } from '@testing-library/react';
import { closeAccountPanel, dismissToast, useAccountPanel } from '@hit/platform';
import { answer, never } from '@hit/platform/test/apiMock';
import { day, exercise, workoutState } from '../../test/fixtures';
import { mockDashboardApi, renderDashboard } from '../../test/renderDashboard';
import { ActiveWorkoutStub } from '../../test/activeWorkoutStub';

jest.mock('../features/active-workout', () => ({ ActiveWorkout: (props: never) => ActiveWorkoutStub(props) }));

const NOW = Date.parse('2026-11-22T12:00:00.000Z');
const hoursAgo = (hours: number) => new Date(NOW - hours * 3_600_000).toISOString();
const dayCard = (name: string) => screen.getByRole('article', { name });

beforeEach(() => window.localStorage.setItem('hasSeenWelcomeMessage', 'true'));
afterEach(() => {
  act(() => dismissToast());
  act(() => closeAccountPanel());
  jest.useRealTimers();
});

describe('the workout dashboard', () => {
  it('shows a spinner while the days load', () => {
    mockDashboardApi({ 'GET /api/workout-days': never });
    renderDashboard();

    expect(screen.getByRole('status', { name: 'Loading your workouts' })).toBeInTheDocument();
  });

  it('shows the title, Cycle 1 and Next: Day 1 for a new user', async () => {
    mockDashboardApi();
    renderDashboard();

    expect(await screen.findByRole('heading', { level: 1, name: 'Workout Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Cycle 1')).toBeInTheDocument();
    expect(screen.getByText('Next: Day 1')).toBeInTheDocument();
    expect(screen.getByText("Hi, Ada Lovelace. Let's train.")).toBeInTheDocument();
  });

  it('shows the cycle as cycleCount + 1 and the next day from nextRecommendedDay', async () => {
    mockDashboardApi({
      'GET /api/workout-days': answer(200, [day(1, { isCompleted: true }, 2), day(2, {}, 2), day(3, {}, 2)]),
      'GET /api/workout-state': answer(200, workoutState(2, 3)),
    });
    renderDashboard();

    expect(await screen.findByText('Cycle 4')).toBeInTheDocument();
    expect(screen.getByText('Next: Day 2')).toBeInTheDocument();
  });

  it('offers the next day in the ready card with Start and Progress Analytics', async () => {
    mockDashboardApi({ 'GET /api/workout-state': answer(200, workoutState(3)) });
    renderDashboard();

    const ready = await screen.findByRole('region', { name: 'Ready for Day 3' });
    expect(ready).toHaveTextContent('Legs & Abs');
    expect(within(ready).getByRole('button', { name: 'Start Workout' })).toBeEnabled();
    expect(within(ready).getByRole('link', { name: 'Progress Analytics' })).toHaveAttribute('href', '/progress');
  });

  it('shows a card per day with muscle groups, counts, the Next badge and the status', async () => {
    mockDashboardApi({
      'GET /api/workout-days': answer(200, [
        day(1, { isCompleted: true, lastCompleted: '2026-11-18T10:00:00.000Z' }, 2),
        day(2, { exercises: [exercise(201, 'Side Raises', 3), exercise(202, 'Rear Delt Raises', 1)] }, 2),
        day(3, {}, 2),
      ]),
      'GET /api/workout-state': answer(200, workoutState(2)),
    });
    renderDashboard();

    const day1 = await screen.findByRole('article', { name: 'Day 1' });
    expect(day1).toHaveTextContent('Chest & Back');
    expect(day1).toHaveTextContent('Exercises4');
    expect(day1).toHaveTextContent('Sets completed12 of 12');
    expect(day1).toHaveTextContent('Completed');
    expect(day1).toHaveTextContent(/Last completed: \w{3}, Nov 1[78], 2026/);
    expect(within(day1).queryByText('Next recommended day')).not.toBeInTheDocument();

    const day2 = dayCard('Day 2');
    expect(day2).toHaveTextContent('Shoulders & Arms');
    expect(day2).toHaveTextContent('Exercises2');
    expect(day2).toHaveTextContent('Sets completed4 of 6');
    // Begun and left by Exit: the one unfinished workout, resumed from its card (a fresh next day is 'Ready to start').
    expect(day2).toHaveTextContent('In progress');
    expect(within(day2).getByRole('button', { name: 'Resume Day 2' })).toBeEnabled();
    // 'Next' on screen, 'Next recommended day' read out.
    const nextBadge = within(day2).getByText('Next recommended day').parentElement!;
    expect(within(nextBadge).getByText('Next')).toHaveAttribute('aria-hidden', 'true');
    expect(day2).not.toHaveTextContent('Last completed');

    for (const card of [day1, day2, dayCard('Day 3')]) {
      expect(within(card).getByRole('link', { name: 'Progress Analytics' })).toHaveAttribute('href', '/progress');
    }
    expect(within(dayCard('Day 3')).getByRole('button', { name: 'Start Day 3' })).toBeEnabled();
  });

  it("says 'Complete next day first' on every day that is not next", async () => {
    mockDashboardApi({
      'GET /api/workout-days': answer(200, [day(1, { isCompleted: true }, 2), day(2, {}, 2), day(3, {}, 2)]),
      'GET /api/workout-state': answer(200, workoutState(2)),
    });
    renderDashboard();

    expect(await screen.findByRole('article', { name: 'Day 1' })).toHaveTextContent('Complete next day first');
    expect(dayCard('Day 2')).not.toHaveTextContent('Complete next day first');
    expect(dayCard('Day 3')).toHaveTextContent('Complete next day first');
  });

  it('shows the Workout Guidelines of the routine', async () => {
    mockDashboardApi();
    renderDashboard();

    const guidelines = await screen.findByRole('region', { name: 'Workout Guidelines' });
    for (const rule of [
      '6-10 reps per set',
      'Light warm-up sets',
      'Working sets to muscular fatigue',
      '3 minutes rest between exercises',
      '48 hours rest between days',
      'Recommended but not required',
      'Exercises done in order',
    ]) {
      expect(guidelines).toHaveTextContent(rule);
    }
  });

  it('opens the account panel from the header, and has no sign-out of its own', async () => {
    mockDashboardApi();
    const { user } = renderDashboard();
    const panel = renderHook(() => useAccountPanel());

    await user.click(await screen.findByRole('button', { name: 'Account' }));

    expect(panel.result.current.open).toBe(true);
    expect(screen.queryByRole('button', { name: /sign out/i })).not.toBeInTheDocument();
  });

  it('takes the user to Progress Analytics', async () => {
    mockDashboardApi();
    const { user } = renderDashboard();

    await user.click(
      within(await screen.findByRole('region', { name: 'Ready for Day 1' })).getByRole('link', {
        name: 'Progress Analytics',
      }),
    );

    expect(screen.getByRole('heading', { name: 'Progress Analytics screen' })).toBeInTheDocument();
  });

  it('explains a failed load and loads again with Try again', async () => {
    const api = mockDashboardApi({
      'GET /api/workout-days': [
        answer(503, { message: 'Database unavailable' }),
        answer(200, [day(1), day(2), day(3)]),
      ],
    });
    const { user } = renderDashboard();

    expect(await screen.findByRole('heading', { name: "Your workouts didn't load" })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong while loading your workouts.');

    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('article', { name: 'Day 1' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/workout-days')).toHaveLength(2);
  });
});

describe('the rest period (now: 2026-11-22 12:00 UTC)', () => {
  beforeEach(() => jest.useFakeTimers({ now: NOW, advanceTimers: true }));

  it('shows the banner and the hours of rest on the next day after a recent workout', async () => {
    mockDashboardApi({
      'GET /api/workout-days': answer(200, [
        day(1, { isCompleted: true, lastCompleted: hoursAgo(1.5) }, 2),
        day(2, {}, 2),
        day(3, {}, 2),
      ]),
      'GET /api/workout-state': answer(200, workoutState(2)),
    });
    renderDashboard({ fakeTimers: true });

    const banner = await screen.findByRole('complementary', { name: 'Rest period' });
    expect(banner).toHaveTextContent('Rest period: 47 hours remaining before your next workout is recommended');
    expect(banner).toHaveTextContent('recommended, not required');
    expect(dayCard('Day 2')).toHaveTextContent('47 hours of rest recommended');
    expect(dayCard('Day 1')).toHaveTextContent('Completed');
  });

  it('counts from the most recent workout of all days', async () => {
    mockDashboardApi({
      'GET /api/workout-days': answer(200, [
        day(1, { lastCompleted: hoursAgo(100) }, 3),
        day(2, { lastCompleted: hoursAgo(30.2) }, 3),
        day(3, { lastCompleted: hoursAgo(72) }, 3),
      ]),
      'GET /api/workout-state': answer(200, workoutState(3)),
    });
    renderDashboard({ fakeTimers: true });

    expect(await screen.findByRole('complementary', { name: 'Rest period' })).toHaveTextContent(
      'Rest period: 18 hours remaining',
    );
  });

  it('shows no banner once 48 hours have passed', async () => {
    mockDashboardApi({
      'GET /api/workout-days': answer(200, [
        day(1, { isCompleted: true, lastCompleted: hoursAgo(48) }, 2),
        day(2, {}, 2),
        day(3, {}, 2),
      ]),
      'GET /api/workout-state': answer(200, workoutState(2)),
    });
    renderDashboard({ fakeTimers: true });

    expect(await screen.findByRole('article', { name: 'Day 2' })).toHaveTextContent('Ready to start');
    expect(screen.queryByRole('complementary', { name: 'Rest period' })).not.toBeInTheDocument();
  });

  it('counts down as time passes', async () => {
    mockDashboardApi({
      'GET /api/workout-days': answer(200, [
        day(1, { isCompleted: true, lastCompleted: hoursAgo(47.5) }, 2),
        day(2, {}, 2),
        day(3, {}, 2),
      ]),
      'GET /api/workout-state': answer(200, workoutState(2)),
    });
    renderDashboard({ fakeTimers: true });
    expect(await screen.findByRole('complementary', { name: 'Rest period' })).toHaveTextContent(
      'Rest period: 1 hour remaining',
    );

    act(() => jest.advanceTimersByTime(31 * 60_000));

    expect(screen.queryByRole('complementary', { name: 'Rest period' })).not.toBeInTheDocument();
    expect(dayCard('Day 2')).toHaveTextContent('Ready to start');
  });
});

describe('the build label (BUILD_LABEL at build time)', () => {
  const globals = globalThis as { __BUILD_LABEL__?: string };
  afterEach(() => delete globals.__BUILD_LABEL__);

  it('is shown on the dashboard of a labelled build, such as a canary', async () => {
    mockDashboardApi();
    globals.__BUILD_LABEL__ = 'Canary 0.2.0';
    renderDashboard();

    expect(await screen.findByRole('heading', { level: 1, name: 'Workout Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('note', { name: 'Build: Canary 0.2.0' })).toBeInTheDocument();
  });

  it('is not shown for a normal build', async () => {
    mockDashboardApi();
    renderDashboard();

    expect(await screen.findByRole('heading', { level: 1, name: 'Workout Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
