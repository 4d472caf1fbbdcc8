// The processes a bench run needs: the embedded database, the production api and the baseline app, each its own
// node process (so their RSS and CPU are their own, and the load generator runs apart from them).
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { REPO_ROOT, freePort, sleep } = require('./util');
const { apiProcessEnv } = require('../../api/process-env');

const started = new Set();

function spawnNode(script, args, env, label, nodeArgs = []) {
  const output = [];
  const child = spawn(process.execPath, [...nodeArgs, script, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk) => {
    output.push(String(chunk));
    if (output.length > 200) output.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  started.add(child);
  child.once('exit', () => started.delete(child));
  child.describe = () => `${label} (pid ${child.pid}) output:\n${output.join('').slice(-3000)}`;
  child.output = output;
  return child;
}

async function waitFor(child, check, timeoutMs, label) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${label} exited with code ${child.exitCode}:\n${child.describe()}`);
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline)
      throw new Error(`${label} was not ready within ${timeoutMs / 1000} s:\n${child.describe()}`);
    await sleep(150);
  }
}

function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The embedded MongoDB-compatible server (packages/embedded-mongo's CLI) on a fresh data folder; `nodeArgs` for node. */
async function startDatabase(dataDir, { nodeArgs = [] } = {}) {
  const port = await freePort();
  const dbPath = path.join(dataDir, 'db');
  fs.mkdirSync(dbPath, { recursive: true });
  const cli = path.join(REPO_ROOT, 'packages/embedded-mongo/dist/cli.js');
  const child = spawnNode(
    cli,
    ['--host', '127.0.0.1', '--port', String(port), '--dbpath', dbPath],
    {},
    'embedded database',
    nodeArgs,
  );
  await waitFor(child, async () => child.output.join('').includes('listening '), 30_000, 'embedded database');
  return { uri: `mongodb://127.0.0.1:${port}`, port, process: child, stop: () => stopChild(child) };
}

/**
 * The production build of the api (api/dist/server.js) on loopback. NODE_ENV=test: production would mark the
 * session cookie Secure, which a browser never sends back over plain http://127.0.0.1 (the code paths are
 * otherwise the same: compression, static caching, sessions in MongoDB).
 */
/**
 * The production api on the bench database; `port` to start it again where a browser already has its pages;
 * `nodeArgs` for node itself (bench/profile.js: --cpu-prof).
 */
async function startApi({ mongoUri, dataDir, port: wanted, nodeArgs = [] }) {
  const port = wanted ?? (await freePort());
  const child = spawnNode(
    path.join(REPO_ROOT, 'api/dist/server.js'),
    [],
    // As `npm start` runs it.
    apiProcessEnv({
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      MONGODB_URI: `${mongoUri}/hit-bench`,
      DATA_DIR: dataDir,
      SESSION_SECRET: 'bench-session-secret-bench-session-secret',
      REGISTRATIONS_PER_IP_PER_HOUR: '1000000',
      TRIAL_DAYS: '30',
      REMOTES_MODE: 'static',
    }),
    'api',
    nodeArgs,
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(child, async () => (await fetch(`${baseUrl}/api/health`)).ok, 30_000, 'api');
  return { baseUrl, port, process: child, stop: () => stopChild(child) };
}

/** baseline-server.js: bare Express 5 + express-session + connect-mongo on the same database. */
async function startBaseline({ mongoUri }) {
  const port = await freePort();
  const child = spawnNode(
    path.join(__dirname, 'baseline-server.js'),
    [],
    { PORT: String(port), MONGODB_URI: `${mongoUri}/hit-baseline` },
    'baseline',
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(child, async () => (await fetch(`${baseUrl}/health`)).ok, 30_000, 'baseline');
  return { baseUrl, port, process: child, stop: () => stopChild(child) };
}

function tempDataDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'hit-bench-'));
}

/** Stops every process this run started (on the way out, also after a failure). */
async function stopAll() {
  await Promise.all([...started].map(stopChild));
}

module.exports = { startDatabase, startApi, startBaseline, tempDataDir, stopAll, stopChild };
