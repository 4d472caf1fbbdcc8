import type { Request, RequestHandler, Response } from 'express';
import { SIGNED_IN_COOKIE, SIGNED_IN_COOKIE_VALUE } from '@hit/contracts/rules';
import type { Config } from '../config';
import { SESSION_COOKIE, SESSION_MAX_AGE_MS, sessionCookieOptions } from '../session';
import { cookieValues } from './deviceCookie';

export { SIGNED_IN_COOKIE };

type CookieConfig = Pick<Config, 'isProduction'>;

/**
 * The "signed in" hint's flags (issue #25; @hit/contracts/rules signedIn.ts): the session cookie's (SameSite=Lax,
 * Secure in production, path /) but readable by the page's scripts. It is no secret: it only spares an anonymous
 * visitor the `GET /api/user` that would answer 401; the api trusts the session cookie alone.
 */
export function signedInHintOptions(config: CookieConfig) {
  return { ...sessionCookieOptions(config), httpOnly: false } as const;
}

/** Sets the hint for as long as the session cookie now sent lives (both renewed together, session.ts). */
export function setSignedInHint(res: Response, config: CookieConfig): void {
  res.cookie(SIGNED_IN_COOKIE, SIGNED_IN_COOKIE_VALUE, { ...signedInHintOptions(config), maxAge: SESSION_MAX_AGE_MS });
}

/** Clears the hint with the flags it was set with (a browser only drops a cookie of the same path). */
export function clearSignedInHint(res: Response, config: CookieConfig): void {
  res.clearCookie(SIGNED_IN_COOKIE, signedInHintOptions(config));
}

function setCookiesOf(res: Response): string[] {
  const header = res.getHeader('Set-Cookie');
  if (header === undefined) return [];
  return Array.isArray(header) ? header : [String(header)];
}

/** A Set-Cookie of `name` that gives it a value (not a clearing one: empty and already expired). */
function setsCookie(setCookies: string[], name: string): boolean {
  return setCookies.some((cookie) => cookie.startsWith(`${name}=`) && !cookie.startsWith(`${name}=;`));
}

/** Whether the session names a user (passport keeps it at `session.passport.user`, before it is deserialized). */
function sessionNamesUser(req: Request): boolean {
  const stored = (req.session as { passport?: { user?: unknown } } | undefined)?.passport;
  return stored?.user !== undefined;
}

/** Runs `listener` once just before the answer's headers go, after the listeners registered later (last in, first). */
function beforeHeaders(res: Response, listener: () => void): void {
  const writeHead = res.writeHead;
  let called = false;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    if (!called) {
      called = true;
      if (typeof args[0] === 'number') this.statusCode = args[0];
      listener();
    }
    return (writeHead as (...rest: unknown[]) => Response).apply(this, args);
  } as Response['writeHead'];
}

/**
 * Keeps the hint in step with the session, on every /api answer:
 * - express-session sends the session cookie when the session is made (a sign-in) and when it is renewed, with a new
 *   30-day expiry, at most once an hour of activity (renewSignedInSession, session.ts). Whenever it does so for a
 *   session that names a user, the hint goes with it with the same max-age, so the two expire together (an extra
 *   ~80 bytes beside a cookie already sent);
 * - a 401 with no signed-in user to a request that carried the hint (the session expired, was signed out elsewhere
 *   or its account is gone) clears it: the next page load knows the visitor is anonymous without asking.
 * An answer that sets or clears the hint itself (sign-in, sign-out, deletion) is left as it is. Mounted before the
 * session middleware, so that its look at the answer's cookies comes after express-session has set its own.
 */
export function keepSignedInHint(config: CookieConfig): RequestHandler {
  return (req, res, next) => {
    beforeHeaders(res, () => {
      const setCookies = setCookiesOf(res);
      if (setCookies.some((cookie) => cookie.startsWith(`${SIGNED_IN_COOKIE}=`))) return;
      const carried = cookieValues(req, SIGNED_IN_COOKIE).length > 0;
      if (res.statusCode === 401 && !req.user) {
        if (carried) clearSignedInHint(res, config);
        return;
      }
      if (setsCookie(setCookies, SESSION_COOKIE) && sessionNamesUser(req)) setSignedInHint(res, config);
    });
    next();
  };
}
