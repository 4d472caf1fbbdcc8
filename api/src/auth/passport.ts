import passport, { type PassportStatic } from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import type { UserModel } from '../models/user';
import { dummyPasswordHash, verifyPassword } from './password';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

/** A passport instance of this app's own (not the global one), so several apps can run in one process. */
export function createPassport(User: UserModel): PassportStatic {
  const instance = new passport.Passport() as PassportStatic;

  instance.use(
    new LocalStrategy({ usernameField: 'email', passwordField: 'password' }, async (email, password, done) => {
      try {
        const user = await User.findOne({ email });
        // Unknown e-mail and wrong password take the same time and give the same answer.
        const matches = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
        done(null, user && matches ? user : false, { message: INVALID_CREDENTIALS_MESSAGE });
      } catch (error) {
        done(error);
      }
    }),
  );

  instance.serializeUser((user, done) => done(null, user.id));
  instance.deserializeUser(async (id: string, done) => {
    try {
      // A deleted account (retention, reset) simply ends the session.
      done(null, (await User.findById(id)) ?? false);
    } catch (error) {
      done(error);
    }
  });
  return instance;
}
