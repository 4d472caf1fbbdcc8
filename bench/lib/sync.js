// Logging offline and syncing a backlog (issue #18 item 7; docs/architecture.md, "Performance budgets").
// Both with the api process really stopped after one online visit (the service worker holds the code, IndexedDB the
// user's reads), in a page the worker controls, as a lifter's phone at the gym.
// - Set logging at 4x CPU: for each set, `performance.now()` at the Complete Set pointerdown, then the first frame in
//   which the progress bar counts the set (the set shown done), and the first frame with the rest timer on screen
//   (the spec opens it 500 ms after the set: its lateness over 500 ms is the figure).
// - Backlog: 15 workouts (5 cycles of Day 1, 2, 3, every set done) written into the user's outbox in IndexedDB as the
//   app leaves them after offline workouts (start, one save of the whole state, complete each), the api started, the
//   page reloaded: the time from the reload to the header's 'waiting to sync' line gone with 'Cycle 6' on screen.
const crypto = require('node:crypto');
const { median, signUp, sleep } = require('./util');
const { newContext } = require('./browser');

const CPU_THROTTLING = 4;
const WORKOUTS = 15;

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
    const rest = [...document.querySelectorAll('[role="dialog"]')].some((d) => d.textContent?.includes('Skip Rest'));
    if (record.rest === null && rest) {
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
    const { page } = lifter;
    await api.stop();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
    await page.evaluate(instrumentSets);

    await page.getByRole('button', { name: 'Start Workout' }).click();
    const sets = [
      ['Incline Press', 'Warm-up 1'],
      ['Incline Press', 'Warm-up 2'],
      ['Incline Press', 'Working Set'],
      ['Dumbbell Flys', 'Warm-up 1'],
      ['Dumbbell Flys', 'Warm-up 2'],
      ['Dumbbell Flys', 'Working Set'],
    ];
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

/** The outbox after 15 offline workouts, as the app stores it (packages/platform/src/outbox/types.ts). */
function backlog(days, now) {
  const operations = [];
  // Spread over the last 20 hours (the api takes times at most a day before the account was made).
  let at = now - 20 * 60 * 60 * 1000;
  const tick = (ms) => new Date((at += ms)).toISOString();
  for (let workout = 0; workout < WORKOUTS; workout += 1) {
    const day = days[workout % 3];
    const sessionId = crypto.randomBytes(12).toString('hex');
    operations.push({ opId: crypto.randomUUID(), at: tick(60_000), type: 'start', dayId: day.id, sessionId });
    const exercises = day.exercises.map((exercise, e) => ({
      ...exercise,
      sets: exercise.sets.map((set, s) => ({
        ...set,
        completed: true,
        weight: 50 + 10 * e + 5 * s,
        reps: 8,
        completedAt: tick(60_000),
      })),
    }));
    operations.push({ opId: crypto.randomUUID(), at: tick(1000), type: 'save', dayId: day.id, sessionId, exercises });
    operations.push({ opId: crypto.randomUUID(), at: tick(1000), type: 'complete', dayId: day.id, sessionId });
  }
  return { version: 1, operations, onServer: {}, rejected: [], notices: [], waiting: null };
}

/**
 * @param {object} options
 * @param {import('playwright-core').Browser} options.browser
 * @param {(port?: number) => Promise<{ baseUrl: string, port: number, stop: () => Promise<void> }>} options.startApi
 *   an api of its own (started again on the same port)
 */
async function measureBacklogSync({ browser, startApi }) {
  let api = await startApi();
  let context;
  try {
    const lifter = await offlineLifter(browser, api);
    context = lifter.context;
    const { page, userId, days } = lifter;
    await api.stop();
    const stored = backlog(days, Date.now());
    const sets = stored.operations
      .filter((op) => op.type === 'save')
      .flatMap((op) => op.exercises.flatMap((e) => e.sets));
    await page.evaluate(
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
    api = await startApi(api.port);
    const started = Date.now();
    await page.reload();
    await page
      .getByText(`${sets.length} sets waiting to sync`)
      .waitFor({ timeout: 30_000 })
      .catch(() => undefined);
    await page.getByText(/^\d+ sets? waiting to sync$/).waitFor({ state: 'detached', timeout: 60_000 });
    await page.getByText(`Cycle ${WORKOUTS / 3 + 1}`, { exact: true }).waitFor({ timeout: 60_000 });
    return { ms: Date.now() - started, workouts: WORKOUTS, operations: stored.operations.length, sets: sets.length };
  } finally {
    await context?.close();
    await api.stop();
  }
}

module.exports = { measureOfflineLogging, measureBacklogSync };
