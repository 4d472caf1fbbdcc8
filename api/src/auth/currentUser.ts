import type { Request, RequestHandler } from 'express';
import type { User } from '@hit/contracts';
import { ACCESS_DENIED_STATUS } from '@hit/contracts/rules';
import { HttpError } from '../errors';
import { subscriptionStatusOf } from '../services/access';
import type { SessionUser } from './sessionUser';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // passport puts the deserialized user here: the copy carried with the session (auth/sessionUser.ts).
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends SessionUser {}
  }
}

export const ACCESS_DENIED_MESSAGE =
  'Your free trial has ended. Upgrade to Premium to continue tracking workouts and viewing your progress.';

/** What a client may see of a user: never the password hash. */
export function toPublicUser(
  user: Pick<SessionUser, '_id' | 'email' | 'firstName' | 'lastName'> & { weightUnit?: SessionUser['weightUnit'] },
): User {
  return {
    id: user._id.toHexString(),
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    weightUnit: user.weightUnit ?? 'lbs',
  };
}

/** The signed-in user, or 401. Every query of a route is scoped by this user's id, never by one from the request. */
export function currentUser(req: Request): SessionUser {
  if (!req.user) throw new HttpError(401, 'Not authenticated');
  return req.user;
}

export const requireUser: RequestHandler = (req, _res, next) => {
  currentUser(req);
  next();
};

/** Premium actions: refused with 402 once the trial is over without a subscription (client gating is not trusted). */
export const requireAccess: RequestHandler = (req, _res, next) => {
  const user = currentUser(req);
  if (!subscriptionStatusOf(user).canAccessFeatures) throw new HttpError(ACCESS_DENIED_STATUS, ACCESS_DENIED_MESSAGE);
  next();
};
