// `npm run bench`: every benchmark of the budgets (docs/architecture.md, "Performance budgets"), issue #10, on this
// machine, against the production build, printed as one table (figure, value, budget, pass/fail) and written to
// bench/RESULTS.md. Exit code 1 when any budget fails (or a benchmark could not run). Server figures are also given as
// ratios against a baseline measured in the same run, since absolute times on a shared 2-core machine are noisy.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { REPO_ROOT, kb, signUp, rssOf } = require('./lib/util');
const { BUDGETS, budgetsSource } = require('./lib/budgets');
const servers = require('./lib/servers');

const MB = 1024 * 1024;
const started = Date.now();
const loadAtStart = os.loadavg()[0];
const log = (line) => console.log(line);

/** One table row: `pass` true/false against `budget`, or null for a figure reported without a budget. */
const rows = [];
function row(figure, value, budget, pass) {
  rows.push({ figure, value, budget: budget ?? '—', pass: pass === undefined ? null : pass });
}
function failedRow(figure, error) {
  rows.push({
    figure,
    value: `not measured: ${String(error.message ?? error)
      .split('\n')[0]
      .slice(0, 120)}`,
    budget: '—',
    pass: false,
  });
}
const fmtMs = (ms) => `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;
const fmtKb = (bytes) => `${kb(bytes).toFixed(1)} KB`;

function table() {
  const header = { figure: 'Figure', value: 'Value', budget: 'Budget', result: 'Result' };
  const lines = rows.map((r) => ({
    figure: r.figure,
    value: r.value,
    budget: r.budget,
    result: r.pass === null ? 'info' : r.pass ? 'pass' : 'FAIL',
  }));
  const width = (key) => Math.max(header[key].length, ...lines.map((l) => String(l[key]).length));
  const widths = { figure: width('figure'), value: width('value'), budget: width('budget'), result: width('result') };
  const format = (l) =>
    ['figure', 'value', 'budget', 'result']
      .map((k) => String(l[k]).padEnd(widths[k]))
      .join('  ')
      .trimEnd();
  return [
    format(header),
    ['figure', 'value', 'budget', 'result'].map((k) => '-'.repeat(widths[k])).join('  '),
    ...lines.map(format),
  ].join('\n');
}

// `node bench/run.js --only sync,offline`: only the steps whose name holds one of these words, and bench/RESULTS.md is
// left as it is (a partial table would replace the full one).
const onlyAt = process.argv.indexOf('--only');
const ONLY = onlyAt > 0 ? (process.argv[onlyAt + 1] ?? '').toLowerCase().split(',').filter(Boolean) : null;

/** Runs one benchmark; a crash becomes a failed row instead of ending the run. */
async function step(name, figure, fn) {
  if (ONLY && !ONLY.some((word) => name.toLowerCase().includes(word))) return;
  const t0 = Date.now();
  log(`${name} ...`);
  try {
    await fn();
  } catch (error) {
    console.error(`${name} failed: ${error.stack ?? error}`);
    failedRow(figure, error);
  }
  log(`  (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
}

/** The commit the build was made from, and whether the working tree had changes beyond it (others' work, bench/'s own). */
function buildState() {
  const { execFileSync } = require('node:child_process');
  try {
    const git = (...args) => execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    const changed = git('status', '--porcelain', '--untracked-files=no', '--', '.', ':!bench')
      .split('\n')
      .filter(Boolean);
    return `at ${git('log', '-1', '--format=%h')}${changed.length ? `, plus uncommitted changes to ${changed.length} file(s) outside bench/` : ''}`;
  } catch {
    return 'unknown (no git)';
  }
}

