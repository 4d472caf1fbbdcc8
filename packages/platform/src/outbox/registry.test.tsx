import '@hit/platform/test/fakeIndexedDb';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { createQueryClient } from '../queryClient';
import { queryKeys } from '../queryKeys';
import { getOutbox, openSignedInOutbox, stopOutboxes, useOutboxStatus } from './registry';
import { indexedDbOutboxStorage } from './store';

const lifter = {
  id: 'u-registry',
  email: 'lifter@gym.test',
  firstName: null,
  lastName: null,
  weightUnit: 'lbs' as const,
};

afterEach(() => {
  stopOutboxes();
  window.localStorage.clear();
});

describe('openSignedInOutbox (issue #21: the first render sees the loaded outbox)', () => {
  it("reads the cached user's outbox before it settles", async () => {
    await indexedDbOutboxStorage().update(lifter.id, (current) => ({ ...current, notices: ['from the last visit'] }));
    // A note from the last visit says operations wait: the status is not loaded until IndexedDB answers.
    window.localStorage.setItem(`hit-outbox-count:${lifter.id}`, '1');
    const queryClient = createQueryClient();
    queryClient.setQueryData(queryKeys.user, lifter);

    await openSignedInOutbox(queryClient);

    expect(getOutbox(lifter.id).getStatus()).toMatchObject({ loaded: true, notices: ['from the last visit'] });
  });

  it('opens nothing for an anonymous visitor', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(queryKeys.user, null);

    await expect(openSignedInOutbox(queryClient)).resolves.toBeUndefined();
  });
});

describe('useOutboxStatus(select)', () => {
  it('renders again only when the part it picks changes, not for a flush that ends as before', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(queryKeys.user, lifter);
    await openSignedInOutbox(queryClient);
    let renders = 0;
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => {
        renders += 1;
        return useOutboxStatus((status) => status.operations);
      },
      { wrapper },
    );
    const [before, operations] = [renders, result.current];

    // Nothing to send: the flush's outcome is new ('synced'), the operations are the same array.
    await act(() => getOutbox(lifter.id).flush());

    expect(getOutbox(lifter.id).getStatus().lastOutcome).toBe('synced');
    expect(result.current).toBe(operations);
    expect(renders).toBe(before);
  });
});
