import path from 'node:path';
import mongoose, { type Connection } from 'mongoose';
import type { MongoClient } from 'mongodb';
import type { Config } from './config';
import { logger } from './logger';

/** How long an operation waits for a reachable server: a down database answers 503 in about this time. */
export const SERVER_SELECTION_TIMEOUT_MS = 1500;
/** Database name on the embedded server (an external MONGODB_URI names its own). */
const EMBEDDED_DB_NAME = 'hit-tracker';
const CONNECT_ATTEMPTS = 5;
const CONNECT_RETRY_DELAY_MS = 1000;

export interface Database {
  connection: Connection;
  mongoClient: MongoClient;
  /** Where the data lives, for the start-up log. */
  description: string;
  close(): Promise<void>;
}

// Query filters built from user input must never carry operators such as { $ne: null }.
mongoose.set('sanitizeFilter', true);

/**
 * A connection of its own (not mongoose's global one), so tests can run several apps side by side.
 * bufferCommands off: while the database is down, queries fail fast (503) instead of waiting in a queue.
 */
export async function connectMongoose(uri: string, dbName?: string): Promise<Connection> {
  const connection = mongoose.createConnection(uri, {
    dbName,
    bufferCommands: false,
    serverSelectionTimeoutMS: SERVER_SELECTION_TIMEOUT_MS,
  });
  try {
    await connection.asPromise();
  } catch (error) {
    await connection.close().catch(() => undefined);
    throw error;
  }
  connection.on('disconnected', warnDisconnected);
  connection.on('reconnected', () => logger.info('database reconnected'));
  return connection;
}

const warnDisconnected = () => logger.warn('database disconnected');

/** Closes on purpose: no "disconnected" warning for it. */
function closeConnection(connection: Connection): Promise<void> {
  connection.off('disconnected', warnDisconnected);
  return connection.close();
}

// An external database may still be starting (containers come up in any order): retry a few times.
async function connectExternal(uri: string): Promise<Connection> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await connectMongoose(uri);
    } catch (error) {
      if (attempt >= CONNECT_ATTEMPTS) throw error;
      logger.warn('database not reachable yet, retrying', { attempt, reason: (error as Error).message });
      await new Promise((resolve) => setTimeout(resolve, CONNECT_RETRY_DELAY_MS));
    }
  }
}

/** MONGODB_URI when set; otherwise an embedded server in this process with its files under DATA_DIR/db. */
export async function connectDatabase(config: Pick<Config, 'mongodbUri' | 'dataDir'>): Promise<Database> {
  if (config.mongodbUri) {
    const connection = await connectExternal(config.mongodbUri);
    return {
      connection,
      mongoClient: connection.getClient(),
      description: `MongoDB at ${redactCredentials(config.mongodbUri)}`,
      close: () => closeConnection(connection),
    };
  }
  const dbPath = path.join(config.dataDir, 'db');
  // Loaded only here: a production process with MONGODB_URI never loads the development database.
  const { EmbeddedMongo } = await import('@hit/embedded-mongo');
  const server = await EmbeddedMongo.start({ port: 0, dbPath });
  let connection: Connection;
  try {
    connection = await connectMongoose(server.uri, EMBEDDED_DB_NAME);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return {
    connection,
    mongoClient: connection.getClient(),
    description: `embedded database in ${dbPath} (port ${server.port})`,
    close: async () => {
      await closeConnection(connection);
      await server.stop();
    },
  };
}

/** mongodb://user:secret@host → mongodb://user:***@host, for logs. */
export function redactCredentials(uri: string): string {
  return uri.replace(/\/\/([^:@/]+):([^@/]+)@/, '//$1:***@');
}
