import type { Browser } from 'playwright-core';
import {
  dismissWelcome,
  newEmail,
  PASSWORD,
  signInThroughForm,
  signOutThroughAccountPanel,
  signUpThroughForm,
} from '../support/accounts';
import { overflowsHorizontally } from '../support/artifacts';
import { launchBrowser, openPage, viewports, type WatchedPage } from '../support/browser';
import { e2eEnvironment } from '../support/environment';

const { baseUrl } = e2eEnvironment();

const INVALID_CREDENTIALS = 'Invalid email or password. Please check your credentials and try again.';
const ALREADY_EXISTS = 'An account with this email already exists. Please try logging in instead.';

// Answers the app gives on purpose in these journeys: wrong password, e-mail in use.
const EXPECTED_STATUSES = /^HTTP (401 POST \/api\/login|409 POST \/api\/register)$/;

describe.each([
  ['phone', viewports.phone],
  ['desktop', viewports.desktop],
] as const)('signing up and in on a %s', (layout, viewport) => {
  let browser: Browser;
  let watched: WatchedPage;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    watched = await openPage(browser, baseUrl, viewport);
    watched.allow(EXPECTED_STATUSES);
  });
  afterEach(() => watched.context.close());

  it('shows the landing page and the auth page without sideways scrolling', async () => {
    const { page } = watched;
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'High-Intensity Training Workout Tracker' }).waitFor();
    await expect(page.getByRole('link', { name: 'Start Your Free Trial' }).count()).resolves.toBe(2);
    await page.getByText('No credit card required • Cancel anytime during trial').waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);

    await page.getByRole('link', { name: 'Start Your Free Trial' }).first().click();
    await page.waitForURL(/\/auth/);
    await page.getByRole('button', { name: 'Create Account' }).waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await page.getByRole('link', { name: 'Already have an account? Sign in' }).click();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(watched.unexpected()).toEqual([]);
  });

  it('signs a new user up onto /home with the welcome toast, then signs out to /auth', async () => {
    const { page } = watched;
    await signUpThroughForm(page, { firstName: 'Ada', lastName: 'Lovelace' });
    await page.waitForURL(`${baseUrl}/home`);
    await page.getByText('Account created!').waitFor();
    await page.getByText('Welcome to the workout tracker, Ada Lovelace!').waitFor();
    await dismissWelcome(page);

    await signOutThroughAccountPanel(page);
    await page.waitForURL(`${baseUrl}/auth`);
    await page.getByText('Logged out').first().waitFor();
    // Signed out for real: a protected page sends the visitor back to the start.
    await page.goto('/home');
    await page.waitForURL(`${baseUrl}/`);
    expect(watched.unexpected()).toEqual([]);
  });

  it('signs an existing user back in with the welcome-back toast', async () => {
    const { page } = watched;
    const { email } = await signUpThroughForm(page);
    await page.waitForURL(`${baseUrl}/home`);
    await dismissWelcome(page);
    await signOutThroughAccountPanel(page);
    await page.waitForURL(`${baseUrl}/auth`);

    await signInThroughForm(page, email, PASSWORD);
    await page.waitForURL(`${baseUrl}/home`);
    await page.getByText('Welcome back!').waitFor();
    await page.getByText(`You're now logged in as ${email}`).waitFor();
    expect(watched.unexpected()).toEqual([]);
  });

  it('explains a wrong password with the invalid-credentials sentence', async () => {
    const { page } = watched;
    await signInThroughForm(page, newEmail('nobody'), 'not-the-password');
    await page.getByText(INVALID_CREDENTIALS).first().waitFor();
    await page.getByText('Login failed').first().waitFor();
    expect(page.url()).toBe(`${baseUrl}/auth`);
  });

  it('explains an e-mail already in use with the already-exists sentence', async () => {
    const { page, context } = watched;
    const { email } = await signUpThroughForm(page);
    await page.waitForURL(`${baseUrl}/home`);
    // The session ends with the page at rest and gone: an /api answer still in flight would set the (rolling) session
    // cookie again after the clear, and the visitor would still be signed in.
    await page.waitForLoadState('networkidle');
    await page.goto('about:blank');
    await context.clearCookies();
    // The session is gone but the offline copy still names the user: /auth asks for them once, and hears 401.
    watched.allow(/^HTTP 401 GET \/api\/user$/);

    await signUpThroughForm(page, { email });
    await page.getByText(ALREADY_EXISTS).first().waitFor();
    await page.getByText('Registration failed').first().waitFor();
  });

  it('sends an anonymous visitor of /progress back to /', async () => {
    const { page } = watched;
    await page.goto('/progress');
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('heading', { level: 1, name: 'High-Intensity Training Workout Tracker' }).waitFor();
  });
});

