/**
 * The rules of logging sets (docs/product-rules.md, "Logging sets") as plain functions over the exercises: what a valid
 * entry is, which set takes input next, what completing or undoing a set does, and how far the workout has come.
 */
import type { Exercise, WeightUnit, WorkoutSet } from '@hit/contracts';
import { GREAT_JOB_REPS, MAX_REPS, MAX_WEIGHT } from '../../../constants';

/** What the lifter typed for one set. */
export interface SetEntry {
  weight: number;
  reps: number;
  weightUnit: WeightUnit;
}

/** Keeps what a weight can be while it is typed: digits and one decimal separator (',' or '.'). */
export function sanitizeWeightInput(text: string): string {
  let separatorSeen = false;
  let kept = '';
  for (const char of text) {
    if (char >= '0' && char <= '9') kept += char;
    else if ((char === ',' || char === '.') && !separatorSeen) {
      separatorSeen = true;
      kept += char;
    }
  }
  return kept.slice(0, 7);
}

/**
 * Keeps the digits of a rep count and one separator: '8.5' stays '8.5' and is refused as not whole
 * (`setEntryProblem`), where dropping the '.' while typing made it 85 reps.
 */
export function sanitizeRepsInput(text: string): string {
  return sanitizeWeightInput(text).slice(0, 4);
}

/**
 * The weight is parsed as a decimal ('62,5' and '62.5' alike) and is 0 when not a number
 * (docs/product-rules.md, "Logging sets").
 */
export function parseWeight(text: string): number {
  const value = Number.parseFloat(text.trim().replace(',', '.'));
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/** Reps are parsed as a whole number; null when there is none (docs/product-rules.md, "Logging sets"). */
export function parseReps(text: string): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  return Number.parseInt(text, 10);
}

/** Reps typed with a fraction ('8.5', '8,'): refused rather than read as another number. */
function repsNotWhole(text: string): boolean {
  return /[.,]/.test(text);
}

export type SetEntryProblem = 'reps-missing' | 'reps-not-whole' | 'reps-too-high' | 'weight-too-high';

/**
 * Why Complete Set is disabled, or null when it is not. Reps must be a whole number above 0
 * (docs/product-rules.md, "Logging sets"); the upper limits are the api's, so a set the api would refuse is never
 * logged (it could then never be saved).
 */
export function setEntryProblem(weightText: string, repsText: string): SetEntryProblem | null {
  if (repsNotWhole(repsText)) return 'reps-not-whole';
  const reps = parseReps(repsText);
  if (reps === null || reps <= 0) return 'reps-missing';
  if (reps > MAX_REPS) return 'reps-too-high';
  if (parseWeight(weightText) > MAX_WEIGHT) return 'weight-too-high';
  return null;
}

/** The entry typed into the inputs, or null when Complete Set must stay disabled. */
export function toSetEntry(weightText: string, repsText: string, weightUnit: WeightUnit): SetEntry | null {
  if (setEntryProblem(weightText, repsText) !== null) return null;
  return { weight: parseWeight(weightText), reps: parseReps(repsText)!, weightUnit };
}

/** 'Warm-up 1', 'Warm-up 2' for the warm-up sets in order, 'Working Set' for the working set. */
export function setLabel(sets: readonly WorkoutSet[], index: number): string {
  if (sets[index].type === 'working') return 'Working Set';
  const warmupNumber = sets.slice(0, index + 1).filter((set) => set.type === 'warmup').length;
  return `Warm-up ${warmupNumber}`;
}

/** A weight as people write it: 135, 62.5, 20.25 (no trailing zeros). */
export function formatWeight(weight: number): string {
  return String(Math.round(weight * 100) / 100);
}

/** '135 lbs × 8' */
export function formatSet(weight: number, weightUnit: WeightUnit, reps: number): string {
  return `${formatWeight(weight)} ${weightUnit} × ${reps}`;
}

/** The set that takes input next in an exercise: its first incomplete one (-1 when all are done). */
export function firstIncompleteSetIndex(exercise: Exercise): number {
  return exercise.sets.findIndex((set) => !set.completed);
}

export function isExerciseComplete(exercise: Exercise): boolean {
  return exercise.sets.every((set) => set.completed);
}

