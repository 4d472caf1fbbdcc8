import { z } from 'zod';
import { emailSchema, PASSWORD_MAX_LENGTH, passwordSchema } from './auth';

/** A password typed again to confirm who is asking (not checked for strength: it is the current one). */
const currentPassword = z
  .string({ error: 'is required' })
  .min(1, { error: 'is required' })
  .max(PASSWORD_MAX_LENGTH, { error: 'is required' });

/** POST /api/user/password: the current password and the new one (the sign-up rules); other sessions end. */
export const changePasswordBodySchema = z.strictObject({ currentPassword, newPassword: passwordSchema });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** POST /api/password/forgot: always answered with FORGOT_PASSWORD_MESSAGE, whether the account exists or not. */
export const forgotPasswordBodySchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

/** POST /api/password/reset: the token of the e-mailed link and the new password; every session ends. */
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
