import type { Browser, Locator, Page } from 'playwright-core';
import { fillSignUpForm } from '../support/accounts';
import { checkScreen, settled } from '../support/artifacts';
import { launchBrowser, openPage, viewports, type Layout, type WatchedPage } from '../support/browser';
import { e2eEnvironment } from '../support/environment';
import { logWorkout, press, waitClosely, type ExerciseLog } from '../support/workout';

const { baseUrl } = e2eEnvironment();

/** Warm-ups at roughly half and three quarters of the working weight, in pounds. */
function exercise(
  name: string,
  warmup1: [number, number],
  warmup2: [number, number],
  working: [number, number],
): ExerciseLog {
  const set = ([weight, reps]: [number, number]) => ({ weight, reps });
  return { name, warmups: [set(warmup1), set(warmup2)], working: set(working) };
}

// The program's three days; every working weight is distinct, so the analytics show each exercise's own.
const DAY_1 = [
  exercise('Incline Press', [65, 10], [95, 6], [135, 8]),
  exercise('Dumbbell Flys', [20, 12], [30, 8], [42.5, 10]),
  exercise('Underhand Pulldowns', [70, 12], [110, 8], [150, 9]),
  exercise('Deadlifts', [135, 10], [205, 5], [275, 6]),
];
const DAY_2 = [
  exercise('Side Raises', [10, 12], [15, 10], [25, 10]),
  exercise('Rear Delt Raises', [10, 12], [15, 10], [20, 11]),
  exercise('Bicep Curls', [30, 12], [50, 8], [70, 8]),
  exercise('Tricep Press Downs', [40, 12], [60, 8], [80, 9]),
  exercise('Dips', [10, 10], [25, 8], [45, 7]),
];
const DAY_3 = [
  exercise('Leg Press', [180, 12], [270, 8], [360, 10]),
  exercise('Calf Raises', [115, 12], [170, 10], [225, 12]),
  exercise('Situps or Ab Machine', [45, 12], [70, 10], [90, 12]),
];
const CYCLE = [DAY_1, DAY_2, DAY_3];
const WORKING_SETS = CYCLE.flat().length;

/** A badge of the dashboard header ('Cycle 1', 'Next: Day 2'). */
function badge(page: Page, text: string): Locator {
  return page.getByText(text, { exact: true }).first();
}

/** The way to the analytics on the 'Ready for Day n' card. */
function progressLink(page: Page): Locator {
  return page.getByRole('region', { name: /^Ready for Day/ }).getByRole('link', { name: 'Progress Analytics' });
}

/** The cells of a table's body, one `{ header: cell }` record per row, read as a screen reader would. */
async function tableRows(table: Locator): Promise<Record<string, string>[]> {
  // The charts' tables come a frame after the charts, which are drawn after the screen's first frame.
  await table.waitFor({ state: 'attached' });
  const headers = await table.getByRole('columnheader').allTextContents();
  const rows = table.getByRole('row').filter({ has: table.page().getByRole('rowheader') });
  const records: Record<string, string>[] = [];
  for (const row of await rows.all()) {
    const cells = [await row.getByRole('rowheader').textContent(), ...(await row.getByRole('cell').allTextContents())];
    records.push(Object.fromEntries(headers.map((header, index) => [header, cells[index] ?? ''])));
  }
  return records;
}

/** Where a dialog sits on screen, once it has finished opening. */
async function boxOf(page: Page, dialog: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  await settled(page);
  const box = await dialog.boundingBox();
  if (!box) throw new Error('The dialog is not on screen');
  return box;
}

