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

/** An exercise's records with the sets that hold them (the witnesses of recordWitnesses). */
interface Holding {
  records: ExerciseRecords;
  heaviestSet: RecordSet;
  bestEstimateSet: RecordSet;
}

/** Each exercise's records among `sets` in `unit`, and the sets holding them: personalRecords' one pass. */
function recordHoldings(sets: readonly RecordSet[], unit: Unit): Map<number, Holding> {
  const holdings = new Map<number, Holding>();
  for (const set of sets) {
    const { reps, date } = set;
    if (!(reps > 0) || !(set.weight >= 0) || !isWorkingSet(set.setType)) continue;
    const weight = set.weightUnit === unit ? set.weight : convertWeight(set.weight, set.weightUnit, unit);
    const estimate = estimatedOneRepMax(weight, reps);
    const current = holdings.get(set.exerciseId);
    if (!current) {
      holdings.set(set.exerciseId, {
        records: {
          exerciseId: set.exerciseId,
          heaviest: { weight, reps, date },
          bestEstimate: { weight, reps, date, estimate },
        },
        heaviestSet: set,
        bestEstimateSet: set,
      });
      continue;
    }
    const { heaviest, bestEstimate } = current.records;
    if (
      better(weight, heaviest.weight) ||
      (same(weight, heaviest.weight) && (reps > heaviest.reps || (reps === heaviest.reps && date < heaviest.date)))
    ) {
      current.records.heaviest = { weight, reps, date };
      current.heaviestSet = set;
    }
    if (
      better(estimate, bestEstimate.estimate) ||
      (same(estimate, bestEstimate.estimate) && date < bestEstimate.date)
    ) {
      current.records.bestEstimate = { weight, reps, date, estimate };
      current.bestEstimateSet = set;
    }
  }
  return holdings;
}

/**
 * Each exercise's records among `sets`, weights in `unit`; exercises without a working set have none. One pass that
 * allocates only when a record changes: the analytics run it over 30k entries (docs/architecture.md, budgets).
 */
export function personalRecords(sets: readonly RecordSet[], unit: Unit): Map<number, ExerciseRecords> {
  const records = new Map<number, ExerciseRecords>();
  for (const [exerciseId, holding] of recordHoldings(sets, unit)) records.set(exerciseId, holding.records);
  return records;
}

/**
 * The few sets of `sets` that hold its records in either unit (at most four an exercise): the records of these and any
 * other sets are those of all of `sets` and the other sets, in both units. So the api keeps a lifter's years of
 * earlier performances as their witnesses and reads only the sets of the current ones again (services/goals.ts).
 * (Of two sets equal to a billionth, either may hold a record, as in personalRecords itself.)
 */
export function recordWitnesses(sets: readonly RecordSet[]): RecordSet[] {
  const witnesses = new Set<RecordSet>();
  for (const unit of ['lbs', 'kg'] as const) {
    for (const holding of recordHoldings(sets, unit).values()) {
      witnesses.add(holding.heaviestSet);
      witnesses.add(holding.bestEstimateSet);
    }
  }
  return [...witnesses];
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
