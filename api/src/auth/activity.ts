import type { RequestHandler } from 'express';
import type { UserModel } from '../models/user';
import { userChanged } from './sessionUser';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Records that a signed-in user was active, at most once a day (the retention rule counts inactive days). */
export function recordActivity(User: UserModel): RequestHandler {
  return (req, _res, next) => {
    const user = req.user;
    if (!user || Date.now() - user.lastActiveAt.getTime() < DAY_MS) return next();
    const now = new Date();
    user.lastActiveAt = now;
    User.updateOne({ _id: user._id }, { $set: { lastActiveAt: now } })
      .then(() => userChanged(User.db, user._id))
      .then(() => next())
      .catch(next);
  };
}
