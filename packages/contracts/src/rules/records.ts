/**
 * Personal records (issue #19; docs/product-rules.md, "Personal records"): per exercise, from working sets only, the
 * heaviest set and the best estimated one-rep max. One definition, shared by the api, the workout screen and the
 * analytics. A first-ever working set is a baseline, not a record: a record beats an earlier best.
 */
import { convertWeight, isWorkingSet, type Unit } from './weights';

/** A logged set as the records read it (a progress entry has these fields and more). */
export interface RecordSet {
  exerciseId: number;
  weight: number;
  weightUnit: Unit;
  reps: number;
  setType: string;
  /** ISO date the set was completed. */
  date: string;
}

/**
 * Epley's estimate of the weight the lifter could lift once: weight × (1 + reps / 30). An estimate, and named so
 * wherever it shows; a single rep is its own estimate plus a thirtieth, as Epley has it.
 */
export function estimatedOneRepMax(weight: number, reps: number): number {
  return weight * (1 + reps / 30);
}

export interface RecordPoint {
  /** In the unit asked for. */
  weight: number;
  reps: number;
  date: string;
}

export interface ExerciseRecords {
  exerciseId: number;
  /** The heaviest working set (more reps breaks a tie, then the earlier date). */
  heaviest: RecordPoint;
  /** The working set with the best estimated one-rep max, and that estimate (the earlier set breaks a tie). */
  bestEstimate: RecordPoint & { estimate: number };
}

const better = (a: number, b: number) => a > b + 1e-9;
const same = (a: number, b: number) => !better(a, b) && !better(b, a);

/**
 * Each exercise's records among `sets`, weights in `unit`; exercises without a working set have none. One pass that
 * allocates only when a record changes: the analytics run it over 30k entries (docs/architecture.md, budgets).
 */
export function personalRecords(sets: readonly RecordSet[], unit: Unit): Map<number, ExerciseRecords> {
  const records = new Map<number, ExerciseRecords>();
  for (const set of sets) {
    const { reps, date } = set;
    if (!(reps > 0) || !(set.weight >= 0) || !isWorkingSet(set.setType)) continue;
    const weight = set.weightUnit === unit ? set.weight : convertWeight(set.weight, set.weightUnit, unit);
    const estimate = estimatedOneRepMax(weight, reps);
    const current = records.get(set.exerciseId);
    if (!current) {
      records.set(set.exerciseId, {
        exerciseId: set.exerciseId,
        heaviest: { weight, reps, date },
        bestEstimate: { weight, reps, date, estimate },
      });
      continue;
    }
    const { heaviest, bestEstimate } = current;
    if (
      better(weight, heaviest.weight) ||
      (same(weight, heaviest.weight) && (reps > heaviest.reps || (reps === heaviest.reps && date < heaviest.date)))
    ) {
      current.heaviest = { weight, reps, date };
    }
    if (
      better(estimate, bestEstimate.estimate) ||
      (same(estimate, bestEstimate.estimate) && date < bestEstimate.date)
    ) {
      current.bestEstimate = { weight, reps, date, estimate };
    }
  }
  return records;
}

/**
 * Whether a working set just completed is a new personal record: its estimate beats the exercise's best estimate
 * among the earlier working sets. Undefined when there is no earlier working set (a baseline) or it is no working set.
 */
export function newRecordEstimate(
  earlier: readonly RecordSet[],
  set: Omit<RecordSet, 'date'>,
  unit: Unit,
): number | undefined {
  if (!isWorkingSet(set.setType) || !(set.reps > 0)) return undefined;
  const best = personalRecords(
    earlier.filter((candidate) => candidate.exerciseId === set.exerciseId),
    unit,
  ).get(set.exerciseId);
  if (!best) return undefined;
  const estimate = estimatedOneRepMax(convertWeight(set.weight, set.weightUnit, unit), set.reps);
  return better(estimate, best.bestEstimate.estimate) ? estimate : undefined;
}
