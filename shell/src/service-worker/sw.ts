// The app's one service worker (docs/architecture.md, "Offline design"), built by InjectManifest into
// shell/dist/sw.js and registered by the shell for scope `/`. The rules are cachingRules.ts'; this file wires them to
// Workbox and answers the pages' messages (messages.ts). It never answers /api requests other than the remote map:
// user data is the app's. It also shows the rest-over alert the api pushes (issue #22; the rules are restAlert.ts').
import type { RemoteEntry } from '@hit/contracts';
import { setCacheNameDetails } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, type Strategy } from 'workbox-strategies';
import {
  CACHE_PREFIX,
  NETWORK_TIMEOUT_SECONDS,
  REMOTE_CACHE,
  REMOTE_CACHE_MAX_ENTRIES,
  REMOTE_MAP_CACHE,
  REMOTE_MAP_PATH,
  cachingRuleFor,
  foldersToKeep,
  manifestsToWarm,
  offlinePageFor,
  remoteFilesOf,
  remoteVersionFolder,
  type CachingRule,
  type RemoteManifest,
} from './cachingRules';
import { isWorkerRequest, type WarmReply } from './messages';
import { notificationClickAction, restAlertOutcome, type WindowInfo } from './restAlert';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const origin = self.location.origin;

setCacheNameDetails({ prefix: CACHE_PREFIX });

