import type { Exercise, LastSet, LastWorkout, WeightUnit } from '@hit/contracts';
import { formatWeight } from './sets';

/** What the inputs of the set taking input start with. */
export interface SetPrefill {
  weight: string;
  reps: string;
  weightUnit: WeightUnit;
  /** Shown in the empty inputs: last time's numbers, else 0. */
  placeholder: { weight: string; reps: string };
  /** The same kind of set in the last workout: the 'Last time' hint. */
  lastTime: LastSet | null;
}

/**
 * The weight is the set's own (the session arrives prefilled with last workout's weights; an undone set keeps
 * what was entered), else the last workout's set of the same type. Reps are typed
 * (docs/product-rules.md, "Logging sets"): only an undone set brings back the reps the lifter typed; last time's reps
 * are the hint and the placeholder, never the value, so a set to failure is not logged by one accidental tap. The unit
 * follows the set's weight, else the last workout, else the set done just before in this exercise, else the set's own
 * unit (lbs by default).
 */
export function prefillSet(exercise: Exercise, setIndex: number, lastWorkout: LastWorkout | undefined): SetPrefill {
  const set = exercise.sets[setIndex];
  const lastTime = (set.type === 'working' ? lastWorkout?.workingSet : lastWorkout?.warmupSet) ?? null;
  const previous = exercise.sets
    .slice(0, setIndex)
    .reverse()
    .find((candidate) => candidate.completed);
  const weight = set.weight ?? lastTime?.weight ?? null;
  let weightUnit = set.weightUnit;
  if (set.weight === null) weightUnit = lastTime?.weightUnit ?? previous?.weightUnit ?? set.weightUnit;
  return {
    weight: weight === null ? '' : formatWeight(weight),
    reps: set.reps === null ? '' : String(set.reps),
    weightUnit,
    placeholder: {
      weight: lastTime ? formatWeight(lastTime.weight) : '0',
      reps: lastTime ? String(lastTime.reps) : '0',
    },
    lastTime,
  };
}
