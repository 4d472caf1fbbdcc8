import '@hit/platform/test/fakeIndexedDb';
import type { ReactNode } from 'react';
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { act, render, screen, waitFor } from '@testing-library/react';
import { request } from './apiClient';
import { isOffline } from './networkStatus';
import {
  cacheKeyOf,
  forgetSignedInUser,
  indexedDbStorage,
  lastDataUpdateAt,
  RECONNECT_PROBE_MS,
  SIGNED_IN_USER_KEY,
  startOfflineCache,
  type OfflineCache,
  type OfflineStorage,
} from './offlineCache';
import { OfflineCacheGate } from './offlineCacheGate';
import { OFFLINE_CACHE_MAX_AGE_MS, OFFLINE_CACHE_VERSION } from './persistedReads';
import { createQueryClient } from './queryClient';
import { queryKeys } from './queryKeys';
import { fetchRemoteMap } from './remoteMap';
import { answer, mockApi } from '@hit/platform/test/apiMock';
import { clearSignedInHint } from '@hit/platform/test/signedInHint';

const ann = { id: 'u-ann', email: 'ann@gym.test', firstName: 'Ann', lastName: 'Lee', weightUnit: 'lbs' as const };
const bob = { id: 'u-bob', email: 'bob@gym.test', firstName: 'Bob', lastName: 'Ray', weightUnit: 'lbs' as const };
const annDays = [{ id: 1, name: 'Chest & Back (Ann)' }];
const bobDays = [{ id: 1, name: 'Chest & Back (Bob)' }];
const annState = { cycleCount: 4, nextRecommendedDay: 2 };
const remoteMap = {
  remotes: [{ name: 'mf_workout', entry: '/remotes/mf-workout/0.1.0/mf-manifest.json', version: '0.1.0' }],
};
const noNetwork = () => {
  throw new TypeError('Failed to fetch');
};

/** The same three calls on a Map: for the tests that drive time with fake timers (IndexedDB runs on real ones). */
function memoryStorage(): OfflineStorage {
  const values = new Map<string, unknown>();
  return {
    get: async <T,>(key: string) => structuredClone(values.get(key)) as T | undefined,
    set: async (key, value) => void values.set(key, structuredClone(value)),
    clear: async () => values.clear(),
  };
}

let storage: OfflineStorage;
let databaseCount = 0;
const running: OfflineCache[] = [];

beforeEach(async () => {
  databaseCount += 1;
  storage = indexedDbStorage(`hit-offline-cache-test-${databaseCount}`);
  // Every test starts online (the network status is one store for the page).
  mockApi({ 'GET /api/health': answer(200, {}) });
  await request('/api/health');
});

afterEach(() => {
  for (const cache of running.splice(0)) cache.stop();
  jest.useRealTimers();
});

/** The app's query client with its offline cache, as the shell starts them. */
async function start(): Promise<{ queryClient: QueryClient; cache: OfflineCache }> {
  const queryClient = createQueryClient();
  const cache = startOfflineCache(queryClient, { storage, saveDelayMs: 0 });
  running.push(cache);
  await cache.restored;
  return { queryClient, cache };
}

/** A copy as an earlier visit saved it: the user and their reads, answered `savedAt`. */
function savedCopy(
  user: { id: string },
  reads: [readonly unknown[], unknown][],
  savedAt = Date.now(),
): PersistedClient {
  return {
    timestamp: savedAt,
    buster: OFFLINE_CACHE_VERSION,
    clientState: {
      mutations: [],
      queries: [[queryKeys.user, user] as const, ...reads].map(([queryKey, data]) => ({
        queryKey: [...queryKey],
        queryHash: JSON.stringify(queryKey),
        dehydratedAt: savedAt,
        state: {
          data,
          dataUpdateCount: 1,
          dataUpdatedAt: savedAt,
          error: null,
          errorUpdateCount: 0,
          errorUpdatedAt: 0,
          fetchFailureCount: 0,
          fetchFailureReason: null,
          fetchMeta: null,
          isInvalidated: false,
          status: 'success' as const,
          fetchStatus: 'idle' as const,
        },
      })),
    },
  };
}

