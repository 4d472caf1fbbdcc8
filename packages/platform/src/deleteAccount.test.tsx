import '@hit/platform/test/fakeIndexedDb';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { ACCOUNT_DELETED_TEXT, useDeleteAccount } from './deleteAccount';
import { startOfflineCache, type OfflineStorage } from './offlineCache';
import { stopOutboxes } from './outbox/registry';
import { emptyOutbox, indexedDbOutboxStorage } from './outbox/store';
import { createQueryClient } from './queryClient';
import { queryKeys } from './queryKeys';
import { dismissToast, useToast } from './toast';
import { answer, mockFetch, sentBody } from '@hit/platform/test/apiMock';

const lifter = { id: 'u1', email: 'lifter@gym.test', firstName: 'Ann', lastName: 'Lee', weightUnit: 'lbs' as const };
const pendingSave = {
  opId: 'op-1',
  type: 'start' as const,
  at: '2026-11-24T10:00:00.000Z',
  dayId: 1,
  sessionId: '6740f0c2a1b2c3d4e5f60718',
};

/** The offline cache's storage in memory, to see what stays in it. */
function memoryStorage(): OfflineStorage & { keys(): string[] } {
  const values = new Map<string, unknown>();
  return {
    get: async <T,>(key: string) => values.get(key) as T | undefined,
    set: async (key, value) => void values.set(key, value),
    clear: async () => values.clear(),
    keys: () => [...values.keys()],
  };
}

/** Signed in at /home, with work waiting in the outbox (and another user's in this browser), the reads kept offline. */
async function signedInWithOfflineData() {
  const outboxes = indexedDbOutboxStorage();
  await outboxes.update('u1', () => ({ ...emptyOutbox(), operations: [pendingSave] }));
  await outboxes.update('u2', () => ({ ...emptyOutbox(), operations: [{ ...pendingSave, opId: 'op-2' }] }));
  window.localStorage.setItem('hit-outbox-count:u1', '1');
  window.localStorage.setItem('hit-outbox-count:u2', '1');

  const queryClient = createQueryClient();
  const storage = memoryStorage();
  const cache = startOfflineCache(queryClient, { storage, saveDelayMs: 0 });
  await cache.restored;
  queryClient.setQueryData(queryKeys.user, lifter);
  queryClient.setQueryData(queryKeys.workoutDays, [{ id: 1 }]);
  await cache.flush();
  await waitFor(() => expect(storage.keys()).toContain('hit-cache:u1'));

  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/home']} useTransitions={false}>
        {children}
      </MemoryRouter>
    </QueryClientProvider>
  );
  const { result } = renderHook(
    () => ({ hook: useDeleteAccount(), toast: useToast().current, pathname: useLocation().pathname }),
    { wrapper },
  );
  return { result, queryClient, storage, outboxes, cache };
}

afterEach(() => {
  act(() => dismissToast());
  stopOutboxes();
  window.localStorage.clear();
});

describe('useDeleteAccount', () => {
  it("deletes the account, then clears the user's outbox and offline reads, lands on / and says so", async () => {
    const fetchMock = mockFetch(answer(200, { message: 'Your account and all its data were deleted' }));
    const { result, queryClient, storage, outboxes, cache } = await signedInWithOfflineData();

    act(() => result.current.hook.mutate({ password: 'correct horse' }));

    await waitFor(() => expect(result.current.pathname).toBe('/'));
    expect(fetchMock).toHaveBeenCalledWith('/api/user', expect.objectContaining({ method: 'DELETE' }));
    expect(sentBody(fetchMock)).toEqual({ password: 'correct horse' });
    expect(result.current.toast).toMatchObject({
      title: 'Account deleted',
      description: ACCOUNT_DELETED_TEXT,
      variant: 'success',
    });
    expect(queryClient.getQueryData(queryKeys.user)).toBeNull();
    expect(queryClient.getQueryData(queryKeys.workoutDays)).toBeUndefined();
    expect(storage.keys()).toEqual([]);
    expect((await outboxes.read('u1')).operations).toEqual([]);
    expect(window.localStorage.getItem('hit-outbox-count:u1')).toBeNull();
    // Another account's work waiting in this browser is theirs: kept.
    expect((await outboxes.read('u2')).operations).toHaveLength(1);
    expect(window.localStorage.getItem('hit-outbox-count:u2')).toBe('1');
    cache.stop();
  });

  it('changes nothing when the api refuses (a wrong password): the error is for the form to show', async () => {
    mockFetch(answer(401, { message: 'Incorrect password' }));
    const { result, queryClient, storage, outboxes, cache } = await signedInWithOfflineData();

    act(() => result.current.hook.mutate({ password: 'wrong' }));

    await waitFor(() => expect(result.current.hook.isError).toBe(true));
    expect(result.current.hook.error?.message).toBe('401: Incorrect password');
    expect(result.current.pathname).toBe('/home');
    expect(result.current.toast).toBeNull();
    expect(queryClient.getQueryData(queryKeys.user)).toEqual(lifter);
    expect(storage.keys()).toContain('hit-cache:u1');
    expect((await outboxes.read('u1')).operations).toHaveLength(1);
    cache.stop();
  });
});
