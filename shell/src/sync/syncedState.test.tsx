import '@hit/platform/test/fakeIndexedDb';
import type { ReactNode } from 'react';
import { hashKey, QueryClientProvider } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { act, renderHook } from '@testing-library/react';
import type { Session, SyncOperation } from '@hit/contracts';
import {
  createQueryClient,
  getOutbox,
  indexedDbStorage,
  queryKeys,
  startOfflineCache,
  stopOutboxes,
  type OfflineCache,
} from '@hit/platform';
import { answer, mockApi } from '@hit/platform/test/apiMock';
import { useOutboxSync } from './useOutboxSync';
import { exercises } from '@hit/platform/test/exercises';

const SESSION = '6740f0c2a1b2c3d4e5f60718';
const ann = {
  id: 'u-synced-ann',
  email: 'ann@gym.test',
  firstName: 'Ann',
  lastName: 'Lee',
  weightUnit: 'lbs' as const,
};

const session = (done: number) =>
  ({ id: SESSION, workoutDayId: 1, completed: false, exercises: exercises(done) }) as unknown as Session;

let cache: OfflineCache | undefined;
afterEach(() => {
  cache?.stop();
  stopOutboxes();
});

describe("a sync answer's server state (issue #18)", () => {
  it('is in IndexedDB before its operations leave the outbox, so a tab closed in between reopens with its sets', async () => {
    const storage = indexedDbStorage('hit-synced-state-test');
    const queryClient = createQueryClient();
    // The app's own delay between a change and its save: the sync must not depend on it.
    cache = startOfflineCache(queryClient, { storage });
    await cache.restored;
    queryClient.setQueryData(queryKeys.user, ann);
    // What the page last read: the workout with its first warm-up.
    queryClient.setQueryData(queryKeys.openSession, session(1));
    await cache.flush();

    // The second warm-up, stored in the outbox before anything is sent.
    const outbox = getOutbox(ann.id);
    await outbox.append({ type: 'save', dayId: 1, sessionId: SESSION, exercises: exercises(2) });
    mockApi({
      'POST /api/sync': (init?: RequestInit) => {
        const { operations } = JSON.parse(String(init?.body)) as { operations: SyncOperation[] };
        return answer(200, {
          results: operations.map((op) => ({ opId: op.opId, status: 'applied', note: null })),
          workoutDays: [],
          workoutState: { cycleCount: 0, nextRecommendedDay: 1 },
          openSession: session(2),
        });
      },
    });

    // The moment the outbox has let the operation go, what a reload would restore.
    const storedOpenSession = new Promise<unknown>((resolve) => {
      const stop = outbox.subscribe(() => {
        if (outbox.getStatus().operations.length > 0) return;
        stop();
        void storage.get<PersistedClient>(`hit-cache:${ann.id}`).then((client) => {
          const read = client?.clientState.queries.find(
            ({ queryHash }) => queryHash === hashKey(queryKeys.openSession),
          );
          resolve(read?.state.data);
        });
      });
    });

    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    renderHook(() => useOutboxSync(), { wrapper });

    let restored: unknown;
    // The outbox's status re-renders the hook as the sync goes.
    await act(async () => {
      restored = await storedOpenSession;
    });
    expect(restored).toEqual(session(2));
    expect(queryClient.getQueryData(queryKeys.openSession)).toEqual(session(2));
  });
});
