import { trusted, Types, type Connection, type Model } from 'mongoose';
import type { Db } from 'mongodb';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatusValue } from '@hit/contracts';
import { emailCounterKey } from '../auth/rateLimits';
import { rateLimitCounterModel } from '../models/rateLimitCounter';
import { userModel, type UserFields } from '../models/user';
import { SESSIONS_COLLECTION } from '../session';
import { forgetPushOfUser } from './push';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A free account with no authenticated request for this long is deleted with all its data. */
export const INACTIVE_DAYS_BEFORE_DELETION = 365;

/** Any subscription status at all means the account paid at some point (an ended one included). */
const PAID_STATUSES = new Set<SubscriptionStatusValue>(SUBSCRIPTION_STATUSES);

type RetentionFields = Pick<UserFields, 'lastActiveAt'> & {
  hasPaid?: boolean | null;
  subscription?: { status?: SubscriptionStatusValue | null } | null;
};

/** Paid accounts are never deleted for inactivity. */
export function hasPaid(user: RetentionFields): boolean {
  const status = user.subscription?.status;
  return user.hasPaid === true || (status != null && PAID_STATUSES.has(status));
}

/** Accounts last active before this moment count as inactive. */
export function inactivityCutoff(now: Date): Date {
  return new Date(now.getTime() - INACTIVE_DAYS_BEFORE_DELETION * DAY_MS);
}

/** The retention rule: a free account with no activity for a year. */
export function isDueForDeletion(user: RetentionFields, now: Date): boolean {
  return !hasPaid(user) && user.lastActiveAt.getTime() < inactivityCutoff(now).getTime();
}

export interface InactiveAccount {
  id: string;
  email: string;
  lastActiveAt: Date;
}

/** The database-side form of the rule (the pure rule above still decides for each account found). */
function dueForDeletionFilter(now: Date) {
  return {
    lastActiveAt: trusted({ $lt: inactivityCutoff(now) }),
    hasPaid: trusted({ $ne: true }),
    'subscription.status': trusted({ $nin: [...SUBSCRIPTION_STATUSES] }),
  };
}

/** Accounts the rule selects at `now`, longest inactive first. */
export async function findInactiveFreeAccounts(connection: Connection, now: Date): Promise<InactiveAccount[]> {
  const users = await userModel(connection)
    .find(dueForDeletionFilter(now), { email: 1, lastActiveAt: 1, hasPaid: 1, 'subscription.status': 1 })
    .sort({ lastActiveAt: 1 })
    .lean();
  return users
    .filter((user) => isDueForDeletion(user, now))
    .map((user) => ({ id: String(user._id), email: user.email, lastActiveAt: user.lastActiveAt }));
}

/** connect-mongo stores each session as a JSON string (or a document with `stringify: false`). */
function passportUserOf(session: unknown): unknown {
  try {
    const parsed = typeof session === 'string' ? (JSON.parse(session) as unknown) : session;
    return (parsed as { passport?: { user?: unknown } } | null)?.passport?.user;
  } catch {
    return undefined;
  }
}

/**
 * Signs the account out everywhere (but in `exceptSessionId`, the session making the request, when given): its stored
 * sessions go, so the next request of each, from any api process, is anonymous, and so do the push subscriptions
 * every other session saved (those devices get no more rest-over alerts). Used by retention, password changes and
 * resets, and account deletion.
 */
export async function deleteSessionsOf(
  connection: Connection,
  userId: string,
  { exceptSessionId }: { exceptSessionId?: string } = {},
): Promise<number> {
  const sessions = connection.collection(SESSIONS_COLLECTION);
  // Every signed-in session names its user (auth/sessionUser.ts; older ones got it at start: nameSessionUsers).
  const candidates = await sessions
    .find({ userId: new Types.ObjectId(userId) }, { projection: { session: 1 } })
    .toArray();
  const ids = candidates
    .filter((doc) => passportUserOf(doc.session) === userId && String(doc._id) !== exceptSessionId)
    .map((doc) => doc._id);
  await forgetPushOfUser(connection.db as unknown as Db, userId, { exceptSessionId });
  if (ids.length === 0) return 0;
  return (await sessions.deleteMany({ _id: { $in: ids } })).deletedCount;
}

