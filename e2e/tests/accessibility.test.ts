import type { Browser, Page } from 'playwright-core';
import { dismissWelcome, newEmail, PASSWORD, signUpThroughForm } from '../support/accounts';
import { expectNoSeriousViolations } from '../support/axe';
import { launchBrowser, openPage, viewports, type WatchedPage } from '../support/browser';
import { e2eEnvironment } from '../support/environment';
import { logWorkoutThroughApi } from '../support/history';

const { baseUrl } = e2eEnvironment();

const WELCOME = 'Welcome to Your Workout Journey!';
const ACCOUNT = 'Account details';

/** What has focus now, as a keyboard user would tell it: its accessible name, roughly, and where it is. */
interface Focused {
  tag: string;
  name: string;
  /** The accessible name of the dialog it is in, '' outside any dialog. */
  dialog: string;
  /** A visible focus indicator: an outline or a box-shadow is drawn. */
  indicated: boolean;
}

function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
    const textOf = (ids: string) =>
      ids
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { tag: 'body', name: '', dialog: '', indicated: false };
    const labelledBy = element.getAttribute('aria-labelledby');
    const labels = (element as HTMLInputElement).labels;
    const name = squash(
      element.getAttribute('aria-label') ??
        (labelledBy ? textOf(labelledBy) : null) ??
        (labels && labels.length > 0 ? labels[0].textContent : null) ??
        element.textContent,
    );
    const dialogElement = element.closest('[role="dialog"], dialog');
    let dialog = '';
    if (dialogElement) {
      const dialogLabel = dialogElement.getAttribute('aria-labelledby');
      dialog = squash(dialogElement.getAttribute('aria-label') ?? (dialogLabel ? textOf(dialogLabel) : '?'));
    }
    const style = getComputedStyle(element);
    const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadowed = style.boxShadow !== 'none';
    return { tag: element.tagName.toLowerCase(), name, dialog, indicated: outlined || shadowed };
  });
}

/** Presses Tab (or Shift+Tab) until the focused element is the one wanted; fails after `max` presses. */
async function tabTo(
  page: Page,
  wanted: (now: Focused) => boolean,
  what: string,
  { shift = false, max = 40 } = {},
): Promise<Focused> {
  const seen: string[] = [];
  for (let press = 0; press < max; press += 1) {
    await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    if (wanted(now)) return now;
    seen.push(`${now.tag} "${now.name}"`);
  }
  throw new Error(
    `${max} presses of ${shift ? 'Shift+Tab' : 'Tab'} never reached ${what}; focus went through:\n  ${seen.join('\n  ')}`,
  );
}

const named = (name: string) => (now: Focused) => now.name === name;
const startsWith = (start: string) => (now: Focused) => now.name.startsWith(start);

/** Presses Tab and Shift+Tab `presses` times each and fails as soon as focus leaves the dialog named `dialog`. */
async function expectFocusTrapped(page: Page, dialog: string, presses = 12): Promise<void> {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let press = 0; press < presses; press += 1) {
      await page.keyboard.press(key);
      const now = await focused(page);
      if (now.dialog !== dialog) {
        throw new Error(
          `${key} #${press + 1} took focus out of the '${dialog}' dialog, to ${now.tag} "${now.name}" (in dialog '${now.dialog}')`,
        );
      }
    }
  }
}

/** Signs a new account up and lands on /home with the welcome modal open. */
async function signUpToWelcome(page: Page): Promise<void> {
  await signUpThroughForm(page);
  await page.waitForURL(`${baseUrl}/home`);
  await page.getByRole('dialog', { name: WELCOME }).waitFor();
}

