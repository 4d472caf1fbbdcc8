import type { Request } from 'express';
import type session from 'express-session';
import { MongoStore } from 'connect-mongo';
import { Types, type Connection } from 'mongoose';
import type { Collection, Db, Document, MongoClient } from 'mongodb';
import { aggregateFewIn, findFewIn } from '../findFew';
import type { WeightUnit } from '@hit/contracts';
import type { UserFields, UserSubscription } from '../models/user';

/**
 * The signed-in user as every request sees it (issue #21): carried with the session, so that an authenticated read
 * costs one database round trip beyond the session itself instead of a user lookup per request.
 *
 * Where it lives: beside the session in its stored document, `{ _id, session, expires, userId, user }`. connect-mongo
 * writes only `session`, `expires` and `lastModified`, so nothing express-session saves can overwrite a newer copy.
 *
 * How it stays true: every change of these fields writes the user document first, then `refreshSessionUsers`
 * rewrites the copy in every session of that user, in MongoDB, so every api process sees it on that session's very
 * next request. Each copy is numbered by the read that made it (the user's `sessionRev`, bumped atomically by that
 * read), and a session only takes a copy newer than its own, so concurrent refreshes cannot leave an older one. A
 * sign-in writes its copy after the session is saved and checks the number again, which closes the race with a
 * change made meanwhile. A copy older than SESSION_USER_MAX_AGE_MS is read again (a safety net for a process that
 * died between a change and its refresh). Logout, password changes and deletion remove sessions; the
 * trial's end is a date in the copy, compared with the clock on each request. The password hash and the plate
 * settings are not in the copy: the few routes that need them read the user.
 */
export interface SessionUser {
  _id: Types.ObjectId;
  /** `_id` as a hex string. */
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  createdAt: Date;
  trialEndsAt: Date;
  lastActiveAt: Date;
  hasPaid: boolean;
  subscription: UserSubscription;
  /** The unit the lifter last used ('lbs' when none was ever stored): GET /api/user answers it. */
  weightUnit: WeightUnit;
  /** The rotation (workoutstates), so the dashboard's reads need no lookup of it; absent until it is seeded. */
  rotation?: Rotation;
}

export interface Rotation {
  cycleCount: number;
  nextRecommendedDay: number;
}

type StoredSessionUser = Omit<SessionUser, 'id'>;

/** The user fields the copy holds (a projection of users). */
export const SESSION_USER_PROJECTION = {
  _id: 1,
  email: 1,
  firstName: 1,
  lastName: 1,
  createdAt: 1,
  trialEndsAt: 1,
  lastActiveAt: 1,
  hasPaid: 1,
  subscription: 1,
  weightUnit: 1,
} as const;

const EMPTY_SUBSCRIPTION: UserSubscription = {
  status: null,
  periodEnd: null,
  provider: null,
  customerId: null,
  subscriptionId: null,
  syncedAt: null,
};

/** The stored copy of a user document (or of a mongoose one's fields). */
export function storedSessionUser(
  user: Pick<UserFields, Exclude<keyof StoredSessionUser, 'rotation' | 'weightUnit'>> &
    Partial<Pick<UserFields, 'weightUnit'>>,
): StoredSessionUser {
  return {
    _id: user._id,
    email: user.email,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    createdAt: user.createdAt,
    trialEndsAt: user.trialEndsAt,
    lastActiveAt: user.lastActiveAt,
    hasPaid: user.hasPaid ?? false,
    subscription: { ...EMPTY_SUBSCRIPTION, ...pickSubscription(user.subscription) },
    // An account stored before the field existed reads as a new one does.
    weightUnit: user.weightUnit ?? 'lbs',
  };
}

function pickSubscription(subscription: Partial<UserSubscription> | undefined): Partial<UserSubscription> {
  if (!subscription) return {};
  const { status, periodEnd, provider, customerId, subscriptionId, syncedAt } = subscription;
  return { status, periodEnd, provider, customerId, subscriptionId, syncedAt };
}

function sessionUserOf(stored: StoredSessionUser): SessionUser {
  // A copy made before the copy carried the unit.
  return { ...stored, weightUnit: stored.weightUnit ?? 'lbs', id: stored._id.toHexString() };
}

const LOADED_USER = Symbol('hit.sessionUser');
const JOINED = Symbol('hit.sessionJoined');

/**
 * A read that rides on the session's own (issue #21): stages run on the session's stored document in the same
 * command, their answer under `field` kept for the request (`joinedWithSession`). For a hot route that needs one small
 * read beyond the session (the autosave's workout session), so it costs one round trip, not two. The stages see the
 * session's `userId` (`$userId`), never trust it further: the route checks what it gets against the signed-in user.
 */
export interface SessionJoin {
  stages: Document[];
  field: string;
}

