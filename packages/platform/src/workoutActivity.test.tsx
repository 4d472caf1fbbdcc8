import { act, renderHook } from '@testing-library/react';
import { isWorkoutActive, setWorkoutActive, useWorkoutActive, useWorkoutInProgress } from './workoutActivity';

afterEach(() => act(() => setWorkoutActive(false)));

describe('the workout-in-progress flag', () => {
  it('is off until a workout says it is in progress', () => {
    const { result } = renderHook(() => useWorkoutActive());

    expect(result.current).toBe(false);
    expect(isWorkoutActive()).toBe(false);
  });

  it('is on while the active workout is mounted, seen by every reader, and off once it unmounts', () => {
    const shell = renderHook(() => useWorkoutActive());
    const workout = renderHook(() => useWorkoutInProgress(true));

    expect(shell.result.current).toBe(true);
    expect(isWorkoutActive()).toBe(true);

    workout.unmount();

    expect(shell.result.current).toBe(false);
    expect(isWorkoutActive()).toBe(false);
  });

  it('goes off when the workout is finished while its screen is still shown', () => {
    const shell = renderHook(() => useWorkoutActive());
    const workout = renderHook(({ inProgress }) => useWorkoutInProgress(inProgress), {
      initialProps: { inProgress: true },
    });

    workout.rerender({ inProgress: false });

    expect(shell.result.current).toBe(false);
  });
});