/** Resolves with the network's answer, rejects when it fails or takes longer than the timeout. */
function fetchWithin(request: Request, seconds: number): Promise<Response> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${seconds} s`)), seconds * 1000);
    fetch(request)
      .then(resolve, reject)
      .finally(() => clearTimeout(timer));
  });
}

// Pages first, before the precache's own route could answer `/` from the precache without asking the network.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && cachingRuleFor(url, { origin, navigation: true }) === 'page',
  async ({ request, url }) => {
    try {
      const response = await fetchWithin(request, NETWORK_TIMEOUT_SECONDS);
      // A proxy in front of a stopped api answers 502-504: the precached page serves the lifter better.
      if (response.status < 500) return response;
    } catch {
      // offline, or too slow to wait for
    }
    return (await matchPrecache(offlinePageFor(url.pathname))) ?? Response.error();
  },
);

// The shell's build and the landing page (index.html, main.js and chunks, icons, manifest), revisioned by the build.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// One expiration for both remote strategies: they share the cache, so they share its count.
const remoteExpiration = new ExpirationPlugin({ maxEntries: REMOTE_CACHE_MAX_ENTRIES, purgeOnQuotaError: true });
const strategies: Partial<Record<CachingRule, Strategy>> = {
  'remote-hashed': new CacheFirst({ cacheName: REMOTE_CACHE, plugins: [remoteExpiration] }),
  'remote-named': new NetworkFirst({
    cacheName: REMOTE_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [remoteExpiration],
  }),
  'remote-map': new NetworkFirst({ cacheName: REMOTE_MAP_CACHE, networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS }),
};
for (const [rule, strategy] of Object.entries(strategies)) {
  registerRoute(
    ({ url, request }) => cachingRuleFor(url, { origin, navigation: request.mode === 'navigate' }) === rule,
    strategy,
  );
}

/** One file through the same strategy a page's request would take, so warming and loading cache alike. */
async function cacheRemoteFile(path: string, event: ExtendableEvent): Promise<Response> {
  const request = new Request(new URL(path, origin).href, { credentials: 'same-origin' });
  const strategy = strategies[cachingRuleFor(new URL(request.url), { origin, navigation: false })];
  if (!strategy) throw new Error(`${path} is not a remote file`);
  const response = await strategy.handle({ request, event });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response;
}

/** Every file of one remote version into the cache: the manifest first, then what it lists. */
async function warmVersion(
  manifestPath: string,
  event: ExtendableEvent,
): Promise<{ cached: number; missing: string[] }> {
  let manifest: RemoteManifest;
  try {
    manifest = (await (await cacheRemoteFile(manifestPath, event)).json()) as RemoteManifest;
  } catch {
    return { cached: 0, missing: [manifestPath] };
  }
  const files = remoteFilesOf(manifestPath, manifest).filter((file) => file !== manifestPath);
  const results = await Promise.allSettled(files.map((file) => cacheRemoteFile(file, event)));
  const missing = files.filter((_file, index) => results[index].status === 'rejected');
  return { cached: files.length + 1 - missing.length, missing };
}

/** The maps each open page runs, by client id (forgotten when the worker restarts: see foldersToKeep). */
const pageMaps = new Map<string, RemoteEntry[]>();
const warming = new Map<string, Promise<WarmReply>>();

/** Every version of a map (canary fallbacks included) into the remote cache; concurrent calls share the work. */
function warm(remotes: RemoteEntry[], event: ExtendableEvent): Promise<WarmReply> {
  const manifests = manifestsToWarm(remotes, origin);
  const key = manifests.join('\n');
  let done = warming.get(key);
  if (!done) {
    done = Promise.all(manifests.map((manifest) => warmVersion(manifest, event)))
      .then((versions) => ({
        type: 'WARMED' as const,
        cached: versions.reduce((sum, { cached }) => sum + cached, 0),
        missing: versions.flatMap(({ missing }) => missing),
      }))
      .finally(() => warming.delete(key));
    warming.set(key, done);
  }
  return done;
}

async function cachedRemoteMap(): Promise<RemoteEntry[] | undefined> {
  const cached = await (await caches.open(REMOTE_MAP_CACHE)).match(REMOTE_MAP_PATH);
  if (!cached) return undefined;
  try {
    return ((await cached.json()) as { remotes: RemoteEntry[] }).remotes;
  } catch {
    return undefined;
  }
}

/**
 * Keeps a map as the answer of GET /api/remotes for the next load without a network. A page's own map only when
 * there is none yet (the page of the first visit asked before this worker controlled it), unless it came with the
 * page's HTML at this load (the api's newest answer); a newer map the page has just fetched always (it may have
 * fetched it without this worker, so the cache would not have it).
 */
async function rememberMap(remotes: RemoteEntry[], { replace }: { replace: boolean }): Promise<void> {
  const cache = await caches.open(REMOTE_MAP_CACHE);
  if (!replace && (await cache.match(REMOTE_MAP_PATH))) return;
  const body = JSON.stringify({ remotes });
  await cache.put(
    REMOTE_MAP_PATH,
    new Response(body, { headers: { 'Content-Type': 'application/json; charset=utf-8' } }),
  );
}

/** Removes the remote versions that neither the newest map nor an open page uses. */
async function pruneRemoteVersions(): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window' });
  for (const id of pageMaps.keys()) if (!windows.some((client) => client.id === id)) pageMaps.delete(id);
  const newest = await cachedRemoteMap();
  if (!newest) return;
  // The landing page (exactly `/`) runs no remote, so it never reports a map.
  const openPages = windows
    .filter((client) => pageMaps.has(client.id) || new URL(client.url).pathname !== '/')
    .map((client) => client.id);
  const keep = foldersToKeep({ newest, pages: pageMaps, openPages, origin });
  if (!keep) return;
  const cache = await caches.open(REMOTE_CACHE);
  for (const request of await cache.keys()) {
    const folder = remoteVersionFolder(request.url, origin);
    if (folder && !keep.has(folder)) await cache.delete(request);
  }
}

self.addEventListener('message', (event) => {
  const message: unknown = event.data;
  if (!isWorkerRequest(message)) return;
  if (message.type === 'SKIP_WAITING') {
    void self.skipWaiting();
    return;
  }
  const client = event.source;
  const work = (async (): Promise<WarmReply> => {
    if (message.type === 'PAGE_REMOTES' && client && 'id' in client) pageMaps.set(client.id, message.remotes);
    const newest = message.type === 'WARM_REMOTES' || (message.type === 'PAGE_REMOTES' && message.current === true);
    await rememberMap(message.remotes, { replace: newest });
    const reply = await warm(message.remotes, event);
    await pruneRemoteVersions();
    return reply;
  })().then(
    (reply) => event.ports[0]?.postMessage(reply),
    (error: unknown) =>
      event.ports[0]?.postMessage({ type: 'WARMED', cached: 0, missing: [String(error)] } satisfies WarmReply),
  );
  event.waitUntil(work);
});

/** The app's windows, controlled by this worker or not yet (a page of the first visit). */
async function appWindows(): Promise<{ clients: readonly WindowClient[]; info: WindowInfo[] }> {
  const clients = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  return {
    clients,
    info: clients.map(({ url, visibilityState, focused }) => ({ url, visibilityState, focused })),
  };
}

// The rest-over alert (issue #22): shown unless the workout page is on screen (it beeps itself) or it came too late.
self.addEventListener('push', (event) => {
  event.waitUntil(
    (async () => {
      let data: unknown;
      try {
        data = event.data?.json();
      } catch {
        return; // not JSON: not ours
      }
      const { info } = await appWindows();
      const outcome = restAlertOutcome(data, { now: Date.now(), origin, windows: info });
      if (outcome.show) await self.registration.showNotification(outcome.title, outcome.options);
    })(),
  );
});

// Tapping it: the open workout, else a window of the app taken to /home, else a new window at /home.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(
    (async () => {
      const { clients, info } = await appWindows();
      const action = notificationClickAction(event.notification.data, { origin, windows: info });
      if ('open' in action) {
        await self.clients.openWindow(action.open);
        return;
      }
      const client = clients[action.focus];
      const focused = await client.focus();
      if (!action.navigate) return;
      // navigate() works on a window this worker controls; another one gets a new window instead.
      const navigated = await focused.navigate(action.navigate).catch(() => null);
      if (!navigated) await self.clients.openWindow(action.navigate);
    })(),
  );
});
