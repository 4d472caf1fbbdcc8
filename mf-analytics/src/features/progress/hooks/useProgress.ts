import { useQuery } from '@tanstack/react-query';
import type { ProgressEntry } from '@hit/contracts';
import { queryKeys } from '@hit/platform';

/** GET /api/progress (oldest first); only asked for when the user may see analytics (otherwise it answers 402). */
export function useProgress(enabled: boolean) {
  return useQuery<ProgressEntry[]>({ queryKey: queryKeys.progress, enabled });
}
