// Offline /home (issue #17 item 7; docs/architecture.md, "Performance budgets"): with the api stopped, a cold tab
// shows 'Start Workout' within the budget at 4x CPU throttling. One online visit first (the service worker installs
// and fetches every remote, the app keeps the user's reads in IndexedDB), then the api process is stopped for real;
// each run opens a new tab with the service worker stopped as well (CDP ServiceWorker.stopAllWorkers), so the worker
// starts cold too. The same 'Start Workout' observer as the online figure (pagespeed.js), median of 3.
const { median, signUp, sleep } = require('./util');
const { newContext } = require('./browser');
const { throttledPage, watchStartWorkout } = require('./pagespeed');

const RUNS = 3;

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

/**
 * @param {object} options
 * @param {import('playwright-core').Browser} options.browser
 * @param {() => Promise<{ baseUrl: string, stop: () => Promise<void> }>} options.startApi an api of its own, stopped here
 */
async function measureOfflineHome({ browser, startApi }) {
  const api = await startApi();
  let context;
  try {
    const { cookie } = await signUp(api.baseUrl, 'offline');
    context = await newContext(browser, api.baseUrl, { cookie });
    await context.addInitScript(watchStartWorkout);
    const online = await context.newPage();
    await online.goto('/home');
    await online.getByRole('button', { name: 'Start Workout' }).waitFor({ timeout: 30_000 });
    const warmed = await warmRemotes(online);
    if (warmed.missing.length) throw new Error(`the service worker could not fetch ${warmed.missing.join(', ')}`);
    // The app writes its IndexedDB copy of the reads shortly after they arrive.
    await sleep(2_000);
    await online.close();
    await api.stop();

    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const page = await throttledPage(context);
      const cdp = await context.newCDPSession(page);
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.stopAllWorkers');
      await page.goto('/home', { waitUntil: 'commit' });
      await page.waitForFunction(() => window.__benchStartWorkoutAt !== undefined, null, { timeout: 30_000 });
      runs.push(await page.evaluate(() => window.__benchStartWorkoutAt));
      await page.close();
    }
    return { median: median(runs), runs };
  } finally {
    await context?.close();
    await api.stop();
  }
}

module.exports = { measureOfflineHome };
