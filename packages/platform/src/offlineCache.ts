import { clear, createStore, get, set, type UseStore } from 'idb-keyval';
import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistedClient,
  type Persister,
} from '@tanstack/react-query-persist-client';
import type { User } from '@hit/contracts';
import { isOffline, subscribeNetworkStatus } from './networkStatus';
import { isPersistedRead, isUserDataRead, OFFLINE_CACHE_MAX_AGE_MS, OFFLINE_CACHE_VERSION } from './persistedReads';
import { queryKeys } from './queryKeys';
import { keepRemoteMapsIn } from './remoteMap';

/** Where the reads are kept: IndexedDB in the app, anything with the same three calls in tests. */
export interface OfflineStorage {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  clear(): Promise<void>;
}

/** A database of its own (not idb-keyval's shared default), opened on first use so importing it touches nothing. */
export function indexedDbStorage(databaseName = 'hit-offline-cache'): OfflineStorage {
  let store: UseStore | undefined;
  const reads = () => (store ??= createStore(databaseName, 'reads'));
  return {
    get: (key) => get(key, reads()),
    set: (key, value) => set(key, value, reads()),
    clear: () => clear(reads()),
  };
}

/** The last signed-in user's id: a cold start restores their reads before GET /api/user answers. */
export const SIGNED_IN_USER_KEY = 'signed-in-user';
/** One user's reads live under their own id, so no start can hydrate one user's reads for another. */
export const cacheKeyOf = (userId: string) => `hit-cache:${userId}`;

/** Saves come in bursts (a screen's reads answer together): one write for the burst. */
export const SAVE_DELAY_MS = 500;
/** While offline, one light request (the user check) this often finds the api again; never a storm. */
export const RECONNECT_PROBE_MS = 30_000;

const USER_HASH = hashKey(queryKeys.user);

/** Which answers a copy holds: a save with the same answers as the last one written needs no write. */
function answersOf(client: PersistedClient): string {
  return client.clientState.queries.map(({ queryHash, state }) => `${queryHash}@${state.dataUpdatedAt}`).join('\n');
}

function userIdOf(state: PersistedClient['clientState']): string | null {
  const user = state.queries.find((query) => query.queryHash === USER_HASH)?.state.data as User | null | undefined;
  return user?.id ?? null;
}

/** A read as last answered: a refresh that failed since is not part of the data, and an Error need not be stored. */
function asLastKnownAnswers(client: PersistedClient): PersistedClient {
  return {
    ...client,
    clientState: {
      mutations: [],
      queries: client.clientState.queries.map((query) => ({
        ...query,
        state: {
          ...query.state,
          status: 'success',
          error: null,
          fetchFailureCount: 0,
          fetchFailureReason: null,
          fetchStatus: 'idle',
          isInvalidated: false,
        },
      })),
    },
  };
}

/** Asks the browser to keep the user's data under storage pressure; it may say no, or not know the call. */
export async function requestPersistentStorage(): Promise<void> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (typeof storage?.persist !== 'function') return;
  try {
    if (typeof storage.persisted === 'function' && (await storage.persisted())) return;
    await storage.persist();
  } catch {
    // The browser decides; the app works the same without it.
  }
}

/** When the user's data in the cache was last answered by the api (undefined when there is none). */
export function lastDataUpdateAt(queryClient: QueryClient): number | undefined {
  const times = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => isUserDataRead(query) && query.state.data !== undefined && query.state.dataUpdatedAt > 0)
    .map((query) => query.state.dataUpdatedAt);
  return times.length > 0 ? Math.max(...times) : undefined;
}

export interface OfflineCache {
  /** Settles once the signed-in user's persisted reads (if any) are in the query cache. */
  restored: Promise<void>;
  /** Writes a pending save now. */
  flush(): Promise<void>;
  /** Stops saving, watching the user and probing (the app keeps it for the whole visit). */
  stop(): void;
}

// The visit's one cache (the shell starts it), so that signing out can wait until the user's reads are gone, and a
// sync answer until its server state is stored.
let activeCache: { forgetUser(): Promise<void>; flush(): Promise<void> } | undefined;

/**
 * Forgets the signed-in user's reads now and settles once they are gone from IndexedDB: a sign-out that navigates,
 * or a tab closed right after it, can never leave them behind for the next start to restore.
 */
export function forgetSignedInUser(): Promise<void> {
  return activeCache?.forgetUser() ?? Promise.resolve();
}

/**
 * Writes the reads changed since the last save now, and settles once they are in IndexedDB (a storage failure is
 * not an error here: the copy is a cache). A sync answer's server state is stored so before its operations leave the
 * outbox (useOutboxSync): a tab closed in between would otherwise open next time with the older state and nothing
 * left to play over it, showing a workout without the sets just synced.
 */
export function storeReadsNow(): Promise<void> {
  return activeCache?.flush() ?? Promise.resolve();
}

export interface OfflineCacheOptions {
  storage?: OfflineStorage;
  saveDelayMs?: number;
}

/**
 * Keeps the reads the screens need (persistedReads.ts) in IndexedDB under the signed-in user's id and restores the
 * last signed-in user's copy at start, before any query runs (see OfflineCacheGate). Restored reads are shown at
 * once and each is asked for again the first time a screen uses it. When the signed-in user changes (sign-in,
 * sign-out, a 401 from GET /api/user, another account's session) every stored read goes and the pointer moves,
 * so the browser holds one person's reads at most. While the api cannot be reached, a single user check every
 * RECONNECT_PROBE_MS (and on the browser's online event or a return to the tab) finds it again; then every read
 * on screen is refreshed once.
 */
