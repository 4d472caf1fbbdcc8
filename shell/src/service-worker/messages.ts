// What the shell's pages and the service worker say to each other (postMessage), typed once for both sides.
import type { RemoteEntry } from '@hit/contracts';

export type WorkerRequest =
  /**
   * The remote map this page registered and runs for its whole visit: fetch its versions, keep them while it is open.
   * `current`: the map came with the page's HTML, the api's answer at this load (issue #25), so it is also the newest
   * map to start from without a network, as an answer of GET /api/remotes passing through the worker would be.
   */
  | { type: 'PAGE_REMOTES'; remotes: RemoteEntry[]; current?: boolean }
  /** A newer map (a release): fetch its versions now, so the next page load has them even without a network. */
  | { type: 'WARM_REMOTES'; remotes: RemoteEntry[] }
  /** The page accepted the waiting worker (a new shell): take over now; the page reloads on controllerchange. */
  | { type: 'SKIP_WAITING' };

/** The answer on the request's MessagePort, once the files are in the cache (or could not all be fetched). */
export interface WarmReply {
  type: 'WARMED';
  /** Files of the map's versions now in the cache. */
  cached: number;
  /** Files that could not be fetched (offline, a missing build). */
  missing: string[];
}

export function isWorkerRequest(data: unknown): data is WorkerRequest {
  if (typeof data !== 'object' || data === null) return false;
  const { type, remotes } = data as { type?: unknown; remotes?: unknown };
  if (type === 'SKIP_WAITING') return true;
  return (type === 'PAGE_REMOTES' || type === 'WARM_REMOTES') && Array.isArray(remotes);
}
