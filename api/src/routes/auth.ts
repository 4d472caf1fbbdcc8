import { Router, type Request, type RequestHandler } from 'express';
import type { Types } from 'mongoose';
import type { Db } from 'mongodb';
import type { PassportStatic } from 'passport';
import { loginBodySchema, registerBodySchema, type User } from '@hit/contracts';
import type { Config } from '../config';
import { HttpError } from '../errors';
import { currentUser, toPublicUser } from '../auth/currentUser';
import { INVALID_CREDENTIALS_MESSAGE, PASSWORD_CHECK } from '../auth/passport';
import { normalizeEmail, type DeviceCookies } from '../auth/deviceCookie';
import { clearSignedInHint, setSignedInHint } from '../auth/signedInHint';
import { hashPassword, PasswordHashingBusyError, reservePasswordCheck, type HashingTicket } from '../auth/password';
import type { AuthRateLimits } from '../auth/rateLimits';
import { parseOr400 } from '../http/validate';
import type { UserDocument, UserModel } from '../models/user';
import { trialEndFor } from '../services/access';
import { SESSION_COOKIE, sessionCookieOptions } from '../session';
import { attachSessionUser } from '../auth/sessionUser';
import { forgetPushOfSessions, pushSessionRenewed } from '../services/push';
import { logger } from '../logger';

export const USER_EXISTS_MESSAGE = 'User already exists';

interface AuthDeps {
  config: Pick<Config, 'trialDays' | 'isProduction'>;
  /** The database the sessions live in (auth/sessionUser.ts). */
  db: Db;
  passport: PassportStatic;
  User: UserModel;
  /** Runs once for every new account (seeds the workout program). */
  onUserCreated: (user: UserDocument) => Promise<void>;
  /** Rate limiters run before the sign-in and sign-up handlers. */
  limits: AuthRateLimits;
  /** The device cookie a browser gets when it signs in (auth/deviceCookie.ts). */
  devices: DeviceCookies;
}

const BUSY_LOG_EVERY_MS = 10_000;
let busyRefusals = 0;
let busyLoggedAt = 0;

/**
 * A sign-in first takes its place in the password hashing line; when the line is full it is answered 503 at once,
 * before any rate-limit lookup (nothing is counted: the password was never checked) or anything else that costs.
 * The place is given back when the answer ends, if the check never ran.
 */
const reservePasswordCheckFor: RequestHandler = (_req, res, next) => {
  let ticket: HashingTicket;
  try {
    ticket = reservePasswordCheck();
  } catch (error) {
    if (!(error instanceof PasswordHashingBusyError)) throw error;
    // A flood answers thousands of these: one warning every ten seconds says how many.
    busyRefusals += 1;
    if (Date.now() - busyLoggedAt >= BUSY_LOG_EVERY_MS) {
      logger.warn('password hashing busy: sign-ins refused', { refused: busyRefusals });
      busyLoggedAt = Date.now();
      busyRefusals = 0;
    }
    res.set(error.headers).status(error.status).json({ message: error.message });
    return;
  }
  res.locals[PASSWORD_CHECK] = ticket;
  res.once('close', () => ticket.release());
  next();
};

/**
 * Signs `user` in on this request's session; the saved session then gets the user's copy (auth/sessionUser.ts), the
 * one every later request of it reads.
 */
export async function logIn(req: Request, user: { _id: Types.ObjectId }, db: Db): Promise<void> {
  const previous = { userId: req.user?._id, sessionId: req.sessionID };
  // passport regenerates the session on log-in: a session id from before sign-in is never reused (no fixation).
  await new Promise<void>((resolve, reject) =>
    req.logIn(user as Express.User, (error) => (error ? reject(error) : resolve())),
  );
  if (!(await attachSessionUser(db, req.sessionID, user._id))) throw new HttpError(401, 'Not authenticated');
  // The push subscriptions the replaced session saved move to this one, or go when another user signed in over it.
  await pushSessionRenewed(db, previous, { userId: user._id, sessionId: req.sessionID });
}

function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: number })?.code === 11000;
}

export function authRouter({ config, db, passport, User, onUserCreated, limits, devices }: AuthDeps): Router {
  const router = Router();

  router.post('/register', ...limits.register, async (req, res) => {
    const body = parseOr400(registerBodySchema, req.body);
    if (await User.exists({ email: body.email })) throw new HttpError(409, USER_EXISTS_MESSAGE);
    const now = new Date();
    let user: UserDocument;
    try {
      user = await User.create({
        email: body.email,
        passwordHash: await hashPassword(body.password),
        firstName: body.firstName || null,
        lastName: body.lastName || null,
        trialEndsAt: trialEndFor(now, config.trialDays),
        lastActiveAt: now,
      });
    } catch (error) {
      // Two sign-ups with one e-mail at the same moment: the unique index decides.
      if (isDuplicateKey(error)) throw new HttpError(409, USER_EXISTS_MESSAGE);
      throw error;
    }
    await onUserCreated(user);
    await logIn(req, user, db);
    devices.issue(res, user.email);
    setSignedInHint(res, config);
    res.status(201).json(toPublicUser(user) satisfies User);
  });

  /** A malformed body is answered 400 before anything is counted or looked up. */
  const loginBody: RequestHandler = (req, _res, next) => {
    parseOr400(loginBodySchema, req.body);
    req.body.email = normalizeEmail(String(req.body.email));
    next();
  };

  router.post('/login', loginBody, reservePasswordCheckFor, ...limits.login, async (req, res, next) => {
    const user = await new Promise<UserDocument | false>((resolve, reject) => {
      passport.authenticate('local', (error: unknown, found: UserDocument | false) =>
        error ? reject(error) : resolve(found),
      )(req, res, next);
    });
    if (!user) throw new HttpError(401, INVALID_CREDENTIALS_MESSAGE);
    await logIn(req, user, db);
    // A new nonce at every sign-in: this browser is (again) a trusted device of the account, with a fresh allowance.
    devices.issue(res, user.email);
    setSignedInHint(res, config);
    res.json(toPublicUser(user) satisfies User);
  });

  router.post('/logout', async (req, res) => {
    // This device is signed out: it gets no more rest-over alerts (issue #22).
    if (req.user) await forgetPushOfSessions(db, req.user._id, [req.sessionID]);
    if (req.session) {
      // Destroy the stored session (not just its user): the old cookie is worthless everywhere at once.
      await new Promise<void>((resolve, reject) => req.session.destroy((error) => (error ? reject(error) : resolve())));
    }
    res.clearCookie(SESSION_COOKIE, sessionCookieOptions(config));
    // Also when no session came with the request: the next page load knows the visitor is anonymous without asking.
    clearSignedInHint(res, config);
    res.json({ message: 'Logged out' });
  });

  router.get('/user', (req, res) => {
    res.json(toPublicUser(currentUser(req)) satisfies User);
  });

  return router;
}
