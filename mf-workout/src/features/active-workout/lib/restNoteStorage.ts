import type { RestNote } from '../logic/workoutReducer';
import { browserStorage } from './browserStorage';

/** Where this device keeps the note of its latest rest (paused or skipped) for a resumed workout. */
export const REST_NOTE_KEY = 'hitRestNote';

function isRestNote(value: unknown): value is RestNote {
  if (typeof value !== 'object' || value === null) return false;
  const { after, timer } = value as Partial<RestNote>;
  if (typeof after?.setId !== 'string' || typeof after.completedAt !== 'string') return false;
  if (timer === 'skipped') return true;
  if (timer?.status === 'paused') return typeof timer.remainingMs === 'number';
  return timer?.status === 'running' && typeof timer.endsAt === 'number';
}

/** The note kept, or null (none, unreadable, or no storage: the rest is then counted from its set's time). */
export function readRestNote(): RestNote | null {
  try {
    const value: unknown = JSON.parse(browserStorage()?.getItem(REST_NOTE_KEY) ?? 'null');
    return isRestNote(value) ? value : null;
  } catch {
    return null;
  }
}

/** Keeps the note, or forgets it (`null`: a rest that only runs needs none). A storage that refuses loses nothing else. */
export function writeRestNote(note: RestNote | null): void {
  try {
    const storage = browserStorage();
    if (note) storage?.setItem(REST_NOTE_KEY, JSON.stringify(note));
    else storage?.removeItem(REST_NOTE_KEY);
  } catch {
    // A full or blocked storage: the resumed rest is counted from its set's time instead.
  }
}
