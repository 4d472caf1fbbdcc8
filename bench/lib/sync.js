// Logging offline and syncing a backlog (issue #18 item 7; docs/architecture.md, "Performance budgets").
// The browser figures run with the api process really stopped after one online visit (the service worker holds the
// code, IndexedDB the user's reads), in a page the worker controls, as a lifter's phone at the gym.
// - Set logging at 4x CPU: for each set, `performance.now()` at the Complete Set pointerdown, then the first frame in
//   which the set counts as done (the progress bar's count, changed in the same render as the set's row), and the
//   first frame with the rest timer's dialog on screen (the spec opens it 500 ms after the set: its lateness over
//   500 ms is the figure).
// - Backlog: 15 workouts (5 cycles of Day 1, 2, 3, every set done) written into the user's outbox in IndexedDB as the
//   app leaves them after offline workouts (start, one save of the whole state, complete each), the api started, the
//   page opened again: the time until the header's 'waiting to sync' line is gone with 'Cycle 6' on screen. The
//   api's share: the same 45 operations as one POST /api/sync for a fresh user, timed from a plain HTTP client.
// The api refuses times before the account was made, so each account is backdated in the database (BACKDATE_DAYS)
// and the 15 workouts are spread over the last 5 days, 8 hours apart, 2 minutes between sets.
const crypto = require('node:crypto');
const { median, requireFromApi, signUp, sleep } = require('./util');
const { newContext } = require('./browser');

const CPU_THROTTLING = 4;
const WORKOUTS = 15;
const HOUR = 60 * 60 * 1000;
const BACKDATE_DAYS = 6;
const WORKOUT_EVERY_MS = 8 * HOUR;
const SET_EVERY_MS = 2 * 60 * 1000;
/** How many sets of Day 1 are logged: 3 exercises, so 9 sets and 6 rest timers (none after a working set). */
const LOGGED_EXERCISES = 3;
/** The set labels the workout screen shows (mf-workout's setLabel). */
const setLabel = (sets, index) =>
  sets[index].type === 'working'
    ? 'Working Set'
    : `Warm-up ${sets.slice(0, index + 1).filter((set) => set.type === 'warmup').length}`;

/** Moves an account's creation BACKDATE_DAYS into the past, as if it had been made before the offline days. */
async function backdateAccount(mongoUri, userId) {
  const { MongoClient, ObjectId } = requireFromApi('mongodb');
  const mongo = new MongoClient(`${mongoUri}/hit-bench`);
  await mongo.connect();
  try {
    const { matchedCount } = await mongo
      .db()
      .collection('users')
      .updateOne(
        { _id: new ObjectId(userId) },
        { $set: { createdAt: new Date(Date.now() - BACKDATE_DAYS * 24 * HOUR) } },
      );
    if (matchedCount !== 1) throw new Error(`no user ${userId} to backdate`);
    // Sessions carry their user's copy (api/src/auth/sessionUser.ts): refreshed as the api does after its changes.
    // (The built api: the bench runs after ensureBuilt.)
    const { refreshSessionUsers } = require('../../api/dist/auth/sessionUser');
    await refreshSessionUsers(mongo.db(), new ObjectId(userId));
  } finally {
    await mongo.close();
  }
}

/** How many progress entries the api holds for a user (every synced set once). */
async function progressEntryCount(mongoUri, userId) {
  const { MongoClient, ObjectId } = requireFromApi('mongodb');
  const mongo = new MongoClient(`${mongoUri}/hit-bench`);
  await mongo.connect();
  try {
    return await mongo
      .db()
      .collection('progressentries')
      .countDocuments({ userId: new ObjectId(userId) });
  } finally {
    await mongo.close();
  }
}

/** Asks the page's service worker to fetch every remote of the visitor's map and waits for its answer. */
function warmRemotes(page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const { remotes } = await (await fetch('/api/remotes')).json();
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => resolve(event.data);
      registration.active.postMessage({ type: 'WARM_REMOTES', remotes }, [channel.port2]);
    });
  });
}

/** A user who opened /home once online, in a page the service worker controls; the api then stopped. */
async function offlineLifter(browser, api) {
  const { client, cookie } = await signUp(api.baseUrl, 'sync');
  const user = await client.call('GET', '/api/user');
  const days = await client.call('GET', '/api/workout-days');
  const context = await newContext(browser, api.baseUrl, { cookie });
  const page = await context.newPage();
  await page.goto('/home');
  await page.getByRole('button', { name: 'Start Workout' }).waitFor({ timeout: 30_000 });
  const warmed = await warmRemotes(page);
  if (warmed.missing.length) throw new Error(`the service worker could not fetch ${warmed.missing.join(', ')}`);
  await page.reload();
  await page.getByRole('button', { name: 'Start Workout' }).waitFor({ timeout: 30_000 });
  // The app writes its IndexedDB copy of the reads (and the 'Last time' hints) shortly after they arrive.
  await sleep(2_000);
  return { context, page, userId: user.id, days };
}

