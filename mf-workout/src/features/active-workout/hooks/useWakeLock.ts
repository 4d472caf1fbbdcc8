import { useEffect } from 'react';

/**
 * Keeps the screen on during a workout where the Screen Wake Lock API exists. The browser drops the lock when
 * the page is hidden, so it is requested again each time the page becomes visible; released on unmount.
 */
export function useWakeLock(enabled: boolean): void {
  useEffect(() => {
    if (!enabled || typeof navigator === 'undefined' || !('wakeLock' in navigator)) return;
    let sentinel: WakeLockSentinel | null = null;
    let stopped = false;

    const acquire = async () => {
      if (document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      try {
        const lock = await navigator.wakeLock.request('screen');
        if (stopped) void lock.release().catch(() => undefined);
        else sentinel = lock;
      } catch {
        // Refused (battery saver, no permission): the workout works anyway.
      }
    };
    const onVisibilityChange = () => void acquire();

    void acquire();
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisibilityChange);
      void sentinel?.release().catch(() => undefined);
    };
  }, [enabled]);
}
