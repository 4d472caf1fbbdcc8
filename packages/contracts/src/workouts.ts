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

const isoDate = z.iso.datetime({ offset: true, error: 'must be an ISO date' });

/** A positive whole number in a JSON body (no coercion: "2", true or [2] are not ids). */
function positiveId(what: string) {
  const error = `must be ${what}`;
  return z.number({ error }).int({ error }).positive({ error }).max(999_999, { error });
}

/** A positive whole number in a URL path segment. */
function positiveIdParam(what: string) {
  return z
    .string({ error: `must be ${what}` })
    .regex(/^[1-9][0-9]{0,5}$/, { error: `must be ${what}` })
    .transform(Number);
}

export const workoutDayIdSchema = positiveId('a workout day id');
export const workoutDayIdParamSchema = positiveIdParam('a workout day id');
export const exerciseIdParamSchema = positiveIdParam('an exercise id');
export const objectIdParamSchema = z.string().regex(/^[a-f0-9]{24}$/i, { error: 'is not a valid id' });

const weight = z
  .number({ error: 'must be a number' })
  .min(0, { error: 'must not be negative' })
  .max(MAX_WEIGHT, { error: `must be at most ${MAX_WEIGHT}` });
const reps = z
  .number({ error: 'must be a number' })
  .int({ error: 'must be a whole number' })
  .positive({ error: 'must be above 0' })
  .max(MAX_REPS, { error: `must be at most ${MAX_REPS}` });

/**
 * One set. An incomplete set may carry what the user typed so far (weight, reps or neither);
 * a completed one has a weight (0 for body weight), reps above 0 and a completion time.
 */
export const workoutSetSchema = z
  .strictObject({
    id: z.string({ error: 'must be a set id' }).min(1, { error: 'must be a set id' }).max(40),
    type: setTypeSchema,
    completed: z.boolean({ error: 'must be true or false' }),
    weight: weight.nullable(),
    reps: reps.nullable(),
    weightUnit: weightUnitSchema,
    completedAt: isoDate.nullable(),
  })
  .superRefine((set, ctx) => {
    if (!set.completed) return;
    for (const field of ['weight', 'reps', 'completedAt'] as const) {
      if (set[field] === null)
        ctx.addIssue({ code: 'custom', path: [field], message: 'is required on a completed set' });
    }
  });
export type WorkoutSet = z.infer<typeof workoutSetSchema>;

export const exerciseSchema = z.strictObject({
  id: positiveId('an exercise id'),
  name: z.string({ error: 'must be text' }).min(1).max(100),
  sets: z.array(workoutSetSchema, { error: 'must be a list of sets' }).max(20),
});
export type Exercise = z.infer<typeof exerciseSchema>;

export const exercisesSchema = z.array(exerciseSchema, { error: 'must be a list of exercises' }).max(30);

/** GET /api/workout-days: one of the user's three days. */
export const workoutDaySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  muscleGroups: z.array(z.string()),
  exercises: z.array(exerciseSchema),
  lastCompleted: isoDate.nullable(),
  /** It is the next recommended day: the only one that can be started and completed. */
  canPerform: z.boolean(),
  /** Completed in the current cycle (a new cycle clears the marks; lastCompleted stays). */
  isCompleted: z.boolean(),
});
export type WorkoutDay = z.infer<typeof workoutDaySchema>;
export const workoutDaysSchema = z.array(workoutDaySchema);

/**
 * PUT /api/workout-days/:id: the day fields without sessionId. Only `exercises` is taken (the set state:
 * completed, weight, reps, unit, completedAt, matched by exercise and set id); the rest is the server's.
 */
export const saveWorkoutDayBodySchema = workoutDaySchema
  .omit({ exercises: true })
  .partial()
  .extend({ exercises: exercisesSchema })
  .strict();
export type SaveWorkoutDayBody = z.infer<typeof saveWorkoutDayBodySchema>;

/**
 * POST /api/workout-days/:id/complete: no body needed. A lastCompleted sent by the client is accepted but the
 * server's clock decides (the 48-hour rest rule must not depend on a device's clock).
 */
export const completeWorkoutDayBodySchema = z.strictObject({ lastCompleted: isoDate.optional() }).optional();
/** POST /api/workout-days/:id/reset, POST /api/reset, POST /api/sessions/:id/end: no body (or `{}`). */
export const emptyBodySchema = z.strictObject({}).optional();

/** GET /api/workout-state */
export const workoutStateSchema = z.object({
  cycleCount: z.number().int().min(0),
  nextRecommendedDay: z.number().int(),
});
export type WorkoutState = z.infer<typeof workoutStateSchema>;

/** POST /api/workout-days/:id/complete: the day as it is now, and the advanced rotation. */
export const completeWorkoutDayResponseSchema = z.object({
  workoutDay: workoutDaySchema,
  workoutState: workoutStateSchema,
});
export type CompleteWorkoutDayResponse = z.infer<typeof completeWorkoutDayResponseSchema>;

/** POST /api/reset */
export const resetProgressResponseSchema = z.object({ message: z.string() });
export type ResetProgressResponse = z.infer<typeof resetProgressResponseSchema>;

/** POST /api/sessions/start */
export const startSessionBodySchema = z.strictObject({ dayId: workoutDayIdSchema });
export type StartSessionBody = z.infer<typeof startSessionBodySchema>;

/** A started workout: the day's exercises, incomplete sets prefilled with the last workout's weight and unit. */
export const sessionSchema = z.object({
  id: z.string(),
  dayId: z.number().int(),
  exercises: z.array(exerciseSchema),
  startedAt: isoDate,
  endedAt: isoDate.nullable(),
});
export type Session = z.infer<typeof sessionSchema>;

/**
 * PUT /api/sessions/:id: the exercises after each set (autosave), or the day plus exercises on exit. Only
 * `exercises` is saved; `workoutDay.id`, when sent, must be the session's day.
 */
export const saveSessionBodySchema = z.strictObject({
  exercises: exercisesSchema,
  workoutDay: z.looseObject({ id: workoutDayIdSchema }, { error: 'must be a workout day' }).optional(),
});
export type SaveSessionBody = z.infer<typeof saveSessionBodySchema>;
