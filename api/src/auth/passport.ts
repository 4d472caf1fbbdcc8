import passport, { type PassportStatic } from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import type { Request } from 'express';
import type { Db } from 'mongodb';
import type { UserModel } from '../models/user';
import { dummyPasswordHash, verifyPassword, type HashingTicket } from './password';

/** Where a sign-in keeps its place in the password hashing line (routes/auth.ts takes it before the limits). */
export const PASSWORD_CHECK = 'passwordCheck';
import { attachSessionUser, loadedSessionUser, type SessionUser } from './sessionUser';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

/** A passport instance of this app's own (not the global one), so several apps can run in one process. */
export function createPassport(User: UserModel, db: Db): PassportStatic {
  const instance = new passport.Passport() as PassportStatic;

  instance.use(
    new LocalStrategy(
      { usernameField: 'email', passwordField: 'password', passReqToCallback: true },
      async (req, email, password, done) => {
        try {
          const user = await User.findOne({ email });
          // Unknown e-mail and wrong password take the same time and give the same answer. The check runs in the
          // place the sign-in took in the password hashing line (routes/auth.ts), or takes one now.
          const stored = user?.passwordHash ?? (await dummyPasswordHash());
          const matches = await verifyPassword(password, stored, req.res?.locals[PASSWORD_CHECK] as HashingTicket);
          done(null, user && matches ? user : false, { message: INVALID_CREDENTIALS_MESSAGE });
        } catch (error) {
          done(error);
        }
      },
    ),
  );

  instance.serializeUser((user, done) => done(null, String(user._id)));
  instance.deserializeUser(
    async (req: Request, id: string, done: (error: unknown, user?: SessionUser | false) => void) => {
      try {
        // The user's copy came with the session (auth/sessionUser.ts): no lookup. A session saved before copies
        // existed gets one now; a deleted account's session ends.
        done(null, loadedSessionUser(req, id) ?? (await attachSessionUser(db, req.sessionID, id)) ?? false);
      } catch (error) {
        done(error);
      }
    },
  );
  return instance;
}
