// Small helpers shared by the benchmarks.
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');

const REPO_ROOT = path.resolve(__dirname, '../..');
const API_DIR = path.join(REPO_ROOT, 'api');

/** A module as the api resolves it (the api's own express 5, mongodb driver, ...). */
function requireFromApi(name) {
  return require(require.resolve(name, { paths: [API_DIR] }));
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident set size of a process in bytes (Linux /proc), or undefined once it is gone. */
function rssOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Samples a process's RSS every `everyMs` until stopped; stop() answers { peak, last } in bytes. */
function sampleRss(pid, everyMs = 200) {
  let peak = 0;
  let last = 0;
  const take = () => {
    const rss = rssOf(pid);
    if (rss !== undefined) {
      last = rss;
      peak = Math.max(peak, rss);
    }
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return { peak, last };
    },
  };
}

/** A tiny cookie-keeping client for the api: sign-up, JSON calls with the Origin header state changes need. */
class ApiClient {
  constructor(baseUrl) {
    this.baseUrl = baseUrl;
    this.cookie = '';
    /** Every cookie the api set, by name: its latest Set-Cookie line (a browser signed in as this client holds them all). */
    this.setCookies = new Map();
  }

  async call(method, urlPath, body) {
    const headers = { Accept: 'application/json' };
    if (this.cookie) headers.Cookie = this.cookie;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (method !== 'GET' && method !== 'HEAD') headers.Origin = this.baseUrl;
    const response = await fetch(this.baseUrl + urlPath, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = response.headers.getSetCookie?.() ?? [];
    for (const line of setCookie) {
      const pair = line.split(';')[0];
      if (pair.startsWith('hit.sid=')) this.cookie = pair;
      this.setCookies.set(pair.split('=')[0], line);
    }
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${urlPath}: HTTP ${response.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : undefined;
  }
}

let accountCounter = 0;
/**
 * Signs up a fresh user through POST /api/register; answers the client (holding its session cookie), the e-mail,
 * `cookie` (every cookie the api set, `a=1; b=2`, for a Cookie header or newContext) and the Set-Cookie lines.
 */
async function signUp(baseUrl, prefix = 'bench') {
  accountCounter += 1;
  const email = `${prefix}.${process.pid}.${Date.now()}.${accountCounter}@example.com`;
  const client = new ApiClient(baseUrl);
  await client.call('POST', '/api/register', {
    email,
    password: 'lift-heavy-2026',
    firstName: 'Bench',
    lastName: 'Mark',
  });
  if (!client.cookie) throw new Error('POST /api/register set no session cookie');
  // Every cookie the sign-up set, as a browser would send them: the session and what the api sets beside it (the
  // "signed in" hint the app reads before asking for the user, issue #25; the device cookie).
  const cookie = [...client.setCookies.values()].map((line) => line.split(';')[0]).join('; ');
  return { client, email, cookie, setCookies: [...client.setCookies.values()] };
}

const kb = (bytes) => bytes / 1024;

/** CPU seconds (user + system) a process has used so far (Linux /proc; clock ticks of 1/100 s), or undefined. */
function cpuSecondsOf(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

module.exports = {
  REPO_ROOT,
  API_DIR,
  requireFromApi,
  median,
  freePort,
  sleep,
  rssOf,
  sampleRss,
  cpuSecondsOf,
  ApiClient,
  signUp,
  kb,
};
