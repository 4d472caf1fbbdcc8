/**
 * The 3-day program every user is seeded from (docs/product-rules.md, "The program"): its days, and its exercises with
 * their stable ids. The api seeds from it and the clients key per-exercise facts (form hints) by these ids, never by
 * name.
 */

/** A template day: the rotation goes Day 1 -> 2 -> 3 -> 1. */
export type TemplateDayNumber = 1 | 2 | 3;

/** Stable exercise ids (day * 100 + position): progress entries and hints keep meaning across resets. */
export const EXERCISE_IDS = {
  inclinePress: 101,
  dumbbellFlys: 102,
  underhandPulldowns: 103,
  deadlifts: 104,
  sideRaises: 201,
  rearDeltRaises: 202,
  bicepCurls: 203,
  tricepPressDowns: 204,
  dips: 205,
  legPress: 301,
  calfRaises: 302,
  situpsOrAbMachine: 303,
} as const;

export type ProgramExerciseId = (typeof EXERCISE_IDS)[keyof typeof EXERCISE_IDS];

export interface ProgramExercise {
  readonly id: ProgramExerciseId;
  /** The spec's name, shown to the user. */
  readonly name: string;
}

export interface ProgramDay {
  readonly dayId: TemplateDayNumber;
  readonly name: string;
  readonly muscleGroups: readonly string[];
  readonly exercises: readonly ProgramExercise[];
}

/** The days, their muscle groups and their exercises, in order (docs/product-rules.md, "The program"). */
export const WORKOUT_PROGRAM: readonly ProgramDay[] = [
  {
    dayId: 1,
    name: 'Day 1',
    muscleGroups: ['Chest', 'Back'],
    exercises: [
      { id: EXERCISE_IDS.inclinePress, name: 'Incline Press' },
      { id: EXERCISE_IDS.dumbbellFlys, name: 'Dumbbell Flys' },
      { id: EXERCISE_IDS.underhandPulldowns, name: 'Underhand Pulldowns' },
      { id: EXERCISE_IDS.deadlifts, name: 'Deadlifts' },
    ],
  },
  {
    dayId: 2,
    name: 'Day 2',
    muscleGroups: ['Shoulders', 'Arms'],
    exercises: [
      { id: EXERCISE_IDS.sideRaises, name: 'Side Raises' },
      { id: EXERCISE_IDS.rearDeltRaises, name: 'Rear Delt Raises' },
      { id: EXERCISE_IDS.bicepCurls, name: 'Bicep Curls' },
      { id: EXERCISE_IDS.tricepPressDowns, name: 'Tricep Press Downs' },
      { id: EXERCISE_IDS.dips, name: 'Dips' },
    ],
  },
  {
    dayId: 3,
    name: 'Day 3',
    muscleGroups: ['Legs', 'Abs'],
    exercises: [
      { id: EXERCISE_IDS.legPress, name: 'Leg Press' },
      { id: EXERCISE_IDS.calfRaises, name: 'Calf Raises' },
      { id: EXERCISE_IDS.situpsOrAbMachine, name: 'Situps or Ab Machine' },
    ],
  },
];

/** The template of a day id, or undefined when the program has no such day. */
export function programDay(dayId: number): ProgramDay | undefined {
  return WORKOUT_PROGRAM.find((day) => day.dayId === dayId);
}

/** Every set starts unit-less on the device's side as pounds until the lifter picks kilograms. */
export const DEFAULT_WEIGHT_UNIT = 'lbs';
/** Two light warm-ups, then the working set to failure. */
export const WARMUP_SETS_PER_EXERCISE = 2;

/** A set of the program before anything was logged in it. */
export interface BlankSet {
  id: string;
  type: 'warmup' | 'working';
  completed: false;
  weight: null;
  reps: null;
  weightUnit: typeof DEFAULT_WEIGHT_UNIT;
  completedAt: null;
}

/**
 * The sets of an exercise as a fresh performance has them: two warm-ups and one working set, blank. Set ids are stable
 * ('101-w1', '101-w2', '101-work'): the api seeds and clears days with them, and a device that completes or resets a
 * day offline shows the same.
 */
export function blankSets(exerciseId: number): BlankSet[] {
  const blank = {
    completed: false,
    weight: null,
    reps: null,
    weightUnit: DEFAULT_WEIGHT_UNIT,
    completedAt: null,
  } as const;
  const warmups = Array.from({ length: WARMUP_SETS_PER_EXERCISE }, (_, i) => ({
    id: `${exerciseId}-w${i + 1}`,
    type: 'warmup' as const,
    ...blank,
  }));
  return [...warmups, { id: `${exerciseId}-work`, type: 'working', ...blank }];
}

/** The same exercises with every set back to blank (after completing or resetting a day). */
export function clearedExercises<E extends { id: number; name: string }>(exercises: readonly E[]) {
  return exercises.map(({ id, name }) => ({ id, name, sets: blankSets(id) }));
}
