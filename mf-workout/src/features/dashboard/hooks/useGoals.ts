import { useQuery } from '@tanstack/react-query';
import type { Goal } from '@hit/contracts';
import { queryKeys } from '@hit/platform';

/**
 * GET /api/goals: the lifter's goals, each with its progress (docs/product-rules.md, "Goals"). Premium (402 once the
 * trial is over), so only asked for when access is allowed.
 */
export function useGoals({ enabled }: { enabled: boolean }) {
  return useQuery<Goal[]>({ queryKey: queryKeys.goals, enabled });
}