async function saveEarlierVisit(user: { id: string }, reads: [readonly unknown[], unknown][], savedAt?: number) {
  await storage.set(SIGNED_IN_USER_KEY, user.id);
  await storage.set(cacheKeyOf(user.id), savedCopy(user, reads, savedAt));
}

/** What the browser holds for `userId`: each saved read's key and data. */
async function storedReads(userId: string): Promise<Record<string, unknown> | undefined> {
  const copy = await storage.get<PersistedClient>(cacheKeyOf(userId));
  return copy && Object.fromEntries(copy.clientState.queries.map((query) => [query.queryHash, query.state.data]));
}

const hashOf = (queryKey: readonly unknown[]) => JSON.stringify(queryKey);

function WorkoutDayNames() {
  const { data, isError, isPending } = useQuery<{ name: string }[]>({ queryKey: queryKeys.workoutDays });
  if (data) return <p>{data.map((day) => day.name).join(', ')}</p>;
  return <p>{isPending ? 'loading' : isError ? 'failed' : ''}</p>;
}

function renderWithGate(queryClient: QueryClient, cache: OfflineCache, children: ReactNode) {
  return render(
    <QueryClientProvider client={queryClient}>
      <OfflineCacheGate restored={cache.restored}>{children}</OfflineCacheGate>
    </QueryClientProvider>,
  );
}

describe('restoring at start', () => {
  it("restores the last signed-in user's reads before GET /api/user answers", async () => {
    await saveEarlierVisit(ann, [
      [queryKeys.workoutDays, annDays],
      [queryKeys.workoutState, annState],
    ]);

    const { queryClient } = await start();

    expect(queryClient.getQueryData(queryKeys.user)).toEqual(ann);
    expect(queryClient.getQueryData(queryKeys.workoutDays)).toEqual(annDays);
    expect(queryClient.getQueryData(queryKeys.workoutState)).toEqual(annState);
  });

  it('asks the api again for every restored read the first time a screen uses it', async () => {
    await saveEarlierVisit(ann, [[queryKeys.workoutDays, annDays]]);
    const api = mockApi({ 'GET /api/workout-days': answer(200, [{ id: 1, name: 'Chest & Back (fresh)' }]) });
    const { queryClient, cache } = await start();

    renderWithGate(queryClient, cache, <WorkoutDayNames />);

    expect(await screen.findByText('Chest & Back (Ann)')).toBeInTheDocument();
    expect(await screen.findByText('Chest & Back (fresh)')).toBeInTheDocument();
    expect(api.callsTo('GET /api/workout-days')).toHaveLength(1);
  });

  it('keeps showing the restored reads, and keeps them saved, when the refresh finds no network', async () => {
    await saveEarlierVisit(ann, [[queryKeys.workoutDays, annDays]]);
    mockApi({ 'GET /api/workout-days': noNetwork });
    const { queryClient, cache } = await start();

    renderWithGate(queryClient, cache, <WorkoutDayNames />);

    await waitFor(() => expect(queryClient.getQueryState(queryKeys.workoutDays)?.status).toBe('error'));
    expect(screen.getByText('Chest & Back (Ann)')).toBeInTheDocument();
    expect(isOffline()).toBe(true);
    await cache.flush();
    expect(await storedReads(ann.id)).toMatchObject({ [hashOf(queryKeys.workoutDays)]: annDays });
  });

  it('holds queries back until the restore is done, so nothing races it', async () => {
    await saveEarlierVisit(ann, [[queryKeys.workoutDays, annDays]]);
    const api = mockApi({ 'GET /api/workout-days': noNetwork });
    const queryClient = createQueryClient();
    const cache = startOfflineCache(queryClient, { storage, saveDelayMs: 0 });
    running.push(cache);

    renderWithGate(queryClient, cache, <WorkoutDayNames />);

    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('Chest & Back (Ann)')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /api/workout-days')).toHaveLength(1));
  });

  it('renders the restored reads at once when the restore was done before the first render (the bootstrap waited)', async () => {
    await saveEarlierVisit(ann, [[queryKeys.workoutDays, annDays]]);
    const api = mockApi({ 'GET /api/workout-days': answer(200, [{ id: 1, name: 'Chest & Back (fresh)' }]) });
    const { queryClient, cache } = await start();

    render(
      <QueryClientProvider client={queryClient}>
        <OfflineCacheGate restored={cache.restored} initiallyRestored>
          <WorkoutDayNames />
        </OfflineCacheGate>
      </QueryClientProvider>,
    );

    // The first render has the saved reads, and the refresh goes out as it mounts: no render waits for the restore.
    expect(screen.getByText('Chest & Back (Ann)')).toBeInTheDocument();
    expect(api.callsTo('GET /api/workout-days')).toHaveLength(1);
    expect(await screen.findByText('Chest & Back (fresh)')).toBeInTheDocument();
  });

  it('restores nothing from a copy older than the maximum age, or saved by another version of the app', async () => {
    await saveEarlierVisit(ann, [[queryKeys.workoutDays, annDays]], Date.now() - OFFLINE_CACHE_MAX_AGE_MS - 1000);
    expect((await start()).queryClient.getQueryData(queryKeys.workoutDays)).toBeUndefined();
    expect(await storage.get(cacheKeyOf(ann.id))).toBeUndefined();

    await storage.set(SIGNED_IN_USER_KEY, ann.id);
    await storage.set(cacheKeyOf(ann.id), { ...savedCopy(ann, [[queryKeys.workoutDays, annDays]]), buster: 'older' });
    expect((await start()).queryClient.getQueryData(queryKeys.workoutDays)).toBeUndefined();
  });

  it("never restores a copy that is not the pointer's user's own", async () => {
    await storage.set(SIGNED_IN_USER_KEY, bob.id);
    await storage.set(cacheKeyOf(bob.id), savedCopy(ann, [[queryKeys.workoutDays, annDays]]));

    const { queryClient } = await start();

    expect(queryClient.getQueryData(queryKeys.user)).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.workoutDays)).toBeUndefined();
  });

  it('starts as on a new browser when IndexedDB cannot be used', async () => {
    storage = {
      get: () => Promise.reject(new Error('The user denied permission to access the database')),
      set: () => Promise.reject(new Error('denied')),
      clear: () => Promise.reject(new Error('denied')),
    };
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);

    const { queryClient } = await start();

    expect(queryClient.getQueryData(queryKeys.user)).toBeUndefined();
  });
});

