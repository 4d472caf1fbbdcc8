// Lighthouse (issue #25 item 1): Lighthouse 12's Node API in its default config, which is the mobile preset (a
// Moto G Power screen, simulated slow 4G, 4x CPU slowdown, simulated throttling), against the production build on
// loopback; performance and best practices only (the other categories take time and have no budget here).
//
// Each run is a Chromium of its own (the repo's Chromium and flags, config/chromium.js, headless) on a fresh
// user-data-dir, so every run is a first visit: empty cache, no service worker, no storage. Lighthouse drives it
// through puppeteer-core connected to that browser's DevTools endpoint: `lighthouse(url, flags, undefined, page)`,
// the way Lighthouse's docs run authenticated pages (docs/authenticated-pages.md, "Script the login with
// Puppeteer"). For a signed-in route the cookies the api set at sign-up (the session cookie and whatever else it
// sets beside it) are put into the fresh profile through CDP (Network.setCookie) before the audit, and the audit
// runs with `disableStorageReset: true` (Lighthouse would otherwise clear the origin's cookies first); the profile
// is new, so there is no cache or storage to reset anyway. Sending `extraHeaders: { Cookie }` instead would put the
// cookie on every request (scripts and images too) and override the cookies the page itself sets.
//
// RUNS runs per route; the median run by performance score is reported (its LCP, TBT and best-practices score),
// with every run's score beside it. Its reports are kept in
// node_modules/.cache/hit-lighthouse/ (JSON and HTML: <route>.report.html opens in a browser).
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const crypto = require('node:crypto');
const { resolveChromium, CHROMIUM_ARGS } = require('../../config/chromium');
const { requireFromApi, signUp } = require('./util');

const RUNS = 3;
// Outside the tracked tree and the formatters' reach, as the unpacked Chromium (node_modules/.cache/hit-chromium).
const REPORTS_DIR = path.join(__dirname, '..', '..', 'node_modules', '.cache', 'hit-lighthouse');
const LAUNCH_TIMEOUT_MS = 30_000;

