import { z } from 'zod';
import { emailSchema, PASSWORD_MAX_LENGTH, passwordSchema } from './auth';
import { weightUnitSchema } from './workouts';

/** A password typed again to confirm who is asking (not checked for strength: it is the current one). */
const currentPassword = z
  .string({ error: 'is required' })
  .min(1, { error: 'is required' })
  .max(PASSWORD_MAX_LENGTH, { error: 'is required' });

/**
 * POST /api/user/password: the current password and the new one (the sign-up rules: the api's password service adds
 * the account's e-mail, which this body does not carry); other sessions end.
 */
export const changePasswordBodySchema = z.strictObject({ currentPassword, newPassword: passwordSchema });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** POST /api/password/forgot: always answered with FORGOT_PASSWORD_MESSAGE, whether the account exists or not. */
export const forgotPasswordBodySchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

/**
 * POST /api/password/reset: the token of the e-mailed link and the new password (the sign-up rules, the e-mail part
 * checked by the api once it knows the link's account); every session ends.
 */
export const resetPasswordBodySchema = z.strictObject({
  token: z
    .string({ error: 'is required' })
    .min(20, { error: 'is not a valid link' })
    .max(200, { error: 'is not a valid link' }),
  password: passwordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** DELETE /api/user: the password typed again. */
export const deleteAccountBodySchema = z.strictObject({ password: currentPassword });
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/** The one answer to a reset request: the same for a known and an unknown e-mail (no account enumeration). */
export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for that e-mail, a link to reset its password is on its way. The link works for one hour.';
/** How long a reset link works. */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;

/** Strong's CSV columns, in order: the export writes them and the import reads them (issue #20). */
export const STRONG_CSV_COLUMNS = [
  'Date',
  'Workout Name',
  'Duration',
  'Exercise Name',
  'Set Order',
  'Weight',
  'Reps',
  'Distance',
  'Seconds',
  'Notes',
  'Workout Notes',
  'RPE',
] as const;

/** The two downloads of a lifter's data (issue #20): signed in, not premium (a user's data is theirs). */
export const EXPORT_PATHS = { csv: '/api/export/csv', json: '/api/export/json' } as const;
export type ExportFormat = keyof typeof EXPORT_PATHS;

/** `hit-tracker-2026-11-26.csv`: the day of the export (UTC), as the api names the download. */
export function exportFileName(format: ExportFormat, at: Date): string {
  return `hit-tracker-${at.toISOString().slice(0, 10)}.${format}`;
}

/** Minutes behind UTC, as `Date.getTimezoneOffset()` gives them (UTC-14 to UTC+14). */
const timezoneOffsetParam = z
  .string({ error: 'must be a number of minutes' })
  .regex(/^-?\d{1,3}$/, { error: 'must be a number of minutes' })
  .transform(Number)
  .pipe(
    z.number().min(-840, { error: 'must be a time zone offset' }).max(840, { error: 'must be a time zone offset' }),
  );

/**
 * GET /api/export/csv's query: the unit every weight is written in (default: the unit most of the lifter's sets were
 * logged in) and the device's `Date.getTimezoneOffset()` (Strong writes local times; default 0, UTC).
 */
export const csvExportQuerySchema = z.object({
  unit: weightUnitSchema.optional(),
  timezoneOffsetMinutes: timezoneOffsetParam.optional(),
});
export type CsvExportQuery = z.input<typeof csvExportQuerySchema>;

/**
 * One stored document of the lifter's, as exported: its id and its own fields, never a user id. A record keyed by the
 * hash of a link's token (a pending checkout, a password reset) has no id here.
 */
export type ExportedDocument = { id?: string } & Record<string, unknown>;

/** GET /api/export/json: everything the api holds for the lifter; every list oldest first. */
export interface AccountExport {
  format: 'hit-tracker-export';
  version: 1;
  exportedAt: string;
  profile: {
    id: string;
    email: string;
    firstName: string | null;
    lastName: string | null;
    createdAt: string;
    trialEndsAt: string;
    lastActiveAt: string;
    hasPaid: boolean;
    subscription: Record<string, unknown>;
  };
  /** The plate settings: the defaults until the lifter edits them. */
  settings: { plates: unknown };
  workoutState: ExportedDocument | null;
  days: ExportedDocument[];
  goals: ExportedDocument[];
  sessions: ExportedDocument[];
  progress: ExportedDocument[];
  /** Every other kind of record kept per user (workout completions, answered sync operations…), by kind. */
  other: Record<string, ExportedDocument[]>;
}
