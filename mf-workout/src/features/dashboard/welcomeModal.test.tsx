import { act, screen } from '@testing-library/react';
import { dismissToast } from '@hit/platform';
import { mockDashboardApi, renderDashboard } from '../../../test/renderDashboard';

const WELCOME = 'Welcome to Your Workout Journey!';

// Counts the renders of the day cards, the dashboard's own content under the modal.
const mockDayCardRenders = jest.fn();
jest.mock('./components/WorkoutDayCard', () => {
  const actual = jest.requireActual<typeof import('./components/WorkoutDayCard')>('./components/WorkoutDayCard');
  return {
    ...actual,
    WorkoutDayCard: (props: Parameters<typeof actual.WorkoutDayCard>[0]) => {
      mockDayCardRenders();
      return actual.WorkoutDayCard(props);
    },
  };
});

beforeEach(() => {
  window.localStorage.clear();
  jest.useFakeTimers();
});
afterEach(() => {
  act(() => dismissToast());
  jest.useRealTimers();
});

async function dashboardShown() {
  return screen.findByRole('heading', { name: 'Workout Dashboard' });
}

describe('the welcome modal', () => {
  it('opens 500 ms after the user is present, not before', () => {
    mockDashboardApi();
    renderDashboard({ fakeTimers: true });

    act(() => jest.advanceTimersByTime(499));
    expect(screen.queryByRole('dialog', { name: WELCOME })).not.toBeInTheDocument();

    act(() => jest.advanceTimersByTime(1));
    const dialog = screen.getByRole('dialog', { name: WELCOME });
    expect(dialog).toHaveTextContent('Two light warm-ups, then one working set to failure.');
    expect(dialog).toHaveTextContent('A 3-minute rest timer');
    expect(dialog).toHaveTextContent('Day 1 Chest & Back, Day 2 Shoulders & Arms, Day 3 Legs & Abs');
  });

  it('renders itself alone when it opens, not the dashboard under it again (its longest task on a phone)', async () => {
    mockDashboardApi();
    renderDashboard({ fakeTimers: true });
    await act(() => jest.advanceTimersByTimeAsync(499));
    expect(screen.getByRole('heading', { name: 'Workout Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: WELCOME })).not.toBeInTheDocument();
    expect(mockDayCardRenders).toHaveBeenCalled();
    mockDayCardRenders.mockClear();

    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('dialog', { name: WELCOME })).toBeInTheDocument();
    expect(mockDayCardRenders).not.toHaveBeenCalled();
  });

  it("fades out after 'Got it', is gone 300 ms later and remembers it was seen", async () => {
    mockDashboardApi();
    const { user } = renderDashboard({ fakeTimers: true });
    act(() => jest.advanceTimersByTime(500));
    await user.click(await screen.findByRole('button', { name: 'Got it' }));

    expect(window.localStorage.getItem('hasSeenWelcomeMessage')).not.toBeNull();
    act(() => jest.advanceTimersByTime(299));
    expect(screen.getByRole('dialog', { name: WELCOME })).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog', { name: WELCOME })).not.toBeInTheDocument();
  });

  it('is not shown again once seen', async () => {
    window.localStorage.setItem('hasSeenWelcomeMessage', 'true');
    mockDashboardApi();
    renderDashboard({ fakeTimers: true });
    await dashboardShown();

    act(() => jest.advanceTimersByTime(5000));

    expect(screen.queryByRole('dialog', { name: WELCOME })).not.toBeInTheDocument();
  });

  it('also counts as seen when closed with Escape', async () => {
    mockDashboardApi();
    const { user } = renderDashboard({ fakeTimers: true });
    act(() => jest.advanceTimersByTime(500));
    await screen.findByRole('dialog', { name: WELCOME });

    await user.keyboard('{Escape}');
    act(() => jest.advanceTimersByTime(300));

    expect(screen.queryByRole('dialog', { name: WELCOME })).not.toBeInTheDocument();
    expect(window.localStorage.getItem('hasSeenWelcomeMessage')).not.toBeNull();
  });
});
