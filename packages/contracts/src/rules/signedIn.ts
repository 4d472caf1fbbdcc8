/**
 * The "signed in" hint (issue #25): a cookie the api sends beside its session cookie, with the same lifetime, while
 * the session names a user, and clears on sign-out, on deleting the account and when it answers 401 to a request
 * that carried it (the session expired or was ended). It is no secret and proves nothing (only the session cookie
 * does): it is readable by the page's scripts so that a visitor without it is known to be anonymous at once,
 * instead of by a `GET /api/user` answered 401.
 */
export const SIGNED_IN_COOKIE = 'hit.signedIn';
export const SIGNED_IN_COOKIE_VALUE = '1';

/** Whether a cookie list (`document.cookie`, a Cookie header: `a=1; b=2`) holds the hint. */
export function hasSignedInHint(cookies: string | undefined): boolean {
  if (!cookies) return false;
  return cookies.split(';').some((cookie) => cookie.trim() === `${SIGNED_IN_COOKIE}=${SIGNED_IN_COOKIE_VALUE}`);
}