describe('saving', () => {
  it("saves the signed-in user's reads under their id, and points at them", async () => {
    const { queryClient, cache } = await start();

    act(() => {
      queryClient.setQueryData(queryKeys.user, ann);
      queryClient.setQueryData(queryKeys.workoutDays, annDays);
      queryClient.setQueryData(queryKeys.workoutState, annState);
      queryClient.setQueryData(queryKeys.subscriptionStatus, { canAccessFeatures: true });
      queryClient.setQueryData(queryKeys.openSession, null);
      queryClient.setQueryData(queryKeys.progress, []);
      queryClient.setQueryData(queryKeys.remoteMap, remoteMap);
    });
    await cache.flush();

    expect(await storage.get(SIGNED_IN_USER_KEY)).toBe(ann.id);
    expect(await storedReads(ann.id)).toEqual({
      [hashOf(queryKeys.user)]: ann,
      [hashOf(queryKeys.workoutDays)]: annDays,
      [hashOf(queryKeys.workoutState)]: annState,
      [hashOf(queryKeys.subscriptionStatus)]: { canAccessFeatures: true },
      [hashOf(queryKeys.openSession)]: null,
      [hashOf(queryKeys.progress)]: [],
      [hashOf(queryKeys.remoteMap)]: remoteMap,
    });
  });

  it("saves only the allowlisted reads and the 'Last time' hints (for offline starts): no other query, no mutation", async () => {
    const { queryClient, cache } = await start();

    act(() => {
      queryClient.setQueryData(queryKeys.user, ann);
      queryClient.setQueryData(queryKeys.lastWorkout(101, 1), { workingSet: null, warmupSet: null });
      queryClient.setQueryData(['/api/something-else'], { secret: true });
    });
    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: () => Promise.resolve('done') })
      .execute(undefined);
    await cache.flush();

    const copy = await storage.get<PersistedClient>(cacheKeyOf(ann.id));
    expect(copy?.clientState.queries.map((query) => query.queryHash)).toEqual([
      hashOf(queryKeys.user),
      hashOf(queryKeys.lastWorkout(101, 1)),
    ]);
    expect(copy?.clientState.mutations).toEqual([]);
  });

  it('saves nothing for an anonymous visitor', async () => {
    const { queryClient, cache } = await start();

    act(() => {
      queryClient.setQueryData(queryKeys.user, null);
      queryClient.setQueryData(queryKeys.remoteMap, remoteMap);
    });
    await cache.flush();

    expect(await storage.get(SIGNED_IN_USER_KEY)).toBeUndefined();
  });

  it('writes a burst of answers once, after the save delay', async () => {
    jest.useFakeTimers();
    storage = memoryStorage();
    const writes: string[] = [];
    const counted: OfflineStorage = { ...storage, set: (key, value) => (writes.push(key), storage.set(key, value)) };
    const queryClient = createQueryClient();
    const cache = startOfflineCache(queryClient, { storage: counted, saveDelayMs: 500 });
    running.push(cache);
    await cache.restored;

    act(() => {
      queryClient.setQueryData(queryKeys.user, ann);
      queryClient.setQueryData(queryKeys.workoutDays, annDays);
      queryClient.setQueryData(queryKeys.workoutState, annState);
    });
    await cache.flush();
    expect(writes.filter((key) => key === cacheKeyOf(ann.id))).toHaveLength(1);

    act(() => queryClient.setQueryData(queryKeys.progress, []));
    await jest.advanceTimersByTimeAsync(499);
    expect(writes.filter((key) => key === cacheKeyOf(ann.id))).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    await cache.flush();
    expect(writes.filter((key) => key === cacheKeyOf(ann.id))).toHaveLength(2);
    expect(await storedReads(ann.id)).toMatchObject({ [hashOf(queryKeys.progress)]: [] });

    // Events that change no answer (a read marked stale, a mutation running) cost no write.
    await act(() => queryClient.invalidateQueries({ refetchType: 'none' }));
    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: () => Promise.resolve('saved') })
      .execute(undefined);
    await jest.advanceTimersByTimeAsync(1_000);
    await cache.flush();
    expect(writes.filter((key) => key === cacheKeyOf(ann.id))).toHaveLength(2);
  });
});

