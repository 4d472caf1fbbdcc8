import type { Page, Response } from 'playwright-core';
import { signOutThroughAccountPanel, signUpThroughForm } from '../support/accounts';
import {
  cachedPaths,
  developmentVersion,
  openInstalledPage,
  startStoppableApp,
  waitUntilOfflineReady,
  type InstalledPage,
  type StoppableApp,
} from '../support/installedApp';
import { press, signedUpAtHome } from '../support/workout';

/**
 * Issue #17: the app installs, opens with no signal, and takes a new release without breaking a workout. Each test
 * has a browser with a profile on disk and the app's own api process, which is really stopped (the service worker's
 * requests get connection refused, as in a gym with no signal) and started again on the same port and data.
 */
const workoutStable = developmentVersion('mf-workout');
const [major, minor] = workoutStable.split('.').map(Number);
const workoutRelease = `${major}.${minor + 1}.0-update.${Date.now()}`;
const RELEASE_LABEL = `Release ${workoutRelease}`;

let app: StoppableApp;
let installed: InstalledPage | undefined;

beforeAll(async () => {
  app = await startStoppableApp();
  // The development build is the stable release, so a newer published build goes live only when released.
  await app.release('mf_workout', workoutStable);
  await app.publish('mf-workout', workoutRelease, RELEASE_LABEL);
}, 240_000);

afterAll(async () => {
  await app?.close();
});

afterEach(async () => {
  await installed?.close();
  installed = undefined;
  await app.start();
});

/** While the api is stopped, every request the page makes to it is refused, and the app says so on its own. */
function expectApiDown(watched: InstalledPage): void {
  watched.allow(/^request failed (GET|POST|PUT) \/api\/[^ ]*: net::ERR_CONNECTION_REFUSED$/);
}

/** A page of the app opened with the api stopped: answered by the service worker, not the browser's offline page. */
async function openOffline(page: Page, path: string): Promise<Response> {
  const response = await page.goto(path);
  expect(response?.fromServiceWorker()).toBe(true);
  expect(response?.status()).toBe(200);
  return response!;
}

/** Resolves once `condition` holds, checking every 200 ms for up to 30 s. */
async function until(condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Still not true after 30 s: ${condition.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const couldNotLoad = (page: Page) => page.getByRole('heading', { name: "This part of HIT Tracker couldn't load" });

describe('an installable app', () => {
  it('has nothing Chromium would refuse to install on / and /home, and the manifest the issue asks for', async () => {
    installed = await openInstalledPage(app.baseUrl);
    const { page, context } = installed;
    const cdp = await context.newCDPSession(page);

    await page.goto('/');
    await page.getByRole('heading', { name: 'High-Intensity Training Workout Tracker' }).waitFor();
    expect(await cdp.send('Page.getInstallabilityErrors')).toEqual({ installabilityErrors: [] });

    await signedUpAtHome(page);
    await page.getByRole('button', { name: 'Start Workout' }).waitFor();
    expect(await cdp.send('Page.getInstallabilityErrors')).toEqual({ installabilityErrors: [] });

    const { url, data } = await cdp.send('Page.getAppManifest');
    expect(new URL(url).pathname).toBe('/manifest.webmanifest');
    const manifest = JSON.parse(data ?? '{}');
    expect(manifest).toMatchObject({
      name: 'HIT Tracker',
      short_name: 'HIT Tracker',
      start_url: '/home',
      scope: '/',
      display: 'standalone',
      theme_color: '#0f1217',
      background_color: '#0f1217',
    });
    expect(manifest.description).toEqual(expect.any(String));
    const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
    expect(icons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sizes: '192x192', purpose: 'any' }),
        expect.objectContaining({ sizes: '512x512', purpose: 'any' }),
        expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
      ]),
    );
    for (const { src } of icons) {
      const icon = await page.request.get(src);
      expect({ src, status: icon.status() }).toEqual({ src, status: 200 });
    }
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#0f1217');
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect((await page.request.get(touchIcon!)).headers()['content-type']).toBe('image/png');
  });
});

