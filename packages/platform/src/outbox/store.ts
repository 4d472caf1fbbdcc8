import { createStore, del, get, update, type UseStore } from 'idb-keyval';
import type { StoredOutbox } from './types';

/** Where the outboxes live: IndexedDB in the app, a map in some tests. */
export interface OutboxStorage {
  read(userId: string): Promise<StoredOutbox>;
  /** Reads, changes and writes one user's outbox in one transaction; resolves with what was written. */
  update(userId: string, change: (current: StoredOutbox) => StoredOutbox): Promise<StoredOutbox>;
  /** Removes one user's outbox (their account was deleted): a later read finds an empty one. */
  remove(userId: string): Promise<void>;
}

export function emptyOutbox(): StoredOutbox {
  return { version: 1, operations: [], onServer: {}, rejected: [], notices: [], waiting: null };
}

const keyOf = (userId: string) => `user:${userId}`;

/** An outbox written by this version, else an empty one (nothing else was ever written under these keys). */
function usable(value: unknown): StoredOutbox {
  const stored = value as StoredOutbox | undefined;
  return stored?.version === 1 && Array.isArray(stored.operations) ? stored : emptyOutbox();
}

/**
 * A database of its own, opened on first use. Each change is one idb-keyval `update` (a readwrite transaction), so two
 * tabs writing at once never lose each other's operations.
 */
export function indexedDbOutboxStorage(databaseName = 'hit-outbox'): OutboxStorage {
  let store: UseStore | undefined;
  const outboxes = () => (store ??= createStore(databaseName, 'outboxes'));
  return {
    read: async (userId) => usable(await get(keyOf(userId), outboxes())),
    async update(userId, change) {
      let written = emptyOutbox();
      await update(
        keyOf(userId),
        (current) => {
          written = change(usable(current));
          return written;
        },
        outboxes(),
      );
      return written;
    },
    remove: (userId) => del(keyOf(userId), outboxes()),
  };
}

/** The same in memory, kept as text: a copy on every read and write, as IndexedDB's structured clone makes. */
export function memoryOutboxStorage(): OutboxStorage {
  const values = new Map<string, string>();
  const current = (userId: string): StoredOutbox => JSON.parse(values.get(userId) ?? JSON.stringify(emptyOutbox()));
  return {
    read: async (userId) => current(userId),
    async update(userId, change) {
      const written = JSON.stringify(change(current(userId)));
      values.set(userId, written);
      return JSON.parse(written) as StoredOutbox;
    },
    async remove(userId) {
      values.delete(userId);
    },
  };
}
