/** How many sets the outbox holds that the api does not have yet (the header's count, issue #18). */
import type { Exercise, SyncOperation } from '@hit/contracts';
import type { StoredOutbox } from './types';

/** A completed set as the api would record it: the same set done again after an undo is another record. */
export const setKey = (set: { id: string; completedAt: string | null }) => `${set.id}@${set.completedAt}`;

export function completedSets(exercises: readonly Exercise[]) {
  return exercises.flatMap((exercise) => exercise.sets.filter((set) => set.completed && set.completedAt !== null));
}

/**
 * Per session, the completed sets of its newest pending save that the api is not known to hold. Waiting ones: of
 * those, the ones done at or after the moment access ended (all of them when none are taken).
 */
export function countPendingSets({
  operations,
  onServer,
  waiting,
}: Pick<StoredOutbox, 'operations' | 'onServer' | 'waiting'>) {
  const latestSave = new Map<string, Extract<SyncOperation, { type: 'save' }>>();
  for (const op of operations) if (op.type === 'save') latestSave.set(op.sessionId, op);
  let pendingSets = 0;
  let waitingSets = 0;
  const waitsFrom = waiting?.acceptedUntil ? Date.parse(waiting.acceptedUntil) : null;
  for (const [sessionId, save] of latestSave) {
    const known = new Set(onServer[sessionId] ?? []);
    for (const set of completedSets(save.exercises)) {
      if (known.has(setKey(set))) continue;
      pendingSets += 1;
      if (waiting && (waitsFrom === null || Date.parse(set.completedAt!) >= waitsFrom)) waitingSets += 1;
    }
  }
  return { pendingSets, waitingSets };
}
