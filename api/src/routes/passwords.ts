import { Router } from 'express';
import type { Db } from 'mongodb';
import {
  changePasswordBodySchema,
  FORGOT_PASSWORD_MESSAGE,
  forgotPasswordBodySchema,
  resetPasswordBodySchema,
  type User,
} from '@hit/contracts';
import type { Config } from '../config';
import { currentUser, requireUser, toPublicUser } from '../auth/currentUser';
import type { DeviceCookies } from '../auth/deviceCookie';
import { setSignedInHint } from '../auth/signedInHint';
import type { PasswordRateLimits } from '../auth/rateLimits';
import { parseOr400 } from '../http/validate';
import { logger } from '../logger';
import { PASSWORD_CHANGED_MESSAGE, type PasswordService } from '../services/passwords';
import { logIn } from './auth';
import { browserOrigin } from './billing';

interface PasswordsRouterDeps {
  config: Pick<Config, 'publicOrigin' | 'isProduction'>;
  passwords: PasswordService;
  limits: PasswordRateLimits;
  /** The database the sessions live in (auth/sessionUser.ts). */
  db: Db;
  /** A reset signs this browser in: it earns the account's device cookie, as a sign-in does (auth/deviceCookie.ts). */
  devices: DeviceCookies;
}

/** POST /api/user/password (signed in), /api/password/forgot and /api/password/reset (anyone). */
export function passwordsRouter({ config, db, passwords, limits, devices }: PasswordsRouterDeps): Router {
  const router = Router();

  router.post('/user/password', requireUser, ...limits.changePassword, async (req, res) => {
    const body = parseOr400(changePasswordBodySchema, req.body);
    await passwords.change(currentUser(req), body, req.sessionID);
    res.json({ message: PASSWORD_CHANGED_MESSAGE });
  });

  router.post('/password/forgot', ...limits.forgotPassword, (req, res) => {
    const { email } = parseOr400(forgotPasswordBodySchema, req.body);
    // A mailed link is built on PUBLIC_ORIGIN alone (required with SMTP_URL); this request's origin only ever goes into
    // a link logged for the developer when no mail server is configured.
    const origin = browserOrigin(req, config.publicOrigin);
    // Answered before the account is even looked up: a known and an unknown e-mail get the same answer in the same
    // time (no account enumeration). A failure to send is the operator's to see, in the log.
    passwords.requestReset(email, origin).catch((error: unknown) => {
      logger.error('password reset e-mail not sent', { error });
    });
    res.json({ message: FORGOT_PASSWORD_MESSAGE });
  });

  router.post('/password/reset', async (req, res) => {
    const body = parseOr400(resetPasswordBodySchema, req.body);
    const user = await passwords.reset(body);
    await logIn(req, user, db);
    devices.issue(res, user.email);
    setSignedInHint(res, config);
    res.json(toPublicUser(user) satisfies User);
  });

  return router;
}
