import { useEffect, useState, type ReactNode } from 'react';
import { IsRestoringProvider } from '@tanstack/react-query';

/**
 * Holds every query back until the offline cache is restored (react-query's restoring gate): screens then start
 * from the user's saved reads, and no request races the restore.
 */
export function OfflineCacheGate({ restored, children }: { restored: Promise<void>; children: ReactNode }) {
  const [isRestoring, setIsRestoring] = useState(true);

  useEffect(() => {
    let mounted = true;
    void restored.finally(() => {
      if (mounted) setIsRestoring(false);
    });
    return () => {
      mounted = false;
    };
  }, [restored]);

  return <IsRestoringProvider value={isRestoring}>{children}</IsRestoringProvider>;
}
