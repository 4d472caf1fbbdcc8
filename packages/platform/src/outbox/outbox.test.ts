import '@hit/platform/test/fakeIndexedDb';
import { exercises } from '@hit/platform/test/exercises';
import type { SyncBatchBody, SyncBatchResponse, SyncOperation, SyncResult } from '@hit/contracts';
import { ApiError } from '../apiClient';
import { createOutbox, type OutboxOptions, type SendLock } from './outbox';
import { indexedDbOutboxStorage, memoryOutboxStorage, type OutboxStorage } from './store';

const SESSION = '6740f0c2a1b2c3d4e5f60718';
const serverState = { workoutDays: [], workoutState: { cycleCount: 0, nextRecommendedDay: 2 }, openSession: null };

type Answer = (op: SyncOperation) => SyncResult;
const applied: Answer = (op) => ({ opId: op.opId, status: 'applied', note: null });

/** An api that answers each batch with `answer` per operation, recording what it was sent. */
function fakeApi(answer: Answer = applied) {
  const batches: SyncOperation[][] = [];
  let failWith: unknown = null;
  const send = jest.fn(async (body: SyncBatchBody): Promise<SyncBatchResponse> => {
    if (failWith) throw failWith;
    const operations = body.operations as SyncOperation[];
    batches.push(operations);
    return { results: operations.map(answer), ...serverState };
  });
  return {
    send,
    batches,
    sent: () => batches.flat().map((op) => op.type),
    fail(error: unknown) {
      failWith = error;
    },
  };
}

let storage: OutboxStorage;
beforeEach(() => {
  storage = memoryOutboxStorage();
});

function outboxWith(options: Partial<OutboxOptions> & { send: OutboxOptions['send'] }) {
  return createOutbox({ userId: 'u1', storage, channel: null, ...options });
}