function writeResults(durationS) {
  const failed = rows.filter((r) => r.pass === false).length;
  const text = `# Benchmark results

Written by \`npm run bench\` (bench/run.js); every run overwrites this file.

- Date: ${new Date().toISOString()}
- Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB RAM, ${os.platform()} ${os.release()}
- Build: ${buildState()}
- Node ${process.version}; ${require('./lib/browser').browserDescription()} (headless, playwright-core)
- Budgets: docs/architecture.md, "Performance budgets" / issue #10 (bundle budgets from ${budgetsSource})
- Run time: ${durationS.toFixed(0)} s; ${failed === 0 ? 'every budget met' : `${failed} figure(s) failed`}
- Machine load (1-minute load average) at the start: ${loadAtStart.toFixed(1)}, at the end: ${os.loadavg()[0].toFixed(1)}
  (above ${os.cpus().length}, other work competed for the cores: absolute figures are then pessimistic)

\`\`\`
${table()}
\`\`\`

## Issue #21: before and after

The same bench on this machine. Before: 2026-11-24 (at ee337f4): \`GET /api/workout-days\` 414 req/s, 0.29 of the
baseline's 1440 req/s, p99 194 ms (baseline 83 ms: 2.3x); the autosave 184 req/s, 0.13, p99 440 ms (5.3x); the
embedded database holding 30k entries 147 MB; every request read the session, then the user (a hydrated mongoose
document), then the days and the rotation (4 queries), the autosave 8 (6 of them writes through mongoose's casting).
After (the table above): the session carries its user's copy and the rotation (api/src/auth/sessionUser.ts), so a
read is the session and the days; the autosave writes only what changed, through the driver, its two set states
at once; the database stores each document once as BSON in packed chunks (packages/embedded-mongo/README.md). The
api answers more requests (\`GET /api/workout-days\` 854 and 558 req/s, the autosave 305 and 295 req/s in two runs
of 2026-11-26, an hour apart on this shared machine), but the same database change made the baseline's one query
much cheaper (2913 and 1542 req/s), so the ratios moved less (0.29 and 0.36; 0.10 and 0.19): the api's own cost
per request (express, passport, the middleware, the driver's two commands) is still about 2.5-3.5 times the
baseline's whole request (the profile rows: node internals, the mongodb driver and bson take half, express-session,
express and the router most of the rest).

Later on 2026-11-26 (at 9c1d6ae): one \`/api\` router, the workout routes first after the user is
known (a request walked up to 17 app-level layers, each matching \`/api\`); the autosave reads the workout session
and the performance's entries through the driver (mongoose's query path cost more than the query) and sends its
three writes at once. Per request, in api CPU by profile (the api and the baseline loaded one after the other in
one run): the baseline 0.9-1.0 ms; the read 2.5-2.6 ms before, 2.2-2.5 ms after; the autosave 6.3 ms before, 4.2 ms
after. Runs that day: the read 0.46-0.60 of the baseline, the autosave 0.22-0.25, its p99 3.1-4.2x. What is left is
the design's floor: a read is two commands (the session, the days: 0.3 ms of driver and 0.3 ms of bson a request
beyond the baseline's), the autosave seven (the session, the workout session, the performance's entries, their
write, the progress version, the session's and the day's set state), about 0.45 ms of api CPU each all told.
Fewer commands need a new shape: one per-user training document holding the rotation, the progress version and
the days' set state (the version bump and the day's state one write, the read one document), and entries compared
with the session's stored sets rather than read (written before the session, with the REST day save keeping an
open session in step).

On 2026-11-27 (at 0a16def): the progress version moved from the user's \`workoutstates\` document onto the day
documents (their sum names the version), and the autosave bumps it in the write of the day's set state that follows
the entries, so a save that changes a set sends six commands (\`api/test/progress.test.ts\` counts them). Runs that
day, on a machine whose figures moved by a fifth from one run to the next: the autosave 0.20-0.27 of the baseline,
about 6.4 ms of api CPU a request by profile (warm-up included), the read unchanged. The next command to go is the
read of the performance's entries; written blind, the entries need their deletes before the session's state and
their upserts after it (or a crash leaves an entry nothing deletes), one more write step.

Later on 2026-11-27 (at 1b89e8b): \`GET /api/workout-days\` answers from each api process's rendered copy while the
days are unchanged (api/src/services/daysCache.ts): every update of a day moves its \`rev\` in the same write, and a
read of the days' \`_id\` and \`rev\` checks the copy instead of decoding and rendering three documents with every
set. By the api's CPU from \`/proc\` (one api process, 50 connections, three 4 s slices beside the baseline's, runs of
that day): the read 1.12-1.14 ms a request before, 0.84-0.93 ms after; a signed-in read that needs no command
beyond the session (\`GET /api/workout-state\`) 0.64-0.68 ms; the baseline about 0.39 ms. So the small read costs
about 0.25 ms, and the api's middleware and larger session document about 0.25 ms beyond the baseline. Two full
benches gave the read 0.497 and 0.496 of the baseline (p99 1.6-1.7x), against 0.37-0.41 that morning. Removing
middleware for a trial (the three small routers before the session, helmet's headers, the "signed in" hint, passport)
gained about 0.02 and was not kept. The autosave is unchanged (0.24-0.26, 1.7-1.9 ms of api CPU a request); with the
same trial method no one part of it costs more than about 0.12 ms (its answer's JSON 0.12, the body's validation
0.04; removing its day write, its session write or the read of its entries changed nothing measurable), so the gap
to 0.30 (about 0.5 ms a request) is spread over the request, not one step. The api's peak RSS under load was
253-254 MB; since 0821dd1 the Stripe SDK loads only when Stripe is configured and nodemailer with the first e-mail,
which took the peak down about 15 MB in a load of the two routes one after the other (264-268 MB before, 246-251
after). The common-password list of the password policy (about 12 MB) is still loaded at start: the bench signs up
its users before the load, so loading it on first use would not show here.

In the evening of 2026-11-27 (at f9c5ef3): the autosave's writes go one after the other, the session's set state last
(a save stopped after the session's write used to leave the day's set state and the progress version behind for
good: \`api/test/sessions.test.ts\` stops a save before each write and sends it again), and the bench warms the
autosave up for 2 s as it does the read. Trials on the built api, api CPU from \`/proc\`, three 4 s slices beside the
baseline's, warm: the autosave 1.55-1.62 ms a request; with every database write and read of the route left out (the
session still read from the store, the body parsed, validated and merged, the answer sent) 0.87-0.90 ms, 0.48 of
the baseline; so its five commands cost about 0.7 ms, about 0.14 ms each, most of it the driver's own work per
command (server selection, the implicit session, the message, the cursor). Leaving out the two reads together (the
workout session from a per-process copy, the entries compared with the session's stored sets) took it to 1.36-1.46
ms, 0.27-0.30 of the baseline; either alone, nothing measurable. So the budget needs fewer commands than the rules
allow today: MongoDB 8.0's \`bulkWrite\` command writes to several collections in one ordered command (the entries,
the day, the session), which the embedded server (MongoDB 7.0, wire version 21) does not speak yet.
Then (at 19a0fdb): a browser's read of the days cost 1.2-1.4 ms of api CPU against 0.85 for the bench's, as
compression() gzipped the answer again on every read of a client that accepts gzip (the bench's loads send no
Accept-Encoding); the answer is now kept gzipped too, and both cost about 0.85 ms. The row "as a browser asks it"
shows it from this run on.
Later that evening (at 39f35db): the small reads of the hot requests (the session store's, the days' revisions, the
autosave's workout session and its entries) are one \`find\` command each (\`findFew\`, api/src/findFew.ts), not the
driver's cursor, whose own work cost more than the command: in a trial of the driver alone against the embedded
server (50 at once, the client's CPU per call) a \`findOne\` took 160 µs and the same command 125, a
\`find().toArray()\` of 12 entries 210 and the command 130. A/B on the built api: the read 0.50 to 0.55-0.56 of the
baseline (about 1.0 to 0.87 ms of api CPU a request). Five full benches that evening: the read 0.52, 0.54, 0.61,
0.51 and 0.55 (p99 1.42-1.84x), the autosave 0.30, 0.27, 0.29, 0.26 and 0.27 (p99 2.43-3.41x), against 0.24-0.26
before: the read's budget met in each, the autosave's in one, by a hair.
Later that night (at c72449a) the autosave's floor was measured by leaving commands out of the built api for a trial
(A/B beside the baseline, 3 slices of 4 s each, twice, on a machine whose baseline moved from 1,400 to 2,400 req/s
within a minute): the route as it is, six commands, 0.26-0.29; without the entries' read 0.26-0.27 (nothing
measurable); without it and the day's write, four commands, 0.30 in both runs; with the session's write left out too,
three, 0.33-0.35. So no shape with four commands (the floor on MongoDB 7.0 for a save that writes its entries, the
day's and the session's set state: three collections) passes robustly; three need one write command for the entries,
the day and the session, which only MongoDB 8.0's \`bulkWrite\` sends, and the entries written without their read,
which costs the records' cache: the browser's saves carry the whole workout, so a blind write could not tell a changed
warm-up from a working set and would move the records' version at every warm-up. The browser's own write of a set is
\`POST /api/sync\`, not this route: it went from 14 commands to 12 and from 5.8-7.3 to 3.8-4.8 ms of api CPU under
load (16 lifters at once) that night; \`GET /api/goals\` is cached like the records (a veteran with 3 goals: 116 ms of
api CPU a read before, 6.4 on a repeat); and the app asks the records and the goals again only after a sync whose
answer carries another version of the working sets, so a warm-up costs its sync alone (a visit 45 requests, was 63).
Later that night the records and the goals kept a lifter's history as its witnesses (the few earlier working sets that
hold a record or decide a goal) and read only the days' current performances again after a working set: a veteran's
working set, its save and both reads, 23-27 ms of api CPU one at a time, was 364 ms (5 years, 3 goals).
On 2026-11-28 (at the commit after 76fd72b) the api's peak RSS under load, 232-254 MB against its 250 MB budget in
the runs before, came down by 15-20 MB. It is V8's old generation: under load it collects only once the old space
holds a few times what lives there (125 MB used at the peak, 25 MB after a full collection), so what lives for good
costs several times its size at the peak. The common-password list lived as a Set of 49,233 strings beside the
required file's array, about 4 MB; it is now one sorted string with the offset of each password, 0.5 MB. A/B in turn,
each a fresh api loaded with the read for 10 s and then the autosave for 10 s: 249, 251 and 250 MB before, 234, 234 and
227 MB after, both routes' throughput unchanged. Trading CPU for memory instead did not pay: a cap on the old space
(\`--max-old-space-size\` of 384 or 512 MB) took the peak to 149 MB but cost the autosave a quarter of its throughput;
a larger young generation (\`--max-semi-space-size=32\`) raised the peak to 277-280 MB for no throughput; a smaller
one (8 MB) lowered it about 20 MB for about 5% of the autosave's throughput. The same day the api's JSON answers of 1 KB to
64 KB go to a client that accepts gzip gzipped in one call (api/src/http/compressJson.ts), not through compression()'s
stream, which chose brotli for a browser and cost about three times the deflate (0.14-0.21 ms of CPU against 0.05
for a sync's answer of 12 KB, alone): \`POST /api/sync\` of one set, as a browser asks it, 16 lifters at once, 4.12-4.79
ms of api CPU a request before and 3.84-4.61 after, in two A/B runs in turn on a noisy machine. Then the session
cookie stopped rolling: it was resent on every answer, with the "signed in" hint beside it, two signed cookies made
and sent each time; it is now renewed by the first request an hour or more after it was set (api/src/session.ts).
The read, A/B beside the baseline (3 slices of 4 s, twice each, in turn): 0.54 and 0.56 of the baseline rolling
(0.85-0.97 ms of api CPU a request), 0.58 and 0.61 not (0.74-0.85 ms); the autosave's runs were too noisy to tell.
On 2026-12-01 (at 4013d9e, on a machine that had moved from Intel Xeon to AMD EPYC cores) the autosave went from six
database commands to three: the embedded server speaks MongoDB 8.0 (its \`bulkWrite\` command, and a \`$lookup\` that
finds the foreign documents through the indexes instead of decoding the whole collection), the workout session and its
performance's entries are read in one \`aggregate\` (\`$lookup\` on the entries' unique index), and the changed entries,
the day's set state with the version's bump and the session's set state are written in one ordered \`bulkWrite\`
(api/src/orderedWrites.ts; one command per collection, in the same order, on a 7.0 server). By profile each command had
cost the api about 0.15 ms, a third of it the socket write to the database (writeBuffer, 15 % of the autosave's
profile with six commands, 9 % with three). A/B beside the baseline (4 slices of 4 s each, in turn, api CPU from
/proc): 2.11 ms of api CPU an autosave before, 1.55 after (0.27 and 0.35 of the baseline's req/s), and 0.29-0.37 in the
runs after it on a machine whose slices moved from 0.23 to 0.57 within a run. Sending the bulkWrite as a plain command
(without the driver's cursor and results merger, as findFew does for find) was 0.13 ms cheaper in a loop of the driver
alone but not measurably cheaper in the api (1.73 against 1.79 ms in one A/B, 1.61 against 1.50 in the next), so the
driver's MongoClient.bulkWrite stays. POST /api/sync's save does the same, and its answers and the lock's release go in
one plan: a set's sync is 7 commands (11 the day before), 3.7-3.9 ms of api CPU against the PUT's 2.1-2.5 (16 lifters at
once). The embedded database holding 30k entries: 82 MB before; 91-92 MB with the index narrowing by every prefix of
its compound keys, 83 MB with the first two fields only (kept). Lighthouse on this machine: TBT 250-350 ms on \`/\` with
the same build that gave 27-41 ms on the Intel machine, and 143-269 ms with the landing page served by a plain node
static server instead of the api: the machine's, not the api's (its CPU benchmark index 2700-2950, as before).
None of these is a figure of this table.

Later on 2026-12-01 (at 4d06556): the landing page is HTML rendered when the shell is built (shell/src/landing/
prerender.tsx: the same components through react-dom/server and styled-components' ServerStyleSheet), with one
0.7 KB script (the signed-in check and the service worker's registration) instead of the 85 KB React build. Lighthouse
on \`/\`, the same machine within the hour: TBT 393-493 ms, LCP 1.58-1.75 s, performance 87-90 before; TBT 32-125 ms,
LCP 1.01-1.08 s, performance 99-100 after (this table's run is one of those). The landing LCP at 4x CPU went from
about 1.0 s to 0.55 s. The app's routes are unchanged and over their budgets on this machine: in three runs that
evening \`/auth\` TBT 56-422 ms, \`/home\` 150-586 ms, \`/progress\` 174-408 ms and LCP 2.66-3.33 s, with
Lighthouse's CPU benchmark index moving from 1754 to 2951 between runs. Traced at 4x CPU (DevTools throttling),
their main thread is the scripts' evaluation (main.js 140-155 ms, the shared libraries 175-187 ms, a remote's entry
110 ms), the first render's commit with styled-components inserting its rules (67-115 ms) and the page's first layout
(75-130 ms); Lighthouse's simulation places several of these after the first paint. Under DevTools throttling
instead (a real 4x CPU, loopback network) the same pages paint their first and largest content at 1.3-1.8 s and
their tasks after it stay under 60 ms (TBT 0-7 ms): what fails is the simulated method of the mobile preset, which
#25's budgets name.

On 2026-12-02 the app's routes got the front-end work (30dcc39 to c8c092b), measured run by run with Lighthouse's own
trace and a CPU profile mapped through the builds' hidden source maps: (1) styles read the theme from its import
instead of \`({ theme }) => theme.x\` (1,042 interpolations in 71 files; a lint rule keeps it so), so
styled-components treats those components as static and no longer rebuilds and hashes their CSS at every render;
\`/home\`'s main thread at 1x went from 774 to 609 ms and its TBT from 571-938 to 138-441 ms; (2) dates written from
the Date's fields (@hit/contracts/rules dates.ts), as the charts already did: the first Intl date format of a page
loads ICU's locale data, 20-30 ms at 1x inside the dashboard's first render; (3) \`/progress\`'s charts and d3 in a
chunk of their own, asked for after the screen's first frame, and drawn once at their measured width in a
transition (they were drawn at a 600 px fallback and again at the real width): LCP 2.6-2.9 s before, 2.3-2.4 s
after in the same hour; (4) the dialog's backdrop dimmed without \`backdrop-filter: blur\`: the frame opening the
welcome dialog on \`/home\` was 20-40 ms longer under software compositing; TBT 171-438 then 61-172 ms. What is
left on these routes is the network of Lighthouse's model (with the CPU not slowed at all, its LCP for \`/home\` and
\`/progress\` is still 2.3 s: the HTML, then about 150 KB of scripts over six HTTP/1.1 connections at 1.6 Mbit/s),
the scripts' evaluation (the federation runtime about 30 ms at 1x, the shared libraries' modules 40-45 ms) and
the first layout (30-45 ms at 1x, most of it the fresh browser's first text layout, whatever the font stack). Run
to run, with Lighthouse's CPU benchmark index between 1780 and 2920, the same build scored \`/auth\` 82-95,
\`/home\` 82-95 and \`/progress\` 84-95 (that morning's full run was of e3be5c6, the app as at c8c092b). The offline first 'Complete Set' (the
worst of 9 is nearly always the first set) was 82-123 ms in six runs of that build against its 100 ms budget, and
88-169 ms in four runs of the build before the day's changes (46e4e9e, the same hour): near the line before and
after.

Later on 2026-12-02 (a441054 to 162abd2) the app's first render and \`/home\`'s first screen were cut down further,
each step found in Lighthouse's own simulation (its lantern node timings, recomputed from the saved trace and
network log, show which node each metric waited on): \`/auth\` committed a spinner, then rendered the whole tree
again in one blocking task when the anonymous user's \`null\` arrived a timer tick later (the bootstrap now seeds it:
TBT 93-375 to 0-16 ms); the shell's bootstrap chunk joined the \`app\` file (one startup request fewer); \`/home\`'s
expose chunk lost the active workout, a chunk of its own asked for at the lifter's first touch (21.2 to 8.5 KB
brotli); the page no longer waits for six reads only a workout needs (the plates, the records, the 'Last time'
hints, asked 2 s after the first paint: the page's own time 54-79 to 25-50 ms here); the first flush of an empty
outbox no longer renders the whole dashboard again after its first paint (a screen reads the part of the outbox
status it shows: 40-58 ms at 1x, 120-230 ms of TBT); and the charts' chunk on \`/progress\` is asked for once the
first contentful paint is on the screen (a timer queued by the paint task sometimes ran before it showed, and the
chunk's download counted into the LCP: 2.87-2.90 s in such runs). What the simulation leaves: the page's
navigation commit in a fresh Chromium (58-137 ms at 1x, most of it creating the page's and Lighthouse's script
contexts; every preload the HTML and its \`Link\` header name is sent inside that task, so the scripts start
only once its fourfold duration is over, 230-550 ms after the HTML), then about 165 KB of scripts sharing the
simulated 1.6 Mbit/s (react's 58.9 KB is the last in, about 1.4 s after they start), then 50-220 ms of CPU. That
commit alone moves the LCP by up to 0.3 s from run to run. Lighthouse-only runs that hour of that build: \`/auth\`
2.24-2.54 s, \`/home\` 2.26-2.80 s, \`/progress\` 2.31-2.39 s; this table's run is of 162abd2. The server figures
moved between the day's two full runs without a change to their code: reads 0.57 then 0.49 of the baseline
(867-1144 req/s against a baseline of 1760-2002), autosave 0.31 then 0.34.

Later on 2026-12-02 (at da955cc): the offline first 'Complete Set' was over its budget (118 ms in the day's full run
of 162abd2). Its profile at 4x CPU: the tap's one blocking task rendered the set done, mounted the next set's form
(its fields, its plates, then its focus and scroll, passive effects that a discrete update flushes in the same task)
and, from the autosave's new version, every card again (a status object the cards took whole). The form now follows
in a deferred render (\`useDeferredValue\` in \`ExerciseCard.tsx\`, the set 'Up next' until then) and the cards take
only what the api confirmed: the tap's task, traced, 143 ms before, 116 with the cards' change alone, 66 with both; untraced first sets 55-142 ms (median
about 90, 10 runs) before, 53-103 (median about 62, 14 runs) after, and 71 ms worst in this day's first full run of
da955cc. That run's Lighthouse \`/home\` and \`/progress\` TBT (208 and 226 ms, against 127 and 153 the run before,
their code unchanged) came from the same kind of tasks as before: React's time-sliced renders after the first paint
(12-34 ms each at 1x) and, on \`/home\`, React's own dispatch of the \`pointerover\` Chromium sends as the screen and
the welcome dialog appear under Lighthouse's resting pointer (11-26 ms at 1x, code run for the first time; no handler
of the app listens to it).

Later on 2026-12-02 (at 3f71d5a): \`/progress\`'s charts measured their own box with \`getBoundingClientRect\` in
the commit that revealed them (a layout of the whole page inside React's task, 20-40 ms at 1x), showed an empty box,
then built the SVG in a second render; and while their chunk loaded React committed 35-45 empty renders (retry
lanes left pending, each a scheduler task). The lazy wrapper now measures its slot with a ResizeObserver from the
first frame on (its report follows the browser's own layout, so measuring forces none) and a chart is built once, at
that width, in the render that shows it (\`lazyCharts.tsx\`): 6 commits in all after the first paint. The page's
main-thread tasks after its first paint, traced unthrottled and each counted as Lighthouse's simulation counts it
(4x, less 50 ms): 270-914 ms in 4 runs before, 201-442 in 4 runs after. In Lighthouse the change is within the noise:
\`/progress\` TBT 143-250 ms (score 89-93) and 133-299 ms (86-93) in the two full benches of 720c301 (the same code),
against 196-379 (84-93) and 96-226 the day's runs before. Those two benches, an hour apart, failed different figures
at the lines: LCP \`/home\` 2.55 and \`/progress\` 2.54 s, reads 0.49 of the baseline and a first set 118 ms in
the first; \`/auth\` 2.56 and \`/progress\` 2.58 s, \`/progress\` TBT 280 ms and score 88, the reads' p99 2.21x
their baseline's in the second.

On 2026-12-03 (at 555b721), found on Lighthouse's own trace with V8's samples: the frame that showed \`/progress\`'s
charts laid out 874 boxes in 27-35 ms at 1x, most of them the cells of the two visually hidden screen-reader tables
(at 4x: the rep table 16-20 ms of layout, the weight table 6-13, each SVG 2-5). The tables now mount once their chart's
frame is painted, and that update is a transition, so React time-slices it. The charts' frame 60 -> 20 ms at 1x;
Lighthouse \`/progress\` TBT in 5 runs each [174, 358, 160, 105, 207] -> [204, 146, 87, 261, 79] ms. That day's full
bench met every Lighthouse budget and failed the autosave at 0.27 of the baseline (its slices 435 and 670 req/s):
across benches since 4013d9e it had read 0.26-0.39, passing or failing by the run.

Later on 2026-12-03 (at 831e9b4) the autosave went from three database commands to two: \`PUT /api/sessions/:id\`
asks the session store for its workout session and that performance's entries in the aggregate that reads the
signed-in session (auth/sessionUser.ts \`SessionJoin\`; scoped by the session document's \`userId\`, and used only when
it is the signed-in user's session, else the route reads for itself), then sends its one \`bulkWrite\`. The embedded
server had answered that nested \`$lookup\` with mingo's, decoding the whole foreign collection; a sub-pipeline's
\`$lookup\` now takes the indexed path too, a plain \`$limit\` is a slice, and an \`$expr\` made only of field/variable
equalities bound to scalars is decided by the query equalities (no array in those fields) instead of a mingo query
built for each input document (13-14 % of the database's CPU in the autosave's profile was mingo building its
queries and pipelines). With the api's CPU per request from \`/proc\` the api was saturated (1.0 core) and the machine
still 14-18 % idle: the api's own CPU is the budget, and each command costs it about 0.1-0.2 ms (the driver's work, the
socket write to the database, BSON). A/B with both builds running and their 4 s slices interleaved (6 each, after 8 s
of warm-up): 824 -> 892 req/s, the database's CPU an autosave 0.64 -> 0.49 ms. Two throughput runs of the bench that
hour: the autosave 0.35 and 0.41 of the baseline (p99 2.5x and 1.9x), the reads 0.57 and 0.68; its full bench met
every budget (the autosave 0.42, the reads 0.53, \`/progress\` LCP 2.48 s). Then (at 64a111d) \`GET /api/workout-days\`
read the days' revisions in the same way, so a read answered from the process's copy is one command, and a plain
inclusion \`$project\` (the revisions' \`_id\`, \`userId\`, \`rev\`) is a copy of fields in the embedded server, not a
mingo pipeline: A/B as above, 1407 -> 1760 req/s, the api's CPU a read 0.80 -> 0.61 ms (this table's run is the full
bench of that build).

## Method

Everything runs against the production build (\`ensureBuilt()\` first), served by \`api/dist/server.js\` on
127.0.0.1 with its own embedded database (packages/embedded-mongo's CLI, a separate process, reached through
MONGODB_URI) in a fresh temporary folder. NODE_ENV=test so the session cookie is not marked Secure over plain
http (production's other code paths, compression and static caching included, are the same); sign-ups per IP are
unlimited for the run.

- **Bundles**: Chromium, one fresh context (cold cache) per route, counted until \`load\` and 500 ms without a
  request: the encoded body bytes of every script response (\`request.sizes().responseBodySize\`; the context
  accepts only gzip, the budgets' unit, where Chromium would otherwise get brotli; KB = 1024 bytes).
  \`/\` anonymous: all scripts. \`/auth\` anonymous, \`/home\` signed in, the account panel opened from /home, and
  \`/progress\` signed in (a user with 1k entries, so the charts draw): the scripts under \`/remotes/<that remote>/\`.
  "Other remotes' code" lists any script under another remote's folder on a route. d3 is detected through each
  served file's source map (\`node_modules/d3-*\` sources).
- **Page speed**: Chromium with 4x CPU throttling (CDP \`Emulation.setCPUThrottlingRate\`), fresh context each
  load, median of 3. Landing: the last \`largest-contentful-paint\` entry (buffered PerformanceObserver). /home
  (signed in, welcome modal marked as seen): \`performance.now()\` when a MutationObserver installed before the
  page's scripts first sees the 'Start Workout' button visible and enabled.
- **Offline /home**: an api process of its own on the same database; one online visit to /home (the service
  worker installs and fetches every remote of the map, the app keeps the user's reads in IndexedDB), then that api
  is stopped. Each of 3 runs opens a new tab in the same context with the service worker stopped too (CDP
  \`ServiceWorker.stopAllWorkers\`) and 4x CPU throttling, and takes the same 'Start Workout' moment as the online
  figure; median of 3.
- **Offline set logging**: the same kind of offline tab (a fresh user, one online visit, the api stopped), 4x CPU
  throttling; Day 1 started and its first 9 sets logged (the weight field tapped, weight and reps filled,
  'Complete Set' clicked; the rest timer skipped with 'Skip Rest'). In the page: \`performance.now()\` at the
  button's pointerdown (a capturing listener), then a MutationObserver and the next \`requestAnimationFrame\`: the
  frame in which the set counts as done (the progress bar's 'N of M sets done', changed in the render that shows
  the set's row done) and the frame in which the dialog labelled 'Rest' is on screen; its lateness is that time
  minus the spec's 500 ms (no rest timer follows a working set: 6 of the 9 sets). Median and worst of each.
- **Offline backlog sync**: a fresh user opens /home online, the api is stopped, and an outbox of 15 workouts
  (Day 1, 2, 3 five times, every set done: start, one save of the whole day, complete; 45 operations, 180 sets)
  is written into the page's IndexedDB as the app stores it. The api refuses times before the account was made
  or in the future, so the account is backdated 6 days in the database and the workouts are spread over the last
  5 days, 8 hours apart, 2 minutes between sets. The api is started again on its port and /home opened in the same
  tab: the time until no 'waiting to sync' line is left in the header and the dashboard shows 'Cycle 6'; the
  database then must hold exactly the 180 sets. The api's share: the same 45 operations as one POST /api/sync
  (fresh backdated user, session cookie, node's fetch), timed to the last byte, median of 3 users, every operation
  applied and Cycle 6 answered.
- **Throughput**: autocannon (programmatic, in its own node process), 50 connections, 10 s per route after an
  8 s warm-up of each server on the route measured (their steady state: bench/lib/throughput.js, WARM_UP_SECONDS),
  in two 5 s slices, each interleaved with a 5 s slice of the baseline (baseline then route, then route then baseline):
  this shared machine's CPU time per request drifts up to 2x within minutes, and a baseline measured once, before both routes, put the whole drift on one side of each ratio. Each slice's req/s is shown in
  brackets; a route's figures are the mean of its slices, its ratios against the baseline slices beside it. Baseline: a bare Express 5 + express-session + connect-mongo app (bench/lib/baseline-server.js,
  the api's own package versions, its own process, same database) answering \`GET /hello\` for an existing
  session, so the store is read on every request. Then the api's authenticated \`GET /api/workout-days\` and the
  autosave \`PUT /api/sessions/:id\` (same valid body every time, Origin header set). Ratio = api req/s ÷
  baseline req/s; p99s are compared with the baseline's p99 in the same run (issue #21: at most 2x for the read,
  4x for the autosave), as with 50 connections the latency is about 50 ÷ req/s by Little's law. Not budgeted, the
  read again for one slice as a browser asks it (\`Accept-Encoding: gzip, deflate, br, zstd\`), against the baseline
  slices of the read's run: the budgeted loads send no Accept-Encoding, so a cost only real clients pay shows there.
- **Profile** (bench/profile.js, also \`node bench/profile.js [seconds]\` alone): each route again on an api process
  of its own started with \`node --cpu-prof\`, a fresh database, 2 s of warm-up then 8 s of the same load; the
  profile's self time (idle left out) summed by where the code lives: a package under node_modules, the api's own
  files, node's internals, V8's entries (garbage collector, writeBuffer/writev: socket writes). The CPU a request is
  the profile's busy time over the measured requests, so start-up and warm-up make it an upper bound.
- **Growth**: users with 1k, 10k and 30k progress entries (3 workouts a week, ~38 sets each: 30k is 5 years)
  inserted straight into MongoDB in the api's ProgressEntry shape, the user's progress version bumped as the
  api does. \`GET /api/progress\` (gzip accepted, timed until the last byte, body not parsed): the first read
  (which builds the api's cached answer; every progress write makes the next read a first read again) is
  reported on its own, then the median of 5. Derivations: mf-analytics' \`deriveAnalytics\` compiled with
  @swc/core, median of 5 after a warm-up, on a fresh array each run (new data: everything recomputed; this is
  the budgeted figure) and on the same array with another unit/filter (the screen's re-derivation).
- **Memory**: the api process's RSS (/proc, sampled every 200 ms) during the whole throughput run and 3 s after
  it; the embedded database's RSS holding 30k entries: a fresh database process of its own, the api's two
  progress indexes, 30k entries inserted and read back once (its RSS empty is given for reference; the main
  database's RSS after the load and growth runs is reported as info); the
  analytics page's JS heap (CDP \`Performance.getMetrics\` JSHeapUsedSize) with the 30k user once the charts are
  drawn, and after a forced GC (info).
- **Caching & compression**: response headers checked with a client that accepts gzip; the second visit to
  /home in the same context counts script responses (CDP Network events) that were neither a 304 nor served
  from the cache.
- **Lighthouse** (issue #25; bench/lib/lighthouse.js): Lighthouse 12.8's Node API with its default config, the
  mobile preset (Moto G Power screen, simulated slow 4G: 150 ms RTT and 1.6 Mbps, 4x CPU slowdown; simulated
  throttling, so the figures come from Lighthouse's model of the observed load), performance and best-practices
  categories. Each run launches its own headless Chromium (the repo's, config/chromium.js, with its flags) on a
  fresh user-data-dir: a first visit, empty cache, no service worker. Lighthouse drives it through puppeteer-core
  connected to its DevTools endpoint (\`lighthouse(url, flags, undefined, page)\`, as Lighthouse's docs run
  authenticated pages). \`/\` and \`/auth\` anonymous; \`/home\` and \`/progress\` signed in as a lifter after 4
  weeks (signed up with the trial, 12 workouts of Day 1-2-3 synced through \`POST /api/sync\`, the account
  backdated): every cookie the api set at sign-up is put into the fresh profile through CDP \`Network.setCookie\`
  before the audit, which runs with \`disableStorageReset\` (Lighthouse would otherwise clear them). Nothing else is
  set: the welcome modal shows on /home as on any first visit. 3 runs per route; the run with the median
  performance score gives the figures (LCP, TBT, best practices; every run's score, LCP and TBT in brackets); its
  JSON and HTML reports are kept in node_modules/.cache/hit-lighthouse/. Simulated throttling scales the CPU time
  Chromium really took by 4, so on a busy machine TBT and LCP are inflated: the CPU benchmark index row (Lighthouse's
  own measure of the machine at each run) tells how busy it was. Only this part: \`node bench/run.js --only lighthouse\`.

## Limits of this machine

${os.cpus().length} cores are shared by the load generator, the api, the baseline, the embedded database and
Chromium. A node server uses at most about one core, and under load the server process (baseline or api) is the
one that saturates while the embedded database uses a fraction of a core (see the "cores used" rows): the ratios
compare the per-request CPU cost of the api with the baseline's. Ratios are more telling than absolute figures, which vary by ±20-30 % between runs, and much more while other
work runs on the machine (see the load average above; the "cores used" rows show how much CPU the server, the
database and autocannon actually got during each run: a sum well under ${os.cpus().length} means they were starved).
At 50 connections the p99 is bounded by queueing (latency ≈ connections ÷ throughput), so it mostly measures
the throughput again.
`;
  fs.writeFileSync(path.join(__dirname, 'RESULTS.md'), text);
}

