import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit, type Options } from 'express-rate-limit';
import { HttpError } from '../errors';
import { MongoRateLimitStore } from '../http/rateLimitStore';
import type { DeviceCookies } from './deviceCookie';
import { logger } from '../logger';
import type { RateLimitCounterModel } from '../models/rateLimitCounter';

const MINUTE_MS = 60 * 1000;

/**
 * At most one reset e-mail per account in five minutes, whoever asks: a stranger can neither fill an inbox nor spend
 * the owner's chance to get a link (the answer is the same 200 whether a mail goes out or not). Five minutes is longer
 * than a mail usually takes to arrive, and short enough to ask again when one was lost.
 */
export const RESET_MAIL_INTERVAL_MS = 5 * MINUTE_MS;

export interface RateLimitSettings {
  /**
   * Failed sign-ins (401) allowed in one window: per e-mail address from browsers without a device cookie for it
   * (auth/deviceCookie.ts), per IP address (IPv6: per /56) and per e-mail and address, and per device cookie.
   */
  loginFailuresPerEmail: number;
  loginFailuresPerIp: number;
  loginFailuresPerEmailAndIp: number;
  loginFailuresPerDevice: number;
  loginWindowMs: number;
  /** Sign-up attempts (whatever their answer) allowed per IP address in one window. */
  registrationsPerIp: number;
  registrationWindowMs: number;
  /** Wrong current passwords (401) allowed per signed-in user when changing the password, in `loginWindowMs`. */
  passwordChangeFailuresPerUser: number;
  /** 'Forgot password?' requests (whatever their answer) allowed per IP address in one window. */
  passwordResetsPerIp: number;
  passwordResetWindowMs: number;
  /**
   * At most one reset e-mail per account in this long, whoever asks (services/passwords.ts): a limit that answers the
   * same 200, where a per-e-mail 429 would let a stranger spend the owner's requests.
   */
  passwordResetMailIntervalMs: number;
}

/**
 * Ten wrong passwords in 15 minutes is far beyond typos and far below guessing; the IP count also stops one
 * address from trying one password on many accounts. The per-e-mail count binds only browsers without the
 * account's device cookie, so guesses from elsewhere never lock the owner's own devices out; a device gets ten of
 * its own, then counts as a browser without a cookie. Sign-ups: 20 an hour per address is more than a family or a
 * gym sharing one connection creates, and stops scripted account creation and e-mail probing (409 answers).
 */
export const RATE_LIMITS: RateLimitSettings = {
  loginFailuresPerEmail: 10,
  loginFailuresPerIp: 10,
  loginFailuresPerEmailAndIp: 10,
  loginFailuresPerDevice: 10,
  loginWindowMs: 15 * MINUTE_MS,
  registrationsPerIp: 20,
  registrationWindowMs: 60 * MINUTE_MS,
  // A wrong current password is a failed sign-in by another door: the same budget.
  passwordChangeFailuresPerUser: 10,
  // Twenty per address stops one machine from sending links to many inboxes; one e-mail per account in five minutes
  // keeps the api from mail-bombing an inbox, without a 429 a stranger could spend.
  passwordResetsPerIp: 20,
  passwordResetWindowMs: 60 * MINUTE_MS,
  passwordResetMailIntervalMs: RESET_MAIL_INTERVAL_MS,
};

export const LOGIN_RATE_LIMITED_MESSAGE = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
export const REGISTER_RATE_LIMITED_MESSAGE =
  'Too many accounts were created from this network. Please wait an hour and try again.';
export const PASSWORD_CHANGE_RATE_LIMITED_MESSAGE = 'Too many wrong passwords. Please wait 15 minutes and try again.';
export const PASSWORD_RESET_RATE_LIMITED_MESSAGE =
  'Too many password reset requests. Please wait an hour and try again.';

export interface AuthRateLimits {
  /**
   * Run before POST /api/login: whether the browser is a trusted device of the e-mail's account, then per device
   * (trusted), or per IP, per e-mail and IP, and per e-mail (not trusted).
   */
  login: RequestHandler[];
  /** Run before POST /api/register. */
  register: RequestHandler[];
}

/**
 * The e-mail as the login route normalizes it; hashed, so the counters never hold addresses in clear. Account deletion
 * finds an account's counters by it.
 */
export function emailCounterKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
}

function emailKey(req: Request): string {
  return emailCounterKey(String(req.body?.email));
}

const ipKey = (req: Request) => ipKeyGenerator(req.ip ?? '');
/** Ends with the e-mail's counter key, so account deletion finds it (services/retention.ts). */
const emailAndIpKey = (req: Request) => `${ipKey(req)}:${emailKey(req)}`;

/** The nonce of the browser's valid, not locked-out device cookie for this sign-in's account (set by `trustDevice`). */
const TRUSTED_DEVICE = 'trustedDevice';
const trustedDevice = (res: Response): string | undefined => res.locals[TRUSTED_DEVICE] as string | undefined;
/** A device's counter: its nonce and the account's e-mail key (so account deletion finds it too). */
const deviceKey = (req: Request, res: Response) => `${trustedDevice(res)}:${emailKey(req)}`;
/** The signed-in user (the routes behind requireUser): per-user limits of imports, exports and the like. */
export const userKey = (req: Request) => `user:${String(req.user?._id)}`;

export interface LimiterOptions {
  name: string;
  counters: RateLimitCounterModel;
  limit: number;
  windowMs: number;
  message: string;
  keyGenerator: Options['keyGenerator'];
  /** Only these answers count; any other answer gives its hit back. */
  counts?: (statusCode: number) => boolean;
  skip?: Options['skip'];
}

