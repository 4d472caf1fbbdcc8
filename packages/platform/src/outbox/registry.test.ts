import '@hit/platform/test/fakeIndexedDb';
import { createQueryClient } from '../queryClient';
import { queryKeys } from '../queryKeys';
import { getOutbox, openSignedInOutbox, stopOutboxes } from './registry';
import { indexedDbOutboxStorage } from './store';

const lifter = { id: 'u-registry', email: 'lifter@gym.test', firstName: null, lastName: null };

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