describe('with no signal', () => {
  it('opens /home, the account panel, /progress, /auth and / after one online visit to /home', async () => {
    installed = await openInstalledPage(app.baseUrl);
    const { page } = installed;
    await signedUpAtHome(page);
    await page.getByRole('button', { name: 'Start Workout' }).waitFor();
    // One online visit to /home: the worker fetched every remote of the visitor's map, not only the dashboard.
    expect((await waitUntilOfflineReady(page)).missing).toEqual([]);
    // ...but not the account screen's common-password list (about 215 KB of gzip): a password change needs the api.
    const account = (await cachedPaths(page, 'hit-remotes')).filter((path) => path.startsWith('/remotes/mf-account/'));
    expect(account).toContainEqual(expect.stringMatching(/__federation_expose_/));
    expect(account.filter((path) => path.includes('common-passwords'))).toEqual([]);

    await app.stop();
    expectApiDown(installed);

    await openOffline(page, '/home');
    await page.getByRole('button', { name: 'Start Workout' }).waitFor();
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('dialog', { name: 'Account details' }).waitFor();
    await page.keyboard.press('Escape');

    await openOffline(page, '/progress');
    await page.getByRole('heading', { name: 'Progress Analytics' }).waitFor();
    expect(await couldNotLoad(page).count()).toBe(0);

    // Signed out (with a network), the next visit with none opens the sign-in page and the landing page.
    await app.start();
    await page.goto('/home');
    await signOutThroughAccountPanel(page);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await app.stop();

    await openOffline(page, '/auth');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await couldNotLoad(page).count()).toBe(0);

    await openOffline(page, '/');
    await page.getByRole('heading', { name: 'High-Intensity Training Workout Tracker' }).waitFor();
  });

  it('opens the second user’s own screens, not the first one’s, on a browser both used', async () => {
    installed = await openInstalledPage(app.baseUrl);
    const { page } = installed;
    await signedUpAtHome(page);
    await page.getByRole('button', { name: 'Start Workout' }).waitFor();
    await signOutThroughAccountPanel(page);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();

    await signUpThroughForm(page, { firstName: 'Grace', lastName: 'Hopper' });
    // The welcome message is the browser's to show once: the second user goes straight to the dashboard.
    await page.waitForURL((url) => url.pathname === '/home');
    await page.getByRole('button', { name: 'Start Workout' }).waitFor();
    expect((await waitUntilOfflineReady(page)).missing).toEqual([]);

    await app.stop();
    expectApiDown(installed);

    await openOffline(page, '/home');
    await page.getByRole('button', { name: 'Start Workout' }).waitFor();
    await page.getByText('Grace Hopper').first().waitFor();
    // signedUpAtHome's account is Ada Lovelace.
    expect(await page.getByText('Ada Lovelace').count()).toBe(0);
  });
});

describe('a new release', () => {
  const releaseLabel = (page: Page) => page.getByRole('note', { name: `Build: ${RELEASE_LABEL}` });
  /** What a reload would wipe: set on the page, still there when no reload happened. */
  const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { __sameVisit: true }));
  const sameVisit = (page: Page) => page.evaluate(() => (window as { __sameVisit?: boolean }).__sameVisit === true);
  /** The lifter switches to another app and back: the page looks for a release. */
  const comeBack = (page: Page) => page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  const updatePrompt = (page: Page) => page.getByRole('status').filter({ hasText: 'New version available' });

  it('is fetched in the background, never switched to during a workout, then at the next navigation or on Reload', async () => {
    installed = await openInstalledPage(app.baseUrl);
    const { page } = installed;
    await signedUpAtHome(page);
    await page.getByRole('button', { name: 'Start Workout' }).waitFor();
    expect((await waitUntilOfflineReady(page)).missing).toEqual([]);

    await press(page.getByRole('button', { name: 'Start Workout' }));
    await page.getByRole('button', { name: 'Exit' }).waitFor();
    await markPage(page);

    await app.release('mf_workout', workoutRelease);
    await comeBack(page);
    // The worker fetches the release in the background...
    await until(async () =>
      (await cachedPaths(page, 'hit-remotes')).includes(`/remotes/mf-workout/${workoutRelease}/mf-manifest.json`),
    );
    expect((await waitUntilOfflineReady(page)).missing).toEqual([]);
    await page.waitForTimeout(1_000);
    // ...and the workout goes on in the same page, with no prompt over it.
    expect(await updatePrompt(page).count()).toBe(0);
    expect(await sameVisit(page)).toBe(true);
    await page.getByRole('button', { name: 'Exit' }).waitFor();

    // Once the workout is left, the prompt (held back until now: nothing else looks for a release) says so, and
    // the next navigation switches.
    await page.getByRole('button', { name: 'Exit' }).click();
    await updatePrompt(page).waitFor({ timeout: 5_000 });
    expect(await sameVisit(page)).toBe(true);
    await page.getByRole('link', { name: 'Progress Analytics' }).first().click();
    await page.waitForFunction(() => (window as { __sameVisit?: boolean }).__sameVisit !== true);
    await page.getByRole('heading', { name: 'Progress Analytics' }).waitFor();
    await page.getByRole('link', { name: 'Home' }).first().click();
    await releaseLabel(page).waitFor();

    // Rolled back: the next check finds the change and the prompt's Reload switches at once.
    await markPage(page);
    await app.release('mf_workout', '--rollback');
    await page.getByRole('link', { name: 'Progress Analytics' }).first().click();
    await updatePrompt(page).waitFor();
    expect(await sameVisit(page)).toBe(true);
    await updatePrompt(page).getByRole('button', { name: 'Reload' }).click();
    await page.waitForFunction(() => (window as { __sameVisit?: boolean }).__sameVisit !== true);
    await page.getByRole('link', { name: 'Home' }).first().click();
    await page.getByRole('button', { name: 'Start Workout' }).waitFor();
    expect(await releaseLabel(page).count()).toBe(0);
  });
});
