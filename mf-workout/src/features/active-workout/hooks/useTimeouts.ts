import { useEffect, useMemo, useRef } from 'react';

/** Named timeouts (the 500 ms rest-timer start, the 1.5 s next exercise, ...) that all stop with the component. */
export function useTimeouts() {
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const running = timers.current;
    return () => {
      for (const timer of running.values()) clearTimeout(timer);
      running.clear();
    };
  }, []);

  return useMemo(() => {
    const clear = (name: string) => {
      const timer = timers.current.get(name);
      if (timer !== undefined) clearTimeout(timer);
      timers.current.delete(name);
    };
    return {
      /** Runs `callback` after `ms`, replacing a timeout of the same name. */
      set(name: string, callback: () => void, ms: number) {
        clear(name);
        timers.current.set(
          name,
          setTimeout(() => {
            timers.current.delete(name);
            callback();
          }, ms),
        );
      },
      clear,
      clearAll() {
        for (const timer of timers.current.values()) clearTimeout(timer);
        timers.current.clear();
      },
    };
  }, []);
}