export function startOfflineCache(
  queryClient: QueryClient,
  { storage = indexedDbStorage(), saveDelayMs = SAVE_DELAY_MS }: OfflineCacheOptions = {},
): OfflineCache {
  let signedInUserId: string | null = null;
  let stopped = false;
  // Every storage call in order: a write scheduled before a sign-out can never land after its removal.
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (operation: () => Promise<void>) => {
    queue = queue.then(operation).catch(() => undefined);
    return queue;
  };

  let pending: { userId: string; client: PersistedClient } | undefined;
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  // Most cache events (a fetch starting, a mutation of the workout) change no answer: they cost no write.
  let savedAnswers = '';

  const flush = () => {
    clearTimeout(saveTimer);
    saveTimer = undefined;
    const save = pending;
    pending = undefined;
    if (!save) return queue;
    return enqueue(async () => {
      if (save.userId === signedInUserId) await storage.set(cacheKeyOf(save.userId), save.client);
    });
  };

  const persister: Persister = {
    persistClient: (client) => {
      const userId = userIdOf(client.clientState);
      // Nobody signed in, or a state caught mid-change of user: nothing of it is kept.
      if (!userId || userId !== signedInUserId) return;
      const answers = answersOf(client);
      if (answers === savedAnswers) return;
      savedAnswers = answers;
      pending = { userId, client: asLastKnownAnswers(client) };
      saveTimer ??= setTimeout(() => void flush(), saveDelayMs);
    },
    restoreClient: async () => {
      const userId = await storage.get<string>(SIGNED_IN_USER_KEY);
      if (typeof userId !== 'string') return undefined;
      const client = await storage.get<PersistedClient>(cacheKeyOf(userId));
      if (!client || userIdOf(client.clientState) !== userId) return undefined;
      savedAnswers = answersOf(client);
      return client;
    },
    removeClient: () => enqueue(() => storage.clear()),
  };

  const changeUser = (previous: string | null, next: string | null) => {
    signedInUserId = next;
    pending = undefined;
    savedAnswers = '';
    void enqueue(async () => {
      await storage.clear();
      if (next) await storage.set(SIGNED_IN_USER_KEY, next);
    });
    if (previous !== null) {
      // What is in memory was the previous user's: gone, and what is on screen asks again for the new one.
      const othersThanUser = { predicate: ({ queryHash }: { queryHash: string }) => queryHash !== USER_HASH };
      if (next === null) queryClient.removeQueries(othersThanUser);
      else void queryClient.resetQueries(othersThanUser);
    }
    if (next) void requestPersistentStorage();
  };

  const watchUser = () =>
    queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success' || event.query.queryHash !== USER_HASH) return;
      const nextId = (event.query.state.data as User | null | undefined)?.id ?? null;
      if (nextId !== signedInUserId) changeUser(signedInUserId, nextId);
    });

  let probeTimer: ReturnType<typeof setInterval> | undefined;
  const probe = () => {
    if (isOffline()) void queryClient.refetchQueries({ queryKey: queryKeys.user as QueryKey, exact: true });
  };
  let wasOffline = isOffline();
  const onNetworkChange = () => {
    const offline = isOffline();
    if (offline && probeTimer === undefined) probeTimer = setInterval(probe, RECONNECT_PROBE_MS);
    if (!offline) {
      clearInterval(probeTimer);
      probeTimer = undefined;
    }
    // Back: everything is refreshed once (what is on screen now, the rest when next shown).
    if (wasOffline && !offline) void queryClient.invalidateQueries();
    wasOffline = offline;
  };
  const probeWhenVisible = () => {
    if (document.visibilityState === 'visible') probe();
    else void flush();
  };
  const onPageHide = () => void flush();

  const cache = {
    flush,
    forgetUser: () => {
      if (signedInUserId !== null) changeUser(signedInUserId, null);
      return queue;
    },
  };
  activeCache = cache;

  const stops: (() => void)[] = [];
  const restored = persistQueryClientRestore({
    queryClient,
    persister,
    maxAge: OFFLINE_CACHE_MAX_AGE_MS,
    buster: OFFLINE_CACHE_VERSION,
  })
    // Storage unavailable or unreadable: the app starts as it would on a new browser.
    .catch(() => undefined)
    .then(() => {
      if (stopped) return;
      signedInUserId = (queryClient.getQueryData<User | null>(queryKeys.user) ?? null)?.id ?? null;
      // Shown at once, asked again when first used: a restored read is never taken for the api's latest.
      void queryClient.invalidateQueries({ refetchType: 'none' });
      // The user watcher first: a save caused by a change of user must see the new user.
      stops.push(watchUser());
      stops.push(
        persistQueryClientSubscribe({
          queryClient,
          persister,
          buster: OFFLINE_CACHE_VERSION,
          dehydrateOptions: { shouldDehydrateQuery: isPersistedRead, shouldDehydrateMutation: () => false },
        }),
      );
    });
  keepRemoteMapsIn(queryClient, restored);

  onNetworkChange();
  stops.push(subscribeNetworkStatus(onNetworkChange));
  if (typeof window !== 'undefined') {
    window.addEventListener('online', probe);
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', probeWhenVisible);
    stops.push(() => {
      window.removeEventListener('online', probe);
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', probeWhenVisible);
    });
  }

  return {
    restored,
    flush,
    stop: () => {
      stopped = true;
      if (activeCache === cache) activeCache = undefined;
      clearTimeout(saveTimer);
      clearInterval(probeTimer);
      for (const stop of stops.splice(0)) stop();
    },
  };
}
