import { useCallback } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { User, WeightUnit, WeightUnitBody } from '@hit/contracts';
import { apiRequest } from './apiClient';
import { queryKeys } from './queryKeys';
import { useUser } from './user';

/** A new lifter's unit, as the spec starts everyone (and an api that predates the remembered unit). */
export const DEFAULT_LIFTER_UNIT: WeightUnit = 'lbs';

/**
 * The unit the lifter last used (docs/product-rules.md, "The lifter's unit"), as the cached user carries it: what new
 * sets and Progress Analytics open in. 'lbs' while no user is known.
 */
export function useLifterUnit(): WeightUnit {
  const { data: user } = useUser();
  return user?.weightUnit ?? DEFAULT_LIFTER_UNIT;
}

/** Sets the cached user's unit at once, without a request (a sync answer's, or a choice about to be saved). */
export function rememberLifterUnit(queryClient: QueryClient, weightUnit: WeightUnit): void {
  queryClient.setQueryData<User | null>(queryKeys.user, (user) =>
    user && user.weightUnit !== weightUnit ? { ...user, weightUnit } : user,
  );
}

/** PUT /api/user/weight-unit: the api remembers the choice for every device of the lifter. */
export function saveLifterUnit(weightUnit: WeightUnit): Promise<User> {
  return apiRequest<User>('PUT', '/api/user/weight-unit', { weightUnit } satisfies WeightUnitBody);
}

/**
 * Saves a unit the lifter chose (the Progress Analytics toggle): the cached user takes it at once, then the api.
 * Nothing is shown when the api is out of reach or refuses it: the screen already shows the choice, and the next read
 * of the user brings the server's value.
 */
export function useSaveLifterUnit(): (weightUnit: WeightUnit) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (weightUnit: WeightUnit) => {
      const before = queryClient.getQueryData<User | null>(queryKeys.user);
      if (!before || before.weightUnit === weightUnit) return;
      rememberLifterUnit(queryClient, weightUnit);
      saveLifterUnit(weightUnit).then(
        (user) => rememberLifterUnit(queryClient, user.weightUnit),
        () => undefined,
      );
    },
    [queryClient],
  );
}
