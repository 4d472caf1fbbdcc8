import { useEffect, useEffectEvent } from 'react';

const TICK_MS = 250;

/**
 * The wall clock for a running rest timer: `onTick(now)` a few times a second and whenever the page is shown
 * again, so the time left is right after the phone was locked (a throttled background timer only fires late, and
 * the end time, not the number of ticks, decides what is shown).
 */
export function useRestClock(running: boolean, onTick: (now: number) => void): void {
  const tick = useEffectEvent(() => onTick(Date.now()));

  useEffect(() => {
    if (!running) return;
    const interval = setInterval(tick, TICK_MS);
    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') tick();
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      clearInterval(interval);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [running]);
}
