import type { LoginBody, RegisterBody } from '@hit/contracts';
// The zod-free rules: the same ones the api's schemas apply (issue #23).
import {
  nameProblem,
  PASSWORD_REASONS,
  passwordProblem,
  passwordSentence,
  type CommonPasswords,
} from '@hit/contracts/rules';

export { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@hit/contracts/rules';

export interface SignInValues {
  email: string;
  password: string;
}

export interface SignUpValues {
  email: string;
  password: string;
  confirmPassword: string;
  firstName: string;
  lastName: string;
}

export type SignUpField = keyof SignUpValues;
export type FieldProblems<Field extends string> = Partial<Record<Field, string>>;

export const PASSWORD_HINT = passwordSentence(PASSWORD_REASONS.tooShort);
export const PASSWORDS_DIFFER_INLINE = "Passwords don't match";
export const PASSWORDS_DIFFER_ON_SUBMIT = "Passwords don't match. Please try again.";
const EMAIL_MISSING = 'Enter your email address';
const EMAIL_MALFORMED = 'Enter a valid email address, like name@example.com';
const PASSWORD_MISSING = 'Enter your password';
const CONFIRM_MISSING = 'Confirm your password';

// Deliberately loose (something@something.something): the server has the final word.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The inline hint while typing: only once the confirm field has something in it that differs. */
export function passwordsDifferWhileTyping(password: string, confirmPassword: string): boolean {
  return confirmPassword !== '' && confirmPassword !== password;
}

function emailProblem(email: string): string | undefined {
  const trimmed = email.trim();
  if (!trimmed) return EMAIL_MISSING;
  if (!EMAIL_SHAPE.test(trimmed)) return EMAIL_MALFORMED;
  return undefined;
}

/**
 * A new password's problem as the form says it ('Password is one of the most common passwords, so it is easy to
 * guess'), or undefined. Without the common-password list (its chunk could not be fetched) that check is the api's.
 */
export function newPasswordProblem(
  password: string,
  { email, commonPasswords }: { email?: string; commonPasswords: CommonPasswords | null },
): string | undefined {
  const reason = passwordProblem(password, { email, commonPasswords });
  return reason ? passwordSentence(reason) : undefined;
}

function nameFieldProblem(label: string, name: string): string | undefined {
  const reason = nameProblem(name);
  return reason ? `${label} ${reason}` : undefined;
}

function withoutEmpty<Field extends string>(problems: Record<Field, string | undefined>): FieldProblems<Field> {
  return Object.fromEntries(Object.entries(problems).filter(([, message]) => message)) as FieldProblems<Field>;
}

/** Our own check of the sign-in form, behind the browser's `required`/`type=email` checks. */
export function signInProblems(values: SignInValues): FieldProblems<keyof SignInValues> {
  return withoutEmpty({
    email: emailProblem(values.email),
    password: values.password ? undefined : PASSWORD_MISSING,
  });
}

/**
 * Our own check of the create-account form (docs/product-rules.md, "Accounts and sign-in"), field by field, with the
 * api's rules for the names and the new password. Passwords that differ are not a field problem: the form answers
 * them with its own alert once every field is filled in.
 */
export function signUpProblems(
  values: SignUpValues,
  commonPasswords: CommonPasswords | null = null,
): FieldProblems<SignUpField> {
  return withoutEmpty({
    firstName: nameFieldProblem('First name', values.firstName),
    lastName: nameFieldProblem('Last name', values.lastName),
    email: emailProblem(values.email),
    password: newPasswordProblem(values.password, { email: values.email, commonPasswords }),
    confirmPassword: values.confirmPassword ? undefined : CONFIRM_MISSING,
  });
}

/** The 'Forgot password?' form: the e-mail only. */
export function forgotProblems(values: { email: string }): FieldProblems<'email'> {
  return withoutEmpty({ email: emailProblem(values.email) });
}

export interface ResetValues {
  password: string;
  confirmPassword: string;
}

/**
 * The reset page's check: the sign-up rule for the new password (but its e-mail part: the page does not know the
 * account, the api does), and its confirmation filled in.
 */
export function resetProblems(
  values: ResetValues,
  commonPasswords: CommonPasswords | null = null,
): FieldProblems<keyof ResetValues> {
  return withoutEmpty({
    password: newPasswordProblem(values.password, { commonPasswords }),
    confirmPassword: values.confirmPassword ? undefined : CONFIRM_MISSING,
  });
}

export function toLoginBody(values: SignInValues): LoginBody {
  return { email: values.email.trim(), password: values.password };
}

/** The register payload: confirmPassword never leaves the browser, empty names are left out. */
export function toRegisterBody(values: SignUpValues): RegisterBody {
  const firstName = values.firstName.trim();
  const lastName = values.lastName.trim();
  return {
    email: values.email.trim(),
    password: values.password,
    ...(firstName && { firstName }),
    ...(lastName && { lastName }),
  };
}
