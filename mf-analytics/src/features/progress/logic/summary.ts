import type { ProgressEntry, WeightUnit } from '@hit/contracts';
import { prepare, type Prepared } from './sessions';
import { convertWeight, matchesFilter, round1, type ExerciseFilter } from './units';

export interface Summary {
  totalWorkingSets: number;
  /** Selected unit, one decimal; 0 without sets. */
  avgWeight: number;
  /** One decimal; 0 without sets. */
  avgReps: number;
  /** Selected unit, one decimal; null when no exercise has at least 2 working sets. */
  weightChange: number | null;
}

/**
 * The summary tiles (docs/product-rules.md, "Charts and summary"). Weight change is latest minus earliest working set
 * per exercise, and for 'all' the sum of those per-exercise changes (exercises with a single set add nothing).
 * Comparing the latest set of one exercise with the earliest of another (say curls against squats) would mean nothing,
 * while the sum reads as "weight added across all lifts" and equals the single-exercise value when only one exercise is
 * shown.
 */
export function summarizeFrom(prepared: Prepared, unit: WeightUnit, filter: ExerciseFilter): Summary {
  let count = 0;
  let weightSum = 0;
  let repsSum = 0;
  const span = new Map<number, { first: number; last: number; sets: number }>();
  for (const { entry } of prepared.items) {
    if (!matchesFilter(filter, entry.exerciseId)) continue;
    const weight = convertWeight(entry.weight, entry.weightUnit, unit);
    count++;
    weightSum += weight;
    repsSum += entry.reps;
    const s = span.get(entry.exerciseId);
    if (s) {
      s.last = weight;
      s.sets++;
    } else span.set(entry.exerciseId, { first: weight, last: weight, sets: 1 });
  }

  let weightChange: number | null = null;
  for (const s of span.values()) {
    if (s.sets >= 2) weightChange = (weightChange ?? 0) + (s.last - s.first);
  }
  return {
    totalWorkingSets: count,
    avgWeight: count ? round1(weightSum / count) : 0,
    avgReps: count ? round1(repsSum / count) : 0,
    weightChange: weightChange === null ? null : round1(weightChange),
  };
}

export function summarize(entries: ProgressEntry[], unit: WeightUnit, filter: ExerciseFilter): Summary {
  return summarizeFrom(prepare(entries), unit, filter);
}

/**
 * Per exercise the 2 latest working entries, newest first; for equal times the later in the input is newer
 * (docs/product-rules.md, "Charts and summary").
 */
export function recentComparisonFrom(prepared: Prepared): Map<number, ProgressEntry[]> {
  const recent = new Map<number, ProgressEntry[]>();
  for (let i = prepared.items.length - 1; i >= 0; i--) {
    const { entry } = prepared.items[i];
    const list = recent.get(entry.exerciseId);
    if (!list) recent.set(entry.exerciseId, [entry]);
    else if (list.length < 2) list.push(entry);
  }
  return recent;
}

export function recentComparison(entries: ProgressEntry[]): Map<number, ProgressEntry[]> {
  return recentComparisonFrom(prepare(entries));
}
