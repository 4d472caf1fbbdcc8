import type { Browser, Request } from 'playwright-core';
import { launchBrowser, openPage, type WatchedPage } from '../support/browser';
import { e2eEnvironment } from '../support/environment';
import { signedUpAtHome } from '../support/workout';

/**
 * Issue #25, "No waterfall": a signed-in lifter opens /home in a fresh page (no HTTP cache, no service worker) and
 * every request made before the dashboard's content is on screen is recorded with its start and end. A request is one
 * sequential step after another when it started only once the other had finished; the longest such chain is the
 * number of round trips the lifter waits through.
 *
 * Before (the shell's index.html as built, as the api served it until issue #25; measured 7 to 10 steps over eight
 * runs, 10 most often; each page opens it again and the test checks the new page takes fewer): the HTML, then main.js,
 * then the shell's chunks, then the shared singletons' chunks, then GET /api/remotes and GET /api/user, then the
 * remote's mf-manifest.json, then its remoteEntry.js and exposed module's chunks, then the dashboard's reads.
 * After (2 on each of five runs of 2026-11-27; 4, once 5, before the shell's built index.html preloaded its own
 * chunks): the HTML carries the visitor's remote map, the answers of GET /api/user and of the dashboard's first reads
 * (since the fourth session of 2026-11-27; preloaded before), and preloads the remote's manifest, remoteEntry.js and
 * first chunks, and the shell's index.html preloads main.js's chunks and the shared singletons', so everything
 * starts in the step after the HTML and no read of the api is left to ask. A third step is allowed for a shell chunk
 * asked late when the main thread is busy.
 */
const STEPS_BEFORE = 10;
/** 2 measured; one more for the shell's chunks when its main thread is busy (see above). */
const MAX_STEPS = 3;

const { baseUrl } = e2eEnvironment();

interface Timed {
  path: string;
  start: number;
  end: number;
  /** 1 for the first request, else one more than the deepest request that had finished before this one started. */
  step: number;
}

/** Start and end (ms since the epoch) of each finished request, in start order, with its step. */
function stepsOf(requests: readonly Request[]): Timed[] {
  const timed = requests
    .map((request) => {
      const { startTime, responseEnd } = request.timing();
      return { path: new URL(request.url()).pathname, start: startTime, end: startTime + Math.max(0, responseEnd) };
    })
    .sort((a, b) => a.start - b.start);
  const result: Timed[] = [];
  for (const request of timed) {
    const before = result.filter((other) => other.end <= request.start);
    result.push({ ...request, step: 1 + Math.max(0, ...before.map((other) => other.step)) });
  }
  return result;
}

/**
 * Opens /home in a fresh page of the signed-in browser and waits for the dashboard's content. `asBuilt`: the page is
 * the shell's index.html exactly as built, with no remote map and no preloads: what the api served before issue #25
 * (the shell then asks GET /api/remotes, as it did).
 */
async function openHome(browser: Browser, storageState: StorageState, { asBuilt = false } = {}) {
  const watched = await openPage(browser, baseUrl, undefined, { storageState, serviceWorkers: 'block' });
  watched.allow(/^console\.warning: Service Worker registration blocked by Playwright$/);
  if (asBuilt) {
    const built = await (await fetch(`${baseUrl}/index.html`)).text();
    await watched.page.route(`${baseUrl}/home`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', headers: { 'Cache-Control': 'no-cache' }, body: built }),
    );
  }
  // The moment the dashboard's content enters the page, taken in the page (a poll from here would come later).
  await watched.page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!/Ready for Day \d/.test(document.body?.textContent ?? '')) return;
      (window as unknown as { contentAt: number }).contentAt = Date.now();
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  });
  const finished: Request[] = [];
  watched.page.on('requestfinished', (request) => finished.push(request));
  await watched.page.goto('/home');
  await watched.page.getByText(/^Ready for Day \d$/).waitFor();
  const visibleAt = await watched.page.evaluate(() => (window as unknown as { contentAt: number }).contentAt);
  // What the content waited for: the requests answered before it showed (not the prefetches its first render starts).
  const steps = stepsOf(finished).filter(({ end }) => end <= visibleAt);
  const chain = Math.max(...steps.map(({ step }) => step));
  console.log(
    `GET /home${asBuilt ? ' (the page as built, before issue #25)' : ''}: ${chain} sequential steps before the ` +
      `dashboard showed\n${steps.map(({ step, path, start, end }) => `  ${step}  ${path}  ${(end - start).toFixed(1)} ms`).join('\n')}`,
  );
  return { watched, finished, steps, chain };
}

type StorageState = Awaited<ReturnType<WatchedPage['context']['storageState']>>;

describe('the first screen of /home', () => {
  let browser: Browser;
  let storageState: StorageState;

  beforeAll(async () => {
    browser = await launchBrowser();
    const signedIn = await openPage(browser, baseUrl);
    await signedUpAtHome(signedIn.page);
    storageState = await signedIn.context.storageState();
    await signedIn.context.close();
  });
  afterAll(() => browser.close());

  it(`loads in at most ${MAX_STEPS} sequential steps (${STEPS_BEFORE} before issue #25), the remote beside the shell, the user and the first reads in the page`, async () => {
    const before = await openHome(browser, storageState, { asBuilt: true });
    const { watched, finished, steps, chain } = await openHome(browser, storageState);

    const stepOf = (pattern: RegExp) => steps.find(({ path }) => pattern.test(path))?.step;
    // The HTML's preloads: the step right after the HTML, beside main.js, not after it.
    expect({
      mainScript: stepOf(/^\/main\.js$/),
      manifest: stepOf(/^\/remotes\/mf-workout\/[^/]+\/mf-manifest\.json$/),
      remoteEntry: stepOf(/^\/remotes\/mf-workout\/[^/]+\/remoteEntry\.js$/),
      dashboardModule: stepOf(/^\/remotes\/mf-workout\/[^/]+\/__federation_expose_WorkoutDashboard\.[0-9a-f]+\.js$/),
    }).toEqual({ mainScript: 2, manifest: 2, remoteEntry: 2, dashboardModule: 2 });
    expect(chain).toBeLessThanOrEqual(MAX_STEPS);
    expect(chain).toBeLessThan(before.chain);
    // The map, the user and the dashboard's reads came with the page (step 1): not one request to the api before the
    // dashboard showed, nor after it for those reads; every preload was used (no "preloaded but not used" warning).
    expect(steps.filter(({ path }) => path.startsWith('/api/')).map(({ path }) => path)).toEqual([]);
    const paths = finished.map((request) => new URL(request.url()).pathname);
    for (const path of [
      '/api/remotes',
      '/api/user',
      '/api/workout-days',
      '/api/workout-state',
      '/api/subscription/status',
    ]) {
      expect({ path, requests: paths.filter((each) => each === path).length }).toEqual({ path, requests: 0 });
    }
    await watched.page.waitForTimeout(3_500);
    expect(watched.unexpected()).toEqual([]);
  });
});