/** Watches, in the page, each Complete Set tap and the frames that show its effects. */
function instrumentSets() {
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
  window.__benchSets = [];
  let current = null;
  document.addEventListener(
    'pointerdown',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (button?.textContent?.trim() === 'Complete Set') current = { tap: performance.now(), done: null, rest: null };
    },
    true,
  );
  const doneText = () => document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuetext') ?? '';
  // The rest timer: the dialog labelled 'Rest' (RestTimerOverlay).
  const restShown = () =>
    [...document.querySelectorAll('[role="dialog"][aria-labelledby]')].some(
      (dialog) => document.getElementById(dialog.getAttribute('aria-labelledby'))?.textContent?.trim() === 'Rest',
    );
  let lastDone = doneText();
  new MutationObserver(() => {
    if (!current) return;
    const record = current;
    const text = doneText();
    if (record.done === null && text !== lastDone) {
      lastDone = text;
      record.done = -1;
      void frame().then((at) => {
        record.done = at - record.tap;
        window.__benchSets.push(record);
      });
    }
    if (record.rest === null && restShown()) {
      record.rest = -1;
      void frame().then((at) => {
        record.rest = at - record.tap;
      });
    }
  }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
}

/**
 * @param {object} options
 * @param {import('playwright-core').Browser} options.browser
 * @param {() => Promise<{ baseUrl: string, stop: () => Promise<void> }>} options.startApi an api of its own
 */
async function measureOfflineLogging({ browser, startApi }) {
  const api = await startApi();
  let context;
  try {
    const lifter = await offlineLifter(browser, api);
    context = lifter.context;
    const { page, days } = lifter;
    await api.stop();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
    await page.evaluate(instrumentSets);

    await page.getByRole('button', { name: 'Start Workout' }).click();
    const sets = days[0].exercises
      .slice(0, LOGGED_EXERCISES)
      .flatMap((exercise) => exercise.sets.map((set, index) => [exercise.name, setLabel(exercise.sets, index)]));
    for (const [index, [exercise, set]] of sets.entries()) {
      const form = page
        .getByRole('region', { name: exercise, exact: true })
        .getByRole('form', { name: set, exact: true });
      await form.waitFor({ timeout: 30_000 });
      // A lifter taps the field before typing (fill alone would only focus it).
      await form.getByLabel('Weight', { exact: true }).click();
      await form.getByLabel('Weight', { exact: true }).fill('100');
      await form.getByLabel('Reps', { exact: true }).fill('8');
      await form.getByRole('button', { name: 'Complete Set' }).click();
      await page.waitForFunction((count) => window.__benchSets.length >= count, index + 1, { timeout: 30_000 });
      if (set !== 'Working Set') {
        const rest = page.getByRole('dialog', { name: 'Rest', exact: true });
        await rest.waitFor({ timeout: 30_000 });
        await page.waitForFunction((i) => window.__benchSets[i].rest > 0, index, { timeout: 30_000 });
        await rest.getByRole('button', { name: 'Skip Rest' }).click();
        await rest.waitFor({ state: 'detached', timeout: 30_000 });
      }
    }
    const records = await page.evaluate(() => window.__benchSets);
    const done = records.map((r) => r.done);
    const lateness = records.filter((r) => r.rest > 0).map((r) => r.rest - 500);
    return {
      doneMedian: median(done),
      doneWorst: Math.max(...done),
      done,
      restLatenessMedian: median(lateness),
      restLatenessWorst: Math.max(...lateness),
      lateness,
    };
  } finally {
    await context?.close();
    await api.stop();
  }
}

/**
 * The outbox after 15 offline workouts, as the app stores it (packages/platform/src/outbox/types.ts), built as
 * api/test/syncOutbox.ts builds one: the first workout 5 days ago (the account is backdated 6), the last 8 hours ago.
 */
function backlog(days, now) {
  const operations = [];
  const firstStart = now - (WORKOUTS - 1) * WORKOUT_EVERY_MS - WORKOUT_EVERY_MS;
  const objectId = () => crypto.randomBytes(12).toString('hex');
  let sets = 0;
  for (let workout = 0; workout < WORKOUTS; workout += 1) {
    const day = days[workout % days.length];
    const sessionId = objectId();
    let at = firstStart + workout * WORKOUT_EVERY_MS;
    const time = (ms) => new Date((at += ms)).toISOString();
    operations.push({ opId: crypto.randomUUID(), at: time(0), type: 'start', dayId: day.id, sessionId });
    const exercises = day.exercises.map((exercise, e) => ({
      ...exercise,
      sets: exercise.sets.map((set, s) => {
        sets += 1;
        return { ...set, completed: true, weight: 50 + 10 * e + 5 * s, reps: 8, completedAt: time(SET_EVERY_MS) };
      }),
    }));
    operations.push({ opId: crypto.randomUUID(), at: time(1000), type: 'save', dayId: day.id, sessionId, exercises });
    operations.push({ opId: crypto.randomUUID(), at: time(60_000), type: 'complete', dayId: day.id, sessionId });
  }
  if (new Date(operations.at(-1).at).getTime() > now) throw new Error('the backlog would end in the future');
  return {
    stored: { version: 1, operations, onServer: {}, rejected: [], notices: [], waiting: null },
    sets,
    cycle: Math.floor(WORKOUTS / days.length) + 1,
  };
}

