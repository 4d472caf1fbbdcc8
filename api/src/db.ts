import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose, { type Connection } from 'mongoose';
import type { MongoClient } from 'mongodb';
import type { Config } from './config';
import { logger } from './logger';

/** How long an operation waits for a reachable server: a down database answers 503 in about this time. */
export const SERVER_SELECTION_TIMEOUT_MS = 1500;
/**
 * Written into DATA_DIR/db by a process running the embedded server, removed when it closes: a command-line
 * tool (npm run release, npm run retention) reaches the database through that server's socket while `npm start`
 * runs.
 */
export const RUNNING_SERVER_FILE = 'server.json';
/**
 * The embedded server's Unix socket, inside DATA_DIR/db: the embedded database takes no TCP connections, so only the
 * user who runs the api (the owner of that 0700 folder and the 0600 socket) reaches it, never another local user.
 */
export const EMBEDDED_SOCKET_FILE = 'mongod.sock';
/** The embedded database's folder: DATA_DIR/db, private to the user running the api. */
export const embeddedDbPath = (dataDir: string) => path.join(dataDir, 'db');
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
  const dbPath = embeddedDbPath(config.dataDir);
  // Loaded only here: a production process with MONGODB_URI never loads the development database.
  const { EmbeddedMongo, MAX_SOCKET_PATH_BYTES } = await import('@hit/embedded-mongo');
  // The journal, and the socket: its owner's alone (mkdir's mode does not change a folder that exists).
  mkdirSync(dbPath, { recursive: true, mode: 0o700 });
  chmodSync(dbPath, 0o700);
  let socketPath = path.resolve(dbPath, EMBEDDED_SOCKET_FILE);
  let socketDir: string | undefined;
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES) {
    // mkdtemp makes the folder 0700, as DATA_DIR/db is.
    socketDir = mkdtempSync(path.join(tmpdir(), 'hit-db-'));
    logger.warn('DATA_DIR is too deep for a Unix socket: the embedded database listens in a private temporary folder', {
      wanted: socketPath,
      bytes: Buffer.byteLength(socketPath),
      limit: MAX_SOCKET_PATH_BYTES,
      socket: path.join(socketDir, EMBEDDED_SOCKET_FILE),
    });
    socketPath = path.join(socketDir, EMBEDDED_SOCKET_FILE);
  }
  const removeSocketDir = () => socketDir && rmSync(socketDir, { recursive: true, force: true });
  let server: Awaited<ReturnType<typeof EmbeddedMongo.start>>;
  try {
    server = await EmbeddedMongo.start({ socketPath, dbPath });
  } catch (error) {
    removeSocketDir();
    throw error;
  }
  let connection: Connection;
  try {
    connection = await connectMongoose(server.uri, EMBEDDED_DB_NAME);
  } catch (error) {
    await server.stop();
    removeSocketDir();
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
    description: `embedded database in ${dbPath} (socket ${socketPath})`,
    close: async () => {
      if (readRunningServerFile(serverFile)?.pid === process.pid) rmSync(serverFile, { force: true });
      await closeConnection(connection);
      await server.stop();
      removeSocketDir();
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
