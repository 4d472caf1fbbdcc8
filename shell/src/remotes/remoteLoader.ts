import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteEntry, RemoteExposeId } from '@hit/contracts';
import { fetchRemoteMap, takeInlinedRemoteMap } from '@hit/platform';

type RemoteMap = Map<string, RemoteEntry>;

let registration: Promise<RemoteMap> | undefined;
/** Whether the map this page registered came with its HTML (the api's answer at this load) rather than a request. */
let registeredFromPage = false;
/** Every remote this visit runs, by name; a canary that failed is replaced here by its stable fallback. */
const registered: RemoteMap = new Map();
/** The same entries as GET /api/remotes served them (what the page asked for), for the update check. */
const served: RemoteMap = new Map();
const loadedModules = new Map<RemoteExposeId, unknown>();
const inFlight = new Map<RemoteExposeId, Promise<unknown>>();

/** The map the page's HTML carries (taken once), else GET /api/remotes. */
async function remoteMap(): Promise<{ remotes: RemoteEntry[]; fromPage: boolean }> {
  const inlined = takeInlinedRemoteMap();
  if (inlined) return { remotes: inlined.remotes, fromPage: true };
  return { remotes: (await fetchRemoteMap()).remotes, fromPage: false };
}

/**
 * Registers every remote of the visitor's map with the MF runtime (which the shell's ModuleFederationPlugin has
 * initialised with the shared singletons): the map the page's HTML came with (issue #25: the api writes it there, so
 * the remote loads beside the shell), else GET /api/remotes (the service worker's offline copy of the page carries
 * none). A failed fetch is forgotten, so the next call asks again. A remote registered once keeps its version for the whole visit: a map asked for again
 * (one lacked a remote) only adds the remotes the page does not run yet, so a page never mixes two releases.
 */
export function registerRemoteMap(): Promise<RemoteMap> {
  registration ??= remoteMap().then(
    ({ remotes, fromPage }) => {
      if (registered.size === 0) registeredFromPage = fromPage;
      const added = remotes.filter(({ name }) => !registered.has(name));
      registerRemotes(added.map(({ name, entry }) => ({ name, entry })));
      for (const remote of added) {
        registered.set(remote.name, remote);
        served.set(remote.name, remote);
      }
      return registered;
    },
    (error: unknown) => {
      registration = undefined;
      throw error;
    },
  );
  return registration;
}

/**
 * Whether the map this page runs came with its HTML: the api's answer at this very load, so the newest map the service
 * worker should keep (a map read from the worker's own copy, offline, is not news to it).
 */
export function runningMapCameWithPage(): boolean {
  return registeredFromPage;
}

/** The remote map this page runs, as the api served it (a canary stays a canary here after it fell back). */
export async function runningRemoteMap(): Promise<RemoteEntry[]> {
  await registerRemoteMap();
  return [...served.values()];
}

async function load<T>(id: RemoteExposeId): Promise<T> {
  const module = await loadRemote<T>(id);
  if (!module) throw new Error(`Remote module ${id} loaded empty`);
  loadedModules.set(id, module);
  return module;
}

/**
 * (Re-)registers a remote on an entry with `force`, which makes the MF runtime forget everything it cached for that
 * remote: its manifest (and a failed manifest request), snapshot, loaded container and the container's global, so
 * the next loadRemote fetches `entry` afresh. Checked against the real runtime in remoteLoader.runtime.test.ts.
 */
function registerAfresh({ name, entry }: RemoteEntry): void {
  registerRemotes([{ name, entry }], { force: true });
}

/** Whether the browser got an answer for `url` (Resource Timing: a status, 0 for a request that failed). */
function answered(url: string): boolean {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByName !== 'function') return false;
  return performance
    .getEntriesByName(url, 'resource')
    .some((entry) => ((entry as PerformanceResourceTiming).responseStatus ?? 0) > 0);
}

/**
 * The page's preloads of a remote version's files (api/src/pages.ts) are dropped once a load of that version failed.
 * A preload the network refused stays in the browser's preload list and would answer the next request of its file
 * with the same failure: Try again, or the next visit of the screen, would fail once more although the network is
 * back. Each one that got no answer is asked for once now, which takes its failure off the list (the answer comes
 * from the failed preload itself, nothing runs); the ones that loaded are left to be used.
 */
async function dropFailedPreloads(entry: string): Promise<void> {
  if (typeof document === 'undefined') return;
  const folder = new URL('.', new URL(entry, document.baseURI)).href;
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].filter((link) =>
    link.href.startsWith(folder),
  );
  await Promise.all(
    links.map(async (link) => {
      link.remove();
      if (answered(link.href)) return;
      if (link.as === 'fetch') {
        await fetch(link.href).then(
          (response) => response.body?.cancel(),
          () => undefined,
        );
      } else if (link.as === 'script') {
        await new Promise<void>((resolve) => {
          const script = document.createElement('script');
          script.src = link.href;
          script.onload = script.onerror = () => {
            script.remove();
            resolve();
          };
          document.head.append(script);
        });
      }
    }),
  );
}

/** A module that has already loaded in this visit, to render it again without suspending. */
export function loadedRemoteModule<T>(id: RemoteExposeId): T | undefined {
  return loadedModules.get(id) as T | undefined;
}

async function loadWithFallback<T>(id: RemoteExposeId): Promise<T> {
  const remotes = await registerRemoteMap();
  const remoteName = id.slice(0, id.indexOf('/'));
  const remote = remotes.get(remoteName);
  if (!remote) {
    registration = undefined; // A later map (e.g. after a release) may have it.
    throw new Error(`The remote map has no entry for ${remoteName}`);
  }
  try {
    return await load<T>(id);
  } catch (error) {
    await dropFailedPreloads(remote.entry);
    if (!remote.fallbackEntry) {
      // The runtime keeps some failures (a manifest request answered with an error body) for good: start afresh,
      // so that Try again really asks again.
      registerAfresh(remote);
      throw error;
    }
    // Whatever failed (the canary's manifest, its remoteEntry.js or the exposed module's chunk), the stable build
    // takes over for the rest of the visit.
    const stable: RemoteEntry = { ...remote, entry: remote.fallbackEntry, fallbackEntry: undefined };
    remotes.set(remoteName, stable);
    registerAfresh(stable);
    try {
      return await load<T>(id);
    } catch (stableError) {
      registerAfresh(stable);
      throw stableError;
    }
  }
}

/**
 * Loads an exposed module of a remote. When the visitor's entry (a canary) fails and the map names a stable
 * `fallbackEntry`, the remote is re-registered on the stable build for the rest of the visit and loaded again.
 * When that fails too, the error reaches the caller (RemoteComponent shows its fallback with Try again). Every call
 * that fails can simply be made again: nothing here keeps a rejected promise. Calls for a module already loading
 * share that load, so two of them never re-register the same remote under each other's feet.
 */
export function loadRemoteModule<T>(id: RemoteExposeId): Promise<T> {
  let loading = inFlight.get(id);
  if (!loading) {
    loading = loadWithFallback<T>(id).finally(() => inFlight.delete(id));
    inFlight.set(id, loading);
  }
  return loading as Promise<T>;
}
