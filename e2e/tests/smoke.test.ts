import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, viewports, type WatchedPage } from '../support/browser';
import { e2eEnvironment } from '../support/environment';

const { baseUrl } = e2eEnvironment();

describe('the production app in a real browser', () => {
  let browser: Browser;
  let watched: WatchedPage;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  beforeEach(async () => {
    watched = await openPage(browser, baseUrl);
  });
  afterEach(() => watched.context.close());

  it('renders the landing page at / without loading any remote', async () => {
    const remoteRequests: string[] = [];
    watched.page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/remotes/')) remoteRequests.push(request.url());
    });
    await watched.page.goto('/');
    await watched.page.getByRole('heading', { name: 'High-Intensity Training Workout Tracker' }).waitFor();
    expect(remoteRequests).toEqual([]);
    expect(watched.unexpected()).toEqual([]);
  });

  it('sends an anonymous visitor of /home back to /', async () => {
    await watched.page.goto('/home');
    await watched.page.waitForURL(`${baseUrl}/`);
    await watched.page.getByRole('heading', { name: 'High-Intensity Training Workout Tracker' }).waitFor();
    expect(watched.unexpected()).toEqual([]);
  });

  it('renders the auth remote at /auth, loaded at run time on the shell’s single React, router, query client and platform', async () => {
    const scripts: string[] = [];
    watched.page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
    });
    await watched.page.goto('/auth');
    await watched.page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(scripts.some((path) => path.startsWith('/remotes/mf-auth/'))).toBe(true);

    // The MF runtime's share scope: for each singleton, which versions exist and who provided the loaded one.
    const shared = await watched.page.evaluate(() => {
      type Share = { from: string; loaded?: boolean; useIn: string[] };
      type ShareScopes = Record<string, Record<string, Record<string, Record<string, Share>>>>;
      const scopes = (globalThis as unknown as { __FEDERATION__: { __SHARE__: ShareScopes } }).__FEDERATION__.__SHARE__;
      const result: Record<string, { versions: string[]; providers: string[]; users: string[] }> = {};
      for (const scope of Object.values(scopes)) {
        for (const packages of Object.values(scope)) {
          for (const [name, versions] of Object.entries(packages)) {
            const entry = (result[name] ??= { versions: [], providers: [], users: [] });
            for (const [version, share] of Object.entries(versions)) {
              if (!entry.versions.includes(version)) entry.versions.push(version);
              if (share.loaded && !entry.providers.includes(share.from)) entry.providers.push(share.from);
              for (const user of share.useIn) if (!entry.users.includes(user)) entry.users.push(user);
            }
          }
        }
      }
      return result;
    });
    for (const name of [
      'react',
      'react/jsx-runtime',
      'react-dom',
      '@hit/routing',
      '@tanstack/react-query',
      'styled-components',
      '@hit/ui',
      '@hit/platform',
    ]) {
      expect({ name, versions: shared[name]?.versions.length, providers: shared[name]?.providers }).toEqual({
        name,
        versions: 1,
        providers: ['shell'],
      });
    }
    // The remote really consumed the shell's copies rather than bundling its own.
    expect(shared['react/jsx-runtime'].users).toEqual(expect.arrayContaining(['shell', 'mf_auth']));
    expect(shared['@hit/platform'].users).toEqual(expect.arrayContaining(['shell', 'mf_auth']));
    expect(shared['@hit/routing'].users).toEqual(expect.arrayContaining(['shell', 'mf_auth']));
    expect(watched.unexpected()).toEqual([]);
  });

  it('shows 404 Page Not Found for an unknown path', async () => {
    await watched.page.goto('/no/such/page');
    await watched.page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await watched.page.getByText('Did you forget to add the page to the router?').waitFor();
    expect(watched.unexpected()).toEqual([]);
  });

  it('shows a fallback with a retry when a remote cannot load, while the rest of the app keeps working', async () => {
    // No service worker: it fetches and caches the remotes itself, where page.route() cannot refuse them, and then
    // rightly serves the cached remote (the offline app), so the remote would load after all (a flake in CI).
    await watched.context.close();
    watched = await openPage(browser, baseUrl, viewports.desktop, { serviceWorkers: 'block' });
    const { page } = watched;
    // The refused loads of the remote are deliberate, and so is the MF runtime's report of them.
    watched.allow(
      /^console\.warning: Service Worker registration blocked by Playwright$/,
      /^request failed GET \/remotes\/mf-auth\/.*ERR_CONNECTION_REFUSED$/,
      /^console\.(error|warning): [\s\S]*mf[_-]auth/i,
    );
    await page.route('**/remotes/mf-auth/**', (route) => route.abort('connectionrefused'));
    await page.goto('/auth');
    await page.getByRole('heading', { name: "This part of HIT Tracker couldn't load" }).waitFor();

    // The other routes still work in the same page.
    await page.getByRole('link', { name: 'Go to the start page' }).click();
    await page.getByRole('heading', { name: 'High-Intensity Training Workout Tracker' }).waitFor();

    // Once the remote is reachable again, retrying loads it.
    await page.goto('/auth');
    await page.getByRole('heading', { name: "This part of HIT Tracker couldn't load" }).waitFor();
    await page.unroute('**/remotes/mf-auth/**');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();

    // Only the deliberately refused requests failed; React itself reported nothing.
    const reactErrors = watched.errors.filter((text) => /Invalid hook call|more than one copy of React/i.test(text));
    expect(reactErrors).toEqual([]);
  });
});
