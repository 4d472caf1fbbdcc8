/**
 * The 3-day program as pure rules: seeding from the template and how a saved set state is merged into a day's
 * exercises. No database here, so each rule is tested with table cases. The template itself and the rules the
 * clients share (template-day number, recommended day, the rotation after a completion) live in `@hit/contracts/rules`.
 */
import type { Exercise, SetType, WeightUnit } from '@hit/contracts';
import {
  blankSets as sharedBlankSets,
  clearedExercises as sharedClearedExercises,
  setTimeProblem,
  type ProgramDay,
} from '@hit/contracts/rules';

export interface StoredSet {
  id: string;
  type: SetType;
  completed: boolean;
  weight: number | null;
  reps: number | null;
  weightUnit: WeightUnit;
  completedAt: Date | null;
}

export interface StoredExercise {
  id: number;
  name: string;
  sets: StoredSet[];
}

export { DEFAULT_WEIGHT_UNIT, WARMUP_SETS_PER_EXERCISE } from '@hit/contracts/rules';

/** Two warm-up sets and one working set, blank (the rule is `@hit/contracts/rules`', shared with the clients). */
export function blankSets(exerciseId: number): StoredSet[] {
  return sharedBlankSets(exerciseId);
}

/** A day of the program (`@hit/contracts/rules`) as first stored: its exercises with blank sets. */
export function seededExercises(template: ProgramDay): StoredExercise[] {
  return sharedClearedExercises(template.exercises);
}

/** The same exercises with every set back to blank (after completing or resetting a day). */
export function clearedExercises(exercises: StoredExercise[]): StoredExercise[] {
  return sharedClearedExercises(exercises);
}

/** A client set state that does not fit the day: `field` is its path in the request body. */
export class SetStateError extends Error {
  override name = 'SetStateError';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export interface TouchedSet {
  exercise: StoredExercise;
  set: StoredSet;
}

/**
 * Merges the set state a client sent (matched by exercise and set id) into the stored exercises. Ids, names
 * and set types stay the server's; an exercise or set the client did not send keeps its stored state.
 * Returns the merged exercises and every set the client sent, as merged (for the progress entries).
 */
export function applySetState(
  stored: StoredExercise[],
  incoming: Exercise[],
  now: Date,
): { exercises: StoredExercise[]; touched: TouchedSet[] } {
  const exercises = stored.map((exercise) => ({ ...exercise, sets: exercise.sets.map((set) => ({ ...set })) }));
  const touched: TouchedSet[] = [];
  const seenExercises = new Set<number>();
  incoming.forEach((sent, i) => {
    const exercise = exercises.find((candidate) => candidate.id === sent.id);
    if (!exercise) throw new SetStateError(`exercises.${i}.id`, `unknown exercise ${sent.id} for this day`);
    if (seenExercises.has(sent.id)) throw new SetStateError(`exercises.${i}.id`, `exercise ${sent.id} is sent twice`);
    seenExercises.add(sent.id);
    const seenSets = new Set<string>();
    sent.sets.forEach((sentSet, j) => {
      const field = `exercises.${i}.sets.${j}`;
      const set = exercise.sets.find((candidate) => candidate.id === sentSet.id);
      if (!set) throw new SetStateError(`${field}.id`, `unknown set "${sentSet.id}" for ${exercise.name}`);
      if (seenSets.has(sentSet.id)) throw new SetStateError(`${field}.id`, `set "${sentSet.id}" is sent twice`);
      seenSets.add(sentSet.id);
      const completedAt = sentSet.completed && sentSet.completedAt ? new Date(sentSet.completedAt) : null;
      // A broken clock or a forged request (@hit/contracts/rules, setTimes.ts).
      const timeProblem = completedAt && setTimeProblem(completedAt, now);
      if (timeProblem) throw new SetStateError(`${field}.completedAt`, timeProblem);
      Object.assign(set, {
        completed: sentSet.completed,
        weight: sentSet.weight,
        reps: sentSet.reps,
        weightUnit: sentSet.weightUnit,
        completedAt,
      });
      touched.push({ exercise, set });
    });
  });
  return { exercises, touched };
}

/** Every set of the exercises, with its exercise. */
export function allSets(exercises: StoredExercise[]): TouchedSet[] {
  return exercises.flatMap((exercise) => exercise.sets.map((set) => ({ exercise, set })));
}

export interface LastWeight {
  weight: number;
  weightUnit: WeightUnit;
}

/**
 * A new session's exercises: the day's current state, where each incomplete set without a weight takes the
 * weight and unit of the same set of the last workout (or of the last set of its type there); reps stay empty.
 */
export function prefilledExercises(
  exercises: StoredExercise[],
  lastWorkout: Map<number, { bySetId: Map<string, LastWeight>; byType: Map<SetType, LastWeight> }>,
): StoredExercise[] {
  return exercises.map((exercise) => {
    const last = lastWorkout.get(exercise.id);
    return {
      ...exercise,
      sets: exercise.sets.map((set) => {
        if (set.completed || set.weight !== null || !last) return { ...set };
        const previous = last.bySetId.get(set.id) ?? last.byType.get(set.type);
        return previous ? { ...set, weight: previous.weight, weightUnit: previous.weightUnit } : { ...set };
      }),
    };
  });
}