describe('accessibility', () => {
  let browser: Browser;
  let watched: WatchedPage;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  afterEach(() => watched.context.close());

  describe.each([
    ['phone', viewports.phone],
    ['desktop', viewports.desktop],
  ] as const)('axe on a %s', (layout, viewport) => {
    beforeEach(async () => {
      watched = await openPage(browser, baseUrl, viewport);
    });

    it('finds nothing serious on the landing page and both auth forms', async () => {
      const { page } = watched;
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: 'High-Intensity Training Workout Tracker' }).waitFor();
      await expectNoSeriousViolations(page, `the landing page (${layout})`);

      await page.goto('/auth');
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      await expectNoSeriousViolations(page, `the sign-in form (${layout})`);

      await page.getByRole('link', { name: "Don't have an account? Sign up" }).click();
      await page.getByRole('button', { name: 'Create Account' }).waitFor();
      await expectNoSeriousViolations(page, `the sign-up form (${layout})`);
    });

    it('finds nothing serious on the welcome modal, the dashboard, the account panel and the rest timer', async () => {
      const { page } = watched;
      await signUpToWelcome(page);
      await expectNoSeriousViolations(page, `the welcome modal (${layout})`);
      await dismissWelcome(page);
      await page.getByText('Next: Day 1').first().waitFor();
      await expectNoSeriousViolations(page, `the dashboard (${layout})`);

      await page.getByRole('button', { name: 'Account' }).click();
      const panel = page.getByRole('dialog', { name: ACCOUNT });
      await panel.getByRole('button', { name: 'Sign Out' }).waitFor();
      await panel.getByTestId('subscription-badge').waitFor();
      await expectNoSeriousViolations(page, `the account panel (${layout})`);
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Start Workout' }).click();
      await page.getByRole('button', { name: 'Exit' }).waitFor();
      await expectNoSeriousViolations(page, `the active workout (${layout})`);
      await page.getByLabel('Weight').fill('45');
      await page.getByLabel('Reps').fill('10');
      await page.getByRole('button', { name: 'Complete Set' }).click();
      await page.getByRole('button', { name: 'Skip Rest' }).waitFor();
      await expectNoSeriousViolations(page, `the active workout with the rest timer open (${layout})`);
    });
  });

  describe('axe on a desktop, Progress Analytics', () => {
    beforeEach(async () => {
      watched = await openPage(browser, baseUrl, viewports.desktop);
    });

    it('finds nothing serious with no data and with a few workouts logged', async () => {
      const { page } = watched;
      await signUpToWelcome(page);
      await dismissWelcome(page);
      await page.goto('/progress');
      await page.getByText('No progress data available').waitFor();
      await expectNoSeriousViolations(page, 'Progress Analytics with no data');

      await logWorkoutThroughApi(page, 1, 100);
      await logWorkoutThroughApi(page, 2, 100);
      await logWorkoutThroughApi(page, 3, 100);
      await logWorkoutThroughApi(page, 1, 120);
      await page.reload();
      await page.getByLabel('Total Working Sets: 16').waitFor();
      await page.getByText('Optimal range: 6-10 reps').first().waitFor();
      await expectNoSeriousViolations(page, 'Progress Analytics with data');

      // The dashboard with history: day cards with their statuses, the rest-period banner.
      await page.goto('/home');
      await page.getByText('Next: Day 2').first().waitFor();
      await expectNoSeriousViolations(page, 'the dashboard with history');
    });
  });
  describe('keyboard only, on a desktop', () => {
    beforeEach(async () => {
      watched = await openPage(browser, baseUrl, viewports.desktop);
    });

    it('signs up, dismisses the welcome, completes a set and skips the rest without a pointer', async () => {
      const { page } = watched;
      await page.goto('/auth');
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      await tabTo(page, named("Don't have an account? Sign up"), 'the link to the sign-up form');
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Create Account' }).waitFor();

      await tabTo(page, startsWith('First name'), 'First name');
      await page.keyboard.type('Ada');
      await tabTo(page, startsWith('Last name'), 'Last name');
      await page.keyboard.type('Lovelace');
      await tabTo(page, named('Email'), 'Email');
      expect((await focused(page)).indicated).toBe(true);
      await page.keyboard.type(newEmail('keyboard'));
      await tabTo(page, named('Password'), 'Password');
      await page.keyboard.type(PASSWORD);
      await tabTo(page, named('Confirm password'), 'Confirm password');
      await page.keyboard.type(PASSWORD);
      expect((await tabTo(page, named('Create Account'), 'Create Account')).indicated).toBe(true);
      await page.keyboard.press('Enter');
      await page.waitForURL(`${baseUrl}/home`);

      // The welcome modal takes focus as it opens; Enter on its action closes it.
      await page.getByRole('dialog', { name: WELCOME }).waitFor();
      await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') != null);
      expect(await focused(page)).toMatchObject({ dialog: WELCOME, name: 'Got it', indicated: true });
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: WELCOME }).waitFor({ state: 'detached' });

      expect((await tabTo(page, named('Start Workout'), 'Start Workout')).indicated).toBe(true);
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Exit' }).waitFor();
      await page.getByRole('form', { name: 'Warm-up 1' }).waitFor();

      expect((await tabTo(page, named('Weight'), 'the Weight input')).indicated).toBe(true);
      await page.keyboard.type('45');
      await page.keyboard.press('Tab');
      expect(await focused(page)).toMatchObject({ tag: 'input', name: 'Reps' });
      await page.keyboard.type('10');
      expect((await tabTo(page, named('Complete Set'), 'Complete Set', { max: 5 })).indicated).toBe(true);
      await page.keyboard.press('Enter');

      // The rest timer is a modal dialog that takes focus; Skip Rest is a Tab or two away.
      const rest = page.getByRole('dialog', { name: 'Rest' });
      await rest.waitFor();
      await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') != null);
      expect((await focused(page)).dialog).toBe('Rest');
      const skip = await tabTo(page, named('Skip Rest'), 'Skip Rest', { max: 4 });
      expect(skip).toMatchObject({ dialog: 'Rest', indicated: true });
      await page.keyboard.press('Enter');
      await rest.waitFor({ state: 'detached' });

      // The set is logged and the second warm-up is the set taking input now.
      await page.getByText('1/12 sets').waitFor();
      await page.getByText('45 lbs × 10').waitFor();
      await page.getByRole('form', { name: 'Warm-up 2' }).waitFor();
      await expect(page.getByRole('form', { name: 'Warm-up 1' }).count()).resolves.toBe(0);

      // Focus came back to the set taking input: one Tab reaches its Weight, not the top of the page.
      await tabTo(page, named('Weight'), "the next set's Weight input", { max: 1 });
    });
  });

  describe.each([
    ['phone', viewports.phone],
    ['desktop', viewports.desktop],
  ] as const)('dialogs on a %s', (layout, viewport) => {
    beforeEach(async () => {
      watched = await openPage(browser, baseUrl, viewport);
    });

    it('take focus, keep Tab and Shift+Tab inside, close with Escape and give focus back', async () => {
      const { page } = watched;
      await signUpToWelcome(page);

      // The welcome modal: focus moves inside as it opens and stays there.
      await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') != null);
      expect((await focused(page)).dialog).toBe(WELCOME);
      await expectFocusTrapped(page, WELCOME, 4);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: WELCOME }).waitFor({ state: 'detached' });

      // The account panel (a bottom sheet on a phone), opened from the header's Account button.
      await tabTo(page, named('Account'), 'the Account button');
      await page.keyboard.press('Enter');
      const panel = page.getByRole('dialog', { name: ACCOUNT });
      await panel.getByRole('button', { name: 'Sign Out' }).waitFor();
      await panel.getByTestId('subscription-badge').waitFor();
      await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') != null);
      expect((await focused(page)).dialog).toBe(ACCOUNT);
      await expectFocusTrapped(page, ACCOUNT);

      // A dialog opened from it: Escape closes only that one, focus goes back to what opened it.
      await tabTo(page, named('Privacy Policy'), 'Privacy Policy', { max: 12 });
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Privacy Policy' }).waitFor();
      expect((await focused(page)).dialog).toBe('Privacy Policy');
      await expectFocusTrapped(page, 'Privacy Policy', 3);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Privacy Policy' }).waitFor({ state: 'detached' });
      expect(await focused(page)).toMatchObject({ dialog: ACCOUNT, name: 'Privacy Policy' });

      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      expect(await focused(page)).toMatchObject({ dialog: '', name: 'Account', indicated: true });

      // The Danger Zone's confirmation.
      await tabTo(page, named('Reset Progress'), 'Reset Progress');
      await page.keyboard.press('Enter');
      const confirmation = page.getByRole('dialog', { name: 'Reset all progress?' });
      await confirmation.waitFor();
      expect(await focused(page)).toMatchObject({ dialog: 'Reset all progress?', name: 'Cancel' });
      await expectFocusTrapped(page, 'Reset all progress?', 4);
      await expectNoSeriousViolations(page, `the Reset Progress confirmation (${layout})`);
      await page.keyboard.press('Escape');
      await confirmation.waitFor({ state: 'detached' });
      expect(await focused(page)).toMatchObject({ dialog: '', name: 'Reset Progress', indicated: true });
    });
  });
});
