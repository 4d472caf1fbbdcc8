import { useCallback, useEffect, useRef, useState } from 'react';
import { REST_TIMER_SECONDS } from '../../../constants';
import {
  pauseRestTimer,
  restRemainingMs,
  resumeRestTimer,
  startRestTimer,
  type RestTimerState,
} from '../logic/restTimer';
import { soundRestAlarm } from '../lib/restAlarm';

const TICK_MS = 250;

/** What the rest is for: the set that comes after it. */
export interface NextSet {
  exerciseName: string;
  label: string;
  isWorkingSet: boolean;
}

export interface RestTimer {
  timer: RestTimerState;
  nextSet: NextSet;
  remainingMs: number;
}

/**
 * The rest timer between sets: 180 s, pausable, skippable, closed at zero (with the alarm) or on skip; then
 * `onEnd` runs. The display is recomputed from the end time on an interval and whenever the page is shown
 * again, so it is right after the phone was locked.
 */
export function useRestTimer(onEnd: () => void) {
  const [rest, setRest] = useState<{ timer: RestTimerState; nextSet: NextSet } | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const onEndRef = useRef(onEnd);
  useEffect(() => {
    onEndRef.current = onEnd;
  });

  const remainingMs = rest ? restRemainingMs(rest.timer, now) : 0;
  const running = rest?.timer.status === 'running';

  // Recompute from the clock a few times a second (a throttled background timer only fires late, and the end
  // time, not the number of wake-ups, decides what is shown).
  useEffect(() => {
    if (!running) return;
    const interval = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(interval);
  }, [running]);

  useEffect(() => {
    if (!rest) return;
    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') setNow(Date.now());
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => document.removeEventListener('visibilitychange', onVisibilityChange);
  }, [rest]);

  useEffect(() => {
    if (!running || remainingMs > 0) return;
    setRest(null);
    soundRestAlarm();
    onEndRef.current();
  }, [running, remainingMs]);

  const start = useCallback((nextSet: NextSet) => {
    const startedAt = Date.now();
    setNow(startedAt);
    setRest({ timer: startRestTimer(startedAt, REST_TIMER_SECONDS), nextSet });
  }, []);

  const pause = useCallback(() => {
    const at = Date.now();
    setNow(at);
    setRest((current) => current && { ...current, timer: pauseRestTimer(current.timer, at) });
  }, []);

  const resume = useCallback(() => {
    const at = Date.now();
    setNow(at);
    setRest((current) => current && { ...current, timer: resumeRestTimer(current.timer, at) });
  }, []);

  const skip = useCallback(() => {
    setRest(null);
    onEndRef.current();
  }, []);

  /** Closes it without running onEnd (the set it followed was undone). */
  const cancel = useCallback(() => setRest(null), []);

  const current: RestTimer | null = rest && { ...rest, remainingMs };
  return { rest: current, start, pause, resume, skip, cancel };
}
