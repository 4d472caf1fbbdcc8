/**
 * The previous version kept a workout state the api had not confirmed in localStorage
 * (`hitUnsavedWorkout:session:<id>` or `hitUnsavedWorkout:day:<dayId>`, `{"storedAt": ms, "exercises": [...]}`).
 * Such a copy is moved into the signed-in user's outbox once (issue #18), then removed: never lost, never sent twice.
 */
import type { Exercise, WorkoutDay } from '@hit/contracts';
import { newObjectId } from './objectId';
import { completedSets } from './pendingSets';
import type { NewOperation, Outbox } from './types';

export const LEGACY_BACKUP_PREFIX = 'hitUnsavedWorkout:';
const OBJECT_ID = /^[a-f0-9]{24}$/;

function exercisesOf(text: string | null): Exercise[] | null {
  if (!text) return null;
  try {
    const { exercises } = JSON.parse(text) as { exercises?: unknown };
    const list = Array.isArray(exercises) ? (exercises as Exercise[]) : null;
    const wellFormed = list?.every((exercise) => typeof exercise?.id === 'number' && Array.isArray(exercise.sets));
    return wellFormed ? list : null;
  } catch {
    return null;
  }
}

/** The user's day whose exercises the copy has (a session key does not name its day). */
function dayHolding(days: readonly WorkoutDay[], exercises: readonly Exercise[]): WorkoutDay | undefined {
  const ids = exercises.map((exercise) => exercise.id).join(',');
  return days.find((day) => day.exercises.map((exercise) => exercise.id).join(',') === ids);
}

/** The operations that carry one copy over, or null when there is nothing usable in it. */
function operationsFor(key: string, text: string | null, days: readonly WorkoutDay[]): NewOperation[] | null {
  const exercises = exercisesOf(text);
  if (!exercises || completedSets(exercises).length === 0) return null;
  const [kind, id] = key.slice(LEGACY_BACKUP_PREFIX.length).split(':');
  if (kind === 'session' && OBJECT_ID.test(id ?? '')) {
    const day = dayHolding(days, exercises);
    return day ? [{ type: 'save', dayId: day.id, sessionId: id, exercises }] : null;
  }
  if (kind === 'day') {
    const day = days.find((candidate) => String(candidate.id) === id);
    if (!day) return null;
    // A workout the old version ran without a session: an unfinished one now, offered for resume.
    const sessionId = newObjectId();
    return [
      { type: 'start', dayId: day.id, sessionId },
      { type: 'save', dayId: day.id, sessionId, exercises },
    ];
  }
  return null;
}

/** Moves every copy left in `storage` into the outbox; resolves with how many were moved. */
export async function migrateLegacyBackup(
  outbox: Pick<Outbox, 'append'>,
  days: readonly WorkoutDay[],
  storage: Storage | null = typeof window === 'undefined' ? null : window.localStorage,
): Promise<number> {
  if (!storage) return 0;
  const keys = Object.keys(storage).filter((key) => key.startsWith(LEGACY_BACKUP_PREFIX));
  let moved = 0;
  for (const key of keys) {
    const operations = operationsFor(key, storage.getItem(key), days);
    for (const operation of operations ?? []) await outbox.append(operation);
    // Removed only once its operations are stored.
    storage.removeItem(key);
    if (operations) moved += 1;
  }
  return moved;
}
