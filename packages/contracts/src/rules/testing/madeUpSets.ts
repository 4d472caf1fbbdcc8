import type { RecordSet } from '../records';

/** A lifter's sets, made up from a seed: three exercises, both units, warm-ups, a few sets without reps. */
export function madeUpSets(seed: number, count: number): RecordSet[] {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  return Array.from({ length: count }, (_, i) => ({
    exerciseId: 101 + Math.floor(next() * 3),
    weight: Math.round(next() * 40) * 2.5,
    weightUnit: next() < 0.3 ? ('kg' as const) : ('lbs' as const),
    reps: Math.floor(next() * 12),
    setType: next() < 0.3 ? 'warmup' : 'working',
    date: new Date(Date.UTC(2024, 0, 1) + Math.floor(next() * 600) * 86_400_000 + i * 1000).toISOString(),
  }));
}
