/**
 * The outbox engine (issue #18; docs/architecture.md, "Offline design"): a user's workout writes, stored in IndexedDB
 * before the screen says they are done, sent to POST /api/sync oldest first, each answered operation taken out. The
 * api applies each at most once, so sending one again (a lost answer, a crash, another tab) is always safe; one tab
 * sends at a time all the same (a Web Lock per user), and the others hear of every change on a BroadcastChannel.
 */
import { replaceEqualDeep } from '@tanstack/react-query';
import type { SyncBatchBody, SyncBatchResponse, SyncOperation, SyncResult } from '@hit/contracts';
import { MAX_SYNC_OPERATIONS, SYNC_OTHER_USER_MESSAGE } from '@hit/contracts/rules';
import { ApiError, apiRequest } from '../apiClient';
import { isNetworkFailure } from '../networkStatus';
import { newOperationId } from './objectId';
import { completedSets, countPendingSets, setKey } from './pendingSets';
import { emptyOutbox, indexedDbOutboxStorage, type OutboxStorage } from './store';
import type {
  FlushOutcome,
  NewOperation,
  Outbox,
  OutboxStatus,
  RejectedOperation,
  ServerState,
  StoredOutbox,
} from './types';

export const RETRY_BASE_MS = 1000;
export const RETRY_MAX_MS = 30_000;

/** 1 s, 2 s, 4 s … at most 30 s between attempts. */
export function backoffDelayMs(attempt: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** attempt);
}

/** Runs `task` while holding the user's send lock (the Web Locks API where the browser has it). */
export type SendLock = <T>(name: string, task: () => Promise<T>) => Promise<T>;

export const webLock: SendLock = (name, task) => {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request(name, task) as Promise<Awaited<ReturnType<typeof task>>>) : task();
};

/** What tells this tab's outbox that another tab changed the stored one. */
export interface OutboxChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: () => void): void;
  close(): void;
}

export interface OutboxOptions {
  userId: string;
  storage?: OutboxStorage;
  send?: (body: SyncBatchBody) => Promise<SyncBatchResponse>;
  lock?: SendLock;
  /** null: no other tab to tell (the default is a BroadcastChannel where the browser has one). */
  channel?: OutboxChannel | null;
  retryDelayMs?: (attempt: number) => number;
  now?: () => Date;
  /** False while another user is signed in on this page: nothing is sent, nor retried, until a flush when it is. */
  canSend?: () => boolean;
  /** A synchronous note of how many operations the stored outbox holds (null: none), read before IndexedDB answers. */
  countHint?: CountHint | null;
}

/** How many operations a user's stored outbox holds, kept where a page can read it at once. */
export interface CountHint {
  read(userId: string): number | null;
  write(userId: string, count: number): void;
  /** Removes the user's note (their account was deleted). */
  forget?(userId: string): void;
}

/**
 * localStorage: an outbox known to be empty (the usual case) lets the dashboard show at once instead of waiting for
 * IndexedDB to open (a few hundred ms on a slow phone's first visit). Only a count; the operations stay in IndexedDB.
 */
export const localStorageCountHint: CountHint = {
  read(userId) {
    try {
      const text = window.localStorage.getItem(`hit-outbox-count:${userId}`);
      return text === null ? null : Number(text);
    } catch {
      return null;
    }
  },
  write(userId, count) {
    try {
      window.localStorage.setItem(`hit-outbox-count:${userId}`, String(count));
    } catch {
      // No note: the page waits for IndexedDB next time.
    }
  },
  forget(userId) {
    try {
      window.localStorage.removeItem(`hit-outbox-count:${userId}`);
    } catch {
      // Nothing kept, then.
    }
  },
};

const sendToApi = (body: SyncBatchBody) => apiRequest<SyncBatchResponse>('POST', '/api/sync', body);

function broadcastChannel(userId: string): OutboxChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(`hit-outbox:${userId}`);
}

const sessionOf = (op: SyncOperation) => ('sessionId' in op ? op.sessionId : null);

/**
 * The stored outbox after the api answered `batch` (its first operations, in order): answered ones leave the queue
 * (applied ones remembered as on the server, rejected ones kept with their reason); the first waiting one and every
 * later one stay.
 */
