import { z } from 'zod';
import { setTypeSchema, weightUnitSchema } from './workouts';

/** GET /api/progress: one completed set. sessionId is null for sets saved through a day without a session. */
export const progressEntrySchema = z.object({
  /** When the set was completed. */
  date: z.iso.datetime({ offset: true }),
  sessionId: z.string().nullable(),
  workoutDayId: z.number().int(),
  exerciseId: z.number().int(),
  exerciseName: z.string(),
  weight: z.number(),
  weightUnit: weightUnitSchema,
  reps: z.number().int(),
  setType: setTypeSchema,
});
export type ProgressEntry = z.infer<typeof progressEntrySchema>;
/** GET /api/progress: oldest first. */
export const progressEntriesSchema = z.array(progressEntrySchema);

export const lastSetSchema = z.object({ weight: z.number(), weightUnit: weightUnitSchema, reps: z.number().int() });
export type LastSet = z.infer<typeof lastSetSchema>;

/** GET /api/progress/last-workout/:exerciseId/:workoutDayId: the most recent performance of that exercise on that day. */
export const lastWorkoutSchema = z.object({
  workingSet: lastSetSchema.nullable(),
  /** The last warm-up set of that performance. */
  warmupSet: lastSetSchema.nullable(),
  /** Every warm-up set of that performance, in order: Warm-up 1 is prefilled from last time's Warm-up 1. */
  warmupSets: z.array(lastSetSchema).optional(),
});
export type LastWorkout = z.infer<typeof lastWorkoutSchema>;
