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
    await context.clearCookies();

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