export function isWorkoutComplete(exercises: readonly Exercise[]): boolean {
  return exercises.every(isExerciseComplete);
}

/** The exercise to work on: the first with a set left (the last one when all are done). */
export function firstIncompleteExerciseIndex(exercises: readonly Exercise[]): number {
  const index = exercises.findIndex((exercise) => !isExerciseComplete(exercise));
  return index === -1 ? Math.max(0, exercises.length - 1) : index;
}

export function progressCounts(exercises: readonly Exercise[]): { completedSets: number; totalSets: number } {
  let completedSets = 0;
  let totalSets = 0;
  for (const exercise of exercises) {
    totalSets += exercise.sets.length;
    completedSets += exercise.sets.filter((set) => set.completed).length;
  }
  return { completedSets, totalSets };
}

export function anySetCompleted(exercises: readonly Exercise[]): boolean {
  return exercises.some((exercise) => exercise.sets.some((set) => set.completed));
}

/** The exercises with one set completed as entered, at `completedAt`. */
export function completeSet(
  exercises: readonly Exercise[],
  exerciseId: number,
  setId: string,
  entry: SetEntry,
  completedAt: Date,
): Exercise[] {
  return exercises.map((exercise) =>
    exercise.id !== exerciseId
      ? exercise
      : {
          ...exercise,
          sets: exercise.sets.map((set) =>
            set.id !== setId
              ? set
              : {
                  ...set,
                  completed: true,
                  weight: entry.weight,
                  reps: entry.reps,
                  weightUnit: entry.weightUnit,
                  completedAt: completedAt.toISOString(),
                },
          ),
        },
  );
}

/** The exercises with one completed set corrected as entered; when it was done stays (docs: "Logging sets"). */
export function editSet(
  exercises: readonly Exercise[],
  exerciseId: number,
  setId: string,
  entry: SetEntry,
): Exercise[] {
  return exercises.map((exercise) =>
    exercise.id !== exerciseId
      ? exercise
      : {
          ...exercise,
          sets: exercise.sets.map((set) =>
            set.id !== setId || !set.completed
              ? set
              : { ...set, weight: entry.weight, reps: entry.reps, weightUnit: entry.weightUnit },
          ),
        },
  );
}

/**
 * Undo last set: the most recently completed set (latest completedAt, the later one in the workout on a tie)
 * becomes incomplete again, keeping its weight and reps so they are back in the inputs. Null when none is done.
 */
export function undoLastSet(
  exercises: readonly Exercise[],
): { exercises: Exercise[]; exerciseIndex: number; setId: string } | null {
  let latest: { exerciseIndex: number; setId: string; at: number } | null = null;
  exercises.forEach((exercise, exerciseIndex) => {
    for (const set of exercise.sets) {
      if (!set.completed) continue;
      const at = set.completedAt ? Date.parse(set.completedAt) : 0;
      if (!latest || at >= latest.at) latest = { exerciseIndex, setId: set.id, at };
    }
  });
  if (!latest) return null;
  const { exerciseIndex, setId } = latest;
  return {
    exerciseIndex,
    setId,
    exercises: exercises.map((exercise, index) =>
      index !== exerciseIndex
        ? exercise
        : {
            ...exercise,
            sets: exercise.sets.map((set) =>
              set.id === setId ? { ...set, completed: false, completedAt: null } : set,
            ),
          },
    ),
  };
}

/** A working set of more than 12 reps means the weight is too light (docs/product-rules.md, "Logging sets"). */
export function earnsGreatJob(set: Pick<WorkoutSet, 'type'>, reps: number): boolean {
  return set.type === 'working' && reps > GREAT_JOB_REPS;
}

/** The advice of the great-job toast, in the unit the set was done in. */
export function increaseWeightAdvice(weightUnit: WeightUnit): string {
  const step = weightUnit === 'kg' ? '1-2.5 kg' : '2.5-5 lbs';
  return `Add ${step} next time to stay in the 6-10 rep range.`;
}

/** 'Chest & Back', as the dashboard writes a day's muscle groups. */
export function muscleGroupsText(muscleGroups: readonly string[]): string {
  return muscleGroups.join(' & ');
}