interface StoredSessionDocument {
  _id: string;
  session: unknown;
  expires?: Date;
  lastModified?: Date;
  userId?: Types.ObjectId;
  user?: StoredSessionUser;
  /** The user's `sessionRev` when `user` was read. */
  rev?: number;
  /** When `user` was read. */
  copiedAt?: Date;
}

/**
 * A copy older than this is read again on the session's next request: a safety net only. Every change the api
 * makes refreshes the copies at once; this bounds how long one can stay behind if a process died between a change
 * and its refresh, or after a change made to the database by hand. Each renewal costs an active session four
 * database commands (one a write to its user), so it is minutes, not seconds.
 */
export const SESSION_USER_MAX_AGE_MS = 5 * 60_000;

interface LoadedUser {
  user: StoredSessionUser;
  copiedAt: Date | undefined;
}

/**
 * connect-mongo's store, reading the user's copy with the session in the same query. `get` answers the session as
 * connect-mongo does, with the copy under a symbol (never serialized, never part of express-session's change hash);
 * `createSession` moves it onto the request for `deserializeUser`.
 */
export class UserSessionStore extends MongoStore {
  // Its own handle on the sessions, for `get`: every authenticated request reads one (findFewIn).
  private readonly sessionsDb: Db;
  private readonly sessionsCollection: string;

  constructor(options: ConstructorParameters<typeof MongoStore>[0] & { client: MongoClient; dbName: string }) {
    super(options);
    this.sessionsDb = options.client.db(options.dbName);
    this.sessionsCollection = options.collectionName ?? 'sessions';
  }

  /** The join the next `get` reads with the session (withJoin). */
  private nextJoin: SessionJoin | undefined;

  /**
   * Runs `run` (express-session's middleware) with `join` read in the same command as the session. express-session
   * asks the store for the session synchronously within its call, so the join is taken by that very `get`; were it
   * ever asked later, the join would be missing and the route would read for itself (never a wrong answer).
   */
  withJoin(join: SessionJoin | undefined, run: () => void): void {
    this.nextJoin = join;
    try {
      run();
    } finally {
      this.nextJoin = undefined;
    }
  }

  override get(sid: string, callback: (error: unknown, session?: session.SessionData | null) => void): void {
    const join = this.nextJoin;
    this.nextJoin = undefined;
    void (async () => {
      try {
        const filter = { _id: sid, $or: [{ expires: { $exists: false } }, { expires: { $gt: new Date() } }] };
        const [doc] = join
          ? await aggregateFewIn<StoredSessionDocument>(this.sessionsDb, this.sessionsCollection, [
              { $match: filter },
              { $limit: 1 },
              ...join.stages,
            ])
          : await findFewIn<StoredSessionDocument>(this.sessionsDb, this.sessionsCollection, filter, { limit: 1 });
        if (!doc) return callback(null, null);
        const data = (typeof doc.session === 'string' ? JSON.parse(doc.session) : doc.session) as session.SessionData &
          Record<string | symbol, unknown>;
        // As connect-mongo does with touchAfter: the last write's time decides when to touch again.
        if (doc.lastModified) data.lastModified = doc.lastModified;
        if (doc.user) data[LOADED_USER] = { user: doc.user, copiedAt: doc.copiedAt } satisfies LoadedUser;
        if (join) data[JOINED] = (doc as unknown as Record<string, unknown>)[join.field];
        callback(null, data);
      } catch (error) {
        callback(error);
      }
    })();
  }

  override createSession(req: Request, data: session.SessionData): session.Session & Partial<session.SessionData> {
    const loaded = (data as unknown as Record<symbol, LoadedUser | undefined>)[LOADED_USER];
    const joined = (data as unknown as Record<symbol, unknown>)[JOINED];
    const created = super.createSession(req, data);
    (req as unknown as Record<symbol, LoadedUser | undefined>)[LOADED_USER] = loaded;
    (req as unknown as Record<symbol, unknown>)[JOINED] = joined;
    return created;
  }
}

/** What the session's join (SessionJoin) answered for this request: undefined when none was read with it. */
export function joinedWithSession(req: Request): unknown {
  return (req as unknown as Record<symbol, unknown>)[JOINED];
}

/**
 * The copy read with this request's session, if it belongs to `userId` and is at most `maxAgeMs` old (a hint that
 * decides nothing the api enforces, such as a page's preloads, may take a copy of any age).
 */
export function loadedSessionUser(
  req: Request,
  userId: string,
  now = Date.now(),
  maxAgeMs = SESSION_USER_MAX_AGE_MS,
): SessionUser | undefined {
  const loaded = (req as unknown as Record<symbol, LoadedUser | undefined>)[LOADED_USER];
  if (!loaded || loaded.user._id.toHexString() !== userId) return undefined;
  if (!loaded.copiedAt || now - loaded.copiedAt.getTime() > maxAgeMs) return undefined;
  return sessionUserOf(loaded.user);
}

