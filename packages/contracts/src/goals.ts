import { z } from 'zod';
import { GOAL_REPS_DEFAULT, GOAL_REPS_MAX, GOAL_REPS_MIN } from './rules/goals';
import { MAX_WEIGHT, weightUnitSchema } from './workouts';

/** YYYY-MM-DD: a target date is a day, not a moment. */
const dayDate = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' });

const goalFields = {
  weight: z
    .number({ error: 'must be a number' })
    .positive({ error: 'must be above 0' })
    .max(MAX_WEIGHT, { error: `must be at most ${MAX_WEIGHT}` }),
  unit: weightUnitSchema,
  reps: z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(GOAL_REPS_MIN, { error: `must be ${GOAL_REPS_MIN} to ${GOAL_REPS_MAX}` })
    .max(GOAL_REPS_MAX, { error: `must be ${GOAL_REPS_MIN} to ${GOAL_REPS_MAX}` }),
  targetDate: dayDate.nullable(),
};

/** POST /api/goals: a target weight for at least `reps` reps (6 unless said), optionally by a date. */
export const createGoalBodySchema = z.strictObject({
  exerciseId: z
    .number({ error: 'must be an exercise id' })
    .int({ error: 'must be an exercise id' })
    .positive({ error: 'must be an exercise id' })
    .max(999_999, { error: 'must be an exercise id' }),
  ...goalFields,
  reps: goalFields.reps.default(GOAL_REPS_DEFAULT),
  targetDate: goalFields.targetDate.default(null),
});
export type CreateGoalBody = z.infer<typeof createGoalBodySchema>;

/** PATCH /api/goals/:id: any of the target's fields; the exercise stays. */
export const updateGoalBodySchema = z
  .strictObject(goalFields)
  .partial()
  .refine((body) => Object.keys(body).length > 0, { error: 'send at least one of weight, unit, reps, targetDate' });
export type UpdateGoalBody = z.infer<typeof updateGoalBodySchema>;

/** GET /api/goals: a goal, with its progress from the lifter's working sets (rules/goals.ts, goalProgress). */
export const goalSchema = z.object({
  id: z.string(),
  exerciseId: z.number().int(),
  exerciseName: z.string(),
  weight: z.number(),
  unit: weightUnitSchema,
  reps: z.number().int(),
  targetDate: z.string().nullable(),
  createdAt: z.string(),
  /** The date of the first working set since the goal was set that met it; null while it is open. */
  achievedAt: z.string().nullable(),
  /** 0-100, whole; 100 only once achieved. */
  percent: z.number(),
  /** Best estimated one-rep max and the target's, in the goal's unit. */
  bestEstimate: z.number(),
  targetEstimate: z.number(),
});
export type Goal = z.infer<typeof goalSchema>;
export const goalsSchema = z.array(goalSchema);

const platePairsSchema = z.strictObject({
  weight: z
    .number({ error: 'must be a number' })
    .positive({ error: 'must be above 0' })
    .max(100, { error: 'must be at most 100' })
    .refine((w) => Number.isInteger(Math.round(w * 20 * 1e6) / 1e6), { error: 'must be a multiple of 0.05' }),
  pairs: z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must not be negative' })
    .max(20, { error: 'must be at most 20' }),
});
const unitPlatesSchema = z.strictObject(
  {
    bar: z.number({ error: 'must be a number' }).min(0, { error: 'must not be negative' }).max(200),
    sled: z.number({ error: 'must be a number' }).min(0, { error: 'must not be negative' }).max(500),
    plates: z.array(platePairsSchema, { error: 'must be a list of plates' }).max(12, { error: 'at most 12 sizes' }),
  },
  { error: 'must be the bar, sled and plates of the unit' },
);

/** GET and PUT /api/settings/plates: the bar, the sled and the plates the lifter has, per unit. */
export const plateSettingsSchema = z.strictObject({ lbs: unitPlatesSchema, kg: unitPlatesSchema });
export type PlateSettingsBody = z.infer<typeof plateSettingsSchema>;

const recordPointSchema = z.object({ weight: z.number(), reps: z.number().int(), date: z.string() });
const exerciseRecordsSchema = z.object({
  exerciseId: z.number().int(),
  heaviest: recordPointSchema,
  bestEstimate: recordPointSchema.extend({ estimate: z.number() }),
});
/**
 * GET /api/records: each exercise's personal records (rules/records.ts, personalRecords) in each unit, so a client
 * compares a new set in its own unit without converting twice.
 */
export const recordsSchema = z.object({ lbs: z.array(exerciseRecordsSchema), kg: z.array(exerciseRecordsSchema) });
export type Records = z.infer<typeof recordsSchema>;
