import type { Browser, BrowserContext, Page } from 'playwright-core';
import { dismissWelcome, signOutThroughAccountPanel, signUpThroughForm } from '../support/accounts';
import { launchBrowser, openPage, type WatchedPage } from '../support/browser';
import { e2eEnvironment } from '../support/environment';

/**
 * Issue #25, "No needless 401": the api sets a "signed in" hint cookie (hit.signedIn=1, readable by the page) beside
 * its session cookie and clears it on sign-out and when it answers 401 to a request that carried it; a browser
 * without it is anonymous at once, with no GET /api/user for the api to answer 401 (a console error in Chrome).
 */
const { baseUrl } = e2eEnvironment();

const HINT = 'hit.signedIn';
const SESSION = 'hit.sid';
const LANDING_HEADING = 'High-Intensity Training Workout Tracker';

/** Every GET /api/user the page asks, and every console error it logs (Chrome's failed-resource lines too). */
function record(page: Page) {
  const userChecks: string[] = [];
  const consoleErrors: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/user') userChecks.push(page.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  return { userChecks, consoleErrors };
}

const cookieNamed = async (context: BrowserContext, name: string) =>
  (await context.cookies(baseUrl)).find((cookie) => cookie.name === name);

/** The page as an anonymous visitor sees it, once nothing more is loading. */
async function landingShown(page: Page) {
  await page.getByRole('heading', { level: 1, name: LANDING_HEADING }).waitFor();
  await page.waitForLoadState('networkidle');
}

async function authShown(page: Page) {
  await page.getByRole('button', { name: 'Sign In' }).waitFor();
  await page.waitForLoadState('networkidle');
}

/** The app's signed-in header, once nothing more is loading. */
async function signedInShown(page: Page) {
  await page.getByRole('button', { name: 'Account' }).waitFor();
  await page.waitForLoadState('networkidle');
}

describe('the "signed in" hint cookie (issue #25: no needless 401)', () => {
  let browser: Browser;
  let watched: WatchedPage;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    // A fresh context each time: no cookies, no cache, no service worker of an earlier test.
    watched = await openPage(browser, baseUrl);
  });
  afterEach(() => watched.context.close());

  it('an anonymous visitor never asks GET /api/user; signed up and reloaded the page brings them; signed out, not', async () => {
    const { page, context } = watched;
    const { userChecks, consoleErrors } = record(page);

    await page.goto('/');
    await landingShown(page);
    await page.goto('/auth');
    await authShown(page);
    expect(userChecks).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(await cookieNamed(context, HINT)).toBeUndefined();

    await signUpThroughForm(page);
    await page.waitForURL(`${baseUrl}/home`);
    await dismissWelcome(page);
    const hint = await cookieNamed(context, HINT);
    const session = await cookieNamed(context, SESSION);
    expect(hint).toMatchObject({ value: '1', path: '/', httpOnly: false, sameSite: 'Lax', secure: false });
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    // The same lifetime: 30 days, expiring with the session cookie.
    expect(Math.abs(hint!.expires - session!.expires)).toBeLessThanOrEqual(5);
    expect(hint!.expires * 1000 - Date.now()).toBeGreaterThan(29.9 * 24 * 60 * 60 * 1000);
    expect(await page.evaluate(() => document.cookie)).toContain(`${HINT}=1`);

    // Reloaded: with the hint the api writes the user into the page (issue #25), so the app knows them without
    // asking, and the lifter stays signed in.
    const checksBeforeReload = userChecks.length;
    const reloaded = await page.reload();
    expect(await reloaded!.text()).toMatch(/<script type="application\/json" id="hit-reads">\{"\/api\/user":/);
    await signedInShown(page);
    expect(page.url()).toBe(`${baseUrl}/home`);
    expect(userChecks.length).toBe(checksBeforeReload);
    expect(await cookieNamed(context, HINT)).toMatchObject({ value: '1' });

    await signOutThroughAccountPanel(page);
    await page.waitForURL(`${baseUrl}/auth`);
    await page.getByText('Logged out').first().waitFor();
    expect(await cookieNamed(context, HINT)).toBeUndefined();
    expect(await cookieNamed(context, SESSION)).toBeUndefined();

    const checksBeforeSignOut = userChecks.length;
    await page.reload();
    await authShown(page);
    await page.goto('/');
    await landingShown(page);
    expect(userChecks.length).toBe(checksBeforeSignOut);
    expect(consoleErrors).toEqual([]);
    expect(watched.unexpected()).toEqual([]);
  });

  it('a signed-in visitor of / sees the spinner, never the landing page, until they are on /home', async () => {
    const { page } = watched;
    await signUpThroughForm(page);
    await page.waitForURL(`${baseUrl}/home`);
    await dismissWelcome(page);
    await page.waitForLoadState('networkidle');
    // The user check is held back, as on a slow network: what the page shows meanwhile is what it painted first.
    let answerUserCheck: () => void = () => {};
    const held = new Promise<void>((resolve) => (answerUserCheck = resolve));
    await page.route('**/api/user', async (route) => {
      await held;
      await route.continue();
    });

    await page.goto('/');
    await page.getByRole('status', { name: 'Loading' }).waitFor();
    expect(await page.getByRole('heading', { level: 1, name: LANDING_HEADING }).isVisible()).toBe(false);
    answerUserCheck();
    await page.waitForURL(`${baseUrl}/home`);
    await signedInShown(page);
    expect(watched.unexpected()).toEqual([]);
  });

  it('the landing page is whole before any script runs: its HTML is built, not rendered in the browser', async () => {
    const noScripts = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled: false });
    try {
      const page = await noScripts.newPage();
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: LANDING_HEADING }).waitFor();
      expect(await page.getByRole('link', { name: 'Start Your Free Trial' }).count()).toBe(2);
      expect(await page.getByRole('status', { name: 'Loading' }).isVisible()).toBe(false);
    } finally {
      await noScripts.close();
    }
  });

  it('a session that ended without a sign-out costs one 401, which clears the hint: the next load asks nothing', async () => {
    const { page, context } = watched;
    // The one user check of a session that ended is answered 401, on purpose here.
    watched.allow(/^HTTP 401 GET \/api\/user$/);
    await signUpThroughForm(page);
    await page.waitForURL(`${baseUrl}/home`);
    await dismissWelcome(page);
    // The session is gone (as when it expired or was ended elsewhere); the browser still holds the hint. The page is
    // left at rest first: an /api answer still in flight would set the rolling session cookie again.
    await page.waitForLoadState('networkidle');
    await page.goto('about:blank');
    await context.clearCookies({ name: SESSION });
    expect(await cookieNamed(context, HINT)).toMatchObject({ value: '1' });
    const { userChecks, consoleErrors } = record(page);

    await page.goto('/home');
    await landingShown(page);
    expect(page.url()).toBe(`${baseUrl}/`);
    expect(userChecks).toHaveLength(1);
    expect(await cookieNamed(context, HINT)).toBeUndefined();

    await page.goto('/auth');
    await authShown(page);
    await page.goto('/');
    await landingShown(page);
    expect(userChecks).toHaveLength(1);
    // Only the one 401 (Chrome's line for a failed resource).
    expect(consoleErrors).toEqual([expect.stringMatching(/401/)]);
  });
});
