import type { QueryClient } from '@tanstack/react-query';
import { remoteMapSchema, type RemoteMap } from '@hit/contracts';
import { request } from './apiClient';
import { isNetworkFailure } from './networkStatus';
import { queryKeys } from './queryKeys';

let offlineCopy: { queryClient: QueryClient; restored: Promise<void> } | undefined;

/** Each map the api answers is kept in the query cache (persisted per user), as the map to use with no network. */
export function keepRemoteMapsIn(queryClient: QueryClient, restored: Promise<void>): void {
  offlineCopy = { queryClient, restored };
}

/**
 * Where each remote's mf-manifest.json is for this visitor; never from the HTTP cache, so a rollout applies at
 * once. With no network, the signed-in user's last map (restored from the offline cache) stands in.
 */
export async function fetchRemoteMap(): Promise<RemoteMap> {
  try {
    // The service worker may answer from its own copy: an answer here proves nothing about the api being up.
    const map = remoteMapSchema.parse(
      await request('/api/remotes', { cache: 'no-cache' }, { answerProvesReachable: false }),
    );
    offlineCopy?.queryClient.setQueryData(queryKeys.remoteMap, map);
    return map;
  } catch (error) {
    if (!offlineCopy || !isNetworkFailure(error)) throw error;
    await offlineCopy.restored;
    const known = remoteMapSchema.safeParse(offlineCopy.queryClient.getQueryData(queryKeys.remoteMap));
    if (!known.success) throw error;
    return known.data;
  }
}
