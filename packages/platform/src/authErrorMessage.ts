import { isNetworkFailure } from './networkStatus';

export const INVALID_CREDENTIALS_TEXT = 'Invalid email or password. Please check your credentials and try again.';
export const ACCOUNT_EXISTS_TEXT = 'An account with this email already exists. Please try logging in instead.';
export const UNEXPECTED_ERROR_TEXT = 'An unexpected error occurred. Please try again.';
/** Signing in or up with no answer from the api (issue #17): one sentence, not fetch's own 'Failed to fetch'. */
export const SIGN_IN_NEEDS_NETWORK_TEXT =
  "You need a network connection to sign in, and HIT Tracker can't reach its server right now.";

/** What a failed sign-in, sign-up or sign-out tells the user (docs/product-rules.md, "Error messages and toasts"). */
export function authErrorMessage(error: unknown): string {
  if (isNetworkFailure(error)) return SIGN_IN_NEEDS_NETWORK_TEXT;
  const raw = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const message = raw.replace(/^\d{3}:\s*/, '').trim();
  const lower = message.toLowerCase();
  if (lower.includes('invalid email or password') || lower.includes('invalid credentials')) {
    return INVALID_CREDENTIALS_TEXT;
  }
  if (lower.includes('user already exists') || lower.includes('email already exists')) return ACCOUNT_EXISTS_TEXT;
  return message || UNEXPECTED_ERROR_TEXT;
}
