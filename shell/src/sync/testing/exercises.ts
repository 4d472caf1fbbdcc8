import type { Exercise } from '@hit/contracts';

/** The first exercise of Day 1 with its first `done` sets completed, as the sync tests store and answer it. */
export function exercises(done: number): Exercise[] {
  return [
    {
      id: 101,
      name: 'Incline Press',
      sets: ['101-w1', '101-w2', '101-work'].map((id, i) => ({
        id,
        type: i < 2 ? ('warmup' as const) : ('working' as const),
        completed: i < done,
        weight: i < done ? 100 : null,
        reps: i < done ? 8 : null,
        weightUnit: 'lbs' as const,
        completedAt: i < done ? `2026-11-24T10:0${i}:00.000Z` : null,
      })),
    },
  ];
}