export function applyResults(
  current: StoredOutbox,
  batch: readonly SyncOperation[],
  results: readonly SyncResult[],
  now: Date,
): { stored: StoredOutbox; waiting: boolean } {
  const byId = new Map(results.map((result) => [result.opId, result]));
  const onServer: Record<string, string[]> = { ...current.onServer };
  const remember = (sessionId: string, keys: string[]) => {
    onServer[sessionId] = [...new Set([...(onServer[sessionId] ?? []), ...keys])];
  };
  const rejected: RejectedOperation[] = [...current.rejected];
  const notices = [...current.notices];
  const answered = new Set<string>();
  const finished: string[] = [];
  let waiting: StoredOutbox['waiting'] = null;

  for (const op of batch) {
    const result = byId.get(op.opId);
    if (!result) break;
    if (result.status === 'waiting') {
      waiting = { acceptedUntil: result.acceptedUntil };
      break;
    }
    const outcome = result.status === 'duplicate' ? result.original : result;
    answered.add(op.opId);
    if (outcome.status === 'rejected') {
      rejected.push({ operation: op, message: outcome.message, rejectedAt: now.toISOString() });
      continue;
    }
    if (op.type === 'save') remember(op.sessionId, completedSets(op.exercises).map(setKey));
    if (op.type === 'complete' || op.type === 'end') finished.push(op.sessionId);
    if (outcome.note && !notices.includes(outcome.note)) notices.push(outcome.note);
  }

  const operations = current.operations.filter((op) => !answered.has(op.opId));
  if (waiting?.acceptedUntil) {
    // The api recorded the sets done before access ended, though their operation waits.
    const until = Date.parse(waiting.acceptedUntil);
    for (const op of operations) {
      if (op.type !== 'save') continue;
      const taken = completedSets(op.exercises).filter((set) => Date.parse(set.completedAt!) < until);
      if (taken.length > 0) remember(op.sessionId, taken.map(setKey));
    }
  }
  for (const sessionId of finished) {
    if (!operations.some((op) => sessionOf(op) === sessionId)) delete onServer[sessionId];
  }
  return { stored: { ...current, operations, onServer, rejected, notices, waiting }, waiting: waiting !== null };
}

/** The operation to store: `save` replaces a save of the same session at the tail (saves carry the whole state). */
function appended(current: StoredOutbox, op: SyncOperation): StoredOutbox {
  const operations = [...current.operations];
  const tail = operations.at(-1);
  if (op.type === 'save' && tail?.type === 'save' && tail.sessionId === op.sessionId) operations.pop();
  operations.push(op);
  return { ...current, operations };
}

