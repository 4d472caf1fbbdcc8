import { z } from 'zod';
import { NAME_MAX_LENGTH, NAME_REASONS, hasForbiddenNameCharacter } from './rules/names';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordProblem,
  providedCommonPasswords,
  type CommonPasswords,
} from './rules/passwords';
import { weightUnitSchema } from './workouts';

export { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

/** An e-mail as every form sends it: trimmed, lower case, at most 254 characters. */
export const emailSchema = z
  .string({ error: 'is required' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'is too long' })
  .pipe(z.email({ error: 'must be a valid e-mail address' }));

/** A first or last name (sign-up, and any later edit of it): the rule of rules/names.ts, stored trimmed. */
export const nameSchema = z
  .string({ error: 'must be text' })
  .trim()
  .max(NAME_MAX_LENGTH, { error: NAME_REASONS.tooLong })
  .refine((name) => !hasForbiddenNameCharacter(name), { error: NAME_REASONS.controlCharacters });

const name = nameSchema.optional();

/**
 * The common-password list the schemas check against, provided by the api as it starts (api/src/services/passwords.ts):
 * without it a new password is never let through unchecked.
 */
function commonPasswordsForSchemas(): CommonPasswords {
  const list = providedCommonPasswords();
  if (!list) throw new Error('The common-password list is not provided: call provideCommonPasswords() first');
  return list;
}

/**
 * A new password (sign-up, change, reset): passwordProblem's rule without the e-mail, which the sign-up's schema
 * adds and the api's password service checks for a change or a reset (it knows the account's e-mail there).
 */
export const passwordSchema = z.string({ error: 'is required' }).superRefine((password, context) => {
  const problem = passwordProblem(password, { commonPasswords: commonPasswordsForSchemas() });
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

/** POST /api/register (confirmPassword is never sent). */
export const registerBodySchema = z
  .strictObject({
    email: emailSchema,
    password: passwordSchema,
    firstName: name,
    lastName: name,
  })
  .superRefine(({ email, password }, context) => {
    // Runs once every field is valid, so the only problem left to find is the e-mail in the password.
    const problem = passwordProblem(password, { email, commonPasswords: commonPasswordsForSchemas() });
    if (problem) context.addIssue({ code: 'custom', path: ['password'], message: problem });
  });
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** POST /api/login */
export const loginBodySchema = z.strictObject({
  email: emailSchema,
  password: z.string({ error: 'is required' }).min(1, { error: 'is required' }).max(PASSWORD_MAX_LENGTH),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** The signed-in user as every client sees it; never a password hash. */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /**
   * The unit the lifter last used (the newest completed set, or the Progress Analytics toggle): new sets and the
   * analytics open in it on every device. 'lbs' for a new account, as the spec starts everyone.
   */
  weightUnit: weightUnitSchema,
});
export type User = z.infer<typeof userSchema>;

/** PUT /api/user/weight-unit: the unit chosen on the Progress Analytics toggle. Answered with the User. */
export const weightUnitBodySchema = z.strictObject({ weightUnit: weightUnitSchema });
export type WeightUnitBody = z.infer<typeof weightUnitBodySchema>;