/** Writes a user's outbox into the page's IndexedDB as idb-keyval does ('hit-outbox' / 'outboxes', `user:<id>`). */
function writeOutbox(page, userId, stored) {
  return page.evaluate(
    ({ key, value }) =>
      new Promise((resolve, reject) => {
        const opening = indexedDB.open('hit-outbox');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          const writing = db.transaction('outboxes', 'readwrite');
          writing.objectStore('outboxes').put(value, key);
          writing.oncomplete = () => {
            db.close();
            resolve();
          };
          writing.onerror = () => reject(writing.error);
        };
      }),
    { key: `user:${userId}`, value: stored },
  );
}

/**
 * @param {object} options
 * @param {import('playwright-core').Browser} options.browser
 * @param {string} options.mongoUri the bench database (to backdate the account and count what was recorded)
 * @param {(port?: number) => Promise<{ baseUrl: string, port: number, stop: () => Promise<void> }>} options.startApi
 *   an api of its own (started again on the same port)
 */
async function measureBacklogSync({ browser, mongoUri, startApi }) {
  let api = await startApi();
  let context;
  try {
    const lifter = await offlineLifter(browser, api);
    context = lifter.context;
    const { page, userId, days } = lifter;
    await backdateAccount(mongoUri, userId);
    await api.stop();
    const { stored, sets, cycle } = backlog(days, Date.now());
    await writeOutbox(page, userId, stored);
    // Off the app while the api starts, so no retry of the running page sends before the timed visit.
    await page.goto('about:blank');
    api = await startApi(api.port);
    const started = Date.now();
    await page.goto('/home');
    await page
      .getByText(`${sets} sets waiting to sync`)
      .waitFor({ timeout: 30_000 })
      .catch(() => undefined);
    await page.getByText(/^\d+ sets? waiting to sync$/).waitFor({ state: 'detached', timeout: 60_000 });
    await page.getByText(`Cycle ${cycle}`, { exact: true }).waitFor({ timeout: 60_000 });
    const ms = Date.now() - started;
    const recorded = await progressEntryCount(mongoUri, userId);
    if (recorded !== sets) throw new Error(`the api recorded ${recorded} sets of the ${sets} synced`);
    return { ms, workouts: WORKOUTS, operations: stored.operations.length, sets };
  } finally {
    await context?.close();
    await api.stop();
  }
}

const BATCH_RUNS = 3;

/**
 * The api's share of a backlog sync: the same outbox as one POST /api/sync for a fresh (backdated) user, timed from
 * the request to the last byte of the answer with a plain HTTP client on this machine; median of BATCH_RUNS users.
 * @param {object} options
 * @param {{ baseUrl: string }} options.api the running api
 * @param {string} options.mongoUri the bench database
 */
async function measureSyncBatch({ api, mongoUri }) {
  const runs = [];
  let shape;
  for (let run = 0; run < BATCH_RUNS; run += 1) {
    const { client, cookie } = await signUp(api.baseUrl, 'syncbatch');
    const user = await client.call('GET', '/api/user');
    const days = await client.call('GET', '/api/workout-days');
    await backdateAccount(mongoUri, user.id);
    const { stored, sets, cycle } = backlog(days, Date.now());
    const body = JSON.stringify({ userId: user.id, operations: stored.operations });
    const t0 = performance.now();
    const response = await fetch(`${api.baseUrl}/api/sync`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', Cookie: cookie, Origin: api.baseUrl },
      body,
    });
    const text = await response.text();
    runs.push(performance.now() - t0);
    if (!response.ok) throw new Error(`POST /api/sync: HTTP ${response.status} ${text.slice(0, 200)}`);
    const answer = JSON.parse(text);
    const notApplied = answer.results.filter((result) => result.status !== 'applied');
    if (notApplied.length) throw new Error(`POST /api/sync did not apply ${JSON.stringify(notApplied[0])}`);
    if (answer.workoutState.cycleCount + 1 !== cycle)
      throw new Error(`after the batch the api is at Cycle ${answer.workoutState.cycleCount + 1}, not ${cycle}`);
    const recorded = await progressEntryCount(mongoUri, user.id);
    if (recorded !== sets) throw new Error(`the api recorded ${recorded} sets of the ${sets} sent`);
    shape = { operations: stored.operations.length, sets, requestKb: Buffer.byteLength(body) / 1024 };
  }
  return { median: median(runs), runs, workouts: WORKOUTS, ...shape };
}

module.exports = { measureOfflineLogging, measureBacklogSync, measureSyncBatch };
