/**
 * The TCP server: accepts connections, turns wire requests into commands, waits for the journal before
 * acknowledging writes, and runs the TTL monitor.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Document } from 'bson';
import { Catalog } from './catalog';
import { runCommand, type ServerParameters, type ServerState } from './commands';
import { Connection } from './connection';
import { CursorRegistry } from './cursors';
import { CommandError, errorFields } from './errors';
import { JournalStorage, type JournalStats } from './storage';
import { SERVER_VERSIONS, type MongoVersion } from './version';
import { encodeMsgParts, encodeReply, type Request, type StreamedMessage } from './wire';

export interface EmbeddedMongoOptions {
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /**
   * Listen on this Unix domain socket instead of TCP (`host` and `port` are then unused): only processes that may
   * open the file connect. It is made mode 0600 once listening; keep it in a folder only its owner can enter (0700),
   * as no other user can then reach it even in between. A socket file left by a server that is gone is replaced;
   * one a server still answers on is refused (EADDRINUSE). At most MAX_SOCKET_PATH_BYTES long.
   */
  socketPath?: string;
  /** Directory for the journal; omitted keeps everything in memory. */
  dbPath?: string;
  /** Seconds between TTL sweeps (mongod's ttlMonitorSleepSecs); default 1. */
  ttlMonitorSleepSecs?: number;
  /** The MongoDB version the server answers as (src/version.ts); default '8.0'. */
  mongoVersion?: MongoVersion;
}

/** The longest Unix socket path the system takes (sun_path: 108 bytes on Linux, 104 on macOS, with the NUL). */
export const MAX_SOCKET_PATH_BYTES = process.platform === 'linux' ? 107 : 103;

/** The driver's URI for a Unix socket: its path, percent-encoded, as the host. */
export function socketUri(socketPath: string): string {
  return `mongodb://${encodeURIComponent(socketPath)}`;
}

/** Whether a server answers on the socket file (false: nothing listens, the file is left over). */
function isSocketAnswering(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(socketPath);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

/** Removes a socket file no server answers on, so that listening on it works after a crash. */
async function removeStaleSocket(socketPath: string): Promise<void> {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(socketPath);
  } catch {
    return;
  }
  // Never delete anything but a socket (a mistyped path must not cost a file).
  if (!stat.isSocket()) return;
  if (!(await isSocketAnswering(socketPath))) fs.rmSync(socketPath, { force: true });
}

export class EmbeddedMongo {
  readonly uri: string;
  /** The TCP port; 0 when listening on a Unix socket. */
  readonly port: number;
  /** The Unix socket listened on, when `socketPath` was given. */
  readonly socketPath: string | undefined;

  private readonly host: string;
  private readonly parameters: ServerParameters;
  /** What admin commands see of this server (kept off the public API). */
  private readonly state: ServerState;
  private totalConnections = 0;
  private readonly connections = new Set<Connection>();
  private readonly cursors = new CursorRegistry();
  private ttlTimer: NodeJS.Timeout | undefined;
  private nextRequestId = 1;
  private stopping: Promise<void> | undefined;

  private constructor(
    private readonly server: net.Server,
    private readonly catalog: Catalog,
    options: Required<Pick<EmbeddedMongoOptions, 'host' | 'ttlMonitorSleepSecs' | 'mongoVersion'>>,
  ) {
    const address = server.address();
    if (typeof address === 'string') {
      this.host = address;
      this.port = 0;
      this.socketPath = address;
      this.uri = socketUri(address);
    } else {
      this.host = options.host;
      this.port = (address as net.AddressInfo).port;
      this.uri = `mongodb://${this.host.includes(':') ? `[${this.host}]` : this.host}:${this.port}`;
    }
    this.parameters = { ttlMonitorSleepSecs: options.ttlMonitorSleepSecs, ttlMonitorEnabled: true };
    const startedAt = Date.now();
    this.state = {
      host: this.host,
      port: this.port,
      startedAt,
      version: SERVER_VERSIONS[options.mongoVersion],
      parameters: this.parameters,
      connections: () => ({ current: this.connections.size, totalCreated: this.totalConnections }),
      parametersChanged: () => this.scheduleTtlMonitor(),
    };
    server.on('connection', (socket) => this.accept(socket));
    // e.g. EMFILE while accepting: that client fails, the server keeps listening.
    server.on('error', (error) => console.error('embedded-mongo: server error', error));
    this.scheduleTtlMonitor();
  }

