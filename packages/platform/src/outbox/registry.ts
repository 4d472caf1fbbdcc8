import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@hit/contracts';
import { queryKeys } from '../queryKeys';
import { useUser } from '../user';
import { createOutbox } from './outbox';
import type { Outbox, OutboxStatus } from './types';

// One outbox per user for the page: @hit/platform is a shared singleton, so every remote appends to the same one and
// the shell shows its status. A user's outbox stays when they sign out (their work syncs at their next sign-in).
const outboxes = new Map<string, Outbox>();

export function getOutbox(userId: string): Outbox {
  let outbox = outboxes.get(userId);
  if (!outbox) {
    outbox = createOutbox({ userId, canSend: () => sendingUserId === userId });
    outboxes.set(userId, outbox);
  }
  return outbox;
}

// Whose outbox may send from this page: the signed-in user's, once the shell says so (useOutboxSync). Another user's
// retries would go out with someone else's session; they wait, stored, for their owner's next sign-in.
let sendingUserId: string | null = null;

/** The signed-in user whose outbox may send now (null: nobody's). */
export function setSendingUser(userId: string | null): void {
  sendingUserId = userId;
}

/**
 * A deleted account's outbox: its operations could never be sent, and nothing of the user may stay in this browser.
 * Removed from storage (for every tab) and from the page.
 */
export async function discardOutbox(userId: string): Promise<void> {
  const outbox = getOutbox(userId);
  outboxes.delete(userId);
  await outbox.discard();
}

/** Stops every outbox of the page and forgets them (tests start each from what is stored). */
export function stopOutboxes(): void {
  for (const outbox of outboxes.values()) outbox.stop();
  outboxes.clear();
}

/**
 * Opens the outbox of the user the cache holds (the page's reads, or the offline cache's) before the app's first
 * render, and settles once it has been read. Its first status is then the loaded one: a status that changed while
 * React time-slices the first render (useOutboxStatus) would make it throw that render away and redo the whole tree
 * in one blocking task before the first paint (issue #21: /home's largest paint).
 */
export function openSignedInOutbox(queryClient: QueryClient): Promise<void> {
  const user = queryClient.getQueryData<User | null>(queryKeys.user);
  return user ? getOutbox(user.id).loaded : Promise.resolve();
}

/** The signed-in user's outbox; null while nobody is signed in. */
export function useOutbox(): Outbox | null {
  const { data: user } = useUser();
  return user ? getOutbox(user.id) : null;
}

const noSubscription = () => () => undefined;

/**
 * The signed-in user's outbox status (null while nobody is signed in), re-rendering on every change; with `select`,
 * only the part it picks, re-rendering only when that part changes. Each change of a status read with
 * useSyncExternalStore renders its readers again in one blocking task, so a screen reads what it shows: the dashboard
 * its pending operations, not the outcome of every flush (issue #21: the first flush after /home's first paint
 * rendered the whole dashboard again).
 */
export function useOutboxStatus(): OutboxStatus | null;
export function useOutboxStatus<T>(select: (status: OutboxStatus) => T): T | null;
export function useOutboxStatus<T>(select?: (status: OutboxStatus) => T): OutboxStatus | T | null {
  const outbox = useOutbox();
  const snapshot = () => {
    if (!outbox) return null;
    const status = outbox.getStatus();
    return select ? select(status) : status;
  };
  return useSyncExternalStore(outbox ? outbox.subscribe : noSubscription, snapshot, snapshot);
}
