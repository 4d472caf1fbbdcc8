import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteEntry, RemoteExposeId } from '@hit/contracts';
import { fetchRemoteMap } from '@hit/platform';

type RemoteMap = Map<string, RemoteEntry>;

let registration: Promise<RemoteMap> | undefined;
/** Every remote this visit runs, by name; a canary that failed is replaced here by its stable fallback. */
const registered: RemoteMap = new Map();
/** The same entries as GET /api/remotes served them (what the page asked for), for the update check. */
const served: RemoteMap = new Map();
const loadedModules = new Map<RemoteExposeId, unknown>();
const inFlight = new Map<RemoteExposeId, Promise<unknown>>();

/**
 * Fetches GET /api/remotes once and registers every remote with the MF runtime (which the shell's
 * ModuleFederationPlugin has initialised with the shared singletons). A failed fetch is forgotten, so the
 * next call asks again. A remote registered once keeps its version for the whole visit: a map asked for again
 * (one lacked a remote) only adds the remotes the page does not run yet, so a page never mixes two releases.
 */
export function registerRemoteMap(): Promise<RemoteMap> {
  registration ??= fetchRemoteMap().then(
    ({ remotes }) => {
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
