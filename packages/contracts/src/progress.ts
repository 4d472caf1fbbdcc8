import { z } from 'zod';
import { setTypeSchema, weightUnitSchema } from './workouts';

/** GET /api/progress: one completed set. */
export const progressEntrySchema = z.object({
  date: z.string(),
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

export const lastSetSchema = z.object({ weight: z.number(), weightUnit: weightUnitSchema, reps: z.number().int() });
export type LastSet = z.infer<typeof lastSetSchema>;

/** GET /api/progress/last-workout/:exerciseId/:workoutDayId */
export const lastWorkoutSchema = z.object({
  workingSet: lastSetSchema.nullable(),
  warmupSet: lastSetSchema.nullable(),
});
export type LastWorkout = z.infer<typeof lastWorkoutSchema>;
