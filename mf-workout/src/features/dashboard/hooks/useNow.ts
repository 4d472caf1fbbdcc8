import { useEffect, useState } from 'react';

/**
 * The wall-clock time, refreshed every `intervalMs` and as soon as a backgrounded tab is shown again, so hours
 * counted from it (the rest period) are right without counting ticks (docs/architecture.md, "Front-end rules").
 */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const refresh = () => setNow(Date.now());
    const timer = setInterval(refresh, intervalMs);
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [intervalMs]);
  return now;
}