describe('per user and private', () => {
  it("removes the user's saved reads and the pointer when they sign out (the user becomes null)", async () => {
    await saveEarlierVisit(ann, [[queryKeys.workoutDays, annDays]]);
    const { queryClient, cache } = await start();

    act(() => queryClient.setQueryData(queryKeys.user, null));
    await cache.flush();

    expect(await storage.get(SIGNED_IN_USER_KEY)).toBeUndefined();
    expect(await storage.get(cacheKeyOf(ann.id))).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.workoutDays)).toBeUndefined();
  });

  it("has the user's reads gone from IndexedDB once a sign-out's forgetSignedInUser settles (before it navigates)", async () => {
    await saveEarlierVisit(ann, [[queryKeys.workoutDays, annDays]]);
    // A disk that takes its time: the sign-out must wait for it, not for luck.
    const disk = storage;
    storage = { ...disk, clear: () => new Promise((done) => setTimeout(done, 100)).then(() => disk.clear()) };
    const { queryClient } = await start();

    // As useLogout does: no wait for the cache's own change notification, which may come after a navigation.
    queryClient.setQueryData(queryKeys.user, null);
    await forgetSignedInUser();
    storage = disk;

    expect(await storage.get(SIGNED_IN_USER_KEY)).toBeUndefined();
    expect(await storage.get(cacheKeyOf(ann.id))).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.workoutDays)).toBeUndefined();
  });

  it('removes them, on disk and in memory, when GET /api/user answers 401 (the session ended)', async () => {
    await saveEarlierVisit(ann, [
      [queryKeys.workoutDays, annDays],
      [queryKeys.progress, [{ exerciseName: 'Deadlifts' }]],
    ]);
    mockApi({ 'GET /api/user': answer(401, { message: 'Not authenticated' }) });
    const { queryClient, cache } = await start();

    await act(() => queryClient.refetchQueries({ queryKey: queryKeys.user }));
    await cache.flush();

    expect(queryClient.getQueryData(queryKeys.user)).toBeNull();
    expect(queryClient.getQueryData(queryKeys.workoutDays)).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.progress)).toBeUndefined();
    expect(await storage.get(SIGNED_IN_USER_KEY)).toBeUndefined();
    expect(await storage.get(cacheKeyOf(ann.id))).toBeUndefined();
  });

  it('keeps everything when GET /api/user finds no network: only the api can say the session ended', async () => {
    await saveEarlierVisit(ann, [[queryKeys.workoutDays, annDays]]);
    mockApi({ 'GET /api/user': noNetwork });
    const { queryClient, cache } = await start();

    await act(() => queryClient.refetchQueries({ queryKey: queryKeys.user }));
    await cache.flush();

    expect(queryClient.getQueryData(queryKeys.user)).toEqual(ann);
    expect(await storage.get(SIGNED_IN_USER_KEY)).toBe(ann.id);
    expect(await storedReads(ann.id)).toMatchObject({ [hashOf(queryKeys.workoutDays)]: annDays });
  });

  it('asks for the restored user even without the "signed in" hint (issue #25): no network keeps everything', async () => {
    // An offline start after the hint's expiry, or a session from before the hint: only the api can say it ended.
    clearSignedInHint();
    await saveEarlierVisit(ann, [[queryKeys.workoutDays, annDays]]);
    const api = mockApi({ 'GET /api/user': noNetwork });
    const { queryClient, cache } = await start();

    await act(() => queryClient.refetchQueries({ queryKey: queryKeys.user }));
    await cache.flush();

    expect(api.callsTo('GET /api/user')).toHaveLength(1);
    expect(queryClient.getQueryData(queryKeys.user)).toEqual(ann);
    expect(await storage.get(SIGNED_IN_USER_KEY)).toBe(ann.id);
    expect(await storedReads(ann.id)).toMatchObject({ [hashOf(queryKeys.workoutDays)]: annDays });
  });

  it("never shows or restores the first user's reads to a second user who signs in on the same browser", async () => {
    await saveEarlierVisit(ann, [
      [queryKeys.workoutDays, annDays],
      [queryKeys.workoutState, annState],
    ]);
    const first = await start();
    act(() => first.queryClient.setQueryData(queryKeys.user, null));
    act(() => first.queryClient.setQueryData(queryKeys.user, bob));
    act(() => first.queryClient.setQueryData(queryKeys.workoutDays, bobDays));
    await first.cache.flush();
    first.cache.stop();

    expect(await storage.get(cacheKeyOf(ann.id))).toBeUndefined();
    expect(await storage.get(SIGNED_IN_USER_KEY)).toBe(bob.id);
    const { queryClient } = await start();
    expect(queryClient.getQueryData(queryKeys.user)).toEqual(bob);
    expect(queryClient.getQueryData(queryKeys.workoutDays)).toEqual(bobDays);
    expect(queryClient.getQueryData(queryKeys.workoutState)).toBeUndefined();
  });

  it("drops the first user's reads at once when GET /api/user answers another account", async () => {
    await saveEarlierVisit(ann, [[queryKeys.workoutDays, annDays]]);
    const api = mockApi({ 'GET /api/user': answer(200, bob), 'GET /api/workout-days': noNetwork });
    const { queryClient, cache } = await start();
    renderWithGate(queryClient, cache, <WorkoutDayNames />);
    await screen.findByText('Chest & Back (Ann)');
    await waitFor(() => expect(api.callsTo('GET /api/workout-days')).toHaveLength(1));
    api.route({ 'GET /api/workout-days': answer(200, bobDays) });

    await act(() => queryClient.refetchQueries({ queryKey: queryKeys.user }));

    expect(await screen.findByText('Chest & Back (Bob)')).toBeInTheDocument();
    expect(screen.queryByText('Chest & Back (Ann)')).not.toBeInTheDocument();
    await cache.flush();
    expect(await storage.get(cacheKeyOf(ann.id))).toBeUndefined();
    expect(await storage.get(SIGNED_IN_USER_KEY)).toBe(bob.id);
  });

  it('asks the browser to keep the data once someone signs in, and copes when it cannot be asked', async () => {
    const before = Object.getOwnPropertyDescriptor(navigator, 'storage');
    const persist = jest.fn().mockResolvedValue(true);
    const persisted = jest.fn().mockResolvedValue(false);
    Object.defineProperty(navigator, 'storage', { value: { persist, persisted }, configurable: true });
    const { queryClient } = await start();

    act(() => queryClient.setQueryData(queryKeys.user, ann));

    await waitFor(() => expect(persist).toHaveBeenCalledTimes(1));

    Object.defineProperty(navigator, 'storage', { value: undefined, configurable: true });
    expect(() => act(() => queryClient.setQueryData(queryKeys.user, bob))).not.toThrow();
    if (before) Object.defineProperty(navigator, 'storage', before);
    else delete (navigator as { storage?: unknown }).storage;
  });
});

