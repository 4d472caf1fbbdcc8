import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 8;
// scrypt of a very long password is slow: cap it well above any real passphrase.
export const PASSWORD_MAX_LENGTH = 200;
export const NAME_MAX_LENGTH = 60;

/** An e-mail as every form sends it: trimmed, lower case, at most 254 characters. */
export const emailSchema = z
  .string({ error: 'is required' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'is too long' })
  .pipe(z.email({ error: 'must be a valid e-mail address' }));

const name = z
  .string({ error: 'must be text' })
  .trim()
  .max(NAME_MAX_LENGTH, { error: `must be at most ${NAME_MAX_LENGTH} characters` })
  .optional();

/** A new password (sign-up, change, reset). */
export const passwordSchema = z
  .string({ error: 'is required' })
  .min(PASSWORD_MIN_LENGTH, { error: `must be at least ${PASSWORD_MIN_LENGTH} characters long` })
  .max(PASSWORD_MAX_LENGTH, { error: `must be at most ${PASSWORD_MAX_LENGTH} characters long` });

/** POST /api/register (confirmPassword is never sent). */
export const registerBodySchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  firstName: name,
  lastName: name,
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
});
export type User = z.infer<typeof userSchema>;
