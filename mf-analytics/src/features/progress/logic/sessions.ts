import type { ProgressEntry } from '@hit/contracts';
import { templateDayNumber } from '@hit/contracts/rules';
import { parseIsoTime } from './isoTime';
import { isWorkingSet } from './units';

// Built-ins used per entry are read once here: global lookups are slow in sandboxed contexts (jest's vm)
// and cost nothing to hoist elsewhere.
const { floor } = Math;
const { isNaN } = Number;

export interface ProgressSession {
  key: string;
  /** When the session's first working set was completed. */
  date: Date;
  workoutDayId: number;
  cycle: number;
  /** Its working entries, oldest first. */
  entries: ProgressEntry[];
}

/** A working entry with the values every derivation needs, computed once. */
export interface PreparedEntry {
  entry: ProgressEntry;
  time: number;
  /** Index into Prepared.sessions. */
  sessionIndex: number;
}

export interface Prepared {
  /** Working entries only, oldest first (input order kept for equal times). */
  items: PreparedEntry[];
  sessions: ProgressSession[];
}

/**
 * Without a sessionId, sets of the same day completed in the same minute (UTC) belong together
 * (docs/product-rules.md, "Progress entries and sessions").
 */
function sessionKey(entry: ProgressEntry, time: number): string {
  if (entry.sessionId) return entry.sessionId;
  const minute = new Date(Math.floor(time / 60_000) * 60_000).toISOString().slice(0, 16);
  return `${entry.workoutDayId}@${minute}`;
}

/** The same grouping rule as sessionKey, compared directly to skip building keys for neighbouring sets. */
function sameSession(a: PreparedEntry, b: PreparedEntry): boolean {
  if (a.entry.sessionId || b.entry.sessionId) return a.entry.sessionId === b.entry.sessionId;
  return a.entry.workoutDayId === b.entry.workoutDayId && floor(a.time / 60_000) === floor(b.time / 60_000);
}

/** The API answers oldest first, so usually no sort is needed; a stable sort handles anything else. */
function sortByTime(items: PreparedEntry[]): PreparedEntry[] {
  for (let i = 1; i < items.length; i++) {
    if (items[i].time < items[i - 1].time) return items.sort((a, b) => a.time - b.time);
  }
  return items;
}

/**
 * Cycle 1 first; a new cycle whenever the template day goes down, 3 → 1 or 2 → 1 after a skipped day
 * (docs/product-rules.md, "Rotation and cycles").
 */
function numberCycles(sessions: ProgressSession[]): void {
  let cycle = 1;
  for (let i = 0; i < sessions.length; i++) {
    if (i > 0 && templateDayNumber(sessions[i].workoutDayId) < templateDayNumber(sessions[i - 1].workoutDayId)) cycle++;
    sessions[i].cycle = cycle;
  }
}

/**
 * Prepared data per entries array. The screen re-derives with the same query data whenever the unit or
 * exercise filter changes; parsing and grouping (about half the work) depend on neither, so they are
 * done once per array. This relies on the array not being mutated in place, which holds for query data;
 * callers must treat the returned sessions as read-only too, as they are shared between calls.
 */
const preparedCache = new WeakMap<readonly ProgressEntry[], Prepared>();

export function prepare(entries: readonly ProgressEntry[]): Prepared {
  let prepared = preparedCache.get(entries);
  if (!prepared) {
    prepared = prepareUncached(entries);
    preparedCache.set(entries, prepared);
  }
  return prepared;
}

/**
 * The single pass shared by every derivation: keep working sets, parse dates, order by time,
 * group into sessions and number cycles. Entries with an unparseable date are dropped, since they
 * cannot be placed on a timeline.
 */
function prepareUncached(entries: readonly ProgressEntry[]): Prepared {
  const items: PreparedEntry[] = [];
  for (const entry of entries) {
    if (!isWorkingSet(entry.setType)) continue;
    const time = parseIsoTime(entry.date);
    if (isNaN(time)) continue;
    items.push({ entry, time, sessionIndex: -1 });
  }
  sortByTime(items);

  // Items are in time order, so sessions are created in order of their first set: already sorted by date.
  const sessions: ProgressSession[] = [];
  const indexByKey = new Map<string, number>();
  let previous: PreparedEntry | undefined;
  for (const item of items) {
    // Sets of one session are usually neighbours in time, so most sets skip the key lookup.
    let index = previous && sameSession(previous, item) ? previous.sessionIndex : undefined;
    if (index === undefined) {
      const key = sessionKey(item.entry, item.time);
      index = indexByKey.get(key);
      if (index === undefined) {
        index = sessions.length;
        indexByKey.set(key, index);
        sessions.push({ key, date: new Date(item.time), workoutDayId: item.entry.workoutDayId, cycle: 0, entries: [] });
      }
    }
    sessions[index].entries.push(item.entry);
    item.sessionIndex = index;
    previous = item;
  }
  numberCycles(sessions);
  return { items, sessions };
}

/** Working entries grouped into sessions, ordered by date, with cycle numbers. */
export function groupSessions(entries: readonly ProgressEntry[]): ProgressSession[] {
  return prepare(entries).sessions;
}
