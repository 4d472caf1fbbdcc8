// Chromium through playwright-core, found and launched as the e2e tests do (config/chromium.js), and helpers to
// record the scripts a page transferred.
const fs = require('node:fs');
const path = require('node:path');
const { REPO_ROOT, sleep } = require('./util');

const { chromium } = require(require.resolve('playwright-core', { paths: [REPO_ROOT] }));

const { resolveChromium, launchOptions } = require('../../config/chromium');
const VIEWPORT = { width: 1280, height: 800 };

let launched;
async function launchBrowser() {
  launched = await resolveChromium();
  console.log(`Browser: ${launched.description}`);
  return chromium.launch(launchOptions(launched));
}

/** The Chromium the run launched, for RESULTS.md. */
function browserDescription() {
  return launched ? launched.description : 'Chromium (not launched)';
}

/**
 * A fresh context (empty cache, its own cookies and storage). `cookie`: the cookies to sign in with (`hit.sid=...; b=2`,
 * signUp's `cookie`: the session and the api's other cookies);
 * the welcome modal is marked as seen so it never covers the dashboard.
 */
async function newContext(browser, baseUrl, { cookie, gzipOnly = false, serviceWorkers = 'allow' } = {}) {
  // gzipOnly: the budgets are in gzip bytes; Chromium would otherwise get brotli (smaller) from the api.
  const extraHTTPHeaders = gzipOnly ? { 'Accept-Encoding': 'gzip' } : undefined;
  const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORT, extraHTTPHeaders, serviceWorkers });
  if (cookie) {
    const pairs = cookie.split(/;\s*/).filter(Boolean);
    await context.addCookies(
      pairs.map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl };
      }),
    );
  }
  await context.addInitScript(() => window.localStorage.setItem('hasSeenWelcomeMessage', 'true'));
  return context;
}

/**
 * Records every finished request of `page`: url, path, resource type, status and the body bytes transferred (encoded, i.e. gzip when compressed). `idle(ms)` waits until no
 * request has been in flight for `ms`.
 */
function recordRequests(page) {
  const records = [];
  const pending = [];
  let inFlight = 0;
  let lastActivity = Date.now();
  page.on('request', () => {
    inFlight += 1;
    lastActivity = Date.now();
  });
  const settle = (request, failed) => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
    pending.push(
      (async () => {
        const response = failed ? null : await request.response().catch(() => null);
        const sizes = failed ? null : await request.sizes().catch(() => null);
        records.push({
          url: request.url(),
          path: new URL(request.url()).pathname,
          type: request.resourceType(),
          status: response ? response.status() : 0,
          bodyBytes: sizes ? sizes.responseBodySize : 0,
          failed,
        });
      })(),
    );
  };
  page.on('requestfinished', (request) => settle(request, false));
  page.on('requestfailed', (request) => settle(request, true));
  return {
    records,
    async idle(quietMs = 500, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (inFlight === 0 && Date.now() - lastActivity >= quietMs) break;
        await sleep(50);
      }
      await Promise.all(pending);
      return records;
    },
    scripts() {
      return records.filter((r) => r.type === 'script' && !r.failed);
    },
  };
}

/** Which remote folder a script path belongs to (`/remotes/<folder>/...`), or 'shell'. */
function ownerOf(scriptPath) {
  const match = /^\/remotes\/([^/]+)\//.exec(scriptPath);
  return match ? match[1] : 'shell';
}

/** The built file a script path was served from (remote version folders and the shell's dist). */
function fileOf(scriptPath) {
  const match = /^\/remotes\/([^/]+)\/([^/]+)\/(.+)$/.exec(scriptPath);
  if (match) return path.join(REPO_ROOT, match[1], 'dist', match[2], match[3]);
  return path.join(REPO_ROOT, 'shell', 'dist', scriptPath.replace(/^\//, ''));
}

const d3Cache = new Map();
/** Whether a served script bundles d3 (its source map names node_modules/d3-*; without a map, its licence file). */
function containsD3(scriptPath) {
  const file = fileOf(scriptPath);
  if (d3Cache.has(file)) return d3Cache.get(file);
  let found = false;
  try {
    if (fs.existsSync(`${file}.map`)) {
      const { sources = [] } = JSON.parse(fs.readFileSync(`${file}.map`, 'utf8'));
      found = sources.some((source) => /node_modules\/d3(-[a-z-]+)?\//.test(source));
    } else if (fs.existsSync(`${file}.LICENSE.txt`)) {
      found = /\bd3\b|d3-[a-z]+/.test(fs.readFileSync(`${file}.LICENSE.txt`, 'utf8'));
    }
  } catch {
    found = false;
  }
  d3Cache.set(file, found);
  return found;
}

module.exports = { launchBrowser, browserDescription, newContext, recordRequests, ownerOf, containsD3, VIEWPORT };
