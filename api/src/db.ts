import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import mongoose, { type Connection } from 'mongoose';
import type { MongoClient } from 'mongodb';
import type { Config } from './config';
import { logger } from './logger';

/** How long an operation waits for a reachable server: a down database answers 503 in about this time. */
export const SERVER_SELECTION_TIMEOUT_MS = 1500;
/**
 * Written into DATA_DIR/db by a process running the embedded server, removed when it closes: a command-line
 * tool (npm run release) reaches the database through that server while `npm start` runs.
 */
export const RUNNING_SERVER_FILE = 'server.json';
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
  const serverFile = path.join(dbPath, RUNNING_SERVER_FILE);
  try {
    writeFileSync(serverFile, JSON.stringify({ uri: server.uri, pid: process.pid }) + '\n');
  } catch (error) {
    // Only the command-line tools miss it: they then say the database is in use.
    logger.warn('could not record the embedded server for command-line tools', {
      file: serverFile,
      reason: (error as Error).message,
    });
  }
  return {
    connection,
    mongoClient: connection.getClient(),
    description: `embedded database in ${dbPath} (port ${server.port})`,
    close: async () => {
      if (readRunningServerFile(serverFile)?.pid === process.pid) rmSync(serverFile, { force: true });
      await closeConnection(connection);
      await server.stop();
    },
  };
}

interface RunningServer {
  uri: string;
  pid: number;
}

function readRunningServerFile(file: string): RunningServer | undefined {
  try {
    const { uri, pid } = JSON.parse(readFileSync(file, 'utf8')) as Partial<RunningServer>;
    return typeof uri === 'string' && uri.startsWith('mongodb://') && Number.isInteger(pid)
      ? { uri, pid: pid! }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * For command-line tools: MONGODB_URI when set; else the embedded server of a running api (its server.json in
 * DATA_DIR/db) when it answers; else the embedded database opened in this process, as connectDatabase does.
 */
export async function connectDatabaseForTool(config: Pick<Config, 'mongodbUri' | 'dataDir'>): Promise<Database> {
  if (!config.mongodbUri) {
    const running = readRunningServerFile(path.join(config.dataDir, 'db', RUNNING_SERVER_FILE));
    // Loaded only here and for the embedded database itself: an api on a real MongoDB never loads it.
    const { isProcessRunning } = await import('@hit/embedded-mongo');
    if (running && isProcessRunning(running.pid)) {
      try {
        const connection = await connectMongoose(running.uri, EMBEDDED_DB_NAME);
        return {
          connection,
          mongoClient: connection.getClient(),
          description: `embedded database of the running api (pid ${running.pid}, ${running.uri})`,
          close: () => closeConnection(connection),
        };
      } catch {
        // A server that went away without removing its file: open the database here instead.
      }
    }
  }
  return connectDatabase(config);
}

/** mongodb://user:secret@host → mongodb://user:***@host, for logs. */
export function redactCredentials(uri: string): string {
  return uri.replace(/\/\/([^:@/]+):([^@/]+)@/, '//$1:***@');
}
