// Kept equal to PASSWORD_MIN_LENGTH and PASSWORD_MAX_LENGTH in @hit/contracts (passwordChange.test.ts checks it):
// importing the values from there would pull zod into this remote's bundle.
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

export const NEW_PASSWORD_HINT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`;
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

/** The form's own check before anything is sent (the sign-up rules for the new password). */
export function passwordChangeProblems(values: PasswordChangeValues): PasswordChangeProblems {
  const problems: PasswordChangeProblems = {};
  if (!values.currentPassword) problems.currentPassword = CURRENT_PASSWORD_MISSING;
  if (values.newPassword.length < PASSWORD_MIN_LENGTH) problems.newPassword = NEW_PASSWORD_HINT;
  if (!values.confirmPassword) problems.confirmPassword = CONFIRM_MISSING;
  else if (values.confirmPassword !== values.newPassword) problems.confirmPassword = PASSWORDS_DIFFER;
  return problems;
}

/** The inline note while typing: only once the confirmation has something in it that differs. */
export function passwordsDifferWhileTyping(values: PasswordChangeValues): boolean {
  return values.confirmPassword !== '' && values.confirmPassword !== values.newPassword;
}

/**
 * Where the api's refusal belongs: a wrong current password (401) or a 400 naming a field goes under that field;
 * anything else (429, 503, a session that ended...) above the buttons. `message` is without its status.
 */
export function refusalProblem(
  status: number | null,
  message: string,
): { field: PasswordChangeField; text: string } | { field: null; text: string } {
  if (status === 401 && message === CURRENT_PASSWORD_INCORRECT) return { field: 'currentPassword', text: message };
  const named = /^(currentPassword|newPassword): (.+)$/.exec(message);
  if (status === 400 && named) {
    const field = named[1] as PasswordChangeField;
    return { field, text: field === 'newPassword' ? NEW_PASSWORD_HINT : CURRENT_PASSWORD_MISSING };
  }
  return { field: null, text: message };
}
