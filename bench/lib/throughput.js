// API throughput (docs/architecture.md, "Performance budgets"), issue #10 item 3: autocannon, 50 connections, 10 s per
// target, run as a separate process. Baseline: bare Express 5 + express-session + connect-mongo GET /hello with an
// existing session (the store is read on every request). Then the api's authenticated GET /api/workout-days and the
// autosave PUT /api/sessions/:id. The api's RSS is sampled throughout (memory figure).
const { spawn } = require('node:child_process');
const path = require('node:path');
const { sampleRss, signUp, cpuSecondsOf } = require('./util');

const CONNECTIONS = 50;

/**
 * One autocannon run; with `watch` ({ server, db } pids) also the cores each used on average during it
 * (CPU seconds / wall seconds), to show which process is the bottleneck.
 */
async function runLoad(options, watch) {
  const before = watch && { server: cpuSecondsOf(watch.server), db: cpuSecondsOf(watch.db), at: performance.now() };
  const result = await runLoadProcess(options);
  if (watch) {
    const wall = (performance.now() - before.at) / 1000;
    result.cores = {
      server: (cpuSecondsOf(watch.server) - before.server) / wall,
      db: (cpuSecondsOf(watch.db) - before.db) / wall,
      load: result.cpuSeconds / result.seconds,
    };
  }
  return result;
}