describe.each([
  ['phone', viewports.phone],
  ['desktop', viewports.desktop],
] as const)('the whole product on a %s', (layout: Layout, viewport) => {
  let browser: Browser;
  let watched: WatchedPage;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    watched = await openPage(browser, baseUrl, viewport);
  });
  afterEach(() => watched.context.close());

  it('signs up, completes a cycle set by set, reads it in the analytics, and resets it', async () => {
    const { page } = watched;
    const check = (name: string) => checkScreen(page, name, layout);

    // A visitor: the landing page, the sign-in form, then the sign-up form.
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'High-Intensity Training Workout Tracker' }).waitFor();
    await check('landing');
    await press(page.getByRole('link', { name: 'Sign in', exact: true }));
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await check('auth-signin');
    await press(page.getByRole('link', { name: "Don't have an account? Sign up" }));
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await check('auth-signup');
    await fillSignUpForm(page, { firstName: 'Grace', lastName: 'Hopper' });
    await press(page.getByRole('button', { name: 'Create Account' }));

    // The new user's dashboard, greeted by a toast (the lifter closes it: on a phone it covers the header) and
    // the welcome modal.
    await page.waitForURL(`${baseUrl}/home`);
    const toast = page.getByRole('status').filter({ hasText: 'Account created!' });
    await toast.getByText('Welcome to the workout tracker, Grace Hopper!').waitFor();
    await press(toast.getByRole('button', { name: 'Close notification' }));
    await toast.waitFor({ state: 'detached' });
    const welcome = page.getByRole('dialog', { name: 'Welcome to Your Workout Journey!' });
    await waitClosely(welcome);
    await check('welcome-modal');
    await press(welcome.getByRole('button', { name: 'Got it' }));
    await welcome.waitFor({ state: 'detached' });
    await badge(page, 'Cycle 1').waitFor();
    await badge(page, 'Next: Day 1').waitFor();
    await check('home');

    // The account panel: a bottom sheet on the phone, a centred dialog on the desktop.
    await press(page.getByRole('button', { name: 'Account', exact: true }));
    const account = page.getByRole('dialog', { name: 'Account details' });
    await account.getByRole('button', { name: 'Sign Out' }).waitFor();
    const box = await boxOf(page, account);
    if (layout === 'phone') {
      // A bottom sheet: edge to edge, resting on the bottom of the screen.
      const edges = {
        left: Math.round(box.x),
        right: Math.round(box.x + box.width),
        bottom: Math.round(box.y + box.height),
      };
      expect(edges).toEqual({ left: 0, right: viewport.width, bottom: viewport.height });
    } else {
      // A dialog in the middle of the screen, far narrower than it.
      const centre = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
      expect(centre).toEqual({ x: viewport.width / 2, y: viewport.height / 2 });
      expect(box.width).toBeLessThan(viewport.width / 2);
    }
    await check('account-panel');
    await press(account.getByRole('button', { name: 'Close' }));
    await account.waitFor({ state: 'detached' });

    // Day 1, set by set, with a look at the rest timer after the first set.
    await press(page.getByRole('button', { name: 'Start Workout' }));
    await page.getByRole('main', { name: 'Active workout' }).waitFor();
    await page.getByText('0/12 sets').waitFor();
    await check('active-workout');
    await logWorkout(page, DAY_1, { whileFirstRest: () => check('active-workout-rest-timer') });
    await page.getByText('All 4 exercises completed').waitFor();
    await page.getByText('Progress saved').waitFor();
    await check('workout-complete');
    await press(page.getByRole('button', { name: 'Return to Home' }));

    // Days 2 and 3 start inside the 48-hour rest period: the lifter skips it.
    for (const [index, day] of [DAY_2, DAY_3].entries()) {
      const dayNumber = index + 2;
      await badge(page, `Next: Day ${dayNumber}`).waitFor();
      await badge(page, 'Cycle 1').waitFor();
      await page.getByRole('complementary', { name: 'Rest period' }).waitFor();
      await press(page.getByRole('button', { name: 'Start Workout' }));
      const skipRestDialog = page.getByRole('dialog', { name: 'Skip Rest Period?' });
      await skipRestDialog.waitFor();
      if (dayNumber === 2) await check('skip-rest-dialog');
      await press(skipRestDialog.getByRole('button', { name: 'Yes, skip rest' }));
      await page.getByRole('main', { name: 'Active workout' }).waitFor();
      await page.getByText(`0/${day.length * 3} sets`).waitFor();
      await logWorkout(page, day);
      await page.getByText(`All ${day.length} exercises completed`).waitFor();
      await press(page.getByRole('button', { name: 'Return to Home' }));
    }

    // The cycle is complete.
    await badge(page, 'Cycle 2').waitFor();
    await badge(page, 'Next: Day 1').waitFor();
    await page.getByRole('complementary', { name: 'Rest period' }).waitFor();

    // The analytics: the three sessions of cycle 1 with the working weights typed in.
    await press(progressLink(page));
    await page.waitForURL(`${baseUrl}/progress`);
    await page.getByLabel(`Total Working Sets: ${WORKING_SETS}`).waitFor();
    const weights = page.getByRole('table', { name: 'Weight by cycle in lbs' });
    const expectedWeights = Object.fromEntries(CYCLE.flat().map(({ name, working }) => [name, String(working.weight)]));
    expect(await tableRows(weights)).toEqual([{ Cycle: 'Cycle 1', ...expectedWeights }]);
    const reps = page.getByRole('table', { name: /^Reps by date/ });
    const repRows = (await tableRows(reps)).map(({ Exercise, Reps, 'Weight (lbs)': weight }) => ({
      Exercise,
      Reps,
      weight,
    }));
    expect(repRows).toEqual(
      CYCLE.flat().map(({ name, working }) => ({
        Exercise: name,
        Reps: String(working.reps),
        weight: String(working.weight),
      })),
    );
    await check('progress');

    // Reset Progress, in the dashboard's Danger Zone, takes everything back to the start.
    await press(page.getByRole('link', { name: 'Home', exact: true }));
    await page.waitForURL(`${baseUrl}/home`);
    await press(page.getByRole('button', { name: 'Reset Progress', exact: true }));
    const reset = page.getByRole('dialog', { name: 'Reset all progress?' });
    await reset.waitFor();
    await check('reset-dialog');
    await press(reset.getByRole('button', { name: 'Yes, reset everything' }));
    await reset.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'Progress Reset' }).waitFor();
    await badge(page, 'Cycle 1').waitFor();
    await badge(page, 'Next: Day 1').waitFor();
    // No workout done any more, so no rest period either.
    await page.getByRole('complementary', { name: 'Rest period' }).waitFor({ state: 'detached' });
    await press(progressLink(page));
    await page.getByText('No progress data available').waitFor();
    await check('progress-empty');

    // An unknown address.
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await check('not-found');
    expect(watched.unexpected()).toEqual([]);
  }, 150_000);
});
