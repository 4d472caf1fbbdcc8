// Test helper (not exported from index): a working set with sensible defaults.
import type { ProgressEntry } from '@hit/contracts';

export function entry(overrides: Partial<Omit<ProgressEntry, 'setType'>> & { setType?: string } = {}): ProgressEntry {
  return {
    date: '2026-11-02T12:00:00.000Z',
    sessionId: null,
    workoutDayId: 1,
    exerciseId: 1,
    exerciseName: 'Leg Press',
    weight: 100,
    weightUnit: 'lbs',
    reps: 8,
    // The server may send spellings outside the contract's enum ('work', 'WORK'); the logic accepts any string.
    ...overrides,
    setType: (overrides.setType ?? 'working') as ProgressEntry['setType'],
  };
}

/** ISO date of day `day` of November 2026 at the given UTC time. */
export function nov(day: number, time = '12:00:00'): string {
  return `2026-11-${String(day).padStart(2, '0')}T${time}.000Z`;
}
