import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import type { CookieSigning } from '../sessionSecret';
import { sessionCookieOptions } from '../session';

/**
 * The device cookie (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"; issue #23): a browser that
 * signed in to an account gets a signed cookie naming that account and a random nonce. Presented with a sign-in to
 * the same account, it makes the browser a trusted device: its wrong passwords are limited per device (the nonce)
 * instead of per e-mail, so failures from anywhere else never lock the owner's phone out.
 *
 * Value: `<account>.<nonce>.<mac>`, base64url each: account = HMAC(key, normalized e-mail) (the e-mail is not
 * readable from it), nonce = 16 random bytes, mac = HMAC(key, account.nonce). The key is derived from SESSION_SECRET,
 * so every api process of one installation accepts the others' cookies. A cookie for another account, with a bad mac
 * or in any other shape counts as none.
 */
export const DEVICE_COOKIE = 'hit.device';
export const DEVICE_COOKIE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;
const NONCE_BYTES = 16;
const ACCOUNT_BYTES = 16;
const PART = /^[A-Za-z0-9_-]+$/;

/** The e-mail as the sign-in route normalizes it. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface DeviceCookies {
  /** Sets a new device cookie (a new nonce) for the account of `email` on the answer. */
  issue(res: Response, email: string): void;
  /** The nonce of a valid device cookie of the request for the account of `email`, else undefined. */
  nonceFor(req: Request, email: string): string | undefined;
}

/** Every value of the cookie named `name` in the request's Cookie header (a browser may send two of one name). */
export function cookieValues(req: Request, name: string): string[] {
  const header = req.headers.cookie;
  if (typeof header !== 'string') return [];
  const values: string[] = [];
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    values.push(part.slice(separator + 1).trim());
  }
  return values;
}

export function deviceCookies(config: CookieSigning): DeviceCookies {
  // Its own key: a device cookie's mac can never pass for a session cookie's signature, nor the other way round.
  const key = createHmac('sha256', config.sessionSecret).update('hit-tracker device cookie v1').digest();
  const mac = (text: string) => createHmac('sha256', key).update(text).digest();
  const accountOf = (email: string) =>
    mac(`account:${normalizeEmail(email)}`)
      .subarray(0, ACCOUNT_BYTES)
      .toString('base64url');

  return {
    issue(res, email) {
      const account = accountOf(email);
      const nonce = randomBytes(NONCE_BYTES).toString('base64url');
      const value = `${account}.${nonce}.${mac(`${account}.${nonce}`).toString('base64url')}`;
      // The session cookie's flags (HttpOnly, SameSite=Lax, Secure in production), for a year.
      res.cookie(DEVICE_COOKIE, value, { ...sessionCookieOptions(config), maxAge: DEVICE_COOKIE_MAX_AGE_MS });
    },
    nonceFor(req, email) {
      const account = accountOf(email);
      for (const value of cookieValues(req, DEVICE_COOKIE)) {
        const parts = value.split('.');
        if (parts.length !== 3 || !parts.every((part) => PART.test(part))) continue;
        const [cookieAccount, nonce, cookieMac] = parts;
        if (cookieAccount !== account) continue;
        // Compared as the text issued: base64url's unused low bits would let other spellings decode to these bytes.
        const expected = Buffer.from(mac(`${cookieAccount}.${nonce}`).toString('base64url'));
        const given = Buffer.from(cookieMac);
        if (given.length === expected.length && timingSafeEqual(given, expected)) return nonce;
      }
      return undefined;
    },
  };
}