describe('the network coming back', () => {
  it('asks for the user once every probe interval while offline, and refreshes what is on screen when it answers', async () => {
    jest.useFakeTimers();
    storage = memoryStorage();
    await saveEarlierVisit(ann, [[queryKeys.workoutDays, annDays]]);
    const api = mockApi({ 'GET /api/user': noNetwork, 'GET /api/workout-days': noNetwork });
    const { queryClient, cache } = await start();
    renderWithGate(queryClient, cache, <WorkoutDayNames />);
    await act(() => queryClient.refetchQueries({ queryKey: queryKeys.user }));
    await waitFor(() => expect(api.callsTo('GET /api/workout-days')).toHaveLength(1));
    expect(isOffline()).toBe(true);

    await act(() => jest.advanceTimersByTimeAsync(RECONNECT_PROBE_MS));
    expect(api.callsTo('GET /api/user')).toHaveLength(2);
    expect(api.callsTo('GET /api/workout-days')).toHaveLength(1);

    api.route({
      'GET /api/user': answer(200, ann),
      'GET /api/workout-days': answer(200, [{ id: 1, name: 'Back online' }]),
    });
    await act(() => jest.advanceTimersByTimeAsync(RECONNECT_PROBE_MS));

    expect(isOffline()).toBe(false);
    expect(await screen.findByText('Back online')).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(RECONNECT_PROBE_MS * 3));
    expect(api.callsTo('GET /api/user')).toHaveLength(3);
  });
});

