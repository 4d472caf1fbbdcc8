import { z } from 'zod';
import { weightUnitSchema } from './workouts';

import { IMPORT_MAX_FILE_BYTES } from './rules/import';

export { IMPORT_MAX_FILE_BYTES };

/**
 * POST /api/import/preview and POST /api/import: the CSV file's text, the unit of a file that does not state one
 * (Strong's comma layout), the device's `Date.getTimezoneOffset()` (the files hold local times), and, to import, which
 * of our exercises each of the file's exercise names is (null: skip it; a name left out is matched by name).
 */
export const importBodySchema = z.strictObject({
  csv: z
    .string({ error: 'must be the text of a CSV file' })
    .min(1, { error: 'is empty' })
    .max(IMPORT_MAX_FILE_BYTES, { error: 'is over 10 MB' }),
  unit: weightUnitSchema.default('lbs'),
  timezoneOffsetMinutes: z
    .number({ error: 'must be a number of minutes' })
    .int({ error: 'must be a number of minutes' })
    .min(-840, { error: 'must be a time zone offset' })
    .max(840, { error: 'must be a time zone offset' })
    .default(0),
  mapping: z
    .record(
      z.string().max(200),
      z.number({ error: 'must be an exercise id or null' }).int().positive().max(999_999).nullable(),
      { error: 'must map exercise names to exercise ids' },
    )
    .optional(),
});
export type ImportBody = z.input<typeof importBodySchema>;

/** POST /api/import/preview: what the file holds, and how its exercise names match ours. */
export const importPreviewSchema = z.object({
  format: z.enum(['strong', 'strong-semicolon', 'hevy']),
  /** False for Strong's comma layout: its weights are in the unit the lifter says. */
  statesUnit: z.boolean(),
  workouts: z.number().int(),
  sets: z.number().int(),
  /** Rows that are not sets to log (no reps: cardio, timed holds). */
  skippedRows: z.number().int(),
  /** ISO dates of the first and last workout. */
  from: z.string(),
  to: z.string(),
  exercises: z.array(
    z.object({
      name: z.string(),
      sets: z.number().int(),
      /** Ours with the same name (case aside), or null: the lifter picks one or skips it. */
      exerciseId: z.number().int().nullable(),
    }),
  ),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** POST /api/import: what was added; a file imported again adds nothing. */
export const importResultSchema = z.object({
  workouts: z.number().int(),
  sets: z.number().int(),
  /** Sets of the file that were already imported. */
  alreadyImported: z.number().int(),
  /** Sets of exercises mapped to none of ours. */
  skippedSets: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;