  static async start(options: EmbeddedMongoOptions = {}): Promise<EmbeddedMongo> {
    const host = options.host ?? '127.0.0.1';
    const ttlMonitorSleepSecs = options.ttlMonitorSleepSecs ?? 1;
    if (!(ttlMonitorSleepSecs > 0)) throw new RangeError('ttlMonitorSleepSecs must be a positive number');
    const mongoVersion = options.mongoVersion ?? '8.0';
    if (!Object.hasOwn(SERVER_VERSIONS, mongoVersion)) {
      throw new RangeError(`mongoVersion must be one of ${Object.keys(SERVER_VERSIONS).join(', ')}: ${mongoVersion}`);
    }
    const { socketPath } = options;
    if (socketPath !== undefined && Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES) {
      throw new RangeError(
        `socket path is ${Buffer.byteLength(socketPath)} bytes, over the system's ${MAX_SOCKET_PATH_BYTES}: ${socketPath}`,
      );
    }
    const catalog = new Catalog();
    if (options.dbPath) {
      const dir = path.resolve(options.dbPath);
      catalog.storage = JournalStorage.open(
        dir,
        (record) => catalog.apply(record),
        () => catalog.snapshot(),
      );
    }
    const server = net.createServer();
    try {
      if (socketPath !== undefined) await removeStaleSocket(socketPath);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        const listening = () => {
          server.off('error', reject);
          resolve();
        };
        if (socketPath !== undefined) server.listen(socketPath, listening);
        else server.listen(options.port ?? 0, host, listening);
      });
      if (socketPath !== undefined) fs.chmodSync(socketPath, 0o600);
    } catch (error) {
      if (server.listening) await new Promise((resolve) => server.close(resolve));
      await catalog.storage.close();
      throw error;
    }
    return new EmbeddedMongo(server, catalog, { host, ttlMonitorSleepSecs, mongoVersion });
  }

  /**
   * What the journal has done since the server started: records appended, how many of them are on disk, and
   * the flushes (one write + one fdatasync each) that put them there. All zero without a data directory.
   */
  journalStats(): JournalStats {
    return this.catalog.storage.stats();
  }

  /** Closes the listener and every client socket, then flushes and closes the journal. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      clearInterval(this.ttlTimer);
      const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
      for (const connection of this.connections) connection.close();
      await closed;
      await this.catalog.storage.close();
    })();
    return this.stopping;
  }

  private scheduleTtlMonitor(): void {
    clearInterval(this.ttlTimer);
    this.ttlTimer = setInterval(() => {
      const now = Date.now();
      try {
        if (this.parameters.ttlMonitorEnabled) this.catalog.expire(now);
        this.cursors.reapIdle(now);
      } catch (error) {
        // A failed sweep must not take the server down; the next one tries again.
        console.error('embedded-mongo: TTL sweep failed', error);
      }
    }, this.parameters.ttlMonitorSleepSecs * 1000);
    // The monitor alone must not keep a process (or a jest worker) alive.
    this.ttlTimer.unref();
  }

  private accept(socket: net.Socket): void {
    this.totalConnections += 1;
    const connectionId = this.totalConnections;
    const connection = new Connection(socket, (request) => this.answer(request, connectionId));
    this.connections.add(connection);
    socket.once('close', () => this.connections.delete(connection));
  }

  private answer(request: Request, connectionId: number): Promise<Buffer | StreamedMessage | undefined> {
    const reply = this.execute(request, connectionId);
    // Only what the reply needs is kept while the journal syncs: the request (an insertMany's documents) is not.
    const legacy = request.kind === 'query';
    const silent = request.kind === 'msg' && request.moreToCome;
    return this.acknowledge(reply, request.requestId, legacy, silent);
  }

  private async acknowledge(
    result: { document: Document },
    responseTo: number,
    legacy: boolean,
    silent: boolean,
  ): Promise<Buffer | StreamedMessage | undefined> {
    let reply = result;
    // Nothing is answered before every journal record appended so far is on disk: not a write's own records (it
    // is acknowledged only once durable), nor those of another connection's write still in flight that this command
    // saw. Otherwise a read could show, or a repeated update that found nothing left to change could acknowledge,
    // a state that a crash a moment later would lose. With nothing pending, sync() resolves at once.
    try {
      await this.catalog.storage.sync();
    } catch (error) {
      reply = {
        document: {
          ok: 0,
          ...errorFields(new CommandError('InternalError', `journal write failed: ${(error as Error).message}`)),
        },
      };
    }
    if (silent) return undefined;
    const requestId = this.nextRequestId++;
    const encode = legacy ? encodeReply : encodeMsgParts;
    try {
      return encode(requestId, responseTo, reply.document);
    } catch (error) {
      // e.g. a result that does not fit in a BSON document
      reply = { document: { ok: 0, ...errorFields(new CommandError('BadValue', (error as Error).message)) } };
      return encode(requestId, responseTo, reply.document);
    }
  }

  /** Runs the request's command synchronously. */
  private execute(request: Request, connectionId: number): { document: Document } {
    let command: Document;
    let db: string;
    if (request.kind === 'query') {
      const dot = request.fullCollectionName.indexOf('.');
      db = request.fullCollectionName.slice(0, dot);
      if (dot < 0 || request.fullCollectionName.slice(dot + 1) !== '$cmd') {
        const error = new CommandError('CommandNotSupported', 'OP_QUERY is only supported for commands (on <db>.$cmd)');
        return { document: { ok: 0, ...errorFields(error) } };
      }
      // Legacy drivers may wrap the command with read preference as { $query: {...}, $readPreference }.
      command = request.query.$query && typeof request.query.$query === 'object' ? request.query.$query : request.query;
    } else {
      command = request.body;
      if (typeof command.$db !== 'string') {
        const error = new CommandError('FailedToParse', 'OP_MSG requests require a $db argument');
        return { document: { ok: 0, ...errorFields(error) } };
      }
      db = command.$db;
    }
    return {
      document: runCommand(command, {
        db,
        connectionId,
        catalog: this.catalog,
        cursors: this.cursors,
        server: this.state,
      }),
    };
  }
}
