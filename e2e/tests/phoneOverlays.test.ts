import type { Browser, Locator, Page } from 'playwright-core';
import {
  dismissWelcome,
  newEmail,
  PASSWORD,
  signInThroughForm,
  signOutThroughAccountPanel,
  signUpThroughForm,
} from '../support/accounts';
import { overflowsHorizontally, saveScreenshot } from '../support/artifacts';
import { launchBrowser, openPage, viewports, type WatchedPage } from '../support/browser';
import { e2eEnvironment } from '../support/environment';
import { logWorkoutThroughApi } from '../support/history';
import {
  completeSet,
  logExercise,
  press,
  restTimer,
  signedUpAtHome,
  skipRest,
  waitClosely,
  type ExerciseLog,
} from '../support/workout';

const { baseUrl } = e2eEnvironment();

const GREAT_JOB = 'Great job! Time to increase weight';
const RECORD = 'New personal record!';

/** The one toast on screen: the notification that has the close button. */
function theToast(page: Page): Locator {
  return page
    .locator('[role="status"], [role="alert"]')
    .filter({ has: page.getByRole('button', { name: 'Close notification' }) });
}

/**
 * The controls that lie under `overlay`: every button, link and field the lifter could see whose box meets the
 * overlay's where the overlay is on top, i.e. at a point of the part they share, a tap lands on the overlay while the
 * control lies beneath it. A control drawn over the overlay (the sticky workout header over a panel scrolled under it)
 * is in reach, and one under something else (a dialog's backdrop) is hidden whatever the overlay does: both are left
 * out.
 */
function controlsUnder(overlay: Locator): Promise<string[]> {
  return overlay.evaluate((cover) => {
    const box = cover.getBoundingClientRect();
    const controls = document.querySelectorAll(
      'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="link"], [role="switch"], [tabindex]:not([tabindex="-1"])',
    );
    const under: string[] = [];
    for (const control of controls) {
      if (cover.contains(control)) continue;
      const rect = control.getBoundingClientRect();
      // The part of the window where the control and the overlay meet.
      const left = Math.max(rect.left, box.left, 0);
      const right = Math.min(rect.right, box.right, window.innerWidth);
      const top = Math.max(rect.top, box.top, 0);
      const bottom = Math.min(rect.bottom, box.bottom, window.innerHeight);
      if (right - left <= 0.5 || bottom - top <= 0.5) continue;
      // Its centre and four points just inside its corners: where a finger could be aimed at the control.
      const inset = (from: number, to: number, side: 'start' | 'end') =>
        side === 'start' ? from + Math.min(2, (to - from) / 2) : to - Math.min(2, (to - from) / 2);
      const points: [number, number][] = [
        [(left + right) / 2, (top + bottom) / 2],
        [inset(left, right, 'start'), inset(top, bottom, 'start')],
        [inset(left, right, 'end'), inset(top, bottom, 'start')],
        [inset(left, right, 'start'), inset(top, bottom, 'end')],
        [inset(left, right, 'end'), inset(top, bottom, 'end')],
      ];
      const covered = points.some(([x, y]) => {
        const stack = document.elementsFromPoint(x, y);
        const beneath = stack.findIndex((element) => !cover.contains(element));
        // The overlay is what a tap there hits, and the first thing beneath it is the control.
        return beneath > 0 && cover.contains(stack[0]) && control.contains(stack[beneath]);
      });
      if (covered) {
        const name = control.getAttribute('aria-label') ?? control.textContent ?? '';
        under.push(`${control.tagName.toLowerCase()} "${name.replace(/\s+/g, ' ').trim().slice(0, 40)}"`);
      }
    }
    return under;
  });
}

/** True when the two boxes share any area. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [first, second] = [await a.boundingBox(), await b.boundingBox()];
  if (!first || !second) throw new Error('an element to compare is not on screen');
  const across = Math.min(first.x + first.width, second.x + second.width) - Math.max(first.x, second.x);
  const down = Math.min(first.y + first.height, second.y + second.height) - Math.max(first.y, second.y);
  return across > 0.5 && down > 0.5;
}

/**
 * Waits for the one toast that says `text`, and holds it on screen while it is checked: the pointer on a toast stops
 * its clock, so a slow machine checks the toast rather than finding it gone.
 */
async function heldToast(page: Page, text: string): Promise<Locator> {
  const toast = theToast(page).filter({ hasText: text });
  await waitClosely(toast);
  await toast.hover();
  expect(await theToast(page).count()).toBe(1);
  return toast;
}

/** Fails naming every control of the screen the overlay lies over. */
async function expectNothingUnder(overlay: Locator, screen: string): Promise<void> {
  expect({ screen, under: await controlsUnder(overlay) }).toEqual({ screen, under: [] });
}

