import { hashKey, type QueryKey } from '@tanstack/react-query';
import { isPersistedRead } from './persistedReads';
import { queryKeys } from './queryKeys';

const read = (key: QueryKey, data: unknown) =>
  ({ queryHash: hashKey(key), state: { data } }) as Parameters<typeof isPersistedRead>[0];
const answered = (key: QueryKey) => read(key, { some: 'answer' });

describe('the reads kept in IndexedDB for offline use', () => {
  it.each([
    ['the days', queryKeys.workoutDays],
    ['the rotation', queryKeys.workoutState],
    ['the open session', queryKeys.openSession],
    ["a 'Last time' hint, so a workout started offline prefills as online", queryKeys.lastWorkout(101, 1)],
    ["another day's hint", queryKeys.lastWorkout(303, 13)],
  ])('keeps %s', (_what, key) => {
    expect(isPersistedRead(answered(key))).toBe(true);
  });

  it.each([
    ['a read with no answer yet', read(queryKeys.lastWorkout(101, 1), undefined)],
    ['the prefix key itself (no such read)', answered(queryKeys.lastWorkouts)],
    ['a read not on the list', answered(['/api/progress/last-workout-but-not'])],
  ])('does not keep %s', (_what, query) => {
    expect(isPersistedRead(query)).toBe(false);
  });
});
