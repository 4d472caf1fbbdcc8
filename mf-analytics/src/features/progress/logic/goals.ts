import type { Goal, ProgressEntry, WeightUnit } from '@hit/contracts';
import {
  GOAL_REPS_MAX,
  GOAL_REPS_MIN,
  NOT_ENOUGH_DATA_TEXT,
  NOT_ON_TRACK_TEXT,
  projectGoal,
  type CyclePoint,
  type GoalProjection,
} from '@hit/contracts/rules';
import { formatDate } from './dates';
import { prepare } from './sessions';
import { convertWeight, estimatedOneRepMax, round1 } from './units';

/**
 * Per cycle the exercise's best estimated one-rep max in `unit` and the date of the set that made it, cycles in order
 * (the points `projectGoal` reads; cycles numbered over the whole history, as in the Weight Progression chart).
 */
export function goalCyclePoints(entries: readonly ProgressEntry[], exerciseId: number, unit: WeightUnit): CyclePoint[] {
  const { items, sessions } = prepare(entries);
  const points: CyclePoint[] = [];
  let point: CyclePoint | undefined;
  for (const { entry, sessionIndex } of items) {
    if (entry.exerciseId !== exerciseId || !(entry.reps > 0)) continue;
    const { cycle } = sessions[sessionIndex];
    const estimate = estimatedOneRepMax(convertWeight(entry.weight, entry.weightUnit, unit), entry.reps);
    if (!point || point.cycle !== cycle) {
      point = { cycle, estimate, date: entry.date };
      points.push(point);
    } else if (estimate > point.estimate) {
      point.estimate = estimate;
      point.date = entry.date;
    }
  }
  return points;
}

/** When the goal's trend reaches its target (docs/product-rules.md, "Goals"). */
export function goalProjection(entries: readonly ProgressEntry[], goal: Goal): GoalProjection {
  return projectGoal(goalCyclePoints(entries, goal.exerciseId, goal.unit), goal.targetEstimate);
}

/** What the goal card says about the projection; null when a cycle's best already reached the target's estimate. */
export function projectionText(projection: GoalProjection): string | null {
  switch (projection.kind) {
    case 'notEnoughData':
      return NOT_ENOUGH_DATA_TEXT;
    case 'notOnTrack':
      return NOT_ON_TRACK_TEXT;
    case 'projected':
      return `Projected: ${formatDate(projection.date)}`;
    case 'reached':
      return null;
  }
}

/** '225 lbs × 6' */
export function goalTargetText(goal: Pick<Goal, 'weight' | 'unit' | 'reps'>): string {
  return `${round1(goal.weight)} ${goal.unit} × ${goal.reps}`;
}

/** What is left of the estimate, e.g. '12.5 lbs of estimated 1RM to go', in the goal's unit. */
export function goalLeftText(goal: Goal): string {
  const left = round1(Math.max(0, goal.targetEstimate - goal.bestEstimate));
  if (left > 0) return `${left} ${goal.unit} of estimated 1RM to go`;
  // The estimate is there, but the goal is the weight lifted for the reps.
  return `Estimated 1RM at the target: lift ${goalTargetText(goal)} to achieve it`;
}

/** What the goal form holds: the inputs' text, so nothing typed is lost while it is wrong. */
export interface GoalFormValues {
  exerciseId: string;
  weight: string;
  unit: WeightUnit;
  reps: string;
  /** '' or YYYY-MM-DD (a date input's value). */
  targetDate: string;
}

export type GoalFormErrors = Partial<Record<keyof GoalFormValues, string>>;

export const WEIGHT_ERROR_TEXT = 'Enter a weight above 0';
export const REPS_ERROR_TEXT = `Reps must be a whole number from ${GOAL_REPS_MIN} to ${GOAL_REPS_MAX}`;
export const EXERCISE_ERROR_TEXT = 'Choose an exercise';
export const TARGET_DATE_ERROR_TEXT = 'Enter a date as YYYY-MM-DD, or leave it empty';

/** The checks the api makes too (docs/product-rules.md, "Goals"), so the lifter learns before sending. */
export function validateGoalForm(
  values: GoalFormValues,
  { needsExercise }: { needsExercise: boolean },
): GoalFormErrors {
  const errors: GoalFormErrors = {};
  if (needsExercise && !(Number(values.exerciseId) > 0)) errors.exerciseId = EXERCISE_ERROR_TEXT;
  const weight = values.weight.trim() === '' ? NaN : Number(values.weight);
  if (!(weight > 0)) errors.weight = WEIGHT_ERROR_TEXT;
  const reps = values.reps.trim() === '' ? NaN : Number(values.reps);
  if (!Number.isInteger(reps) || reps < GOAL_REPS_MIN || reps > GOAL_REPS_MAX) errors.reps = REPS_ERROR_TEXT;
  if (values.targetDate !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(values.targetDate)) {
    errors.targetDate = TARGET_DATE_ERROR_TEXT;
  }
  return errors;
}
