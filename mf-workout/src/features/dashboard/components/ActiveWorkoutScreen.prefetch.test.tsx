import { act, fireEvent, render, screen } from '@testing-library/react';
import { ActiveWorkoutStub } from '../../../../test/activeWorkoutStub';
import { day, session } from '../../../../test/fixtures';
import { ActiveWorkoutScreen, usePreloadActiveWorkout } from './ActiveWorkoutScreen';

// The chunk's module, counted: its factory runs when the chunk is first asked for.
const mockChunkAsked = jest.fn();
jest.mock('../../active-workout', () => {
  mockChunkAsked();
  return { ActiveWorkout: (props: never) => ActiveWorkoutStub(props) };
});

const dayOne = day(1);
const props = { day: dayOne, session: session(dayOne), onClose: () => undefined };

function Dashboard() {
  usePreloadActiveWorkout();
  return <button>Start Workout</button>;
}

describe('the active workout, a chunk of its own (issue #21)', () => {
  it("is asked for at the lifter's first touch, not by a dashboard only looked at, and then opens at once", async () => {
    jest.useFakeTimers();
    try {
      const dashboard = render(<Dashboard />);
      await act(() => jest.advanceTimersByTimeAsync(60_000));
      expect(mockChunkAsked).not.toHaveBeenCalled();

      fireEvent.pointerDown(screen.getByRole('button', { name: 'Start Workout' }));
      await act(() => jest.advanceTimersByTimeAsync(0));
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
