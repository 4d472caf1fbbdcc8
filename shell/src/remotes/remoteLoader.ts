import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteEntry } from '@hit/contracts';
import { fetchRemoteMap } from '@hit/platform';
import type { RemoteModuleId } from './remoteModules';

type RemoteMap = Map<string, RemoteEntry>;

let registration: Promise<RemoteMap> | undefined;
const loadedModules = new Map<RemoteModuleId, unknown>();

/**
 * Fetches GET /api/remotes once and registers every remote with the MF runtime (which the shell's
 * ModuleFederationPlugin has initialised with the shared singletons). A failed fetch is forgotten, so the
 * next call asks again.
 */
export function registerRemoteMap(): Promise<RemoteMap> {
  registration ??= fetchRemoteMap().then(
    ({ remotes }) => {
      registerRemotes(remotes.map(({ name, entry }) => ({ name, entry })));
      return new Map(remotes.map((remote) => [remote.name, remote]));
    },
    (error: unknown) => {
      registration = undefined;
      throw error;
    },
  );
  return registration;
}

async function load<T>(id: RemoteModuleId): Promise<T> {
  const module = await loadRemote<T>(id);
  if (!module) throw new Error(`Remote module ${id} loaded empty`);
  loadedModules.set(id, module);
  return module;
}

/** A module that has already loaded in this visit, to render it again without suspending. */
export function loadedRemoteModule<T>(id: RemoteModuleId): T | undefined {
  return loadedModules.get(id) as T | undefined;
}

/**
 * Loads an exposed module of a remote. When the visitor's entry (a canary) fails and the map names a stable
 * `fallbackEntry`, the remote is re-registered on the stable build for the rest of the visit and loaded again.
 * Every call that fails can simply be made again: nothing here keeps a rejected promise.
 */
export async function loadRemoteModule<T>(id: RemoteModuleId): Promise<T> {
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
    if (!remote.fallbackEntry) throw error;
    const stable = { ...remote, entry: remote.fallbackEntry, fallbackEntry: undefined };
    registerRemotes([{ name: stable.name, entry: stable.entry }], { force: true });
    remotes.set(remoteName, stable);
    return load<T>(id);
  }
}