function runLoadProcess(options) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(__dirname, 'load-worker.js'), JSON.stringify({ connections: CONNECTIONS, ...options })],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon failed (${code}): ${err}`));
      const result = JSON.parse(out.trim().split('\n').pop());
      if (result.non2xx > 0 || result.errors > 0) {
        result.problem = `${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`;
      }
      resolve(result);
    });
  });
}

/** A valid autosave body: the started session's exercises with the first set of each completed with `reps`. */
function autosaveBody(session, reps = 8) {
  const completedAt = new Date().toISOString();
  return {
    exercises: session.exercises.map((exercise) => ({
      ...exercise,
      sets: exercise.sets.map((set, index) =>
        index === 0 ? { ...set, completed: true, weight: set.weight ?? 50, reps, completedAt } : set,
      ),
    })),
  };
}

/**
 * Two bodies in turn, 8 and 9 reps on the first sets: every autosave really changes sets, as at the gym (an
 * identical body would measure only the no-change path).
 */
function autosaveBodies(session) {
  return [8, 9].map((reps) => JSON.stringify(autosaveBody(session, reps)));
}

/** Several slices of one load as one figure: the mean of their req/s, p50 and p99, cores and counts summed. */
function mergeSlices(slices) {
  const mean = (pick) => slices.reduce((sum, slice) => sum + pick(slice), 0) / slices.length;
  const sum = (pick) => slices.reduce((total, slice) => total + pick(slice), 0);
  const merged = {
    rps: mean((x) => x.rps),
    requests: sum((x) => x.requests),
    p50: Math.round(mean((x) => x.p50)),
    p99: Math.round(mean((x) => x.p99)),
    errors: sum((x) => x.errors),
    timeouts: sum((x) => x.timeouts),
    non2xx: sum((x) => x.non2xx),
    slices: slices.map((x) => ({ rps: Math.round(x.rps), p99: x.p99 })),
    cores: {
      server: mean((x) => x.cores.server),
      db: mean((x) => x.cores.db),
      load: mean((x) => x.cores.load),
    },
  };
  const problems = slices.filter((x) => x.problem).map((x) => x.problem);
  if (problems.length > 0) merged.problem = problems.join('; ');
  return merged;
}

/**
 * Each server is loaded this long before it is measured, on the very route measured. Servers run for hours: the figure
 * is their steady state. After 2 s the api's first 4 s slice still cost 15-30 % more CPU a request than the slices
 * after it (read 0.89-1.05 ms against 0.81; autosave 1.8-2.0 against 1.55-1.6, runs of 2026-11-27); after 8 s the
 * slices agree within the machine's noise.
 */
const WARM_UP_SECONDS = 8;

/**
 * The baseline and a route in alternating slices (baseline then route, then route then baseline, ...), so a change
 * in the machine's speed during the run (this shared machine's CPU time per request varies up to 2x within minutes)
 * weighs on both sides alike instead of on whichever ran second.
 */
async function interleaved({ baseline, route, pairs, sliceSeconds, dbPid }) {
  const baselineSlices = [];
  const routeSlices = [];
  for (let i = 0; i < pairs; i++) {
    const order = i % 2 === 0 ? ['baseline', 'route'] : ['route', 'baseline'];
    for (const which of order) {
      const target = which === 'baseline' ? baseline : route;
      const result = await runLoad({ ...target.load, duration: sliceSeconds }, { server: target.pid, db: dbPid });
      (which === 'baseline' ? baselineSlices : routeSlices).push(result);
    }
  }
  return { baseline: mergeSlices(baselineSlices), route: mergeSlices(routeSlices) };
}

/**
 * The baseline, then each budgeted route against it: `pairs` x (baseline slice, route slice) of `duration / pairs`
 * seconds each, interleaved (see `interleaved`). Each route's ratios use the baseline slices measured beside it.
 */
async function measureThroughput({ api, baseline, dbPid, duration = 10, pairs = 2, log }) {
  const sliceSeconds = Math.max(2, Math.round(duration / pairs));
  // Baseline: one session created through /login, its cookie reused by every connection.
  const login = await fetch(`${baseline.baseUrl}/login`);
  const baselineCookie = login.headers.getSetCookie()[0].split(';')[0];
  const hello = {
    load: { url: `${baseline.baseUrl}/hello`, headers: { cookie: baselineCookie } },
    pid: baseline.process.pid,
  };
  await runLoad({ ...hello.load, duration: WARM_UP_SECONDS });

  const { client, cookie } = await signUp(api.baseUrl, 'throughput');
  const rss = sampleRss(api.process.pid);
  const days = await client.call('GET', '/api/workout-days');
  if (!Array.isArray(days) || days.length === 0) throw new Error('GET /api/workout-days answered no days');
  const reads = { load: { url: `${api.baseUrl}/api/workout-days`, headers: { cookie } }, pid: api.process.pid };
  await runLoad({ ...reads.load, duration: WARM_UP_SECONDS });
  log(`  baseline GET /hello and api GET /api/workout-days, ${pairs} x ${sliceSeconds} s each, interleaved ...`);
  const readRun = await interleaved({ baseline: hello, route: reads, pairs, sliceSeconds, dbPid });
  // The same read as a browser asks it (every browser accepts gzip): not budgeted, shown beside the budgeted one, so a
  // cost only real clients pay (compression of every answer, as before the days' answer was kept gzipped) shows here.
  const browserHeaders = { ...reads.load.headers, 'accept-encoding': 'gzip, deflate, br, zstd' };
  log(`  api GET /api/workout-days as a browser asks it (gzip accepted), ${sliceSeconds} s ...`);
  const browserReads = await runLoad(
    { ...reads.load, headers: browserHeaders, duration: sliceSeconds },
    { server: api.process.pid, db: dbPid },
  );

  const session = await client.call('POST', '/api/sessions/start', { dayId: 1 });
  const bodies = autosaveBodies(session);
  await client.call('PUT', `/api/sessions/${session.id}`, JSON.parse(bodies[0])); // valid, and the entries exist
  const putHeaders = { cookie, 'content-type': 'application/json', origin: api.baseUrl };
  const writes = {
    load: { url: `${api.baseUrl}/api/sessions/${session.id}`, method: 'PUT', headers: putHeaders, bodies },
    pid: api.process.pid,
  };
  await runLoad({ ...writes.load, duration: WARM_UP_SECONDS }); // its code paths are the autosave's own
  log(
    `  baseline GET /hello and api PUT /api/sessions/:id (autosave), ${pairs} x ${sliceSeconds} s each, interleaved ...`,
  );
  const writeRun = await interleaved({ baseline: hello, route: writes, pairs, sliceSeconds, dbPid });
  const during = rss.stop();
  // "After the load run": a few seconds later, once the last requests and their garbage are gone.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const after = sampleRss(api.process.pid).stop();
  return {
    hello: readRun.baseline,
    workoutDays: readRun.route,
    workoutDaysGzip: browserReads,
    helloBesideAutosave: writeRun.baseline,
    autosave: writeRun.route,
    rss: { peak: during.peak, after: after.last },
  };
}

module.exports = { measureThroughput, runLoad, autosaveBodies };
