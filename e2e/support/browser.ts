import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { launchOptions } from '../../config/chromium';
import { e2eEnvironment } from './environment';

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
  narrow: { width: 360, height: 740 },
} as const;

export type Layout = 'phone' | 'desktop';

/** The Chromium the global setup chose (and printed), headless with our flags. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch(launchOptions(e2eEnvironment().browser));
}

export interface WatchedPage {
  context: BrowserContext;
  page: Page;
  /**
   * Console errors and warnings, uncaught page errors and failed requests (`HTTP 404 GET /path`,
   * `request failed GET /path: net::ERR_…`) seen so far.
   */
  errors: string[];
  /** Declares failures this journey causes on purpose; everything else in `errors` fails the test. */
  allow(...expected: RegExp[]): void;
  /** `errors` without the ones allowed. */
  unexpected(): string[];
}

// None: an anonymous visitor is known by the missing "signed in" hint cookie, not by a GET /api/user answered 401
// (issue #25). A journey whose session ends without a sign-out allows that one 401 itself.
const ALWAYS_EXPECTED: RegExp[] = [];

// Every page opened during the current test; jest-setup.ts fails the test when one saw something unexpected.
const openedThisTest: WatchedPage[] = [];

/** The pages opened since the last call, and forgets them. */
export function takeOpenedPages(): WatchedPage[] {
  return openedThisTest.splice(0, openedThisTest.length);
}

/**
 * A fresh context and page that records console errors and warnings, uncaught exceptions and failed requests.
 * The phone layout is a touch device with a mobile viewport, as a phone's browser is.
 */
export async function openPage(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number } = viewports.desktop,
  /** E.g. `{ serviceWorkers: 'block' }`: page.route() does not see a service worker's own requests. */
  contextOptions: BrowserContextOptions = {},
): Promise<WatchedPage> {
  const mobile = viewport.width < 600;
  const context = await browser.newContext({
    baseURL,
    viewport,
    hasTouch: mobile,
    isMobile: mobile,
    ...contextOptions,
  });
  // A Content-Security-Policy violation (e.g. an eval the policy forbids, even one a library catches) is reported
  // by Chromium only as a DevTools issue: the page reports it as a console error, so it fails the test as one.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(
        `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      ),
    );
  });
  const page = await context.newPage();
  const errors: string[] = [];
  const allowed = [...ALWAYS_EXPECTED];
  page.on('console', (message) => {
    const type = message.type();
    // A failed request is recorded below with its method and path; Chromium's own line names neither.
    if (message.text().startsWith('Failed to load resource')) return;
    if (type === 'error' || type === 'warning') errors.push(`console.${type}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400)
      errors.push(`HTTP ${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? 'failed';
    // A navigation away or a closed page cancels what was in flight; that is not a failure of the app.
    if (reason === 'net::ERR_ABORTED') return;
    errors.push(`request failed ${request.method()} ${new URL(request.url()).pathname}: ${reason}`);
  });
  const watched: WatchedPage = {
    context,
    page,
    errors,
    allow: (...expected) => allowed.push(...expected),
    unexpected: () => errors.filter((text) => !allowed.some((pattern) => pattern.test(text))),
  };
  openedThisTest.push(watched);
  return watched;
}
