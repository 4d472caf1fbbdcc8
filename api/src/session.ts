import type { RequestHandler } from 'express';
import session from 'express-session';
import type { MongoClient } from 'mongodb';
import type { Config } from './config';
import { logger } from './logger';
import { nameSessionUsers, SESSIONS_COLLECTION, UserSessionStore } from './auth/sessionUser';

export { SESSIONS_COLLECTION };

export const SESSION_COOKIE = 'hit.sid';
const SESSION_DAYS = 30;
export const SESSION_MAX_AGE_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;

interface SessionDeps {
  config: Pick<Config, 'sessionSecret' | 'isProduction'>;
  mongoClient: MongoClient;
  dbName: string;
}

/** The session cookie's flags; logout clears the cookie with the same ones. */
export function sessionCookieOptions(config: Pick<Config, 'isProduction'>) {
  return { httpOnly: true, sameSite: 'lax', secure: config.isProduction, path: '/' } as const;
}

/**
 * Cookie sessions stored in MongoDB through mongoose's own client, so every api process shares them; each carries its
 * user's copy (auth/sessionUser.ts), read in the same query.
 */
export function sessionMiddleware({ config, mongoClient, dbName }: SessionDeps): RequestHandler {
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

  const middleware = session({
    name: SESSION_COOKIE,
    secret: config.sessionSecret,
    store: new UserSessionStore({
      client: mongoClient,
      dbName,
      collectionName: SESSIONS_COLLECTION,
      ttl: SESSION_MAX_AGE_MS / 1000,
      autoRemove: 'disabled',
      // Rolling cookies would otherwise write the session on every request.
      touchAfter: 60 * 60,
    }),
    resave: false,
    saveUninitialized: false,
    rolling: true,
    cookie: { ...sessionCookieOptions(config), maxAge: SESSION_MAX_AGE_MS },
  });
  return middleware;
}
