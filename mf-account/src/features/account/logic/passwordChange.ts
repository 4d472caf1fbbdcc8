// The zod-free rules: the same ones the api's schemas apply (issue #23).
import { PASSWORD_REASONS, passwordProblem, passwordSentence, type CommonPasswords } from '@hit/contracts/rules';

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@hit/contracts/rules';

export const NEW_PASSWORD_HINT = passwordSentence(PASSWORD_REASONS.tooShort);
export const CURRENT_PASSWORD_MISSING = 'Enter your current password';
export const CONFIRM_MISSING = 'Confirm your new password';
export const PASSWORDS_DIFFER = "Passwords don't match";
/** The api's 401 for a wrong current password (api/src/services/passwords.ts). */
export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';
export const CHANGE_NEEDS_NETWORK = "No connection: your password was not changed. Try again when you're online.";

export interface PasswordChangeValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}
export type PasswordChangeField = keyof PasswordChangeValues;
export type PasswordChangeProblems = Partial<Record<PasswordChangeField, string>>;

/**
 * The form's own check before anything is sent: the sign-up rules for the new password, the account's e-mail and
 * the common-password list (when fetched) included.
 */
export function passwordChangeProblems(
  values: PasswordChangeValues,
  { email, commonPasswords = null }: { email?: string; commonPasswords?: CommonPasswords | null } = {},
): PasswordChangeProblems {
  const problems: PasswordChangeProblems = {};
  if (!values.currentPassword) problems.currentPassword = CURRENT_PASSWORD_MISSING;
  const newPassword = passwordProblem(values.newPassword, { email, commonPasswords });
  if (newPassword) problems.newPassword = passwordSentence(newPassword);
  if (!values.confirmPassword) problems.confirmPassword = CONFIRM_MISSING;
  else if (values.confirmPassword !== values.newPassword) problems.confirmPassword = PASSWORDS_DIFFER;
  return problems;
}

/** The inline note while typing: only once the confirmation has something in it that differs. */
export function passwordsDifferWhileTyping(values: PasswordChangeValues): boolean {
  return values.confirmPassword !== '' && values.confirmPassword !== values.newPassword;
}

/**
 * Where the api's refusal belongs: a wrong current password (401) or a 400 naming a field goes under that field (the
 * new password's with the api's reason: 'Password is one of the most common passwords…'); anything else (429, 503, a
 * session that ended...) above the buttons. `message` is without its status.
 */
export function refusalProblem(
  status: number | null,
  message: string,
): { field: PasswordChangeField; text: string } | { field: null; text: string } {
  if (status === 401 && message === CURRENT_PASSWORD_INCORRECT) return { field: 'currentPassword', text: message };
  const named = /^(currentPassword|newPassword): (.+)$/.exec(message);
  if (status === 400 && named) {
    const field = named[1] as PasswordChangeField;
    return { field, text: field === 'newPassword' ? `Password ${named[2]}` : CURRENT_PASSWORD_MISSING };
  }
  return { field: null, text: message };
}
