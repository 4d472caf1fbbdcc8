import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { trusted, Types, type Connection } from 'mongoose';
import { RESET_LINK_TTL_MS, type ChangePasswordBody, type ResetPasswordBody } from '@hit/contracts';
import { commonPasswordsOf, passwordProblem, provideCommonPasswords } from '@hit/contracts/rules';
import { hashPassword, verifyPassword } from '../auth/password';
import { RESET_MAIL_INTERVAL_MS } from '../auth/rateLimits';
import { escapeHtml } from '../billing/demoCheckoutPage';
import type { Config } from '../config';
import { HttpError } from '../errors';
import { logger } from '../logger';
import type { Mailer, MailMessage } from '../mail';
import type { PasswordResetTokenFields, PasswordResetTokenModel } from '../models/passwordResetToken';
import type { UserDocument, UserModel } from '../models/user';
import type { SessionUser } from '../auth/sessionUser';
import { deleteSessionsOf } from './retention';

export const CURRENT_PASSWORD_INCORRECT_MESSAGE = 'Current password is incorrect';
export const PASSWORD_CHANGED_MESSAGE = 'Password changed. You are signed out on every other device.';
export const RESET_LINK_INVALID_MESSAGE =
  'This password reset link is not valid. Open the whole link from the e-mail, or ask for a new one.';
export const RESET_LINK_USED_MESSAGE = 'This password reset link was already used. Ask for a new one if you need it.';
export const RESET_LINK_EXPIRED_MESSAGE =
  'This password reset link has expired: links work for one hour. Ask for a new one.';

// The schemas of @hit/contracts check every new password against the common-password list: read once, as the api
// starts (this module is part of every app), from the file the browser forms fetch. Read, not required: a required
// JSON file's array would stay in the module cache for good beside the compact list.
provideCommonPasswords(
  commonPasswordsOf(
    JSON.parse(readFileSync(require.resolve('@zxcvbn-ts/language-common/src/passwords.json'), 'utf8')) as string[],
  ),
);

/**
 * The e-mail part of the new-password rule, which the body's schema cannot check: refused with 400, "field: why", as a
 * schema's refusal is.
 */
function refuseEmailInPassword(field: 'newPassword' | 'password', password: string, email: string): void {
  const problem = passwordProblem(password, { email });
  if (problem) throw new HttpError(400, `${field}: ${problem}`);
}

/** The shell's page the e-mailed link opens, with the token in its query. */
export const RESET_PAGE_PATH = '/reset-password';
export const RESET_MAIL_SUBJECT = 'Reset your HIT Tracker password';

/** 256 random bits: a link cannot be guessed, so the reset itself needs no rate limit. */
const TOKEN_BYTES = 32;

/** What is stored of a token: its SHA-256, so a copy of the database resets nobody's password. */
export function resetTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * A link's token: the account's id (24 hex digits), then the secret. The id scopes every lookup of the token by its
 * user, as every query of a per-user collection is (the shard key: docs/scaling.md); it reveals nothing the link's
 * own recipient does not know.
 */
function newResetToken(userId: Types.ObjectId): string {
  return `${userId.toHexString()}${randomBytes(TOKEN_BYTES).toString('base64url')}`;
}

/** The account id a token names, or null for a token not made by newResetToken. */
function userIdOfToken(token: string): Types.ObjectId | null {
  const id = token.slice(0, 24);
  return /^[0-9a-f]{24}$/.test(id) && token.length > 24 ? new Types.ObjectId(id) : null;
}

export function resetLink(origin: string, token: string): string {
  return `${origin}${RESET_PAGE_PATH}?token=${encodeURIComponent(token)}`;
}

export function passwordResetMail(to: string, link: string): MailMessage {
  const lines = [
    'Someone, hopefully you, asked to reset the password of your HIT Tracker account.',
    'Open this link within one hour to choose a new password (it works once):',
  ];
  const ignore = 'If you did not ask for it, ignore this e-mail: your password stays as it is.';
  return {
    to,
    subject: RESET_MAIL_SUBJECT,
    text: `${lines.join('\n')}\n\n${link}\n\n${ignore}\n`,
    html: [
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${escapeHtml(link)}">Choose a new password</a></p>`,
      `<p>${escapeHtml(ignore)}</p>`,
    ].join('\n'),
  };
}

interface PasswordServiceDeps {
  connection: Connection;
  User: UserModel;
  PasswordResetToken: PasswordResetTokenModel;
  /** null: no SMTP_URL (the link is logged in development; nothing is sent in production). */
  mailer: Mailer | null;
  /** `publicOrigin` is set whenever SMTP_URL is (config.ts): every mailed link is built on it. */
  config: Pick<Config, 'isProduction' | 'publicOrigin'>;
  /** At most one reset e-mail per account in this long (RESET_MAIL_INTERVAL_MS; 0 in tests that ask for several). */
  mailIntervalMs?: number;
}

/** Why a stored token (or none) does not reset a password, or null when it does at `now`. */
function refusalFor(token: Pick<PasswordResetTokenFields, 'usedAt' | 'expiresAt'> | null, now: Date): string | null {
  if (!token) return RESET_LINK_INVALID_MESSAGE;
  if (token.usedAt) return RESET_LINK_USED_MESSAGE;
  if (token.expiresAt.getTime() <= now.getTime()) return RESET_LINK_EXPIRED_MESSAGE;
  return null;
}

