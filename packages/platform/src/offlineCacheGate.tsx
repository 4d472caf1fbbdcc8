import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { IsRestoringProvider } from '@tanstack/react-query';

/**
 * Holds every query back until the offline cache is restored (react-query's restoring gate): screens then start
 * from the user's saved reads, and no request races the restore.
 */
export function OfflineCacheGate({
  restored,
  initiallyRestored = false,
  children,
}: {
  restored: Promise<void>;
  /** The restore had settled before the first render (the bootstrap waited for it): no render waits for it. */
  initiallyRestored?: boolean;
  children: ReactNode;
}) {
  const [isRestoring, setIsRestoring] = useState(!initiallyRestored);

  useEffect(() => {
    let mounted = true;
    void restored.finally(() => {
      // A transition: every screen under the gate renders again, and React slices that render instead of running
      // it as one blocking task (issue #25: total blocking time on a phone's CPU). Already restored: no change.
      if (mounted) startTransition(() => setIsRestoring(false));
    });
    return () => {
      mounted = false;
    };
  }, [restored]);

  return <IsRestoringProvider value={isRestoring}>{children}</IsRestoringProvider>;
}