describe('the outbox', () => {
  it('stores an operation before append resolves, with an id and the time, then sends it', async () => {
    const api = fakeApi();
    const outbox = outboxWith({ send: api.send });

    const op = await outbox.append({ type: 'start', dayId: 1, sessionId: SESSION });

    expect(op.opId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(Date.parse(op.at)).not.toBeNaN();
    await expect(outbox.flush()).resolves.toBe('synced');
    expect(api.batches).toEqual([[op]]);
    expect((await storage.read('u1')).operations).toEqual([]);
  });

  it('says when the stored outbox has been read: its status is the loaded one from then on', async () => {
    await storage.update('u1', (current) => ({ ...current, notices: ['kept from the last visit'] }));
    // The page's note says operations wait from the last visit, so the counts are not known before the read.
    const countHint = { read: () => 1, write: () => undefined };
    const outbox = outboxWith({ send: fakeApi().send, countHint });
    expect(outbox.getStatus().loaded).toBe(false);

    await outbox.loaded;

    expect(outbox.getStatus()).toMatchObject({ loaded: true, notices: ['kept from the last visit'] });
  });

  it('settles `loaded` when the stored outbox cannot be read, as a loaded empty one', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const unreadable: OutboxStorage = { ...storage, read: () => Promise.reject(new Error('IndexedDB refused')) };
    const outbox = createOutbox({ userId: 'u1', storage: unreadable, channel: null, send: fakeApi().send });

    await outbox.loaded;

    expect(outbox.getStatus()).toMatchObject({ loaded: true, operations: [] });
    expect(error).toHaveBeenCalledWith('The outbox could not be read:', expect.any(Error));
    error.mockRestore();
  });

  it('publishes a new status only when something in it changed (a screen re-renders for nothing else)', async () => {
    const api = fakeApi();
    const outbox = outboxWith({ send: api.send });
    await expect(outbox.flush()).resolves.toBe('synced');
    const synced = outbox.getStatus();
    const heard = jest.fn();
    outbox.subscribe(heard);

    // A flush of an empty outbox reads the store again and ends as the last one did: nothing to tell.
    await expect(outbox.flush()).resolves.toBe('synced');
    expect(heard).not.toHaveBeenCalled();
    expect(outbox.getStatus()).toBe(synced);

    // A real change is told, and what did not change in it keeps its identity.
    await outbox.append({ type: 'start', dayId: 1, sessionId: SESSION });
    expect(heard).toHaveBeenCalled();
    expect(outbox.getStatus()).not.toBe(synced);
    expect(outbox.getStatus().operations).toHaveLength(1);
    expect(outbox.getStatus().notices).toBe(synced.notices);
  });

  it('keeps one save per session at the tail: a 3-set workout offline is start, save, complete', async () => {
    const api = fakeApi();
    api.fail(new ApiError(503, '503: Service unavailable'));
    const outbox = outboxWith({ send: api.send, retryDelayMs: () => 60_000 });

    await outbox.append({ type: 'start', dayId: 1, sessionId: SESSION });
    for (const done of [1, 2, 3]) {
      await outbox.append({ type: 'save', dayId: 1, sessionId: SESSION, exercises: exercises(done) });
    }
    await outbox.append({ type: 'complete', dayId: 1, sessionId: SESSION });

    const stored = await storage.read('u1');
    expect(stored.operations.map((op) => op.type)).toEqual(['start', 'save', 'complete']);
    expect(stored.operations[1]).toMatchObject({ exercises: exercises(3) });
    expect(outbox.getStatus()).toMatchObject({ pendingSets: 3, waitingSets: 0 });
    outbox.stop();
  });

  it('sends the operations in the order they were made, in batches of at most 200', async () => {
    const api = fakeApi();
    api.fail(new ApiError(503, '503: Service unavailable'));
    const outbox = outboxWith({ send: api.send, retryDelayMs: () => 60_000 });
    const made: SyncOperation[] = [];
    for (let i = 0; i < 250; i += 1) made.push(await outbox.append({ type: 'resetDay', dayId: (i % 3) + 1 }));

    api.fail(null);
    await expect(outbox.flush()).resolves.toBe('synced');

    expect(api.batches.map((batch) => batch.length)).toEqual([200, 50]);
    expect(api.batches.flat().map((op) => op.opId)).toEqual(made.map((op) => op.opId));
    outbox.stop();
  });

  it('re-sends exactly the operations of a batch whose answer never came, and nothing else twice', async () => {
    const api = fakeApi();
    const outbox = outboxWith({ send: api.send, retryDelayMs: () => 60_000 });
    api.fail(new ApiError(503, '503: Service unavailable'));
    const start = await outbox.append({ type: 'start', dayId: 1, sessionId: SESSION });
    const save = await outbox.append({ type: 'save', dayId: 1, sessionId: SESSION, exercises: exercises(2) });
    await expect(outbox.flush()).resolves.toBe('failed');

    api.fail(null);
    await expect(outbox.flush()).resolves.toBe('synced');
    await expect(outbox.flush()).resolves.toBe('synced');

    expect(api.batches).toEqual([[start, save]]);
  });

  it('takes the answers one by one: applied and duplicate leave, rejected is kept with its reason, notes are shown once', async () => {
    const note = 'Day 1 was already completed on another device; your sets were saved';
    const answers: Record<string, (op: SyncOperation) => SyncResult> = {
      start: (op) => ({ opId: op.opId, status: 'duplicate', original: { status: 'applied', note: null } }),
      save: (op) => ({ opId: op.opId, status: 'rejected', httpStatus: 400, message: 'at: must not be in the future' }),
      complete: (op) => ({ opId: op.opId, status: 'applied', note }),
      end: (op) => ({ opId: op.opId, status: 'duplicate', original: { status: 'applied', note } }),
    };
    const api = fakeApi((op) => answers[op.type](op));
    const outbox = outboxWith({ send: api.send });
    const listener = jest.fn();
    outbox.onServerState(listener);

    await outbox.append({ type: 'start', dayId: 1, sessionId: SESSION });
    const save = await outbox.append({ type: 'save', dayId: 1, sessionId: SESSION, exercises: exercises(1) });
    await outbox.append({ type: 'complete', dayId: 1, sessionId: SESSION });
    await outbox.append({ type: 'end', dayId: 1, sessionId: SESSION });
    await expect(outbox.flush()).resolves.toBe('synced');

    const status = outbox.getStatus();
    expect(status.operations).toEqual([]);
    expect(status.rejected).toEqual([
      { operation: save, message: 'at: must not be in the future', rejectedAt: expect.any(String) },
    ]);
    expect(status.notices).toEqual([note]);
    expect(status.pendingSets).toBe(0);
    expect(listener).toHaveBeenCalledWith(serverState);
    // Kept in IndexedDB until the user dismisses them, after downloading.
    expect((await storage.read('u1')).rejected).toHaveLength(1);
    await outbox.clearRejected();
    await outbox.dismissNotices();
    expect(outbox.getStatus()).toMatchObject({ rejected: [], notices: [] });
  });

  it('counts a set as pending until the api has it, and a set already on the server never', async () => {
    const api = fakeApi();
    api.fail(new ApiError(503, '503: Service unavailable'));
    const outbox = outboxWith({ send: api.send, retryDelayMs: () => 60_000 });
    // A workout begun on another device: its first set is on the api already.
    await outbox.markOnServer(SESSION, exercises(1));
    await outbox.append({ type: 'save', dayId: 1, sessionId: SESSION, exercises: exercises(3) });
    expect(outbox.getStatus().pendingSets).toBe(2);

    api.fail(null);
    await outbox.flush();
    expect(outbox.getStatus().pendingSets).toBe(0);
    // The working set undone and done again (another record) counts alone.
    api.fail(new ApiError(503, '503: Service unavailable'));
    const redone = exercises(3, 105);
    redone[0].sets[2].completedAt = '2026-11-24T10:09:00.000Z';
    await outbox.append({ type: 'save', dayId: 1, sessionId: SESSION, exercises: redone });
    expect(outbox.getStatus().pendingSets).toBe(1);
    outbox.stop();
  });

  it('stops at an operation waiting for access: it and every later one stay, the waiting sets are counted', async () => {
    const acceptedUntil = '2026-11-24T10:01:30.000Z';
    const api = fakeApi((op) =>
      op.type === 'start'
        ? applied(op)
        : { opId: op.opId, status: 'waiting', httpStatus: 402, message: 'Free trial expired', acceptedUntil },
    );
    const outbox = outboxWith({ send: api.send });
    await outbox.append({ type: 'start', dayId: 1, sessionId: SESSION });
    await outbox.append({ type: 'save', dayId: 1, sessionId: SESSION, exercises: exercises(3) });
    await outbox.append({ type: 'complete', dayId: 1, sessionId: SESSION });

    await expect(outbox.flush()).resolves.toBe('waiting');

    // Sets done at 10:00 and 10:01 were taken; the one at 10:02 waits.
    expect(outbox.getStatus()).toMatchObject({ pendingSets: 1, waitingSets: 1, lastOutcome: 'waiting' });
    expect(outbox.getStatus().operations.map((op) => op.type)).toEqual(['save', 'complete']);
  });

  it('counts every set as waiting when the api takes none', async () => {
    const api = fakeApi((op) => ({
      opId: op.opId,
      status: 'waiting',
      httpStatus: 402,
      message: 'Free trial expired',
      acceptedUntil: null,
    }));
    const outbox = outboxWith({ send: api.send });
    await outbox.append({ type: 'save', dayId: 1, sessionId: SESSION, exercises: exercises(3) });
    await outbox.flush();
    expect(outbox.getStatus()).toMatchObject({ pendingSets: 3, waitingSets: 3 });
  });

  it('stops for good when another account is signed in (409 naming it) or nobody is (401)', async () => {
    for (const error of [
      new ApiError(409, '409: This outbox belongs to another account: sign in as its owner to sync it'),
      new ApiError(401, '401: Not authenticated'),
    ]) {
      jest.useFakeTimers();
      storage = memoryOutboxStorage();
      const api = fakeApi();
      api.fail(error);
      const outbox = outboxWith({ send: api.send });
      await outbox.append({ type: 'resetDay', dayId: 1 });
      await jest.advanceTimersByTimeAsync(120_000);
      expect(api.send).toHaveBeenCalledTimes(1);
      expect(outbox.getStatus().lastOutcome).toBe('signedOut');
      expect(outbox.getStatus().operations).toHaveLength(1);
      outbox.stop();
      jest.useRealTimers();
    }
  });

  it('retries a failure with back-off: 1 s, 2 s, 4 s … at most 30 s, and at once when asked', async () => {
    jest.useFakeTimers();
    try {
      const api = fakeApi();
      api.fail(new ApiError(409, '409: Another sync of this account is still running: send the batch again'));
      const outbox = outboxWith({ send: api.send });
      await outbox.append({ type: 'resetDay', dayId: 1 });
      await jest.advanceTimersByTimeAsync(0);
      expect(api.send).toHaveBeenCalledTimes(1);
      for (const [wait, calls] of [
        [999, 1],
        [1, 2],
        [2000, 3],
        [4000, 4],
        [8000, 5],
        [16_000, 6],
        [30_000, 7],
        [30_000, 8],
      ]) {
        await jest.advanceTimersByTimeAsync(wait);
        expect(api.send).toHaveBeenCalledTimes(calls);
      }
      api.fail(null);
      await expect(outbox.flush()).resolves.toBe('synced');
      expect(api.send).toHaveBeenCalledTimes(9);
      outbox.stop();
    } finally {
      jest.useRealTimers();
    }
  });

  it('two tabs of one user in one browser never send one operation twice at once, and both end empty', async () => {
    const shared = indexedDbOutboxStorage(`hit-outbox-two-tabs-${Math.random()}`);
    // One lock for the browser, as navigator.locks is.
    let chain = Promise.resolve();
    const lock: SendLock = (_name, task) => {
      const result = chain.then(task);
      chain = result.then(
        () => undefined,
        () => undefined,
      );
      return result;
    };
    let inFlight = 0;
    let overlapped = false;
    const batches: string[][] = [];
    const send = async (body: SyncBatchBody): Promise<SyncBatchResponse> => {
      inFlight += 1;
      overlapped ||= inFlight > 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      batches.push(body.operations.map((op) => op.opId));
      inFlight -= 1;
      return { results: (body.operations as SyncOperation[]).map(applied), ...serverState };
    };
    const tabA = createOutbox({ userId: 'u1', storage: shared, send, lock, channel: null });
    const tabB = createOutbox({ userId: 'u1', storage: shared, send, lock, channel: null });

    await tabA.append({ type: 'start', dayId: 1, sessionId: SESSION });
    await tabA.append({ type: 'save', dayId: 1, sessionId: SESSION, exercises: exercises(3) });
    await tabA.append({ type: 'complete', dayId: 1, sessionId: SESSION });
    await Promise.all([tabA.flush(), tabB.flush(), tabA.flush(), tabB.flush()]);

    expect(overlapped).toBe(false);
    const sent = batches.flat();
    expect(new Set(sent).size).toBe(sent.length);
    expect(sent).toHaveLength(3);
    expect((await shared.read('u1')).operations).toEqual([]);
  });

  it('sends nothing, and retries nothing, while another user is signed in on the page; sends once its owner is', async () => {
    jest.useFakeTimers();
    try {
      const api = fakeApi();
      let signedIn = 'u2';
      const outbox = outboxWith({ send: api.send, canSend: () => signedIn === 'u1' });
      await outbox.append({ type: 'resetDay', dayId: 1 });
      await jest.advanceTimersByTimeAsync(120_000);
      expect(api.send).not.toHaveBeenCalled();
      expect(outbox.getStatus()).toMatchObject({ lastOutcome: 'signedOut', operations: [expect.anything()] });

      signedIn = 'u1';
      await expect(outbox.flush()).resolves.toBe('synced');
      expect(api.sent()).toEqual(['resetDay']);
      outbox.stop();
    } finally {
      jest.useRealTimers();
    }
  });

  it('counts from a synchronous note before IndexedDB answers when the outbox was empty, and waits for it when not', async () => {
    const notes = new Map<string, number>();
    const countHint = {
      read: (id: string) => notes.get(id) ?? null,
      write: (id: string, n: number) => void notes.set(id, n),
    };
    const api = fakeApi();
    api.fail(new ApiError(503, '503: Service unavailable'));
    const first = outboxWith({ send: api.send, countHint, retryDelayMs: () => 60_000 });
    expect(first.getStatus().loaded).toBe(true);
    await first.append({ type: 'save', dayId: 1, sessionId: SESSION, exercises: exercises(2) });
    expect(notes.get('u1')).toBe(1);
    first.stop();

    // The next page: the note says something waits, so nothing is shown as counted until the store is read.
    const next = outboxWith({ send: api.send, countHint, retryDelayMs: () => 60_000 });
    expect(next.getStatus()).toMatchObject({ loaded: false, pendingSets: 0 });
    await next.dismissNotices();
    expect(next.getStatus()).toMatchObject({ loaded: true, pendingSets: 2 });
    next.stop();
  });

  it('discards everything of a deleted account: stored operations, the count note, and any send or retry', async () => {
    const notes = new Map<string, number>();
    const countHint = {
      read: (id: string) => notes.get(id) ?? null,
      write: (id: string, n: number) => void notes.set(id, n),
      forget: (id: string) => void notes.delete(id),
    };
    const api = fakeApi();
    api.fail(new ApiError(503, '503: Service unavailable'));
    const outbox = outboxWith({ send: api.send, countHint, retryDelayMs: () => 0 });
    await outbox.append({ type: 'save', dayId: 1, sessionId: SESSION, exercises: exercises(2) });
    const listener = jest.fn();
    outbox.subscribe(listener);

    await outbox.discard();

    expect(outbox.getStatus()).toMatchObject({ operations: [], pendingSets: 0 });
    expect((await storage.read('u1')).operations).toEqual([]);
    expect(notes.has('u1')).toBe(false);
    const sentBefore = api.send.mock.calls.length;
    await expect(outbox.flush()).resolves.not.toBe('synced');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.send.mock.calls.length).toBe(sentBefore);
  });

  it("keeps each user's outbox apart in one browser", async () => {
    const api = fakeApi();
    api.fail(new ApiError(503, '503: Service unavailable'));
    const first = outboxWith({ send: api.send, retryDelayMs: () => 60_000 });
    await first.append({ type: 'save', dayId: 1, sessionId: SESSION, exercises: exercises(2) });
    const second = createOutbox({ userId: 'u2', storage, send: api.send, channel: null });
    await second.flush();
    expect(second.getStatus()).toMatchObject({ operations: [], pendingSets: 0 });
    expect((await storage.read('u1')).operations).toHaveLength(1);
    first.stop();
    second.stop();
  });
});
