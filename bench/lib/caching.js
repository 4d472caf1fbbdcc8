// Caching and compression (issue #10 item 5) as pass/fail figures:
//   an api answer and a static JS file are served gzip (Content-Encoding) to a client that accepts gzip;
//   hashed assets (shell and remote chunks) carry Cache-Control: public, max-age=31536000, immutable;
//   the remote map (GET /api/remotes) and every remote's mf-manifest.json carry no-cache;
//   a second visit to /home in the same browser context transfers no script body (every script comes from the
//   cache or is a 304), counted with CDP Network events.
const http = require('node:http');
const { newContext, recordRequests } = require('./browser');

const IMMUTABLE = 'public, max-age=31536000, immutable';

function head(baseUrl, urlPath, headers = {}) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${baseUrl}${urlPath}`,
      { headers: { 'accept-encoding': 'gzip', ...headers } },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode, headers: response.headers }));
      },
    );
    request.on('error', reject);
  });
}

const noCache = (value) =>
  typeof value === 'string' &&
  value
    .split(',')
    .map((v) => v.trim())
    .includes('no-cache');

async function checkHeaders({ baseUrl, cookie, landingScripts }) {
  const checks = [];
  const apiAnswer = await head(baseUrl, '/api/workout-days', { cookie });
  checks.push({
    figure: 'API answer gzip (GET /api/workout-days)',
    ok: apiAnswer.status === 200 && apiAnswer.headers['content-encoding'] === 'gzip',
    value: `${apiAnswer.status}, content-encoding ${apiAnswer.headers['content-encoding'] ?? 'none'}`,
  });
  const staticJs = await head(baseUrl, '/main.js');
  checks.push({
    figure: 'static JS gzip (/main.js)',
    ok: staticJs.status === 200 && staticJs.headers['content-encoding'] === 'gzip',
    value: `${staticJs.status}, content-encoding ${staticJs.headers['content-encoding'] ?? 'none'}`,
  });

  // Hashed files the landing page and a remote route really loaded.
  const hashed = landingScripts.filter((p) => /[.-][0-9a-f]{8,}\.js$/.test(p));
  const bad = [];
  for (const p of hashed) {
    const answer = await head(baseUrl, p);
    if (answer.headers['cache-control'] !== IMMUTABLE) bad.push(`${p}: ${answer.headers['cache-control']}`);
  }
  checks.push({
    figure: 'hashed assets immutable, 1 year',
    ok: hashed.length > 0 && bad.length === 0,
    value:
      hashed.length === 0
        ? 'no hashed script seen'
        : bad.length
          ? bad.slice(0, 2).join('; ')
          : `${hashed.length} of ${hashed.length} files`,
  });

  const map = await head(baseUrl, '/api/remotes', { cookie });
  const mapBody = await (await fetch(`${baseUrl}/api/remotes`, { headers: { cookie } })).json();
  const manifests = (mapBody.remotes ?? []).map((remote) => new URL(remote.entry, baseUrl).pathname);
  const badManifests = [];
  for (const p of manifests) {
    const answer = await head(baseUrl, p);
    if (answer.status !== 200 || !noCache(answer.headers['cache-control']))
      badManifests.push(`${p}: ${answer.status} ${answer.headers['cache-control']}`);
  }
  checks.push({
    figure: 'remote map + manifests no-cache',
    ok: noCache(map.headers['cache-control']) && manifests.length > 0 && badManifests.length === 0,
    value: `map "${map.headers['cache-control']}"; ${badManifests.length ? badManifests.join('; ') : `${manifests.length} manifests no-cache`}`,
  });
  return checks;
}

/** Two visits to /home in one context: scripts whose body was transferred again on the second. */
async function secondVisit({ browser, baseUrl, cookie }) {
  const context = await newContext(browser, baseUrl, { cookie });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    let visit = 0;
    const scripts = new Map();
    const fromCache = new Set();
    // responseReceived reports a revalidated answer with the cached 200; the status on the wire (304) is here.
    const wireStatus = new Map();
    cdp.on('Network.requestServedFromCache', ({ requestId }) => fromCache.add(requestId));
    cdp.on('Network.responseReceivedExtraInfo', ({ requestId, statusCode }) => wireStatus.set(requestId, statusCode));
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      if (type !== 'Script') return;
      scripts.set(requestId, {
        visit,
        url: response.url,
        status: response.status,
        cached: Boolean(response.fromDiskCache || response.fromPrefetchCache || response.fromServiceWorker),
      });
    });
    const recorder = recordRequests(page);
    const load = async () => {
      await page.goto('/home', { waitUntil: 'load' });
      await page.getByRole('button', { name: 'Start Workout' }).waitFor();
      await recorder.idle(500);
    };
    visit = 1;
    await load();
    await page.goto('about:blank');
    visit = 2;
    await load();
    const second = [...scripts.entries()].filter(([, s]) => s.visit === 2);
    const statusOf = (id, s) => wireStatus.get(id) ?? s.status;
    const transferred = second
      .filter(([id, s]) => !s.cached && !fromCache.has(id) && statusOf(id, s) !== 304)
      .map(([id, s]) => `${new URL(s.url).pathname} (${statusOf(id, s)})`);
    const firstCount = [...scripts.values()].filter((s) => s.visit === 1).length;
    return { firstCount, secondCount: second.length, transferred };
  } finally {
    await context.close();
  }
}

module.exports = { checkHeaders, secondVisit };
