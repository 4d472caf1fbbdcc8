import type { Request, RequestHandler } from 'express';
import session from 'express-session';
import type { MongoClient } from 'mongodb';
import type { CookieSigning } from './sessionSecret';
import { logger } from './logger';
import { nameSessionUsers, SESSIONS_COLLECTION, UserSessionStore, type SessionJoin } from './auth/sessionUser';

export { SESSIONS_COLLECTION };

export const SESSION_COOKIE = 'hit.sid';
const SESSION_DAYS = 30;
export const SESSION_MAX_AGE_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;
/**
 * A signed-in session's 30 days run again, its cookie resent, at most this often: an hour of activity, as the store's
 * own touch (touchAfter).
 */
export const SESSION_RENEW_AFTER_MS = 60 * 60 * 1000;

interface SessionDeps {
  config: CookieSigning;
  mongoClient: MongoClient;
  dbName: string;
  /** The read a request needs beyond its session, made in the session's own command (auth/sessionUser.ts). */
  joinFor?: (req: Request) => SessionJoin | undefined;
}

/** The session cookie's flags; logout clears the cookie with the same ones. */
export function sessionCookieOptions(config: Pick<CookieSigning, 'isProduction'>) {
  return { httpOnly: true, sameSite: 'lax', secure: config.isProduction, path: '/' } as const;
}

/**
 * Cookie sessions stored in MongoDB through mongoose's own client, so every api process shares them; each carries its
 * user's copy (auth/sessionUser.ts), read in the same query.
 */
export function sessionMiddleware({ config, mongoClient, dbName, joinFor }: SessionDeps): RequestHandler {
  // connect-mongo's own TTL-index creation caches a failure forever if the database is down at start-up;
  // creating the index here keeps the store usable once the database is back.
  mongoClient
    .db(dbName)
    .collection(SESSIONS_COLLECTION)
    .createIndex({ expires: 1 }, { expireAfterSeconds: 0 })
    .catch((error: unknown) => logger.warn('could not create the sessions TTL index', { error }));
  // A user's sessions are found by this (a change of the user, signing out everywhere).
  mongoClient
    .db(dbName)
    .collection(SESSIONS_COLLECTION)
    .createIndex({ userId: 1 }, { sparse: true })
    .catch((error: unknown) => logger.warn('could not create the sessions userId index', { error }));
  nameSessionUsers(mongoClient.db(dbName))
    .then((named) => named > 0 && logger.info('sessions from before named their user', { named }))
    .catch((error: unknown) => logger.warn('could not name the users of older sessions', { error }));

  const store = new UserSessionStore({
    client: mongoClient,
    dbName,
    collectionName: SESSIONS_COLLECTION,
    ttl: SESSION_MAX_AGE_MS / 1000,
    autoRemove: 'disabled',
    // The expiry of a session read and left unchanged is written at most hourly, not on every request.
    touchAfter: SESSION_RENEW_AFTER_MS / 1000,
  });
  const middleware = session({
    name: SESSION_COOKIE,
    secret: config.sessionSecret,
    store,
    resave: false,
    saveUninitialized: false,
    // Not rolling: renewSignedInSession resends the cookie when an hour has passed since it was set.
    rolling: false,
    cookie: { ...sessionCookieOptions(config), maxAge: SESSION_MAX_AGE_MS },
  });
  const renew = renewSignedInSession();
  return (req, res, next) => {
    const done = (error?: unknown) => (error ? next(error) : renew(req, res, next));
    store.withJoin(joinFor?.(req), () => middleware(req, res, done));
  };
}

/** One `joinFor` of several routes' joins: the first that has one for the request. */
export function sessionJoins(
  ...joins: Array<(req: Request) => SessionJoin | undefined>
): (req: Request) => SessionJoin | undefined {
  return (req) => {
    for (const join of joins) {
      const found = join(req);
      if (found) return found;
    }
    return undefined;
  };
}

type RenewableSession = session.Session & { passport?: { user?: unknown }; renewedAt?: number };

/**
 * A signed-in session's 30 days run from its last hour of activity: the first request at least SESSION_RENEW_AFTER_MS
 * after its cookie was set renews them (the cookie resent, and the "signed in" hint with it, auth/signedInHint.ts; the
 * session saved with its new expiry). A rolling cookie did so on every answer: two signed cookies made and sent each
 * time, about a tenth of the api's CPU for a read of the days (bench/RESULTS.md). The mark `renewedAt` changes the
 * session's data, which is what makes express-session save it and send the cookie (the cookie is not in its hash).
 */
export function renewSignedInSession(now: () => number = Date.now): RequestHandler {
  return (req, _res, next) => {
    const current = req.session as RenewableSession | undefined;
    const { expires, originalMaxAge } = current?.cookie ?? {};
    if (current?.passport?.user !== undefined && expires instanceof Date && typeof originalMaxAge === 'number') {
      const at = now();
      const setAt = expires.getTime() - originalMaxAge;
      if (at - setAt >= SESSION_RENEW_AFTER_MS || at < setAt) {
        current.renewedAt = at;
        current.touch();
      }
    }
    next();
  };
}
