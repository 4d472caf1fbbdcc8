/**
 * Real processes for the reliability tests: the api (`api/src/server.ts`) and the embedded database's command line
 * (`packages/embedded-mongo/src/cli.ts`), each a child `node` process on 127.0.0.1.
 *
 * They run from the TypeScript sources through test/support/registerTs.js (swc on load, as the CLI tests do), not
 * from dist/: `npx jest` does not build, and a dist/ older than the sources (others edit api/src all the time)
 * would test yesterday's code. Compiling on load costs about a second per start, and tests exactly the code jest
 * tests everywhere else.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiProcessEnv } from '../../process-env';
import { TEST_VAPID_ENV } from '../vapidTestKeys';

const REPO = path.resolve(__dirname, '..', '..', '..');
const REGISTER_TS = path.join(REPO, 'api', 'test', 'support', 'registerTs.js');
const API_SERVER = path.join(REPO, 'api', 'src', 'server.ts');
const EMBEDDED_MONGO_CLI = path.join(REPO, 'packages', 'embedded-mongo', 'src', 'cli.ts');

/** Shared by the api processes of a test, so a cookie signed by one is accepted by the other. */
export const TEST_SESSION_SECRET = 'reliability-tests-session-secret-0123456789';
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 15_000;
/** The last this many characters of a process's output are kept for failure messages. */
const OUTPUT_KEPT = 20_000;

export interface TempDir {
  path: string;
  remove(): Promise<void>;
}

export async function makeTempDir(prefix: string): Promise<TempDir> {
  const dir = await mkdtemp(path.join(tmpdir(), `hit-${prefix}-`));
  return { path: dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A child process whose output is kept for failure messages and which can be stopped or killed. */
export class ManagedProcess {
  private output = '';
  private closed = false;
  private readonly exited: Promise<void>;

  private constructor(
    readonly name: string,
    readonly child: ChildProcess,
  ) {
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-OUTPUT_KEPT);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    // 'close', not 'exit': by then its last output has been read too.
    this.exited = new Promise((resolve) => child.once('close', () => resolve()));
    void this.exited.then(() => (this.closed = true));
  }

  /** `node -r registerTs.js <script> ...args` with exactly `env` (plus PATH): nothing leaks in from the shell. */
  static spawn(name: string, script: string, args: string[], env: Record<string, string>): ManagedProcess {
    const child = spawn(process.execPath, ['-r', REGISTER_TS, script, ...args], {
      cwd: REPO,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const managed = new ManagedProcess(name, child);
    running.add(managed);
    void managed.exited.then(() => running.delete(managed));
    return managed;
  }

  get isRunning(): boolean {
    return !this.closed;
  }

  /** What it printed so far (the tail), to explain a failure. */
  describe(): string {
    const status = this.isRunning ? 'running' : `exited (code ${this.child.exitCode}, signal ${this.child.signalCode})`;
    return `${this.name} [pid ${this.child.pid}, ${status}] output:\n${this.output || '(none)'}`;
  }

  /** Resolves when its output contains `pattern`; rejects if it exits first or `timeoutMs` passes. */
  async waitForOutput(pattern: RegExp, timeoutMs = START_TIMEOUT_MS): Promise<RegExpMatchArray> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = this.output.match(pattern);
      if (match) return match;
      if (!this.isRunning) throw new Error(`${this.name} exited before printing ${pattern}.\n${this.describe()}`);
      if (Date.now() > deadline)
        throw new Error(`${this.name} did not print ${pattern} within ${timeoutMs} ms.\n${this.describe()}`);
      await sleep(50);
    }
  }

  /** SIGKILL, as the OOM killer or `kill -9` would: no shutdown code runs. Resolves once it is gone. */
  async kill(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM (the graceful shutdown), SIGKILL if it has not exited within STOP_TIMEOUT_MS. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return this.exited;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await this.exited;
    clearTimeout(timer);
  }
}

/** Every process started here and not yet exited, so a test's afterAll can stop whatever a failure left behind. */
const running = new Set<ManagedProcess>();

/** For afterAll: stops every process this test file started that is still running. */
export async function stopAllProcesses(): Promise<void> {
  await Promise.all([...running].map((managed) => managed.stop()));
}

export interface ApiProcess {
  baseUrl: string;
  process: ManagedProcess;
}

export interface ApiOptions {
  /** The embedded database's folder (DATA_DIR): used when no `mongodbUri` is given, as in a one-box install. */
  dataDir?: string;
  mongodbUri?: string;
  /** More variables, e.g. REGISTRATIONS_PER_IP_PER_HOUR. */
  env?: Record<string, string>;
  name?: string;
}

/**
 * Starts the api as production runs it (NODE_ENV=production, its own session secret and VAPID keys) on a loopback port the system
 * picks (PORT=0: no race with other processes for a port chosen in advance), reads the port from its start-up
 * line, and waits until GET /api/health answers 200, i.e. its database answers too.
 */
export async function startApi({ dataDir, mongodbUri, env = {}, name = 'api' }: ApiOptions): Promise<ApiProcess> {
  if (!dataDir && !mongodbUri) throw new Error('startApi needs a dataDir or a mongodbUri');
  // As `npm start` runs the api: its allocator and V8 heap settings (api/process-env.js).
  const managed = ManagedProcess.spawn(
    name,
    API_SERVER,
    [],
    apiProcessEnv({
      NODE_ENV: 'production',
      SESSION_SECRET: TEST_SESSION_SECRET,
      // Required in production, and shared by the processes of a test like the session secret.
      ...TEST_VAPID_ENV,
      HOST: '127.0.0.1',
      PORT: '0',
      // As behind a TLS proxy on this machine: the clients here say X-Forwarded-Proto: https (client.ts), and the
      // default trusts no proxy (issue #23).
      TRUST_PROXY: 'loopback',
      ...(mongodbUri ? { MONGODB_URI: mongodbUri } : { DATA_DIR: dataDir! }),
      ...env,
    }),
  );
  let port: string;
  try {
    [, port] = await managed.waitForOutput(/HIT Tracker listening on http:\/\/localhost:(\d+)/);
  } catch (error) {
    await managed.kill();
    throw error;
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (!managed.isRunning) throw new Error(`${name} exited before it was healthy.\n${managed.describe()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      await response.arrayBuffer();
      if (response.ok) return { baseUrl, process: managed };
    } catch {
      // The database may not answer yet.
    }
    if (Date.now() > deadline) {
      await managed.kill();
      throw new Error(`${name} was not healthy within ${START_TIMEOUT_MS} ms.\n${managed.describe()}`);
    }
    await sleep(100);
  }
}

export interface DatabaseProcess {
  /** mongodb://127.0.0.1:PORT, without a database name. */
  uri: string;
  process: ManagedProcess;
}

/** The embedded database as its own process (hit-embedded-mongo), persisting to `dbPath`, once it listens. */
export async function startDatabaseProcess(dbPath: string): Promise<DatabaseProcess> {
  // Port 0: it binds a free port itself and prints it, so no other process can take it first.
  const managed = ManagedProcess.spawn(
    'embedded-mongo',
    EMBEDDED_MONGO_CLI,
    ['--host', '127.0.0.1', '--port', '0', '--dbpath', dbPath],
    {},
  );
  const [, uri] = await managed.waitForOutput(/listening (mongodb:\/\/\S+)\n/);
  return { uri, process: managed };
}
