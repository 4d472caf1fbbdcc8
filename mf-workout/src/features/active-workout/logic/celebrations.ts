import type { Exercise, Goal, Records, WorkoutSet } from '@hit/contracts';
import { goalProgress, newRecordEstimate, type RecordSet } from '@hit/contracts/rules';

/** The celebration of a working set that beats the exercise's best estimated one-rep max (issue #19). */
export const NEW_RECORD_TITLE = 'New personal record!';
/** The celebration of a working set that meets one of the lifter's open goals. */
export const GOAL_ACHIEVED_TITLE = 'Goal achieved!';

export interface Celebration {
  title: string;
  description: string;
  /** The goal the set achieved, for the goals to say so before the api does. */
  goalId?: string;
}

const figure = (value: number) => String(Math.round(value * 10) / 10);

type CompletedSet = WorkoutSet & { weight: number; reps: number; completedAt: string };
const isCompleted = (set: WorkoutSet): set is CompletedSet =>
  set.completed && set.weight !== null && set.reps !== null && set.completedAt !== null;

const asRecordSet = (exerciseId: number, set: CompletedSet): RecordSet => ({
  exerciseId,
  weight: set.weight,
  weightUnit: set.weightUnit,
  reps: set.reps,
  setType: set.type,
  date: set.completedAt,
});

/**
 * The estimated one-rep max, in the set's unit, of a completed working set that is a new personal record: it beats
 * the exercise's best in `records` (the history before this workout) and the sets of this workout done before it.
 * Undefined for any other set, and while the records are unknown. The badge on the set line and the toast both ask it,
 * so a corrected set's badge follows its new numbers.
 */
export function newRecordOf(exercise: Exercise, setId: string, records: Records | undefined): number | undefined {
  const set = exercise.sets.find((candidate) => candidate.id === setId);
  if (!records || !set || set.type !== 'working' || !isCompleted(set)) return undefined;
  const unit = set.weightUnit;
  const best = records[unit]?.find((record) => record.exerciseId === exercise.id)?.bestEstimate;
  const earlier: RecordSet[] = exercise.sets
    .filter((other): other is CompletedSet => other.id !== set.id && isCompleted(other))
    .filter((other) => other.completedAt <= set.completedAt)
    .map((other) => asRecordSet(exercise.id, other));
  if (best) earlier.push({ exerciseId: exercise.id, weightUnit: unit, setType: 'working', ...best });
  return newRecordEstimate(earlier, asRecordSet(exercise.id, set), unit);
}

/**
 * What the set just completed earns, the record first (docs/product-rules.md, "Personal records" and "Goals"): a new
 * personal record when its estimate beats the best before it (the api's records, in the set's own unit, and the sets
 * of this workout done before it), and each open goal of the exercise it meets. Nothing while the records are unknown
 * (never fetched, even offline): a record is never claimed without the history it beats. A first-ever working set is
 * a baseline, not a record.
 */
export function celebrationsFor(
  exercise: Exercise,
  setId: string,
  records: Records | undefined,
  goals: readonly Goal[] | undefined,
): Celebration[] {
  const set = exercise.sets.find((candidate) => candidate.id === setId);
  if (!set || set.type !== 'working' || !isCompleted(set)) return [];
  const unit = set.weightUnit;
  const celebrations: Celebration[] = [];

  const estimate = newRecordOf(exercise, setId, records);
  if (estimate !== undefined) {
    celebrations.push({
      title: NEW_RECORD_TITLE,
      description: `${exercise.name}: estimated 1RM ${figure(estimate)} ${unit} (${figure(set.weight)} ${unit} × ${set.reps})`,
    });
  }

  for (const goal of goals ?? []) {
    if (goal.exerciseId !== exercise.id || goal.achievedAt !== null) continue;
    const { achievedAt } = goalProgress(
      { exerciseId: goal.exerciseId, weight: goal.weight, unit: goal.unit, reps: goal.reps, createdAt: goal.createdAt },
      [asRecordSet(exercise.id, set)],
    );
    if (achievedAt === null) continue;
    celebrations.push({
      title: GOAL_ACHIEVED_TITLE,
      description: `${exercise.name}: ${figure(goal.weight)} ${goal.unit} × ${goal.reps}`,
      goalId: goal.id,
    });
  }
  return celebrations;
}

/** The goals as the api will answer once it has the set: the achieved ones closed with the set's date, at 100 %. */
export function withAchieved(goals: readonly Goal[], achieved: readonly string[], at: string): Goal[] {
  return goals.map((goal) =>
    achieved.includes(goal.id) && goal.achievedAt === null ? { ...goal, achievedAt: at, percent: 100 } : goal,
  );
}
