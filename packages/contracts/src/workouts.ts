import { z } from 'zod';

export const WEIGHT_UNITS = ['lbs', 'kg'] as const;
export const weightUnitSchema = z.enum(WEIGHT_UNITS, { error: 'must be lbs or kg' });
export type WeightUnit = z.infer<typeof weightUnitSchema>;

export const SET_TYPES = ['warmup', 'working'] as const;
export const setTypeSchema = z.enum(SET_TYPES, { error: 'must be warmup or working' });
export type SetType = z.infer<typeof setTypeSchema>;

/** The heaviest weight anyone may log, in either unit: more is a typo, not a lift. */
export const MAX_WEIGHT = 2000;
export const MAX_REPS = 1000;

export const WORKOUT_DAY_IDS = [1, 2, 3] as const;
export const workoutDayIdSchema = z.coerce
  .number({ error: 'must be a workout day id' })
  .int({ error: 'must be a workout day id' })
  .positive({ error: 'must be a workout day id' });

const weight = z
  .number({ error: 'must be a number' })
  .min(0, { error: 'must not be negative' })
  .max(MAX_WEIGHT, { error: `must be at most ${MAX_WEIGHT}` });
const reps = z
  .number({ error: 'must be a number' })
  .int({ error: 'must be a whole number' })
  .positive({ error: 'must be above 0' })
  .max(MAX_REPS, { error: `must be at most ${MAX_REPS}` });
const isoDate = z.iso.datetime({ offset: true, error: 'must be an ISO date' });

/**
 * One set. An incomplete set may carry what the user typed so far (weight, reps or neither);
 * a completed one has reps above 0 and a completion time.
 */
export const workoutSetSchema = z
  .strictObject({
    id: z.string().min(1).max(40),
    type: setTypeSchema,
    completed: z.boolean({ error: 'must be true or false' }),
    weight: weight.nullable(),
    reps: reps.nullable(),
    weightUnit: weightUnitSchema,
    completedAt: isoDate.nullable(),
  })
  .refine((set) => !set.completed || (set.reps !== null && set.completedAt !== null), {
    error: 'a completed set needs reps above 0 and completedAt',
  });
export type WorkoutSet = z.infer<typeof workoutSetSchema>;

export const exerciseSchema = z.strictObject({
  id: z.number().int().positive(),
  name: z.string().min(1).max(100),
  sets: z.array(workoutSetSchema).max(20),
});
export type Exercise = z.infer<typeof exerciseSchema>;

export const exercisesSchema = z.array(exerciseSchema).max(30);

/** GET /api/workout-days: one of the user's three days. */
export const workoutDaySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  muscleGroups: z.array(z.string()),
  exercises: z.array(exerciseSchema),
  lastCompleted: z.string().nullable(),
  canPerform: z.boolean(),
  isCompleted: z.boolean(),
});
export type WorkoutDay = z.infer<typeof workoutDaySchema>;

/** PUT /api/workout-days/:id: the day fields without sessionId; only the exercises (set state) are taken. */
export const saveWorkoutDayBodySchema = z.object({ exercises: exercisesSchema }).loose();
export type SaveWorkoutDayBody = z.infer<typeof saveWorkoutDayBodySchema>;

/** GET /api/workout-state */
export const workoutStateSchema = z.object({
  cycleCount: z.number().int().min(0),
  nextRecommendedDay: z.number().int(),
});
export type WorkoutState = z.infer<typeof workoutStateSchema>;

/** POST /api/sessions/start */
export const startSessionBodySchema = z.strictObject({ dayId: workoutDayIdSchema });
export type StartSessionBody = z.infer<typeof startSessionBodySchema>;

export const sessionSchema = z.object({
  id: z.string(),
  dayId: z.number().int(),
  exercises: z.array(exerciseSchema),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
});
export type Session = z.infer<typeof sessionSchema>;

/** PUT /api/sessions/:id: the exercises after each set (autosave), or the day plus exercises on exit. */
export const saveSessionBodySchema = z.strictObject({
  exercises: exercisesSchema,
  workoutDay: z.object({ id: z.number().int() }).loose().optional(),
});
export type SaveSessionBody = z.infer<typeof saveSessionBodySchema>;

export const objectIdParamSchema = z.string().regex(/^[a-f0-9]{24}$/i, { error: 'is not a valid id' });
