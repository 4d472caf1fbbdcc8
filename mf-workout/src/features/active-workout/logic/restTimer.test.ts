import {
  formatClock,
  pauseRestTimer,
  restRemainingMs,
  restSecondsLeft,
  resumeRestTimer,
  startRestTimer,
} from './restTimer';

const start = 1_700_000_000_000;

describe('rest timer', () => {
  it('runs 180 s from its start', () => {
    const timer = startRestTimer(start, 180);
    expect(restRemainingMs(timer, start)).toBe(180_000);
    expect(restRemainingMs(timer, start + 45_000)).toBe(135_000);
    expect(restRemainingMs(timer, start + 200_000)).toBe(0);
  });

  it('knows the time left from its end time alone, however long nobody looked (a locked phone)', () => {
    const timer = startRestTimer(start, 180);
    // No ticks in between: the clock simply moved on.
    expect(formatClock(restSecondsLeft(restRemainingMs(timer, start + 100_000)))).toBe('01:20');
  });

  it('keeps the time left while paused and counts on from there when resumed', () => {
    const paused = pauseRestTimer(startRestTimer(start, 180), start + 30_000);
    expect(restRemainingMs(paused, start + 90_000)).toBe(150_000);
    const resumed = resumeRestTimer(paused, start + 90_000);
    expect(restRemainingMs(resumed, start + 100_000)).toBe(140_000);
  });

  it('pausing twice or resuming a running timer changes nothing', () => {
    const running = startRestTimer(start, 180);
    expect(resumeRestTimer(running, start + 5000)).toBe(running);
    const paused = pauseRestTimer(running, start + 1000);
    expect(pauseRestTimer(paused, start + 9000)).toBe(paused);
  });

  it.each([
    [180_000, '03:00'],
    [179_001, '03:00'],
    [179_000, '02:59'],
    [60_000, '01:00'],
    [9_500, '00:10'],
    [1, '00:01'],
    [0, '00:00'],
  ])('shows %p ms as %s (whole seconds, rounded up)', (ms, shown) => {
    expect(formatClock(restSecondsLeft(ms))).toBe(shown);
  });
});