describe('the password rule at sign-up (issue #23)', () => {
  let browser: Browser;
  let watched: WatchedPage;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    watched = await openPage(browser, baseUrl, viewports.desktop);
  });
  afterEach(() => watched.context.close());

  const COMMON = 'Password is one of the most common passwords, so it is easy to guess';
  const COMMON_PASSWORDS_CHUNK = /\/remotes\/mf-auth\/[^/]+\/common-passwords\.[0-9a-f]+\.js$/;

  it('fetches the common-password list only once the password field is used, then refuses the probe passwords before sending', async () => {
    const { page } = watched;
    const chunks: string[] = [];
    const registrations: string[] = [];
    page.on('request', (request) => {
      if (COMMON_PASSWORDS_CHUNK.test(request.url())) chunks.push(request.url());
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/register') {
        registrations.push(request.postData() ?? '');
      }
    });
    const email = newEmail('probe');
    await page.goto('/auth?mode=signup');
    await page.getByRole('button', { name: 'Create Account' }).waitFor();
    await page.getByLabel('Email').fill(email);
    // The first screen and the fields before the password: no list.
    expect(chunks).toEqual([]);

    const fetched = page.waitForRequest(COMMON_PASSWORDS_CHUNK);
    await page.getByLabel('Password', { exact: true }).focus();
    await fetched;

    const password = page.getByLabel('Password', { exact: true });
    for (const [probe, sentence] of [
      ['password', COMMON],
      ['12345678', COMMON],
      ['        ', 'Password must not be only spaces'],
      [email, 'Password must not contain your email address or the name before its @'],
    ]) {
      await password.fill(probe);
      await page.getByLabel('Confirm password', { exact: true }).fill(probe);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.getByText(sentence).waitFor();
      await expect(password.getAttribute('aria-invalid')).resolves.toBe('true');
    }
    expect(chunks).toHaveLength(1);
    expect(registrations).toEqual([]);
    expect(watched.unexpected()).toEqual([]);
  });

  it('the api refuses the probe passwords too, each with its reason, when sent without the form', async () => {
    const { page } = watched;
    watched.allow(/^HTTP 400 POST \/api\/register$/);
    await page.goto('/auth');
    const email = newEmail('probe');
    const answers = await page.evaluate(
      async ({ email, passwords }) =>
        Promise.all(
          passwords.map(async (password) => {
            const response = await fetch('/api/register', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ email, password }),
            });
            return { status: response.status, body: await response.json() };
          }),
        ),
      { email, passwords: ['password', '12345678', '        ', email] },
    );
    expect(answers).toEqual([
      { status: 400, body: { message: 'password: is one of the most common passwords, so it is easy to guess' } },
      { status: 400, body: { message: 'password: is one of the most common passwords, so it is easy to guess' } },
      { status: 400, body: { message: 'password: must not be only spaces' } },
      { status: 400, body: { message: 'password: must not contain your email address or the name before its @' } },
    ]);
    expect(watched.unexpected()).toEqual([]);
  });
});