export function createOutbox({
  userId,
  storage = indexedDbOutboxStorage(),
  send = sendToApi,
  lock = webLock,
  channel = broadcastChannel(userId),
  retryDelayMs = backoffDelayMs,
  now = () => new Date(),
  canSend = () => true,
  countHint = typeof window === 'undefined' ? null : localStorageCountHint,
}: OutboxOptions): Outbox {
  let stored = emptyOutbox();
  // Known empty (or never written) per the note: the counts are right before IndexedDB answers, which confirms them.
  const hinted = countHint?.read(userId);
  let loaded = hinted === null || hinted === 0;
  let syncing = false;
  let lastOutcome: FlushOutcome | null = null;
  let stopped = false;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<FlushOutcome> | null = null;
  let sendAgain = false;
  const listeners = new Set<() => void>();
  const serverListeners = new Set<(state: ServerState) => void | Promise<void>>();

  const computeStatus = (): OutboxStatus => ({
    userId,
    loaded,
    operations: stored.operations,
    ...(loaded ? countPendingSets(stored) : { pendingSets: 0, waitingSets: 0 }),
    rejected: stored.rejected,
    notices: stored.notices,
    syncing,
    lastOutcome,
  });
  let status = computeStatus();

  // A new status object only when something in it changed (TanStack Query's structural sharing keeps the unchanged
  // parts too): reads that find the same outbox (every flush starts with one) and a flush that ends as the last did
  // notify no one. Screens read it with useSyncExternalStore, and a new snapshot during a time-sliced render makes
  // React throw that render away and redo it in one blocking task (issue #25: the dashboard's first render on /home).
  function publish() {
    const next = replaceEqualDeep(status, computeStatus());
    if (next === status) return;
    status = next;
    for (const listener of listeners) listener();
  }

  async function reload() {
    stored = await storage.read(userId);
    loaded = true;
    countHint?.write(userId, stored.operations.length);
    publish();
  }

  // Every storage call in order: a write never lands before the first read, nor two of this tab's out of order.
  let queue: Promise<unknown> = reload().catch((error: unknown) => {
    loaded = true;
    publish();
    console.error('The outbox could not be read:', error);
  });
  const firstRead = queue.then(() => undefined);
  function inOrder<T>(task: () => Promise<T>): Promise<T> {
    const next = queue.then(task);
    queue = next.catch(() => undefined);
    return next;
  }

  function change(edit: (current: StoredOutbox) => StoredOutbox): Promise<void> {
    return inOrder(async () => {
      stored = await storage.update(userId, edit);
      loaded = true;
      countHint?.write(userId, stored.operations.length);
      publish();
      channel?.postMessage('changed');
    });
  }

  channel?.addEventListener('message', () => void inOrder(reload));

  function clearRetry() {
    if (retryTimer !== undefined) clearTimeout(retryTimer);
    retryTimer = undefined;
  }

  function setSyncing(next: boolean) {
    if (syncing === next) return;
    syncing = next;
    publish();
  }

  /** Sends batch after batch until the outbox is empty, it waits for access, or the api cannot take it now. */
  async function sendAll(): Promise<FlushOutcome> {
    for (;;) {
      await inOrder(reload);
      const batch = stored.operations.slice(0, MAX_SYNC_OPERATIONS);
      if (batch.length === 0) return 'synced';
      if (!canSend()) return 'signedOut';
      setSyncing(true);
      let response: SyncBatchResponse;
      try {
        response = await send({ userId, operations: batch });
      } catch (error) {
        setSyncing(false);
        if (isNetworkFailure(error)) return 'offline';
        const other =
          error instanceof ApiError && error.status === 409 && error.message.includes(SYNC_OTHER_USER_MESSAGE);
        if (other || (error instanceof ApiError && error.status === 401)) return 'signedOut';
        console.warn('Syncing the outbox failed; retrying:', error);
        return 'failed';
      }
      // The server's state first: the screens never see the operations gone with the old state still in place.
      const { workoutDays, workoutState, openSession, workingSetsVersion, weightUnit } = response;
      const state = { workoutDays, workoutState, openSession, workingSetsVersion, weightUnit };
      await Promise.all([...serverListeners].map((listener) => listener(state)));
      let waits = false;
      await change((current) => {
        const next = applyResults(current, batch, response.results, now());
        waits = next.waiting;
        return next.stored;
      });
      setSyncing(false);
      if (waits) return 'waiting';
    }
  }

  function run(resetBackoff: boolean): Promise<FlushOutcome> {
    if (stopped) return Promise.resolve(lastOutcome ?? 'signedOut');
    if (resetBackoff) attempt = 0;
    clearRetry();
    if (running) {
      sendAgain = true;
      return running;
    }
    const current = (async () => {
      let outcome: FlushOutcome;
      do {
        sendAgain = false;
        outcome = await lock(`hit-outbox:${userId}`, sendAll);
      } while (sendAgain && outcome === 'synced' && !stopped);
      return outcome;
    })();
    running = current;
    return current.then((outcome) => {
      running = null;
      lastOutcome = outcome;
      if (outcome === 'synced' || outcome === 'waiting') attempt = 0;
      if ((outcome === 'offline' || outcome === 'failed') && !stopped) {
        retryTimer = setTimeout(() => void run(false), retryDelayMs(attempt++));
      }
      publish();
      return outcome;
    });
  }

  function stop() {
    stopped = true;
    clearRetry();
    channel?.close();
    listeners.clear();
    serverListeners.clear();
  }

  return {
    userId,
    loaded: firstRead,
    getStatus: () => status,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async append(operation: NewOperation) {
      const op = { ...operation, opId: newOperationId(), at: operation.at ?? now().toISOString() } as SyncOperation;
      await change((current) => appended(current, op));
      void run(true);
      return op;
    },
    markOnServer(sessionId, exercises) {
      const keys = completedSets(exercises).map(setKey);
      if (keys.length === 0) return Promise.resolve();
      return change((current) => ({
        ...current,
        onServer: { ...current.onServer, [sessionId]: [...new Set([...(current.onServer[sessionId] ?? []), ...keys])] },
      }));
    },
    flush: () => run(true),
    dismissNotices: () => change((current) => ({ ...current, notices: [] })),
    clearRejected: () => change((current) => ({ ...current, rejected: [] })),
    onServerState(listener) {
      serverListeners.add(listener);
      return () => void serverListeners.delete(listener);
    },
    stop,
    async discard() {
      stopped = true;
      clearRetry();
      await inOrder(async () => {
        await storage.remove(userId);
        stored = emptyOutbox();
        countHint?.forget?.(userId);
        publish();
        channel?.postMessage('changed');
      });
      stop();
    },
  };
}
