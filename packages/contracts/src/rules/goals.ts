/**
 * Goals (issue #19; docs/product-rules.md, "Goals"): a target weight for at least N reps on one exercise. How far the
 * lifter is, whether a working set met it, and when the trend of their per-cycle best estimates reaches it. Pure and
 * zod-free, for the api and the screens.
 */
import { estimatedOneRepMax, type RecordSet } from './records';
import { convertWeight, isWorkingSet, type Unit } from './weights';

export const GOAL_REPS_MIN = 6;
export const GOAL_REPS_MAX = 10;
export const GOAL_REPS_DEFAULT = 6;
/** The projection reads the trend of the last cycles, and needs a few to call it one. */
export const PROJECTION_CYCLES = 6;
export const PROJECTION_MIN_CYCLES = 3;

export interface GoalTarget {
  exerciseId: number;
  weight: number;
  unit: Unit;
  reps: number;
  /** ISO date the goal was set: sets before it do not achieve it. */
  createdAt: string;
}

export interface GoalProgress {
  /** The target's own estimate (its weight for its reps), in the goal's unit. */
  targetEstimate: number;
  /** The best estimate of the exercise's working sets, in the goal's unit (0 with none). */
  bestEstimate: number;
  /** 0 to 100, whole; 100 only once achieved (an estimate past the target's is not the target lifted). */
  percent: number;
  /** What is left of the estimate, in the goal's unit (0 once there). */
  left: number;
  /** The first working set since the goal was set with the target weight (or more) for the reps (or more). */
  achievedAt: string | null;
}

export function goalProgress(goal: GoalTarget, sets: readonly RecordSet[]): GoalProgress {
  const targetEstimate = estimatedOneRepMax(goal.weight, goal.reps);
  let bestEstimate = 0;
  let achievedAt: string | null = null;
  for (const set of sets) {
    if (set.exerciseId !== goal.exerciseId || !isWorkingSet(set.setType) || !(set.reps > 0)) continue;
    const weight = convertWeight(set.weight, set.weightUnit, goal.unit);
    bestEstimate = Math.max(bestEstimate, estimatedOneRepMax(weight, set.reps));
    // A hair under the target after converting units still meets it (the factors are not exact inverses).
    const meets = weight >= goal.weight - 1e-6 && set.reps >= goal.reps && set.date >= goal.createdAt;
    if (meets && (achievedAt === null || set.date < achievedAt)) achievedAt = set.date;
  }
  const ratio = targetEstimate > 0 ? Math.min(1, bestEstimate / targetEstimate) : 1;
  return {
    targetEstimate,
    bestEstimate,
    percent: achievedAt ? 100 : Math.min(99, Math.floor(ratio * 100)),
    left: achievedAt ? 0 : Math.max(0, targetEstimate - bestEstimate),
    achievedAt,
  };
}

/**
 * The sets of `sets` that decide the goal's progress (at most two: the best estimate's, the first that met it): the
 * goal's progress over these and any other sets is its progress over all of `sets` and the other sets. The api keeps
 * a lifter's earlier performances as these (services/goals.ts), as recordWitnesses does for the records.
 */
export function goalWitnesses(goal: GoalTarget, sets: readonly RecordSet[]): RecordSet[] {
  let best: { set: RecordSet; estimate: number } | null = null;
  let first: RecordSet | null = null;
  for (const set of sets) {
    if (set.exerciseId !== goal.exerciseId || !isWorkingSet(set.setType) || !(set.reps > 0)) continue;
    const weight = convertWeight(set.weight, set.weightUnit, goal.unit);
    const estimate = estimatedOneRepMax(weight, set.reps);
    if (best === null || estimate > best.estimate) best = { set, estimate };
    const meets = weight >= goal.weight - 1e-6 && set.reps >= goal.reps && set.date >= goal.createdAt;
    if (meets && (first === null || set.date < first.date)) first = set;
  }
  return [...new Set([best?.set, first].filter((set): set is RecordSet => set != null))];
}

/** One cycle's best estimate for the exercise, and when that cycle's best set was done. */
export interface CyclePoint {
  cycle: number;
  estimate: number;
  date: string;
}

export type GoalProjection =
  | { kind: 'notEnoughData' }
  | { kind: 'notOnTrack' }
  | { kind: 'reached' }
  | { kind: 'projected'; date: string; cyclesLeft: number };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When the trend reaches `targetEstimate`: a least-squares line through the last PROJECTION_CYCLES cycles' best
 * estimates; with fewer than PROJECTION_MIN_CYCLES cycles there is no trend yet, and a flat or falling one never gets
 * there. The date adds the cycles left at the average length of those cycles to the last one's date.
 */
export function projectGoal(points: readonly CyclePoint[], targetEstimate: number): GoalProjection {
  const recent = [...points].sort((a, b) => a.cycle - b.cycle).slice(-PROJECTION_CYCLES);
  if (recent.length > 0 && recent.at(-1)!.estimate >= targetEstimate) return { kind: 'reached' };
  if (recent.length < PROJECTION_MIN_CYCLES) return { kind: 'notEnoughData' };
  const n = recent.length;
  const meanX = recent.reduce((sum, p) => sum + p.cycle, 0) / n;
  const meanY = recent.reduce((sum, p) => sum + p.estimate, 0) / n;
  const sxx = recent.reduce((sum, p) => sum + (p.cycle - meanX) ** 2, 0);
  const sxy = recent.reduce((sum, p) => sum + (p.cycle - meanX) * (p.estimate - meanY), 0);
  const slope = sxx === 0 ? 0 : sxy / sxx;
  if (!(slope > 1e-9)) return { kind: 'notOnTrack' };
  const last = recent.at(-1)!;
  const onLine = meanY + slope * (last.cycle - meanX);
  const cyclesLeft = Math.max(1, Math.ceil((targetEstimate - onLine) / slope));
  const span = Date.parse(last.date) - Date.parse(recent[0].date);
  const cycleMs = span > 0 ? span / (last.cycle - recent[0].cycle) : 7 * DAY_MS;
  return { kind: 'projected', cyclesLeft, date: new Date(Date.parse(last.date) + cyclesLeft * cycleMs).toISOString() };
}

/** What the goal card says when there is no date to show. */
export const NOT_ENOUGH_DATA_TEXT = 'Not enough data yet';
export const NOT_ON_TRACK_TEXT = 'Not on track at this pace';