async function main() {
  log('Checking the production build ...');
  require(path.join(REPO_ROOT, 'scripts/ensure-built')).ensureBuilt();

  const dataDir = servers.tempDataDir();
  log(`Starting the embedded database, the api and the baseline (data in ${dataDir}) ...`);
  const db = await servers.startDatabase(dataDir);
  const api = await servers.startApi({ mongoUri: db.uri, dataDir });
  const baseline = await servers.startBaseline({ mongoUri: db.uri });
  const { launchBrowser } = require('./lib/browser');
  let browser;
  try {
    // Pure CPU first, while nothing else of this run is busy.
    await step('Analytics derivations', 'deriveAnalytics', async () => {
      const { measureAnalytics } = require('./lib/analytics');
      const r = measureAnalytics({ sizes: [1_000, 10_000, 30_000] });
      row('deriveAnalytics 1k (fresh array)', fmtMs(r[1000].fresh));
      row('deriveAnalytics 10k (fresh array)', fmtMs(r[10000].fresh));
      row(
        'deriveAnalytics 30k (fresh array)',
        fmtMs(r[30000].fresh),
        `< ${BUDGETS.derive30kMs} ms`,
        r[30000].fresh < BUDGETS.derive30kMs,
      );
      row('deriveAnalytics 30k (same array, unit/filter change)', fmtMs(r[30000].same));
    });

    await step('API throughput (2 routes, each 2 x 5 s interleaved with the baseline)', 'API throughput', async () => {
      const { measureThroughput } = require('./lib/throughput');
      const r = await measureThroughput({ api, baseline, dbPid: db.process.pid, duration: 10, log });
      const problem = (x) => (x.problem ? ` [${x.problem}]` : '');
      const cores = (x, server) =>
        `${server} ${x.cores.server.toFixed(2)}, db ${x.cores.db.toFixed(2)}, autocannon ${x.cores.load.toFixed(2)}`;
      const slices = (x) => x.slices.map((slice) => slice.rps).join(', ');
      row(
        'baseline GET /hello (express+session), beside the reads',
        `${r.hello.rps.toFixed(0)} req/s [${slices(r.hello)}], p99 ${r.hello.p99} ms${problem(r.hello)}`,
      );
      row(
        'baseline GET /hello, beside the autosave',
        `${r.helloBesideAutosave.rps.toFixed(0)} req/s [${slices(r.helloBesideAutosave)}], p99 ${r.helloBesideAutosave.p99} ms${problem(r.helloBesideAutosave)}`,
      );
      row('  cores used: baseline run', cores(r.hello, 'baseline'));
      row('  cores used: GET /api/workout-days run', cores(r.workoutDays, 'api'));
      row('  cores used: autosave PUT run', cores(r.autosave, 'api'));
      const wdRatio = r.workoutDays.rps / r.hello.rps;
      row(
        'GET /api/workout-days: req/s ratio',
        `${wdRatio.toFixed(2)} (${r.workoutDays.rps.toFixed(0)} req/s [${slices(r.workoutDays)}])${problem(r.workoutDays)}`,
        `>= ${BUDGETS.workoutDaysRatio.toFixed(2)}`,
        wdRatio >= BUDGETS.workoutDaysRatio && !r.workoutDays.problem,
      );
      const wdP99 = r.workoutDays.p99 / r.hello.p99;
      row(
        'GET /api/workout-days: p99 / baseline p99 (50 conns)',
        `${wdP99.toFixed(2)} (${r.workoutDays.p99} ms, p50 ${r.workoutDays.p50} ms; baseline ${r.hello.p99} ms)`,
        `<= ${BUDGETS.workoutDaysP99Ratio}`,
        wdP99 <= BUDGETS.workoutDaysP99Ratio,
      );
      row(
        'GET /api/workout-days as a browser asks it (gzip accepted), one slice: req/s ratio',
        `${(r.workoutDaysGzip.rps / r.hello.rps).toFixed(2)} (${r.workoutDaysGzip.rps.toFixed(0)} req/s, p99 ${r.workoutDaysGzip.p99} ms)${problem(r.workoutDaysGzip)}`,
      );
      const asRatio = r.autosave.rps / r.helloBesideAutosave.rps;
      row(
        'PUT /api/sessions/:id autosave: req/s ratio',
        `${asRatio.toFixed(2)} (${r.autosave.rps.toFixed(0)} req/s [${slices(r.autosave)}])${problem(r.autosave)}`,
        `>= ${BUDGETS.autosaveRatio.toFixed(2)}`,
        asRatio >= BUDGETS.autosaveRatio && !r.autosave.problem,
      );
      const asP99 = r.autosave.p99 / r.helloBesideAutosave.p99;
      row(
        'PUT /api/sessions/:id autosave: p99 / baseline p99',
        `${asP99.toFixed(2)} (${r.autosave.p99} ms, p50 ${r.autosave.p50} ms; baseline ${r.helloBesideAutosave.p99} ms)`,
        `<= ${BUDGETS.autosaveP99Ratio}`,
        asP99 <= BUDGETS.autosaveP99Ratio,
      );
      row(
        'api RSS during load (peak)',
        `${(r.rss.peak / MB).toFixed(0)} MB`,
        `< ${BUDGETS.apiRssMb} MB`,
        r.rss.peak / MB < BUDGETS.apiRssMb,
      );
      row(
        'api RSS 3 s after load',
        `${(r.rss.after / MB).toFixed(0)} MB`,
        `< ${BUDGETS.apiRssMb} MB`,
        r.rss.after / MB < BUDGETS.apiRssMb,
      );
    });

    await step("Where the api's time goes (CPU profile, 2 x 8 s under load)", 'profile', async () => {
      const { profileRoutes } = require('./profile');
      for (const { label, result, summary } of await profileRoutes({ seconds: 8, log })) {
        const cpuMs = summary.busyMs / result.requests;
        row(
          `profile ${label}`,
          `${Math.round(result.rps)} req/s; at most ${cpuMs.toFixed(2)} ms api CPU a request (start and warm-up included)`,
        );
        const share = (list, n) => list.slice(0, n).map(({ name, share: s }) => `${name} ${(s * 100).toFixed(0)}%`);
        row('  self time by place', share(summary.places, 4).join(', '));
        row('  ', share(summary.places.slice(4), 5).join(', '));
      }
    });

    let growthUsers = {};
    await step('Growth: GET /api/progress at 1k/10k/30k entries', 'GET /api/progress', async () => {
      const { measureGrowth } = require('./lib/growth');
      const { results: g, users } = await measureGrowth({ api, mongoUri: db.uri, log });
      growthUsers = users;
      row('GET /api/progress 1k (median of 5)', fmtMs(g[1000].median));
      row('GET /api/progress 10k (median of 5)', fmtMs(g[10000].median));
      row(
        'GET /api/progress 30k (median of 5)',
        `${fmtMs(g[30000].median)} (${fmtKb(g[30000].gzipBytes)} gzip)`,
        `< ${BUDGETS.progress30kMs} ms`,
        g[30000].median < BUDGETS.progress30kMs,
      );
      const ratio = g[30000].median / g[1000].median;
      row(
        'GET /api/progress 30k / 1k',
        ratio.toFixed(1),
        `<= ${BUDGETS.progress30kTo1kRatio}`,
        ratio <= BUDGETS.progress30kTo1kRatio,
      );
      row(
        'GET /api/progress first read 1k / 10k / 30k',
        `${fmtMs(g[1000].cold)} / ${fmtMs(g[10000].cold)} / ${fmtMs(g[30000].cold)}`,
      );
      const dbRss = rssOf(db.process.pid);
      if (dbRss !== undefined) row('embedded DB RSS after the load + growth runs', `${(dbRss / MB).toFixed(0)} MB`);
    });

    await step('Exports of 30k sets (fastest of 3)', 'export', async () => {
      const { measureExports } = require('./lib/growth');
      if (!growthUsers[30000]) throw new Error('no 30k user (the growth benchmark failed)');
      const exports = await measureExports({ api, account: growthUsers[30000] });
      for (const format of ['csv', 'json']) {
        const ms = exports[format];
        row(`GET /api/export/${format}, 30k sets`, fmtMs(ms), `< ${BUDGETS.export30kMs} ms`, ms < BUDGETS.export30kMs);
      }
    });

    await step('Embedded database RSS with 30k entries (own process)', 'embedded DB RSS', async () => {
      const { measureDatabaseRss } = require('./lib/growth');
      const r = await measureDatabaseRss({
        startDatabase: servers.startDatabase,
        dataDir: path.join(dataDir, 'db-rss'),
      });
      row(
        'embedded DB RSS holding 30k entries',
        `${(r.full / MB).toFixed(0)} MB (empty ${(r.empty / MB).toFixed(0)} MB)`,
        `< ${BUDGETS.dbRss30kMb} MB`,
        r.full / MB < BUDGETS.dbRss30kMb,
      );
    });

    browser = await launchBrowser();
    const browserUser = await signUp(api.baseUrl, 'browser');
    const progressCookie = growthUsers[1000]?.cookie ?? browserUser.cookie;
    let landingScripts = [];

    await step('Bundles (Chromium)', 'bundles', async () => {
      const { measureBundles } = require('./lib/bundles');
      const results = await measureBundles({
        browser,
        baseUrl: api.baseUrl,
        cookie: browserUser.cookie,
        progressCookie,
      });
      for (const r of results) {
        landingScripts.push(...r.paths);
        if (r.remote === null) {
          row(
            'landing / initial JS (anonymous)',
            `${fmtKb(r.totalBytes)} (${r.count} scripts)`,
            `<= ${BUDGETS.landingInitialJsKb} KB`,
            kb(r.totalBytes) <= BUDGETS.landingInitialJsKb,
          );
        } else {
          row(
            `${r.route}: ${r.remote} own JS`,
            `${fmtKb(r.ownBytes)} (route total ${fmtKb(r.totalBytes)})`,
            `<= ${BUDGETS.remoteOwnJsKb} KB`,
            kb(r.ownBytes) <= BUDGETS.remoteOwnJsKb,
          );
        }
      }
      const foreign = results.filter((r) => r.foreign.length).map((r) => `${r.route}: ${r.foreign.join(', ')}`);
      row(
        "routes loading another remote's code",
        foreign.length ? foreign.join('; ') : 'none',
        'none',
        foreign.length === 0,
      );
      const d3Outside = results.filter((r) => r.remote !== 'mf-analytics' && r.d3.length).map((r) => r.route);
      const d3OnProgress = results.some((r) => r.remote === 'mf-analytics' && r.d3.length);
      row(
        'd3 loaded outside /progress',
        d3Outside.length ? d3Outside.join(', ') : `no (on /progress: ${d3OnProgress ? 'yes' : 'no'})`,
        'no',
        d3Outside.length === 0,
      );
    });

    await step('Page speed (Chromium, 4x CPU throttling)', 'page speed', async () => {
      const { measurePageSpeed } = require('./lib/pagespeed');
      const r = await measurePageSpeed({ browser, baseUrl: api.baseUrl, cookie: browserUser.cookie });
      row(
        'landing LCP, 4x CPU (median of 3)',
        `${fmtMs(r.lcp)} [${r.lcpRuns.map((v) => v.toFixed(0)).join(', ')}]`,
        `<= ${BUDGETS.landingLcpMs} ms`,
        r.lcp <= BUDGETS.landingLcpMs,
      );
      row(
        "/home 'Start Workout' ready, 4x CPU (median of 3)",
        `${fmtMs(r.home)} [${r.homeRuns.map((v) => v.toFixed(0)).join(', ')}]`,
        `<= ${BUDGETS.homeReadyMs} ms`,
        r.home <= BUDGETS.homeReadyMs,
      );
    });

    await step('Offline /home (api stopped, Chromium, 4x CPU throttling)', 'offline /home', async () => {
      const { measureOfflineHome } = require('./lib/offline');
      const r = await measureOfflineHome({ browser, startApi: () => servers.startApi({ mongoUri: db.uri, dataDir }) });
      row(
        "/home 'Start Workout' ready offline, cold tab, 4x CPU (median of 3)",
        `${fmtMs(r.median)} [${r.runs.map((v) => v.toFixed(0)).join(', ')}]`,
        `<= ${BUDGETS.offlineHomeReadyMs} ms`,
        r.median <= BUDGETS.offlineHomeReadyMs,
      );
    });

    await step('Logging sets offline (api stopped, Chromium, 4x CPU throttling)', 'offline set logging', async () => {
      const { measureOfflineLogging } = require('./lib/sync');
      const r = await measureOfflineLogging({
        browser,
        startApi: () => servers.startApi({ mongoUri: db.uri, dataDir }),
      });
      row(
        `Complete Set -> set shown done, offline, 4x CPU (median / worst of ${r.done.length}; each)`,
        `${fmtMs(r.doneMedian)} / ${fmtMs(r.doneWorst)} [${r.done.map((v) => v.toFixed(0)).join(', ')}]`,
        `<= ${BUDGETS.offlineSetDoneMs} ms`,
        r.doneWorst <= BUDGETS.offlineSetDoneMs,
      );
      row(
        `Complete Set -> rest timer, lateness over the 500 ms of the spec, offline, 4x CPU (median / worst of ${r.lateness.length}; each)`,
        `${fmtMs(r.restLatenessMedian)} / ${fmtMs(r.restLatenessWorst)} [${r.lateness.map((v) => v.toFixed(0)).join(', ')}]`,
        `<= ${BUDGETS.restTimerLatenessMs} ms`,
        r.restLatenessWorst <= BUDGETS.restTimerLatenessMs,
      );
    });

    await step('Syncing an offline backlog (15 workouts, Chromium)', 'offline backlog sync', async () => {
      const { measureBacklogSync } = require('./lib/sync');
      const r = await measureBacklogSync({
        browser,
        mongoUri: db.uri,
        startApi: (port) => servers.startApi({ mongoUri: db.uri, dataDir, port }),
      });
      row(
        `Backlog of ${r.workouts} workouts (${r.operations} operations, ${r.sets} sets): reload -> all synced, Cycle 6`,
        fmtMs(r.ms),
        `< ${BUDGETS.backlogSyncMs} ms`,
        r.ms < BUDGETS.backlogSyncMs,
      );
    });

    await step('Syncing an offline backlog: the api alone (one POST /api/sync)', 'POST /api/sync backlog', async () => {
      const { measureSyncBatch } = require('./lib/sync');
      const r = await measureSyncBatch({ api, mongoUri: db.uri });
      row(
        `POST /api/sync of that backlog alone, fresh user (median of ${r.runs.length}; each)`,
        `${fmtMs(r.median)} [${r.runs.map((v) => v.toFixed(0)).join(', ')}] (${r.operations} operations, ${r.requestKb.toFixed(0)} KB)`,
      );
    });

    await step('Analytics page heap (30k entries)', 'analytics page JS heap', async () => {
      const user = growthUsers[30000];
      if (!user) throw new Error('no 30k user (the growth benchmark failed)');
      const { measureAnalyticsHeap } = require('./lib/memory');
      const r = await measureAnalyticsHeap({ browser, baseUrl: api.baseUrl, cookie: user.cookie });
      row(
        '/progress JS heap, 30k entries',
        `${(r.used / MB).toFixed(1)} MB (after GC ${(r.afterGc / MB).toFixed(1)} MB)`,
        `< ${BUDGETS.analyticsHeapMb} MB`,
        r.used / MB < BUDGETS.analyticsHeapMb,
      );
      row('/progress charts drawn, 30k entries (no throttling)', fmtMs(r.chartsAt));
    });

    await step('Caching & compression', 'caching & compression', async () => {
      const { checkHeaders, secondVisit } = require('./lib/caching');
      const checks = await checkHeaders({
        baseUrl: api.baseUrl,
        cookie: browserUser.cookie,
        landingScripts: [...new Set(landingScripts)],
      });
      for (const c of checks) row(c.figure, c.value, 'yes', c.ok);
      const v = await secondVisit({ browser, baseUrl: api.baseUrl, cookie: browserUser.cookie });
      row(
        'second /home visit: script bodies re-sent',
        v.transferred.length
          ? `${v.transferred.length}: ${v.transferred.slice(0, 3).join(', ')}`
          : `none (${v.secondCount} script responses, all 304 or cached)`,
        'none',
        v.transferred.length === 0,
      );
    });

    // Last, when nothing else of this run is busy (Lighthouse's simulation scales the CPU time it observes by 4).
    await step('Lighthouse 12, mobile preset (/, /auth, /home, /progress; 3 runs each)', 'Lighthouse', async () => {
      const {
        measureLighthouse,
        signUpLifter,
        describeFindings,
        describeDiagnostics,
        RUNS,
      } = require('./lib/lighthouse');
      const lifter = await signUpLifter({ baseUrl: api.baseUrl, mongoUri: db.uri });
      log(`  a lifter after 4 weeks: ${lifter.workouts} workouts, ${lifter.sets} sets synced`);
      const results = await measureLighthouse({
        baseUrl: api.baseUrl,
        routes: [
          { route: '/' },
          { route: '/auth' },
          { route: '/home', setCookies: lifter.setCookies },
          { route: '/progress', setCookies: lifter.setCookies },
        ],
        log,
      });
      const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
      for (const r of results) {
        const label = `Lighthouse ${r.route}${r.signedIn ? ' (signed in)' : ''}`;
        const runs = (pick) => `[${r.runs.map(pick).join(', ')}]`;
        row(
          `${label}: performance, mobile (median of ${RUNS} by score)`,
          `${r.performance} ${runs((x) => x.performance)}`,
          `>= ${BUDGETS.lighthousePerformance}`,
          r.performance >= BUDGETS.lighthousePerformance,
        );
        row(
          `  ${r.route} LCP (that run; every run)`,
          `${seconds(r.lcpMs)} ${runs((x) => (x.lcpMs / 1000).toFixed(2))}${r.lcpElement ? ` (${r.lcpElement.slice(0, 40)})` : ''}`,
          `<= ${seconds(BUDGETS.lighthouseLcpMs)}`,
          r.lcpMs <= BUDGETS.lighthouseLcpMs,
        );
        row(
          `  ${r.route} TBT (that run; every run)`,
          `${Math.round(r.tbtMs)} ms ${runs((x) => Math.round(x.tbtMs))}`,
          `<= ${BUDGETS.lighthouseTbtMs} ms`,
          r.tbtMs <= BUDGETS.lighthouseTbtMs,
        );
        row(
          `  ${r.route} best practices (that run)`,
          `${r.bestPractices}${r.failingBestPractices.length ? `: ${r.failingBestPractices.join(' | ')}` : ''}`,
          String(BUDGETS.lighthouseBestPractices),
          r.bestPractices >= BUDGETS.lighthouseBestPractices,
        );
        row(`  ${r.route} opportunities`, describeFindings(r.findings));
        row(`  ${r.route} diagnostics`, describeDiagnostics(r.findings) || 'none failed');
      }
      row(
        "Lighthouse's CPU benchmark index of the median runs (higher: a faster CPU at that moment)",
        results.map((r) => `${r.route} ${Math.round(r.benchmarkIndex ?? 0)}`).join(', '),
      );
    });
  } finally {
    if (browser) await browser.close().catch(() => undefined);
    await servers.stopAll();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const durationS = (Date.now() - started) / 1000;
  console.log(`\n${table()}\n`);
  if (ONLY) console.log('Only some benchmarks ran (--only): bench/RESULTS.md is left as it was.');
  else writeResults(durationS);
  const failed = rows.filter((r) => r.pass === false);
  console.log(
    `Run time ${durationS.toFixed(0)} s on ${os.cpus().length} cores (load average ${loadAtStart.toFixed(1)} at the start, ` +
      `${os.loadavg()[0].toFixed(1)} at the end), Node ${process.version}${ONLY ? '' : '; written to bench/RESULTS.md'}`,
  );
  console.log(failed.length ? `${failed.length} budget(s) failed.` : 'Every budget met.');
  process.exit(failed.length ? 1 : 0);
}

// Run as a program only (`npm run bench`, `node bench/run.js`): requiring this file, to check it loads, runs nothing.
if (require.main === module) {
  // Ctrl-C or a CI timeout: stop the database, the api and the baseline before leaving.
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      console.error(`${signal}: stopping the bench's servers ...`);
      servers.stopAll().finally(() => process.exit(130));
    });
  }

  main().catch(async (error) => {
    console.error(error.stack ?? String(error));
    await servers.stopAll();
    process.exit(1);
  });
}
