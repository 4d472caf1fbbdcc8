import { act } from '@testing-library/react';
import { chestDay, sessionOf } from '../testing/fixtures';
import { passTime, renderActiveWorkout } from '../testing/renderActiveWorkout';
import { mockWorkoutApi } from '../testing/workoutApi';

function fakeWakeLock() {
  const sentinels: { released: boolean; release: jest.Mock }[] = [];
  const request = jest.fn(async () => {
    const sentinel = {
      released: false,
      release: jest.fn(async () => {
        sentinel.released = true;
      }),
    };
    sentinels.push(sentinel);
    return sentinel;
  });
  Object.defineProperty(navigator, 'wakeLock', { configurable: true, value: { request } });
  return { request, sentinels };
}

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-11-22T09:00:00.000Z') });
  mockWorkoutApi();
});
afterEach(() => {
  delete (navigator as { wakeLock?: unknown }).wakeLock;
  jest.useRealTimers();
});

describe('screen wake lock', () => {
  it('keeps the screen on during the workout, again after the page was hidden, and lets go at the end', async () => {
    const { request, sentinels } = fakeWakeLock();
    const day = chestDay();
    const { unmount } = renderActiveWorkout({ day, session: sessionOf(day) });
    await passTime(0);
    expect(request).toHaveBeenCalledWith('screen');

    // The browser drops the lock while the page is hidden; showing the page asks again.
    sentinels[0].released = true;
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(request).toHaveBeenCalledTimes(2);

    unmount();
    expect(sentinels[1].release).toHaveBeenCalled();
  });

  it('works where the browser has no wake lock', async () => {
    const day = chestDay();
    const { unmount } = renderActiveWorkout({ day, session: sessionOf(day) });
    await passTime(0);
    unmount();
  });
});
