import { act, render, screen } from '@testing-library/react';
import { ActiveWorkoutStub } from '../../../../test/activeWorkoutStub';
import { day, session } from '../../../../test/fixtures';
import { SETTLE_MS } from '../hooks/afterSettled';
import { ActiveWorkoutScreen, usePrefetchActiveWorkout } from './ActiveWorkoutScreen';

// The chunk's module, counted: its factory runs when the chunk is first asked for.
const mockChunkAsked = jest.fn();
jest.mock('../../active-workout', () => {
  mockChunkAsked();
  return { ActiveWorkout: (props: never) => ActiveWorkoutStub(props) };
});

const dayOne = day(1);
const props = { day: dayOne, session: session(dayOne), onClose: () => undefined };

describe('the active workout, a chunk of its own (issue #21)', () => {
  it('is asked for once the dashboard has settled, not with its first paint, and then opens at once', async () => {
    jest.useFakeTimers();
    try {
      function Dashboard() {
        usePrefetchActiveWorkout();
        return <h1>Workout Dashboard</h1>;
      }
      const dashboard = render(<Dashboard />);
      await act(() => jest.advanceTimersByTimeAsync(SETTLE_MS - 100));
      expect(mockChunkAsked).not.toHaveBeenCalled();

      await act(() => jest.advanceTimersByTimeAsync(200));
      expect(mockChunkAsked).toHaveBeenCalledTimes(1);

      dashboard.unmount();
      render(<ActiveWorkoutScreen {...props} />);
      // No spinner: the first render is the workout.
      expect(screen.getByRole('main', { name: 'Active workout' })).toHaveTextContent('Day 1 in progress');
    } finally {
      jest.useRealTimers();
    }
  });
});