/** Chromium on a fresh profile with a DevTools port of its choosing; answers its ws endpoint and a stop(). */
async function launchFreshChromium() {
  const chromium = await resolveChromium();
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hit-lighthouse-profile-'));
  const child = spawn(
    chromium.executablePath,
    [
      ...CHROMIUM_ARGS,
      '--headless',
      '--remote-debugging-port=0',
      `--user-data-dir=${userDataDir}`,
      // As chrome-launcher starts Chrome for Lighthouse: no throttling of a page Lighthouse is measuring.
      '--disable-renderer-backgrounding',
      '--disable-background-timer-throttling',
      '--disable-backgrounding-occluded-windows',
      'about:blank',
    ],
    { env: { ...process.env, ...chromium.env }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(userDataDir, { recursive: true, force: true });
  };
  try {
    const wsEndpoint = await new Promise((resolve, reject) => {
      let stderr = '';
      const timer = setTimeout(
        () => reject(new Error(`Chromium gave no DevTools endpoint in ${LAUNCH_TIMEOUT_MS / 1000} s: ${stderr}`)),
        LAUNCH_TIMEOUT_MS,
      );
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
        const match = /DevTools listening on (ws:\/\/\S+)/.exec(stderr);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`Chromium exited with code ${code}: ${stderr.slice(-500)}`));
      });
    });
    child.stderr.resume();
    return { wsEndpoint, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Set-Cookie lines as CDP Network.setCookie parameters for `baseUrl` (cookies the api cleared left out). */
function cookiesFrom(setCookieLines, baseUrl) {
  const now = Date.now() / 1000;
  return setCookieLines
    .map((line) => {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const at = pair.indexOf('=');
      const cookie = { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl };
      for (const attribute of attributes) {
        const [key, ...rest] = attribute.split('=');
        const value = rest.join('=');
        switch (key.toLowerCase()) {
          case 'path':
            cookie.path = value;
            break;
          case 'httponly':
            cookie.httpOnly = true;
            break;
          case 'secure':
            cookie.secure = true;
            break;
          case 'samesite':
            cookie.sameSite = value.charAt(0).toUpperCase() + value.slice(1).toLowerCase();
            break;
          case 'expires':
            cookie.expires ??= Date.parse(value) / 1000;
            break;
          case 'max-age':
            cookie.expires = Date.now() / 1000 + Number(value);
            break;
          default:
            break;
        }
      }
      return cookie;
    })
    .filter((cookie) => cookie.value !== '' && !(cookie.expires <= now));
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A lifter after `weeks` weeks: signed up (with the api's trial) `weeks` weeks ago, three workouts a week since
 * (Day 1, 2, 3 in turn, every set done, the weights going up a little each time), recorded as the app would sync
 * them: one POST /api/sync (start, save, complete per workout). The account is backdated in the database first (the
 * api refuses times before an account was made). Answers the signed-in client, the Set-Cookie lines to sign a browser
 * in with, and how many sets were recorded.
 */
async function signUpLifter({ baseUrl, mongoUri, weeks = 4 }) {
  const { client } = await signUp(baseUrl, 'lighthouse-lifter');
  const user = await client.call('GET', '/api/user');
  const days = await client.call('GET', '/api/workout-days');
  const now = Date.now();
  const { MongoClient, ObjectId } = requireFromApi('mongodb');
  const mongo = new MongoClient(`${mongoUri}/hit-bench`);
  await mongo.connect();
  try {
    const { matchedCount } = await mongo
      .db()
      .collection('users')
      .updateOne({ _id: new ObjectId(user.id) }, { $set: { createdAt: new Date(now - (weeks * 7 + 1) * DAY_MS) } });
    if (matchedCount !== 1) throw new Error(`no user ${user.id} to backdate`);
    // Sessions carry their user's copy (api/src/auth/sessionUser.ts): refreshed as the api does after its changes.
    const { refreshSessionUsers } = require('../../api/dist/auth/sessionUser');
    await refreshSessionUsers(mongo.db(), new ObjectId(user.id));
  } finally {
    await mongo.close();
  }
  const operations = [];
  const workouts = weeks * 3;
  let sets = 0;
  for (let w = 0; w < workouts; w += 1) {
    const day = days[w % days.length];
    const sessionId = crypto.randomBytes(12).toString('hex');
    // Mon, Wed, Fri at 7:00 of each week, the last workout a day or two ago.
    let at = now - (weeks * 7 - Math.floor(w / 3) * 7 - (w % 3) * 2) * DAY_MS;
    const time = (ms) => new Date((at += ms)).toISOString();
    operations.push({ opId: crypto.randomUUID(), at: time(0), type: 'start', dayId: day.id, sessionId });
    const cycle = Math.floor(w / days.length);
    const exercises = day.exercises.map((exercise, e) => ({
      ...exercise,
      sets: exercise.sets.map((set, s) => {
        sets += 1;
        const working = set.type === 'working';
        return {
          ...set,
          completed: true,
          weight: 40 + 10 * e + (working ? 20 : 5 * s) + 2.5 * cycle,
          reps: working ? 8 + (cycle % 3) : 10,
          completedAt: time(2 * 60 * 1000),
        };
      }),
    }));
    operations.push({ opId: crypto.randomUUID(), at: time(1000), type: 'save', dayId: day.id, sessionId, exercises });
    operations.push({ opId: crypto.randomUUID(), at: time(60_000), type: 'complete', dayId: day.id, sessionId });
  }
  if (new Date(operations.at(-1).at).getTime() > now)
    throw new Error("the lifter's last workout would be in the future");
  const answer = await client.call('POST', '/api/sync', { userId: user.id, operations });
  const notApplied = answer.results.filter((result) => result.status !== 'applied');
  if (notApplied.length) throw new Error(`POST /api/sync did not apply ${JSON.stringify(notApplied[0])}`);
  return { client, setCookies: [...client.setCookies.values()], workouts, sets };
}

/** One Lighthouse run of `url` in a fresh Chromium, signed in with `cookies` (CDP cookie parameters) when given. */
async function runOnce(url, cookies) {
  const { default: lighthouse } = await import('lighthouse');
  const puppeteer = require('puppeteer-core');
  const chromium = await launchFreshChromium();
  let browser;
  try {
    browser = await puppeteer.connect({ browserWSEndpoint: chromium.wsEndpoint, defaultViewport: null });
    const page = (await browser.pages())[0] ?? (await browser.newPage());
    if (cookies.length) {
      const cdp = await page.createCDPSession();
      for (const cookie of cookies) {
        const { success } = await cdp.send('Network.setCookie', cookie);
        if (success === false) throw new Error(`Network.setCookie refused the cookie ${cookie.name}`);
      }
      await cdp.detach();
    }
    const result = await lighthouse(
      url,
      {
        logLevel: 'error',
        output: ['json', 'html'],
        onlyCategories: ['performance', 'best-practices'],
        disableStorageReset: true,
        // Weightless in both categories and slow: the bf-cache check navigates away and back, the full-page
        // screenshot renders the whole page again, the source-map check fetches every map.
        skipAudits: ['bf-cache', 'full-page-screenshot', 'valid-source-maps'],
      },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
    return result;
  } finally {
    await browser?.disconnect().catch(() => undefined);
    await chromium.stop();
  }
}

const shortUrl = (url) => String(url).replace(/^https?:\/\/[^/]+/, '');
const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;

const score = (lhr, category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

/** The best-practices audits that cost points, with the console errors' messages. */
function failingBestPractices(lhr) {
  const failing = [];
  for (const ref of lhr.categories['best-practices'].auditRefs) {
    const audit = lhr.audits[ref.id];
    if (!ref.weight || audit.score === null || audit.score >= 1) continue;
    let detail = '';
    if (audit.details?.items?.length) {
      const items = audit.details.items.slice(0, 3).map((item) => {
        const sub = item.subItems?.items?.map((subItem) => shortUrl(subItem.url ?? '')).filter(Boolean) ?? [];
        const source = item.sourceLocation?.url ?? item.source ?? item.url ?? sub.join(', ');
        const text = item.description ?? item.issueType ?? item.value ?? '';
        return `${text}${source ? ` (${shortUrl(source)})` : ''}`.slice(0, 160);
      });
      detail = `: ${items.join('; ')}`;
    }
    failing.push(`${ref.id}${detail}`);
  }
  return failing;
}

/**
 * What Lighthouse lists as costing most: unused JavaScript (per file), render-blocking resources, the longest
 * critical request chain (its network dependency tree), and the other failed diagnostics by the time they name.
 */
function findingsOf(lhr) {
  const audits = lhr.audits;
  const unused = audits['unused-javascript'];
  const unusedItems = unused?.details?.items ?? [];
  const blocking = audits['render-blocking-resources'];
  const chain = audits['critical-request-chains']?.details?.longestChain;
  const bootup = audits['bootup-time']?.details?.items ?? [];
  const covered = new Set([
    'unused-javascript',
    'render-blocking-resources',
    'critical-request-chains',
    'largest-contentful-paint-element',
  ]);
  const diagnostics = [];
  for (const ref of lhr.categories.performance.auditRefs) {
    const audit = audits[ref.id];
    if (ref.group === 'metrics' || covered.has(ref.id) || !audit) continue;
    if (audit.score === null || audit.score >= 0.9 || !audit.displayValue) continue;
    const savings = audit.metricSavings ?? {};
    const spent = audit.numericUnit === 'millisecond' ? (audit.numericValue ?? 0) : 0;
    const ms = Math.max(savings.LCP ?? 0, savings.FCP ?? 0, savings.TBT ?? 0, spent);
    diagnostics.push({ id: ref.id, text: `${audit.title}: ${audit.displayValue}`, ms });
  }
  diagnostics.sort((a, b) => b.ms - a.ms);
  return {
    unusedJs: {
      bytes: unused?.details?.overallSavingsBytes ?? 0,
      lcpMs: unused?.metricSavings?.LCP ?? 0,
      files: unusedItems.map((item) => ({ path: shortUrl(item.url), wastedBytes: item.wastedBytes })),
    },
    renderBlocking: {
      count: blocking?.details?.items?.length ?? 0,
      ms: blocking?.metricSavings?.FCP ?? blocking?.details?.overallSavingsMs ?? 0,
    },
    longestChain: chain ? { requests: chain.length, ms: chain.duration, bytes: chain.transferSize } : null,
    scriptCpu: bootup.slice(0, 2).map((item) => ({ path: shortUrl(item.url), ms: item.total })),
    diagnostics: diagnostics.slice(0, 3),
  };
}

/** One line of a route's findings, for the table. */
function describeFindings(f) {
  const unused = f.unusedJs.bytes
    ? `unused JS ${kib(f.unusedJs.bytes)} (est. LCP -${Math.round(f.unusedJs.lcpMs)} ms: ${f.unusedJs.files
        .map((file) => `${file.path} ${kib(file.wastedBytes)}`)
        .join(', ')})`
    : 'unused JS: none listed';
  const blocking = f.renderBlocking.count
    ? `render-blocking: ${f.renderBlocking.count} (est. -${Math.round(f.renderBlocking.ms)} ms)`
    : 'render-blocking: none';
  const chain = f.longestChain
    ? `longest critical chain: ${f.longestChain.requests} request(s), ${Math.round(f.longestChain.ms)} ms, ${kib(f.longestChain.bytes)}`
    : 'longest critical chain: none';
  return [unused, blocking, chain].join('; ');
}

function describeDiagnostics(f) {
  const cpu = f.scriptCpu.map((s) => `${s.path} ${(s.ms / 1000).toFixed(1)} s`).join(', ');
  return [...f.diagnostics.map((d) => d.text), cpu ? `most CPU: ${cpu}` : '']
    .filter(Boolean)
    .join('; ')
    .replace(/\u00a0/g, ' ');
}

function summarize(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue;
  return {
    performance: score(lhr, 'performance'),
    bestPractices: score(lhr, 'best-practices'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    fcpMs: audit('first-contentful-paint'),
    lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.nodeLabel,
    failingBestPractices: failingBestPractices(lhr),
    findings: findingsOf(lhr),
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    finalUrl: lhr.finalDisplayedUrl,
    warnings: lhr.runWarnings ?? [],
  };
}

/**
 * @param {object} options
 * @param {string} options.baseUrl the production api
 * @param {{ route: string, setCookies?: string[] }[]} options.routes routes with the Set-Cookie lines to sign in with
 * @param {(line: string) => void} [options.log]
 */
async function measureLighthouse({ baseUrl, routes, log = () => undefined, runs = RUNS }) {
  fs.mkdirSync(REPORTS_DIR, { recursive: true });
  const results = [];
  for (const { route, setCookies = [] } of routes) {
    const cookies = cookiesFrom(setCookies, baseUrl);
    const all = [];
    for (let i = 0; i < runs; i++) {
      const t0 = Date.now();
      const { lhr, report } = await runOnce(baseUrl + route, cookies);
      const summary = summarize(lhr);
      all.push({ summary, lhr, report });
      log(
        `  ${route} run ${i + 1}: performance ${summary.performance}, LCP ${(summary.lcpMs / 1000).toFixed(2)} s, ` +
          `TBT ${Math.round(summary.tbtMs)} ms, best practices ${summary.bestPractices} ` +
          `(${((Date.now() - t0) / 1000).toFixed(0)} s)`,
      );
    }
    const byScore = [...all].sort((a, b) => a.summary.performance - b.summary.performance);
    const medianRun = byScore[Math.floor((byScore.length - 1) / 2)];
    const name = route === '/' ? 'landing' : route.replace(/^\//, '').replace(/\W+/g, '-');
    const [json, html] = medianRun.report;
    fs.writeFileSync(path.join(REPORTS_DIR, `${name}.report.json`), json);
    fs.writeFileSync(path.join(REPORTS_DIR, `${name}.report.html`), html);
    results.push({
      route,
      signedIn: cookies.length > 0,
      ...medianRun.summary,
      runs: all.map((run) => run.summary),
    });
  }
  return results;
}

module.exports = {
  measureLighthouse,
  signUpLifter,
  describeFindings,
  describeDiagnostics,
  cookiesFrom,
  REPORTS_DIR,
  RUNS,
};
