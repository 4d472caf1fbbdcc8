import type { QueryClient } from '@tanstack/react-query';
import { remoteMapSchema, type RemoteMap } from '@hit/contracts/remotes';
import { request } from './apiClient';
import { isNetworkFailure } from './networkStatus';
import { queryKeys } from './queryKeys';

let offlineCopy: { queryClient: QueryClient; restored: Promise<void> } | undefined;

/** Each map the api answers is kept in the query cache (persisted per user), as the map to use with no network. */
export function keepRemoteMapsIn(queryClient: QueryClient, restored: Promise<void>): void {
  offlineCopy = { queryClient, restored };
}

/** The id of the JSON data block in which the api's page carries the visitor's map (api/src/pages.ts). */
export const INLINED_REMOTE_MAP_ID = 'hit-remotes';

/**
 * The remote map the page's HTML came with: exactly what GET /api/remotes would have answered this visitor at this
 * load (issue #25), so the remotes start loading without that round trip. Taken once: the data block is removed, so a
 * later registration (after a failure, or a map that lacked a remote) asks the api. Undefined without one (the service
 * worker's offline copy of the page, the development server's page) or when it does not match the contract. Kept in
 * the query cache as an answer of the api would be, for offline starts.
 */
export function takeInlinedRemoteMap(): RemoteMap | undefined {
  if (typeof document === 'undefined') return undefined;
  const element = document.getElementById(INLINED_REMOTE_MAP_ID);
  if (!element) return undefined;
  element.remove();
  let parsed: unknown;
  try {
    parsed = JSON.parse(element.textContent ?? '');
  } catch {
    return undefined;
  }
  const map = remoteMapSchema.safeParse(parsed);
  if (!map.success) return undefined;
  if (offlineCopy) {
    const { queryClient, restored } = offlineCopy;
    // After the restore, which would otherwise put the last visit's map back over it.
    void restored.then(
      () => queryClient.setQueryData(queryKeys.remoteMap, map.data),
      () => undefined,
    );
  }
  return map.data;
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