export const SESSIONS_COLLECTION = 'sessions';

function sessionsOf(db: Db): Collection<StoredSessionDocument> {
  return db.collection<StoredSessionDocument>(SESSIONS_COLLECTION);
}

/**
 * The user's copy, read in the same atomic step that numbers it (`sessionRev`), then the rotation: both read after
 * the number is taken, so the copy with the highest number saw every change whose refresh came before it.
 */
async function readNumbered(
  db: Db,
  userId: Types.ObjectId,
): Promise<{ user: StoredSessionUser; rev: number; copiedAt: Date } | null> {
  const found = await db
    .collection<UserFields & { sessionRev?: number }>('users')
    .findOneAndUpdate(
      { _id: userId },
      { $inc: { sessionRev: 1 } },
      { projection: { ...SESSION_USER_PROJECTION, sessionRev: 1 }, returnDocument: 'after' },
    );
  if (!found) return null;
  const state = await db
    .collection<Rotation & { userId: Types.ObjectId }>('workoutstates')
    .findOne({ userId }, { projection: { _id: 0, cycleCount: 1, nextRecommendedDay: 1 } });
  const user = storedSessionUser(found);
  if (state) user.rotation = { cycleCount: state.cycleCount, nextRecommendedDay: state.nextRecommendedDay };
  return { user, rev: found.sessionRev ?? 0, copiedAt: new Date() };
}

/** Sessions whose copy is older than `rev` (or missing): an older read never overwrites a newer one. */
const olderThan = (rev: number) => ({ $or: [{ rev: { $lt: rev } }, { rev: { $exists: false } }] });

/**
 * After a change of the user's document: every session of the user gets the new copy (none when the user is gone:
 * deletion removes the sessions). Call it after the user's own write, never before. Two refreshes at once end with
 * the later read's copy in every session, whatever order their writes land in.
 */
export async function refreshSessionUsers(db: Db, userId: Types.ObjectId | string): Promise<void> {
  const id = new Types.ObjectId(userId);
  const numbered = await readNumbered(db, id);
  if (!numbered) return;
  await sessionsOf(db).updateMany({ userId: id, ...olderThan(numbered.rev) }, { $set: numbered });
}

/**
 * A session just saved for `userId` (sign-in, sign-up, reset, or one from before copies existed) gets the copy. A
 * refresh that ran between the read and this session getting its `userId` missed it: so the user's number is read
 * again after the write, and the copy written again until no refresh came in between. Returns the copy, or null
 * when the user no longer exists (the session is then removed).
 */
export async function attachSessionUser(
  db: Db,
  sessionId: string,
  userId: Types.ObjectId | string,
): Promise<SessionUser | null> {
  const id = new Types.ObjectId(userId);
  for (let attempt = 0; attempt < 5; attempt++) {
    const numbered = await readNumbered(db, id);
    if (!numbered) {
      await sessionsOf(db).deleteOne({ _id: sessionId });
      return null;
    }
    await sessionsOf(db).updateOne(
      { _id: sessionId, ...olderThan(numbered.rev) },
      { $set: { userId: id, ...numbered } },
    );
    const now = await db
      .collection<{ sessionRev?: number }>('users')
      .findOne({ _id: id as never }, { projection: { sessionRev: 1 } });
    if ((now?.sessionRev ?? 0) === numbered.rev) return sessionUserOf(numbered.user);
  }
  throw new Error(`the account ${id.toHexString()} kept changing while signing in`);
}

/**
 * Sessions saved before sessions carried their user have no `userId`: each signed-in one gets it, once, at start
 * (one scan; sign-ins since always write it), so finding a user's sessions is an indexed query. Resolves with how
 * many were named.
 */
export async function nameSessionUsers(db: Db): Promise<number> {
  const unnamed = await sessionsOf(db)
    .find({ userId: { $exists: false } }, { projection: { session: 1 } })
    .toArray();
  let named = 0;
  for (const doc of unnamed) {
    let parsed: unknown = doc.session;
    try {
      if (typeof parsed === 'string') parsed = JSON.parse(parsed);
    } catch {
      continue;
    }
    const user = (parsed as { passport?: { user?: unknown } } | null)?.passport?.user;
    if (typeof user !== 'string' || !Types.ObjectId.isValid(user)) continue;
    await sessionsOf(db).updateOne(
      { _id: doc._id, userId: { $exists: false } },
      { $set: { userId: new Types.ObjectId(user) } },
    );
    named += 1;
  }
  return named;
}

/** The driver's database of a mongoose connection (for the helpers above). */
export function databaseOf(connection: Connection): Db {
  return connection.db as unknown as Db;
}

/** `refreshSessionUsers` through a mongoose connection (the api's services hold one through their models). */
export function userChanged(connection: Connection, userId: Types.ObjectId | string): Promise<void> {
  return refreshSessionUsers(databaseOf(connection), userId);
}
