/**
 * The rest timer as a value driven by the wall clock (docs/product-rules.md, "Rest timer"): it keeps the moment it
 * ends, never a count of ticks, so a tab that was hidden or a phone that was locked shows the right time when it comes
 * back.
 */
export type RestTimerState = { status: 'running'; endsAt: number } | { status: 'paused'; remainingMs: number };

export function startRestTimer(now: number, seconds: number): RestTimerState {
  return { status: 'running', endsAt: now + seconds * 1000 };
}

export function restRemainingMs(timer: RestTimerState, now: number): number {
  return timer.status === 'paused' ? timer.remainingMs : Math.max(0, timer.endsAt - now);
}

export function pauseRestTimer(timer: RestTimerState, now: number): RestTimerState {
  return timer.status === 'paused' ? timer : { status: 'paused', remainingMs: restRemainingMs(timer, now) };
}

export function resumeRestTimer(timer: RestTimerState, now: number): RestTimerState {
  return timer.status === 'running' ? timer : { status: 'running', endsAt: now + timer.remainingMs };
}

/** Whole seconds left, rounded up: the display shows 0:00 only when the time is really over. */
export function restSecondsLeft(remainingMs: number): number {
  return Math.ceil(Math.max(0, remainingMs) / 1000);
}

/** 'mm:ss', as a countdown shows it. */
export function formatClock(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}
