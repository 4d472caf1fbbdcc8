import { remoteMapSchema, type RemoteMap } from '@hit/contracts';
import { request } from './apiClient';

/** Where each remote's mf-manifest.json is for this visitor; never cached, so a rollout applies at once. */
export async function fetchRemoteMap(): Promise<RemoteMap> {
  return remoteMapSchema.parse(await request('/api/remotes', { cache: 'no-cache' }));
}
