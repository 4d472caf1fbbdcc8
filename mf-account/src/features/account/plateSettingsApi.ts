import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlateSettingsBody } from '@hit/contracts';
import { apiRequest, queryKeys } from '@hit/platform';

/** GET /api/settings/plates: the bar, sled and plates the lifter has, per unit (the defaults until edited). */
export function usePlateSettings() {
  return useQuery<PlateSettingsBody>({ queryKey: queryKeys.plateSettings });
}

/**
 * PUT /api/settings/plates with the whole body; the answer (what was stored) replaces the cached settings, so the
 * set form's plate line uses them at once.
 */
export function useSavePlateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlateSettingsBody) =>
      apiRequest<PlateSettingsBody | undefined>('PUT', '/api/settings/plates', body),
    onSuccess: (saved, body) => queryClient.setQueryData(queryKeys.plateSettings, saved ?? body),
  });
}
