/**
 * A copy, in this browser, of a workout state the api has not confirmed yet. If the phone is offline and the page
 * is reloaded or closed before a retry lands, the next ActiveWorkout of the same session (or, without a session,
 * the same day) picks the copy up and saves it: a set is never lost to a dead connection.
 */
import { exercisesSchema, type Exercise } from '@hit/contracts';

const KEY_PREFIX = 'hitUnsavedWorkout:';
/** An older copy belongs to a workout long gone. */
export const BACKUP_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export function backupKey(dayId: number, sessionId: string | null): string {
  return sessionId ? `${KEY_PREFIX}session:${sessionId}` : `${KEY_PREFIX}day:${dayId}`;
}

/** localStorage, or null where it is unavailable (some private modes throw on access). */
export function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function writeBackup(storage: Storage | null, key: string, exercises: Exercise[], now: number): void {
  try {
    storage?.setItem(key, JSON.stringify({ storedAt: now, exercises }));
  } catch {
    // Storage full or refused: the retries still run, only the reload safety net is missing.
  }
}

export function clearBackup(storage: Storage | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}

/** Same exercises and sets, in the same order: the copy was made from this very workout. */
function sameShape(a: readonly Exercise[], b: readonly Exercise[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (exercise, i) =>
        exercise.id === b[i].id &&
        exercise.sets.length === b[i].sets.length &&
        exercise.sets.every((set, j) => set.id === b[i].sets[j].id),
    )
  );
}

/** The unsaved copy for this workout when there is a usable one that differs from what the api gave. */
export function readBackup(
  storage: Storage | null,
  key: string,
  current: readonly Exercise[],
  now: number,
): Exercise[] | null {
  let text: string | null = null;
  try {
    text = storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
  if (!text) return null;
  try {
    const stored = JSON.parse(text) as { storedAt?: unknown; exercises?: unknown };
    if (typeof stored.storedAt !== 'number' || now - stored.storedAt > BACKUP_MAX_AGE_MS) throw new Error('stale');
    const exercises = exercisesSchema.parse(stored.exercises);
    if (!sameShape(exercises, current)) throw new Error('another workout');
    return JSON.stringify(exercises) === JSON.stringify(current) ? null : exercises;
  } catch {
    clearBackup(storage, key);
    return null;
  }
}
