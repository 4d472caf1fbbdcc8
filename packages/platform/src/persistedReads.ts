import { hashKey, type Query, type QueryKey } from '@tanstack/react-query';
import { queryKeys } from './queryKeys';

/**
 * The reads the screens need to open without a network (issue #17): kept in IndexedDB per user, with the 'Last time'
 * hints of the exercises (LAST_WORKOUT_PREFIX) so a workout started offline prefills as online (issue #18). Anything
 * else is fetched when needed; the outbox for unsynced work is a separate store.
 */
export const PERSISTED_READS: readonly QueryKey[] = [
  queryKeys.user,
  queryKeys.workoutDays,
  queryKeys.workoutState,
  queryKeys.subscriptionStatus,
  queryKeys.openSession,
  queryKeys.progress,
  queryKeys.goals,
  queryKeys.records,
  queryKeys.plateSettings,
  queryKeys.remoteMap,
];

/** The user's own data, whose age the offline status tells (the remote map says nothing about it). */
export const USER_DATA_READS: readonly QueryKey[] = PERSISTED_READS.filter((key) => key !== queryKeys.remoteMap);

const persistedHashes = new Set(PERSISTED_READS.map((key) => hashKey(key)));
/** Every key of a 'Last time' hint (`queryKeys.lastWorkout(exercise, day)`) hashes to a string starting so. */
const LAST_WORKOUT_PREFIX = hashKey(queryKeys.lastWorkouts).slice(0, -1) + ',';
const userDataHashes = new Set(USER_DATA_READS.map((key) => hashKey(key)));

/** A month-old copy is still the lifter's own history; older copies are dropped and the api is waited for. */
export const OFFLINE_CACHE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** Bumped when a persisted answer's shape changes, so an older copy is dropped rather than misread. */
export const OFFLINE_CACHE_VERSION = '1';

/** An allowlisted read with an answer to keep, even when its last refresh failed (the answer is still the last known). */
export function isPersistedRead(query: Pick<Query, 'queryHash' | 'state'>): boolean {
  const kept = persistedHashes.has(query.queryHash) || query.queryHash.startsWith(LAST_WORKOUT_PREFIX);
  return kept && query.state.data !== undefined;
}

export function isUserDataRead(query: Pick<Query, 'queryHash'>): boolean {
  return userDataHashes.has(query.queryHash);
}
