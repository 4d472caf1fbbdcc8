// Shared by the outbox's and the shell's sync tests: `import { exercises } from '@hit/platform/test/exercises'`.
import type { Exercise } from '@hit/contracts';

/** Day 1's first exercise, Incline Press, with its first `done` sets completed at 10:0x. */
export function exercises(done: number, weight = 100): Exercise[] {
  return [
    {
      id: 101,
      name: 'Incline Press',
      sets: ['101-w1', '101-w2', '101-work'].map((id, i) => ({
        id,
        type: i < 2 ? ('warmup' as const) : ('working' as const),
        completed: i < done,
        weight: i < done ? weight : null,
        reps: i < done ? 8 : null,
        weightUnit: 'lbs' as const,
        completedAt: i < done ? `2026-11-24T10:0${i}:00.000Z` : null,
      })),
    },
  ];
}
