import type { Exercise, LastSet, LastWorkout, WeightUnit } from '@hit/contracts';
import { formatWeight } from './sets';

/** What the inputs of the set taking input start with. */
export interface SetPrefill {
  weight: string;
  reps: string;
  weightUnit: WeightUnit;
  /** The same kind of set in the last workout: the 'Last time' hint. */
  lastTime: LastSet | null;
}

/**
 * The set's own values come first (the session arrives prefilled with last workout's weights; an undone set
 * keeps what was entered), then the last workout's set of the same type. The unit follows the set's weight, else
 * the last workout, else the set done just before in this exercise, else the set's own unit (lbs by default).
 */
export function prefillSet(exercise: Exercise, setIndex: number, lastWorkout: LastWorkout | undefined): SetPrefill {
  const set = exercise.sets[setIndex];
  const lastTime = (set.type === 'working' ? lastWorkout?.workingSet : lastWorkout?.warmupSet) ?? null;
  const previous = exercise.sets
    .slice(0, setIndex)
    .reverse()
    .find((candidate) => candidate.completed);
  const weight = set.weight ?? lastTime?.weight ?? null;
  const reps = set.reps ?? lastTime?.reps ?? null;
  let weightUnit = set.weightUnit;
  if (set.weight === null) weightUnit = lastTime?.weightUnit ?? previous?.weightUnit ?? set.weightUnit;
  return {
    weight: weight === null ? '' : formatWeight(weight),
    reps: reps === null ? '' : String(reps),
    weightUnit,
    lastTime,
  };
}
