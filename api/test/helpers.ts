import request from 'supertest';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose, { type Connection } from 'mongoose';
import type { Filter, UpdateFilter, Document } from 'mongodb';
import { EmbeddedMongo } from '@hit/embedded-mongo';
import { createApp } from '../src/app';
import { RATE_LIMITS, type RateLimitSettings } from '../src/auth/rateLimits';
import { loadConfig } from '../src/config';
import { connectMongoose } from '../src/db';
import { databaseOf, refreshSessionUsers } from '../src/auth/sessionUser';
import { TEST_VAPID_ENV } from './vapidTestKeys';

export { TEST_VAPID_ENV };

/**
 * A second connection to the test database with command monitoring, for an app whose commands a test counts
 * (`connection.getClient().on('commandStarted', ...)`); closed by the test.
 */
export function connectMonitored(database: TestDatabase): Promise<Connection> {
  const { host, port, name } = database.connection;
  return mongoose
    .createConnection(`mongodb://${host}:${port}`, { dbName: name, monitorCommands: true, bufferCommands: false })
    .asPromise();
}

export interface TestDatabase {
  connection: Connection;
  /** Stops the database server (the connection stays open, as when a real server goes away). */
  stopServer(): Promise<void>;
  /** Starts the server again on the same port, as when the database comes back (empty unless it has a `dbPath`). */
  restartServer(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A fresh embedded database with a mongoose connection to it: one per test file. In memory, unless `dbPath` names
 * a folder to keep its files in (then a restarted server has the data back). MongoDB 8.0, unless `mongoVersion` says
 * 7.0 (no bulkWrite command: the api's writes to several collections go one command per collection).
 */
export async function startTestDatabase({
  dbPath,
  mongoVersion,
}: { dbPath?: string; mongoVersion?: '8.0' | '7.0' } = {}): Promise<TestDatabase> {
  let server = await EmbeddedMongo.start({ port: 0, dbPath, mongoVersion });
  const connection = await connectMongoose(server.uri, 'hit-tracker-test');
  return {
    connection,
    stopServer: () => server.stop(),
    restartServer: async () => {
      server = await EmbeddedMongo.start({ port: server.port, dbPath, mongoVersion });
    },
    close: async () => {
      await connection.close(true);
      await server.stop();
    },
  };
}

/**
 * Test files sign up dozens of accounts and fail many sign-ins, all from 127.0.0.1: the real limits would turn
 * them into 429s. security.test.ts tests the limits with their real values (`RATE_LIMITS`).
 */
export const RELAXED_RATE_LIMITS: RateLimitSettings = {
  ...RATE_LIMITS,
  loginFailuresPerEmail: 1000,
  loginFailuresPerIp: 1000,
  loginFailuresPerEmailAndIp: 1000,
  loginFailuresPerDevice: 1000,
  registrationsPerIp: 1000,
  passwordChangeFailuresPerUser: 1000,
  passwordResetMailIntervalMs: 0,
  passwordResetsPerIp: 1000,
};

/** A session secret of the tests' own, so an app built here writes no secret file into the repository's `.data`. */
export const TEST_SESSION_SECRET = 'api-tests-session-secret-0123456789abcdef';

/**
 * The real app on `database`, configured from `env` as the process would be (NODE_ENV=test unless given; the test
 * VAPID keys and session secret unless `env` names others).
 */
export function buildTestApp(
  database: TestDatabase,
  env: NodeJS.ProcessEnv = {},
  staticRoot?: string,
  rateLimits: RateLimitSettings = RELAXED_RATE_LIMITS,
) {
  const config = loadConfig({ NODE_ENV: 'test', SESSION_SECRET: TEST_SESSION_SECRET, ...TEST_VAPID_ENV, ...env });
  const { connection } = database;
  return createApp({ config, connection, mongoClient: connection.getClient(), staticRoot, rateLimits });
}

/** A throw-away folder laid out like the repository's build output: { 'shell/dist/index.html': '<html>…' }. */
export async function makeStaticRoot(files: Record<string, string | Uint8Array>) {
  const root = await mkdtemp(path.join(tmpdir(), 'hit-api-static-'));
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  }
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}

let accountCounter = 0;
/** A unique e-mail per call, so test files never collide. */
export function uniqueEmail(prefix = 'lifter'): string {
  accountCounter += 1;
  return `${prefix}.${process.pid}.${Date.now()}.${accountCounter}@example.com`;
}

export const TEST_PASSWORD = 'correct horse battery';

/** Registers a new account and returns a cookie-keeping agent signed in as it, with the created user. */
export async function signUp(
  app: Parameters<typeof request.agent>[0],
  fields: { email?: string; firstName?: string; lastName?: string } = {},
) {
  const agent = request.agent(app);
  const email = fields.email ?? uniqueEmail();
  const response = await agent
    .post('/api/register')
    .send({ email, password: TEST_PASSWORD, firstName: fields.firstName, lastName: fields.lastName })
    .expect(201);
  return {
    agent,
    user: response.body as { id: string; email: string; firstName: string | null; lastName: string | null },
  };
}

/**
 * Changes a user's stored document out of band (the passage of time, an operator's fix), then the copies their
 * sessions carry (auth/sessionUser.ts), as the api does after each of its own changes.
 */
export async function changeUser(
  connection: Connection,
  filter: Filter<Document>,
  update: UpdateFilter<Document>,
): Promise<void> {
  const user = await connection.collection('users').findOneAndUpdate(filter, update, { returnDocument: 'after' });
  if (user) await refreshSessionUsers(databaseOf(connection), user._id as never);
}