/** True when a tap at the control's centre reaches the control itself: nothing lies over it. */
function reachable(control: Locator): Promise<boolean> {
  return control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const topmost = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return topmost !== null && element.contains(topmost);
  });
}

/** Takes the toast away with its close button, so the next one is looked at by itself. */
async function closeToast(page: Page): Promise<void> {
  await press(theToast(page).getByRole('button', { name: 'Close notification' }));
  await waitClosely(theToast(page), { state: 'detached' });
}

const exercise = (name: string, working: { weight: number; reps: number }): ExerciseLog => ({
  name,
  warmups: [
    { weight: 50, reps: 10 },
    { weight: 50, reps: 10 },
  ],
  working,
});

describe('what overlays cover', () => {
  let browser: Browser;
  let watched: WatchedPage;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  afterEach(() => watched.context.close());

  describe.each([
    ['360x740', viewports.narrow],
    ['390x844', viewports.phone],
  ] as const)('on a %s phone', (size, viewport) => {
    beforeEach(async () => {
      watched = await openPage(browser, baseUrl, viewport);
    });

    it('wraps the "Welcome back!" e-mail inside the toast and the screen, and the toast covers no control', async () => {
      const { page } = watched;
      const email = newEmail('a.lifter.with.a.rather.long.address');
      await signUpThroughForm(page, { email });
      await page.waitForURL((url) => url.pathname === '/home');
      await dismissWelcome(page);
      await signOutThroughAccountPanel(page);
      await page.waitForURL((url) => url.pathname === '/auth');

      await signInThroughForm(page, email, PASSWORD);
      await page.waitForURL((url) => url.pathname === '/home');
      const toast = await heldToast(page, 'Welcome back!');
      const line = toast.getByText(`You're now logged in as ${email}`);
      const [toastBox, lineBox] = [await toast.boundingBox(), await line.boundingBox()];
      expect(toastBox!.x).toBeGreaterThanOrEqual(0);
      expect(toastBox!.x + toastBox!.width).toBeLessThanOrEqual(viewport.width);
      expect(lineBox!.x).toBeGreaterThanOrEqual(toastBox!.x);
      expect(lineBox!.x + lineBox!.width).toBeLessThanOrEqual(toastBox!.x + toastBox!.width);
      expect(await toast.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      expect(await overflowsHorizontally(page)).toBe(false);

      await page.getByText('Next: Day 1').first().waitFor();
      await page.getByRole('button', { name: 'Start Workout' }).waitFor();
      await expectNothingUnder(toast, `the dashboard at ${size}`);
      await saveScreenshot(page, `overlays-welcome-back-${size}`);
      expect(watched.unexpected()).toEqual([]);
    });

    it('shows the account panel whole below a toast raised in it, close button included', async () => {
      const { page } = watched;
      await signedUpAtHome(page);
      await press(page.getByRole('button', { name: 'Account' }));
      const panel = page.getByRole('dialog', { name: 'Account details' });
      await press(panel.getByRole('button', { name: 'Plate Settings' }));
      const plates = page.getByRole('dialog', { name: 'Plate Settings' });
      await plates.getByLabel('Bar weight (lbs)').fill('35');
      await press(plates.getByRole('button', { name: 'Save' }));
      await plates.waitFor({ state: 'detached' });

      const toast = await heldToast(page, 'Plates Saved');
      const close = panel.getByRole('button', { name: 'Close', exact: true });
      await close.waitFor();
      expect(await overlap(toast, close)).toBe(false);
      await expectNothingUnder(toast, `the account panel at ${size}`);
      await saveScreenshot(page, `overlays-account-panel-${size}`);

      // The panel still closes with that button.
      await press(close);
      await panel.waitFor({ state: 'detached' });
      expect(watched.unexpected()).toEqual([]);
    });

    it('shows a record and the great-job advice in one toast over nothing of the workout, nor of Workout Complete', async () => {
      const { page } = watched;
      await signedUpAtHome(page);
      // A cycle at 100 lbs × 8, so 110 lbs × 13 on Day 1's first working set is a new record too.
      for (const dayId of [1, 2, 3]) await logWorkoutThroughApi(page, dayId, 100);
      await page.reload();
      await page
        .getByText(/Rest period/i)
        .first()
        .waitFor();
      await press(page.getByRole('button', { name: 'Start Workout' }));
      await press(page.getByRole('button', { name: 'Yes, skip rest' }));
      await page.getByRole('button', { name: 'Exit' }).waitFor();

      await logExercise(page, exercise('Incline Press', { weight: 110, reps: 13 }));
      const toast = await heldToast(page, RECORD);
      await toast.getByText(GREAT_JOB).waitFor();
      await toast.getByText('Incline Press: estimated 1RM').waitFor();
      const header = page.getByRole('main', { name: 'Active workout' }).locator('header');
      for (const part of [
        header.getByRole('button', { name: 'Exit' }),
        header.getByRole('heading', { level: 1 }),
        header.getByRole('progressbar', { name: 'Workout progress' }),
      ]) {
        expect(await overlap(toast, part)).toBe(false);
      }
      await expectNothingUnder(toast, `the workout at ${size}`);
      await saveScreenshot(page, `overlays-workout-toast-${size}`);

      // Scrolled down the list, with the header stuck at the top: what scrolls by goes under the header.
      await page.evaluate(() => window.scrollBy(0, 400));
      await page.waitForFunction(() => window.scrollY > 0);
      for (const part of [
        header.getByRole('button', { name: 'Exit' }),
        header.getByRole('heading', { level: 1 }),
        header.getByRole('progressbar', { name: 'Workout progress' }),
      ]) {
        expect(await overlap(toast, part)).toBe(false);
      }
      await expectNothingUnder(toast, `the workout scrolled at ${size}`);
      await closeToast(page);

      for (const name of ['Dumbbell Flys', 'Underhand Pulldowns']) {
        await logExercise(page, exercise(name, { weight: 100, reps: 8 }));
      }
      // The day's last set earns the advice, and Workout Complete opens while it shows.
      await logExercise(page, exercise('Deadlifts', { weight: 100, reps: 13 }));
      const last = await heldToast(page, GREAT_JOB);
      await waitClosely(page.getByText('Workout Complete!'));
      await page.getByRole('button', { name: 'Return to Home' }).waitFor();
      await expectNothingUnder(last, `Workout Complete at ${size}`);
      await saveScreenshot(page, `overlays-workout-complete-${size}`);
      expect(watched.unexpected()).toEqual([]);
    });

    it('keeps the rest panel and the tip card off every control: Exit and Undo stay within reach', async () => {
      const { page } = watched;
      await signedUpAtHome(page);
      await press(page.getByRole('button', { name: 'Start Workout' }));
      await page.getByRole('button', { name: 'Exit' }).waitFor();
      await completeSet(page, 'Incline Press', 'Warm-up 1', { weight: 50, reps: 10 });

      const rest = restTimer(page);
      await waitClosely(rest);
      await expectNothingUnder(rest, `the rest at ${size}`);
      const exit = page.getByRole('button', { name: 'Exit' });
      expect(await reachable(exit)).toBe(true);
      const undo = page.getByRole('button', { name: 'Undo last set' });
      await undo.scrollIntoViewIfNeeded();
      expect(await reachable(undo)).toBe(true);
      await expectNothingUnder(rest, `the rest, Undo in sight, at ${size}`);

      // The tip shows 10 s after the workout starts, here while the rest runs.
      const tip = page.getByRole('complementary', { name: 'Workout tip' });
      await waitClosely(tip);
      await expectNothingUnder(tip, `the tip card at ${size}`);
      await tip.scrollIntoViewIfNeeded();
      await expectNothingUnder(tip, `the tip card in sight at ${size}`);
      await expectNothingUnder(rest, `the rest with the tip card at ${size}`);
      expect(await reachable(exit)).toBe(true);
      await saveScreenshot(page, `overlays-rest-and-tip-${size}`);
      await skipRest(page);
      expect(watched.unexpected()).toEqual([]);
    });
  });

  describe('on the desktop', () => {
    beforeEach(async () => {
      watched = await openPage(browser, baseUrl, viewports.desktop);
    });

    it("leaves the tip card's Dismiss and every other control of the workout clear of a toast", async () => {
      const { page } = watched;
      await signedUpAtHome(page);
      await press(page.getByRole('button', { name: 'Start Workout' }));
      await page.getByRole('button', { name: 'Exit' }).waitFor();
      // The tip shows 10 s after the workout starts.
      await waitClosely(page.getByRole('button', { name: 'Dismiss tip' }));

      await completeSet(page, 'Incline Press', 'Warm-up 1', { weight: 50, reps: 10 });
      await skipRest(page);
      await completeSet(page, 'Incline Press', 'Warm-up 2', { weight: 50, reps: 10 });
      await skipRest(page);
      await completeSet(page, 'Incline Press', 'Working Set', { weight: 100, reps: 13 });
      const toast = await heldToast(page, GREAT_JOB);
      const dismiss = page.getByRole('button', { name: 'Dismiss tip' });
      expect(await dismiss.isVisible()).toBe(true);
      expect(await overlap(toast, dismiss)).toBe(false);
      await expectNothingUnder(toast, 'the workout on the desktop');
      await saveScreenshot(page, 'overlays-workout-toast-desktop');
      expect(watched.unexpected()).toEqual([]);
    });
  });
});
