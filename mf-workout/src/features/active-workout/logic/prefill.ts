import type { Exercise, LastSet, LastWorkout, WeightUnit } from '@hit/contracts';
import { GREAT_JOB_REPS } from '../../../constants';
import { formatWeight, increaseWeightAdvice } from './sets';

/** What the inputs of the set taking input start with. */
export interface SetPrefill {
  weight: string;
  reps: string;
  weightUnit: WeightUnit;
  /** Shown, as hints, in the empty inputs: the same set's numbers last time, else 0. */
  placeholder: { weight: string; reps: string };
  /** The same set in the last workout: the 'Last time' hint. */
  lastTime: LastSet | null;
  /**
   * The great-job advice when last time's working set went above the rep band: its weight is still the prefill (the
   * lifter decides how much to add), and the advice says beside it that it is last time's, too light.
   */
  advice: string | null;
}

/**
 * The same set in the last workout: the working set, or the warm-up at the same position (Warm-up 1 from last
 * time's Warm-up 1). An answer of an older api names only the last warm-up, which then stands for every warm-up.
 */
export function sameSetLastTime(exercise: Exercise, setIndex: number, lastWorkout: LastWorkout | undefined) {
  if (!lastWorkout) return null;
  const set = exercise.sets[setIndex];
  if (set.type === 'working') return lastWorkout.workingSet;
  if (!lastWorkout.warmupSets) return lastWorkout.warmupSet;
  const position = exercise.sets.slice(0, setIndex).filter((candidate) => candidate.type === 'warmup').length;
  return lastWorkout.warmupSets[position] ?? null;
}

/**
 * The prefill of a set (docs/product-rules.md, "Exercise hints and last time"). The weight is the set's own (an
 * undone or corrected set keeps what was entered), else the same set last time (Warm-up 1 from last time's Warm-up
 * 1), else the set done before it in this exercise (Warm-up 2 from Warm-up 1). The unit follows that weight, else
 * `fallbackUnit` (the unit of the workout's latest set, else the lifter's own). Reps are typed: only a set undone
 * brings back its reps; last time's reps are a hint in the empty input, never the value, so a set to failure is not
 * logged by one accidental tap.
 */
export function prefillSet(
  exercise: Exercise,
  setIndex: number,
  lastWorkout: LastWorkout | undefined,
  fallbackUnit: WeightUnit = 'lbs',
): SetPrefill {
  const set = exercise.sets[setIndex];
  const lastTime = sameSetLastTime(exercise, setIndex, lastWorkout);
  const previous = exercise.sets
    .slice(0, setIndex)
    .reverse()
    .find((candidate) => candidate.completed && candidate.weight !== null);
  let weight: number | null = null;
  let weightUnit = fallbackUnit;
  for (const source of [set, lastTime, previous]) {
    if (source && source.weight !== null) {
      weight = source.weight;
      weightUnit = source.weightUnit;
      break;
    }
  }
  const advice =
    set.type === 'working' && lastTime && lastTime.reps > GREAT_JOB_REPS ? increaseWeightAdvice(weightUnit) : null;
  return {
    weight: weight === null ? '' : formatWeight(weight),
    reps: set.reps === null ? '' : String(set.reps),
    weightUnit,
    placeholder: {
      weight: lastTime ? formatWeight(lastTime.weight) : '0',
      reps: lastTime ? String(lastTime.reps) : '0',
    },
    lastTime,
    advice,
  };
}

/** The unit of the set completed last in the workout, else `lifterUnit`: what a set with no history opens in. */
export function workoutUnit(exercises: readonly Exercise[], lifterUnit: WeightUnit): WeightUnit {
  let latest: { at: string; unit: WeightUnit } | null = null;
  for (const exercise of exercises) {
    for (const set of exercise.sets) {
      if (set.completed && set.completedAt && (!latest || set.completedAt >= latest.at))
        latest = { at: set.completedAt, unit: set.weightUnit };
    }
  }
  return latest?.unit ?? lifterUnit;
}