/** One limit with its counters in MongoDB (shared by every api process); beyond it, 429 with `message`. */
export function limiter({ name, counters, limit, windowMs, message, keyGenerator, counts, skip }: LimiterOptions) {
  return rateLimit({
    windowMs,
    limit,
    keyGenerator,
    skip,
    store: new MongoRateLimitStore(counters, `${name}:`),
    identifier: name,
    requestPropertyName: `rateLimit.${name}`,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skipSuccessfulRequests: counts !== undefined,
    requestWasSuccessful: counts && ((_req, res) => !counts(res.statusCode)),
    // The answer is `{ message }` like every other error, from the central error handler. A store error (database
    // down) fails the request with 503 rather than letting guesses through uncounted.
    handler: (req, _res, next) => {
      logger.warn('rate limit reached', { limiter: name, ip: req.ip });
      next(new HttpError(429, message));
    },
    logger: {
      error: (error, note) => logger.error(note ?? 'rate limiter error', { error }),
      warn: (error, note) => logger.warn(note ?? 'rate limiter warning', { error }),
    },
  });
}

/**
 * Sign-in and sign-up limits; their counters live in MongoDB, so every api process shares them.
 *
 * Sign-in (issue #23, OWASP's device cookies): a browser presenting a valid device cookie for the e-mail's account
 * whose own failures are under `loginFailuresPerDevice` is a trusted device, limited by that count alone. Any other
 * browser is limited per address, per e-mail and address, and per e-mail. So an attacker's failures for the owner's
 * e-mail (from any number of addresses) lock out browsers that never signed in to the account, never the owner's
 * devices; and a stolen or guessing device loses its trust after its own ten failures. Nothing here looks the
 * account up: an unknown e-mail is counted and answered exactly like a known one.
 */
export function authRateLimits(
  counters: RateLimitCounterModel,
  devices: DeviceCookies,
  settings: RateLimitSettings = RATE_LIMITS,
): AuthRateLimits {
  // Only wrong credentials count: a successful sign-in, a malformed body or a 429 gives its hit back.
  const failedLogin = (status: number) => status === 401;
  const login = {
    counters,
    windowMs: settings.loginWindowMs,
    message: LOGIN_RATE_LIMITED_MESSAGE,
    counts: failedLogin,
  };
  const deviceCounters = new MongoRateLimitStore(counters, 'login-device:');
  const hasEmail = (req: Request) => typeof req.body?.email === 'string';
  const trusted = (_req: Request, res: Response) => trustedDevice(res) !== undefined;
  const trustedOrNoEmail = (req: Request, res: Response) => trusted(req, res) || !hasEmail(req);

  /** Decides whether this browser is a trusted device of the account (see above). */
  const trustDevice: RequestHandler = async (req, res, next) => {
    try {
      const nonce = hasEmail(req) ? devices.nonceFor(req, String(req.body.email)) : undefined;
      if (nonce !== undefined) {
        res.locals[TRUSTED_DEVICE] = nonce;
        const counted = await deviceCounters.get(deviceKey(req, res));
        // Too many failures of its own: from now on (until its window ends) it is a browser like any other.
        if ((counted?.totalHits ?? 0) >= settings.loginFailuresPerDevice) delete res.locals[TRUSTED_DEVICE];
      }
      next();
    } catch (error) {
      next(error);
    }
  };

  return {
    login: [
      trustDevice,
      limiter({
        ...login,
        name: 'login-device',
        limit: settings.loginFailuresPerDevice,
        keyGenerator: deviceKey,
        skip: (req, res) => !trusted(req, res),
      }),
      limiter({
        ...login,
        name: 'login-ip',
        limit: settings.loginFailuresPerIp,
        keyGenerator: ipKey,
        skip: trusted,
      }),
      limiter({
        ...login,
        name: 'login-email-ip',
        limit: settings.loginFailuresPerEmailAndIp,
        keyGenerator: emailAndIpKey,
        // No e-mail, no account to protect: the body check answers 400.
        skip: trustedOrNoEmail,
      }),
      limiter({
        ...login,
        name: 'login-email',
        limit: settings.loginFailuresPerEmail,
        keyGenerator: emailKey,
        skip: trustedOrNoEmail,
      }),
    ],
    register: [
      limiter({
        name: 'register-ip',
        counters,
        limit: settings.registrationsPerIp,
        windowMs: settings.registrationWindowMs,
        message: REGISTER_RATE_LIMITED_MESSAGE,
        keyGenerator: ipKey,
      }),
    ],
  };
}

export interface PasswordRateLimits {
  /** Run before POST /api/user/password, after requireUser: per user. */
  changePassword: RequestHandler[];
  /** Run before POST /api/password/forgot: per IP. */
  forgotPassword: RequestHandler[];
}

/** The password change and reset limits (docs/product-rules.md, "Rate limits"), counted like the sign-in ones. */
export function passwordRateLimits(
  counters: RateLimitCounterModel,
  settings: RateLimitSettings = RATE_LIMITS,
): PasswordRateLimits {
  const reset = {
    counters,
    windowMs: settings.passwordResetWindowMs,
    message: PASSWORD_RESET_RATE_LIMITED_MESSAGE,
  };
  return {
    changePassword: [
      limiter({
        name: 'password-change-user',
        counters,
        limit: settings.passwordChangeFailuresPerUser,
        windowMs: settings.loginWindowMs,
        message: PASSWORD_CHANGE_RATE_LIMITED_MESSAGE,
        keyGenerator: userKey,
        counts: (status) => status === 401,
      }),
    ],
    forgotPassword: [
      limiter({ ...reset, name: 'password-reset-ip', limit: settings.passwordResetsPerIp, keyGenerator: ipKey }),
    ],
  };
}