/** Changing a password, and resetting a forgotten one through an e-mailed link (docs/product-rules.md). */
export function createPasswordService({
  connection,
  User,
  PasswordResetToken,
  mailer,
  config,
  mailIntervalMs = RESET_MAIL_INTERVAL_MS,
}: PasswordServiceDeps) {
  return {
    /** The current password checked, the new one stored; every other session of the user is signed out. */
    async change(user: SessionUser, body: ChangePasswordBody, currentSessionId: string): Promise<void> {
      // The hash is never carried with the session: read now.
      const stored = await User.findById(user._id, { passwordHash: 1 }).lean();
      if (!stored) throw new HttpError(401, 'Not authenticated');
      if (!(await verifyPassword(body.currentPassword, stored.passwordHash))) {
        throw new HttpError(401, CURRENT_PASSWORD_INCORRECT_MESSAGE);
      }
      refuseEmailInPassword('newPassword', body.newPassword, user.email);
      const passwordHash = await hashPassword(body.newPassword);
      // The other sessions and the links asked for before (one would undo the change) end before the new password is
      // stored, so a failure in between never leaves them working with the password changed; the sessions again
      // after, for a sign-in with the old password meanwhile (as account deletion does).
      await PasswordResetToken.deleteMany({ userId: user._id });
      await deleteSessionsOf(connection, user.id, { exceptSessionId: currentSessionId });
      await User.updateOne({ _id: user._id }, { $set: { passwordHash } });
      await deleteSessionsOf(connection, user.id, { exceptSessionId: currentSessionId });
    },

    /**
     * For a known e-mail, a single-use link valid for RESET_LINK_TTL_MS, e-mailed, unless one was sent less than
     * `mailIntervalMs` ago; nothing for an unknown one. The new link ends the earlier ones: one is live at a time. The
     * route answers before this runs, so every case takes the same time. `requestOrigin` is used only for a link
     * that is logged, never mailed (no SMTP_URL, outside production).
     */
    async requestReset(email: string, requestOrigin: string): Promise<void> {
      if (!mailer && config.isProduction) {
        logger.warn('password reset asked for, but SMTP_URL is not set: no e-mail sent');
        return;
      }
      const now = new Date();
      // Finds the account and claims its turn in one atomic write: two requests at once send one e-mail.
      const user = await User.findOneAndUpdate(
        {
          email,
          $or: [
            { passwordResetMailedAt: null },
            { passwordResetMailedAt: trusted({ $lte: new Date(now.getTime() - mailIntervalMs) }) },
          ],
        },
        { $set: { passwordResetMailedAt: now } },
        { projection: { _id: 1, email: 1 }, lean: true },
      );
      if (!user) return;
      const token = newResetToken(user._id);
      await PasswordResetToken.deleteMany({ userId: user._id });
      await PasswordResetToken.create({
        _id: resetTokenHash(token),
        userId: user._id,
        expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS),
      });
      if (!mailer) {
        const link = resetLink(config.publicOrigin ?? requestOrigin, token);
        logger.info('password reset link (SMTP_URL is not set: logged, not e-mailed)', { email: user.email, link });
        return;
      }
      // Never a request's Host: config.ts refuses SMTP_URL without PUBLIC_ORIGIN.
      if (!config.publicOrigin) throw new Error('PUBLIC_ORIGIN is required to e-mail a link');
      await mailer.send(passwordResetMail(user.email, resetLink(config.publicOrigin, token)));
    },

    /**
     * Consumes the link's token and sets the new password; every session of the user is signed out (the route then
     * signs this visitor in). Refused with 400 and why for an unknown (or tampered), used or expired link.
     */
    async reset(body: ResetPasswordBody): Promise<UserDocument> {
      const id = resetTokenHash(body.token);
      const userId = userIdOfToken(body.token);
      if (!userId) throw new HttpError(400, RESET_LINK_INVALID_MESSAGE);
      const stored = () => PasswordResetToken.findOne({ _id: id, userId }).lean();
      // Checked before hashing: a made-up token costs a lookup, not an scrypt.
      const refused = refusalFor(await stored(), new Date());
      if (refused) throw new HttpError(400, refused);
      // Before the link is used up: a refused password leaves it working for a better one.
      const account = await User.findById(userId, { email: 1 }).lean();
      if (!account) throw new HttpError(400, RESET_LINK_INVALID_MESSAGE);
      refuseEmailInPassword('password', body.password, account.email);
      const passwordHash = await hashPassword(body.password);
      const now = new Date();
      // The claim is atomic: of two resets with one link, one wins and the other hears 'already used'.
      const claimed = await PasswordResetToken.findOneAndUpdate(
        { _id: id, userId, usedAt: null, expiresAt: trusted({ $gt: now }) },
        { $set: { usedAt: now } },
        { returnDocument: 'after', lean: true },
      );
      if (!claimed) {
        const why = refusalFor(await stored(), now);
        throw new HttpError(400, why ?? RESET_LINK_USED_MESSAGE);
      }
      // Other links of the account die with this one (this one stays, marked used, to say so if opened again), and
      // every session ends, before the new password is stored: a failure in between never leaves them working with
      // the password changed (the link is then spent: a new one is asked for). The sessions again after, for a
      // sign-in with the old password meanwhile.
      await PasswordResetToken.deleteMany({ userId: claimed.userId, _id: trusted({ $ne: id }) });
      await deleteSessionsOf(connection, claimed.userId.toHexString());
      const user = await User.findOneAndUpdate(
        { _id: claimed.userId },
        { $set: { passwordHash } },
        { returnDocument: 'after' },
      );
      // The account was deleted after the link was sent.
      if (!user) throw new HttpError(400, RESET_LINK_INVALID_MESSAGE);
      await deleteSessionsOf(connection, user.id);
      return user;
    },
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