/** Every registered model other than User whose documents belong to one user through `userId`. */
export function userDataModels(connection: Connection): Model<unknown>[] {
  return Object.values(connection.models).filter(
    (model) => model.modelName !== userModel(connection).modelName && model.schema.path('userId') !== undefined,
  );
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What deleting one account removed: documents per model name (the user under `User`), and sessions ended. */
export interface DeletedAccount {
  documents: Record<string, number>;
  sessions: number;
}

/**
 * Deletes one account and everything kept of it: its login sessions first (no request of it is served after), its
 * documents in every model keyed by `userId`, its rate-limit counters (keyed `<limiter>:…<user id>` or by the hash of
 * its e-mail; the per-address ones are nobody's in particular and stay), then the account, then the models once more
 * for what a request already under way wrote meanwhile. The account goes last but one: an interrupted deletion leaves
 * it in place, and running it again finishes the job. Used by retention and by DELETE /api/user.
 */
export async function deleteAccountAndData(
  connection: Connection,
  account: { id: string; email: string },
): Promise<DeletedAccount> {
  const dataModels = userDataModels(connection);
  const documents: Record<string, number> = { User: 0, RateLimitCounter: 0 };
  for (const model of dataModels) documents[model.modelName] = 0;
  const deleteData = async () => {
    for (const model of dataModels) {
      documents[model.modelName] += (await model.deleteMany({ userId: account.id })).deletedCount;
    }
  };

  const sessions = await deleteSessionsOf(connection, account.id);
  await deleteData();
  const keys = [account.id, emailCounterKey(account.email)].map(escapeRegex).join('|');
  documents.RateLimitCounter += (
    await rateLimitCounterModel(connection).deleteMany({ _id: trusted({ $regex: `:(${keys})$` }) })
  ).deletedCount;
  documents.User += (await userModel(connection).deleteOne({ _id: account.id })).deletedCount;
  await deleteData();
  // A sign-in that got in between has its session too: sessions carry their user (auth/sessionUser.ts).
  const latecomers = await deleteSessionsOf(connection, account.id);
  return { documents, sessions: sessions + latecomers };
}

export interface RetentionRun {
  /** The accounts deleted, longest inactive first. */
  deleted: InactiveAccount[];
  /** Documents deleted per model name (the users themselves under `User`), and sessions ended. */
  documents: Record<string, number>;
  sessions: number;
}

/**
 * Deletes every account the rule selects at `now`, with its sessions and its documents in every model keyed by
 * `userId`. Models must be registered on `connection` first (`createModels`), so new features are covered
 * without touching this file. Data goes before the account: an interrupted run leaves the account listed and the
 * next run finishes it.
 */
export async function deleteInactiveFreeAccounts(connection: Connection, now: Date): Promise<RetentionRun> {
  const User = userModel(connection);
  const run: RetentionRun = { deleted: [], documents: { User: 0 }, sessions: 0 };
  for (const model of userDataModels(connection)) run.documents[model.modelName] = 0;

  for (const account of await findInactiveFreeAccounts(connection, now)) {
    // Checked again just before: on a large database the list can be minutes old (a sign-in or a payment since).
    if (!(await User.exists({ _id: account.id, ...dueForDeletionFilter(now) }))) continue;
    const deleted = await deleteAccountAndData(connection, account);
    for (const [model, count] of Object.entries(deleted.documents)) {
      run.documents[model] = (run.documents[model] ?? 0) + count;
    }
    run.sessions += deleted.sessions;
    run.deleted.push(account);
  }
  return run;
}
