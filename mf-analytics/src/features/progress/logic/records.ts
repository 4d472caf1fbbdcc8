import type { ProgressEntry, WeightUnit } from '@hit/contracts';
import { personalRecords } from '@hit/contracts/rules';
import { exerciseOptionsFrom, type ExerciseOption } from './charts';
import { prepare, type Prepared } from './sessions';
import { matchesFilter, round1, type ExerciseFilter } from './units';

export interface RecordSetShown {
  /** In the selected unit, one decimal. */
  weight: number;
  reps: number;
  /** ISO date of the set. */
  date: string;
}

/** An exercise's personal records (docs/product-rules.md, "Personal records"), as the screen shows them. */
export interface ExerciseRecord {
  exerciseId: number;
  exerciseName: string;
  /** The heaviest working set. */
  heaviest: RecordSetShown;
  /** The working set with the best estimated one-rep max, and that estimate (selected unit, one decimal). */
  bestEstimate: RecordSetShown & { estimate: number };
}

/**
 * The records of every exercise per unit, computed once per prepared answer and unit: the exercise filter only picks
 * among them, so changing it costs nothing.
 */
const recordsCache = new WeakMap<Prepared, Partial<Record<WeightUnit, ExerciseRecord[]>>>();

function allRecords(prepared: Prepared, unit: WeightUnit, exercises: readonly ExerciseOption[]): ExerciseRecord[] {
  let byUnit = recordsCache.get(prepared);
  if (!byUnit) recordsCache.set(prepared, (byUnit = {}));
  const cached = byUnit[unit];
  if (cached) return cached;

  const { items } = prepared;
  const sets = new Array<ProgressEntry>(items.length);
  for (let i = 0; i < items.length; i++) sets[i] = items[i].entry;
  const records = personalRecords(sets, unit);
  const shown: ExerciseRecord[] = [];
  for (const { id, name } of exercises) {
    const record = records.get(id);
    if (!record) continue;
    const { heaviest, bestEstimate } = record;
    shown.push({
      exerciseId: id,
      exerciseName: name,
      heaviest: { weight: round1(heaviest.weight), reps: heaviest.reps, date: heaviest.date },
      bestEstimate: {
        weight: round1(bestEstimate.weight),
        reps: bestEstimate.reps,
        date: bestEstimate.date,
        estimate: round1(bestEstimate.estimate),
      },
    });
  }
  byUnit[unit] = shown;
  return shown;
}

/**
 * Each chosen exercise's heaviest working set and best estimated one-rep max, in `unit`, in the order of the exercise
 * selector. The rules are `personalRecords` of @hit/contracts/rules (working sets only, ties as it breaks them).
 */
export function recordsFrom(
  prepared: Prepared,
  unit: WeightUnit,
  filter: ExerciseFilter,
  exercises: readonly ExerciseOption[],
): ExerciseRecord[] {
  const records = allRecords(prepared, unit, exercises);
  return filter === 'all' ? records : records.filter((record) => matchesFilter(filter, record.exerciseId));
}

export function exerciseRecords(entries: ProgressEntry[], unit: WeightUnit, filter: ExerciseFilter): ExerciseRecord[] {
  const prepared = prepare(entries);
  return recordsFrom(prepared, unit, filter, exerciseOptionsFrom(prepared.items));
}