describe('the remote map', () => {
  it("answers the user's last map when the network is down", async () => {
    await saveEarlierVisit(ann, [[queryKeys.remoteMap, remoteMap]]);
    mockApi({ 'GET /api/remotes': noNetwork });
    await start();

    await expect(fetchRemoteMap()).resolves.toEqual(remoteMap);
  });

  it('keeps each map the api answers, and never takes it as proof that the api is up', async () => {
    mockApi({ 'GET /api/user': noNetwork, 'GET /api/remotes': answer(200, remoteMap) });
    const { queryClient } = await start();
    await act(() => queryClient.fetchQuery({ queryKey: queryKeys.user }).catch(() => undefined));

    await fetchRemoteMap();

    expect(queryClient.getQueryData(queryKeys.remoteMap)).toEqual(remoteMap);
    expect(isOffline()).toBe(true);
  });
});

describe('lastDataUpdateAt', () => {
  it("is the newest answer among the user's reads, not the remote map's", async () => {
    const { queryClient } = await start();
    expect(lastDataUpdateAt(queryClient)).toBeUndefined();

    queryClient.setQueryData(queryKeys.user, ann, { updatedAt: 1_000 });
    queryClient.setQueryData(queryKeys.workoutDays, annDays, { updatedAt: 5_000 });
    queryClient.setQueryData(queryKeys.remoteMap, remoteMap, { updatedAt: 9_000 });
    queryClient.setQueryData(queryKeys.lastWorkout(101, 1), {}, { updatedAt: 9_000 });

    expect(lastDataUpdateAt(queryClient)).toBe(5_000);
  });
});
