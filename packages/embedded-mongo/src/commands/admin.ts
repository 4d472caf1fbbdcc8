/** Handshake, diagnostics, sessions and database-level commands. */
import os from 'node:os';
import type { Document } from 'bson';
import { CommandError } from '../errors';
import { asNumber } from '../numbers';
import { MAX_MESSAGE_SIZE } from '../wire';
import type { CommandHandler, ServerParameters } from './context';

export const MAX_BSON_OBJECT_SIZE = 16 * 1024 * 1024;
/** The most statements (or bulkWrite ops) one write command takes: mongod's write_ops::kMaxWriteBatchSize. */
export const MAX_WRITE_BATCH_SIZE = 100_000;

/**
 * The handshake answer. A standalone: no setName / hosts, so drivers never attempt retryable writes or
 * transactions; no topologyVersion, so they poll instead of streaming hello.
 */
const hello: CommandHandler = (command, context) => ({
  ...(command.helloOk === true ? { helloOk: true } : {}),
  ismaster: true,
  isWritablePrimary: true,
  maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
  maxMessageSizeBytes: MAX_MESSAGE_SIZE,
  maxWriteBatchSize: MAX_WRITE_BATCH_SIZE,
  localTime: new Date(),
  logicalSessionTimeoutMinutes: 30,
  connectionId: context.connectionId,
  minWireVersion: 0,
  maxWireVersion: context.server.version.maxWireVersion,
  readOnly: false,
});

const buildInfo: CommandHandler = (_command, context) => ({
  version: context.server.version.release,
  gitVersion: 'hit-embedded-mongo',
  versionArray: context.server.version.versionArray,
  bits: 64,
  debug: false,
  maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
  storageEngines: ['embedded'],
  javascriptEngine: 'none',
  modules: [],
  openssl: { running: 'disabled' },
});

const PARAMETER_NAMES: (keyof ServerParameters)[] = ['ttlMonitorSleepSecs', 'ttlMonitorEnabled'];

const getParameter: CommandHandler = (command, context) => {
  const { parameters } = context.server;
  const all =
    command.getParameter === '*' ||
    (typeof command.getParameter === 'object' && command.getParameter?.allParameters === true);
  const reply: Document = {};
  if (all || command.featureCompatibilityVersion !== undefined) {
    reply.featureCompatibilityVersion = { version: context.server.version.mongoVersion };
  }
  for (const name of PARAMETER_NAMES) if (all || command[name] !== undefined) reply[name] = parameters[name];
  if (Object.keys(reply).length === 0) throw new CommandError('InvalidOptions', 'no option found to get');
  return reply;
};

const setParameter: CommandHandler = (command, context) => {
  const { parameters } = context.server;
  const reply: Document = {};
  for (const [name, value] of Object.entries(command)) {
    if (name === 'setParameter' || name.startsWith('$') || name === 'lsid') continue;
    if (name === 'ttlMonitorSleepSecs') {
      const seconds = asNumber(value);
      if (seconds === undefined || seconds <= 0)
        throw new CommandError('BadValue', 'ttlMonitorSleepSecs must be a positive number');
      reply.was = parameters.ttlMonitorSleepSecs;
      parameters.ttlMonitorSleepSecs = seconds;
    } else if (name === 'ttlMonitorEnabled') {
      reply.was = parameters.ttlMonitorEnabled;
      parameters.ttlMonitorEnabled = value === true;
    } else {
      throw new CommandError(
        'InvalidOptions',
        `attempted to set unrecognized parameter [${name}], use help:true to see options`,
      );
    }
  }
  context.server.parametersChanged();
  return reply;
};

const getLog: CommandHandler = (command) => {
  if (command.getLog === '*') return { names: ['global', 'startupWarnings'] };
  return { totalLinesWritten: 0, log: [] };
};

const hostInfo: CommandHandler = () => ({
  system: {
    currentTime: new Date(),
    hostname: os.hostname(),
    cpuAddrSize: 64,
    memSizeMB: Math.round(os.totalmem() / 1024 / 1024),
    numCores: os.cpus().length,
    cpuArch: os.arch(),
  },
  os: { type: os.type(), name: os.platform(), version: os.release() },
  extra: {},
});

const serverStatus: CommandHandler = (_command, context) => {
  const { server } = context;
  const uptimeMillis = Date.now() - server.startedAt;
  const memory = process.memoryUsage();
  return {
    host: `${os.hostname()}:${server.port}`,
    version: server.version.release,
    process: 'mongod',
    pid: process.pid,
    uptime: Math.floor(uptimeMillis / 1000),
    uptimeMillis,
    localTime: new Date(),
    connections: { ...server.connections(), available: 1_000_000 },
    mem: { bits: 64, resident: Math.round(memory.rss / 1024 / 1024), virtual: 0 },
    storageEngine: { name: 'embedded' },
  };
};

const listDatabases: CommandHandler = (command, context) => {
  const databases = context.catalog.databaseNames().map((name) => {
    if (command.nameOnly === true) return { name };
    const documents = context.catalog.collections(name).reduce((sum, collection) => sum + collection.size, 0);
    return { name, sizeOnDisk: documents * 256, empty: documents === 0 };
  });
  const totalSize = databases.reduce((sum, db) => sum + ((db as Document).sizeOnDisk ?? 0), 0);
  return command.nameOnly === true
    ? { databases }
    : { databases, totalSize, totalSizeMb: Math.round(totalSize / 1024 / 1024) };
};

const dropDatabase: CommandHandler = (_command, context) => {
  context.catalog.dropDatabase(context.db);
  return { dropped: context.db };
};

const dbStats: CommandHandler = (_command, context) => {
  const all = context.catalog.collections(context.db);
  const collections = all.filter((collection) => collection.options.viewOn === undefined);
  const objects = collections.reduce((sum, collection) => sum + collection.size, 0);
  return {
    db: context.db,
    collections: collections.length,
    views: all.length - collections.length,
    objects,
    indexes: collections.reduce((sum, collection) => sum + collection.indexSpecs().length, 0),
  };
};

/** Sessions live in the driver; a standalone without transactions has nothing to track. */
const acknowledge: CommandHandler = () => ({});

export const adminCommands: Record<string, CommandHandler> = {
  hello,
  isMaster: hello,
  ismaster: hello,
  ping: acknowledge,
  buildInfo,
  buildinfo: buildInfo,
  getParameter,
  setParameter,
  getLog,
  hostInfo,
  serverStatus,
  listDatabases,
  dropDatabase,
  dbStats,
  endSessions: acknowledge,
  killAllSessions: acknowledge,
  killSessions: acknowledge,
  refreshSessions: acknowledge,
  fsync: acknowledge,
  whatsmyuri: (_command, context) => ({ you: `${context.server.host}:${context.server.port}` }),
  connectionStatus: () => ({ authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] } }),
};
