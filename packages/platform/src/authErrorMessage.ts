export const INVALID_CREDENTIALS_TEXT = 'Invalid email or password. Please check your credentials and try again.';
export const ACCOUNT_EXISTS_TEXT = 'An account with this email already exists. Please try logging in instead.';
export const UNEXPECTED_ERROR_TEXT = 'An unexpected error occurred. Please try again.';

/** What a failed sign-in, sign-up or sign-out tells the user (docs/product-rules.md, "Error messages and toasts"). */
export function authErrorMessage(error: unknown): string {
  const raw = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const message = raw.replace(/^\d{3}:\s*/, '').trim();
  const lower = message.toLowerCase();
  if (lower.includes('invalid email or password') || lower.includes('invalid credentials')) {
    return INVALID_CREDENTIALS_TEXT;
  }
  if (lower.includes('user already exists') || lower.includes('email already exists')) return ACCOUNT_EXISTS_TEXT;
  return message || UNEXPECTED_ERROR_TEXT;
}
