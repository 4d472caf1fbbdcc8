import type { Records } from '@hit/contracts';
import { browserStorage } from './browserStorage';

/** Where this device keeps the records a workout opened with, so a resumed workout judges its sets the same way. */
export const RECORDS_SNAPSHOT_KEY = 'hitRecordsBefore';

/** A snapshot older than this before the workout's first set belongs to another performance. */
const SNAPSHOT_MAX_AGE_MS = 12 * 60 * 60 * 1000;

interface RecordsSnapshot {
  dayId: number;
  takenAt: number;
  records: Records;
}

/**
 * The records kept when this workout began (day `dayId`, its first set done at `firstSetAt`): taken before that set
 * and at most 12 hours before it. Null when there is none that fits (another device began the workout, or storage was
 * cleared): the screen then takes the api's records as they come.
 */
export function readRecordsSnapshot(dayId: number, firstSetAt: number): Records | null {
  try {
    const value = JSON.parse(browserStorage()?.getItem(RECORDS_SNAPSHOT_KEY) ?? 'null') as RecordsSnapshot | null;
    if (!value || value.dayId !== dayId || typeof value.takenAt !== 'number') return null;
    if (value.takenAt > firstSetAt || firstSetAt - value.takenAt > SNAPSHOT_MAX_AGE_MS) return null;
    return Array.isArray(value.records?.lbs) && Array.isArray(value.records.kg) ? value.records : null;
  } catch {
    return null;
  }
}

/** Keeps the records a new workout opened with. A storage that refuses only costs a resumed workout its badges. */
export function writeRecordsSnapshot(dayId: number, takenAt: number, records: Records): void {
  try {
    browserStorage()?.setItem(RECORDS_SNAPSHOT_KEY, JSON.stringify({ dayId, takenAt, records }));
  } catch {
    // Nothing else depends on it.
  }
}
