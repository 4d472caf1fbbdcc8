import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, openPage, viewports, type WatchedPage } from '../support/browser';
import { e2eEnvironment } from '../support/environment';
import { logWorkoutThroughApi } from '../support/history';
import {
  completeSet,
  exerciseCard,
  logExercise,
  press,
  restTimer,
  signedUpAtHome,
  skipRest,
  waitClosely,
  type ExerciseLog,
} from '../support/workout';

const { baseUrl } = e2eEnvironment();

/** What the rest panel and the tip card are found by: the workout's own overlays. */
const WORKOUT_OVERLAYS = '[role="dialog"][aria-labelledby], aside[aria-label="Workout tip"]';

/**
 * The buttons and inputs on screen whose middle is under one of the workout's overlays (the rest panel, the tip
 * card) rather than the control itself: what the lifter could not tap. Empty when nothing is covered.
 */
async function controlsUnderOverlays(page: Page): Promise<string[]> {
  return page.evaluate((overlays) => {
    const covered: string[] = [];
    for (const control of document.querySelectorAll<HTMLElement>('button, input, a[href]')) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      const label = control.closest('label');
      if (!hit || control.contains(hit) || label?.contains(hit)) continue;
      if (hit.closest(overlays) && !hit.closest(overlays)?.contains(control))
        covered.push(control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName);
    }
    return covered;
  }, WORKOUT_OVERLAYS);
}

/** Waits until the whole of `locator` is inside the viewport (a smooth scroll may still be on its way). */
async function waitInView(locator: Locator): Promise<void> {
  const element = await locator.elementHandle();
  await locator.page().waitForFunction((target) => {
    const box = target!.getBoundingClientRect();
    return box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
  }, element);
}

/** The seconds the rest panel shows. */
async function restSecondsShown(page: Page): Promise<number> {
  const text = (await restTimer(page).getByRole('timer').textContent()) ?? '';
  const [minutes, seconds] = text.split(':').map(Number);
  return minutes * 60 + seconds;
}

/** Day 1 in its second cycle, each exercise done at the weights the api history had (working 100 lbs × 8). */
const REST_OF_DAY_1: ExerciseLog[] = ['Dumbbell Flys', 'Underhand Pulldowns', 'Deadlifts'].map((name) => ({
  name,
  warmups: [
    { weight: 50, reps: 10 },
    { weight: 50, reps: 10 },
  ],
  working: { weight: 100, reps: 8 },
}));

describe.each([
  ['360x740', viewports.narrow],
  ['390x844', viewports.phone],
] as const)('the active workout on a %s phone', (_size, viewport) => {
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

  it('rests without a trap: Exit, Undo and the next set in reach, Back asks, and a resume keeps the clock', async () => {
    const { page } = watched;
    await signedUpAtHome(page);
    await press(page.getByRole('button', { name: 'Start Workout' }));
    const exit = page.getByRole('button', { name: 'Exit', exact: true });
    await exit.waitFor();
    const press1 = exerciseCard(page, 'Incline Press');

    await completeSet(page, 'Incline Press', 'Warm-up 1', { weight: 45, reps: 10 });
    const rest = restTimer(page);
    await waitClosely(rest);
    // The rest is in the flow of the exercise: nothing is under it, Exit stays in view, the next set is right below.
    await waitInView(rest);
    await waitInView(exit);
    expect(await controlsUnderOverlays(page)).toEqual([]);
    const next = press1.getByRole('form', { name: 'Warm-up 2', exact: true });
    await next.getByRole('heading', { name: 'Warm-up 2' }).scrollIntoViewIfNeeded();
    // Warm-up 2 starts at Warm-up 1's weight; the reps are a hint only, and Complete Set says so by being disabled.
    await expect(next.getByLabel('Weight', { exact: true }).inputValue()).resolves.toBe('45');
    await expect(next.getByLabel('Reps', { exact: true }).inputValue()).resolves.toBe('');
    await expect(next.getByRole('button', { name: 'Complete Set' }).isDisabled()).resolves.toBe(true);

    // Back keeps the workout and asks; staying leaves the rest running.
    await page.goBack();
    const leave = page.getByRole('dialog', { name: 'Leave the workout?' });
    await leave.waitFor();
    expect(new URL(page.url()).pathname).toBe('/home');
    await press(leave.getByRole('button', { name: 'Stay' }));
    await leave.waitFor({ state: 'detached' });
    await rest.waitFor();

    // Undo during the rest: the set takes input again with its numbers.
    await press(press1.getByRole('button', { name: 'Undo last set' }));
    await rest.waitFor({ state: 'detached' });
    const again = press1.getByRole('form', { name: 'Warm-up 1', exact: true });
    await expect(again.getByLabel('Reps', { exact: true }).inputValue()).resolves.toBe('10');
    await press(again.getByRole('button', { name: 'Complete Set' }));
    await waitClosely(rest);
    await exerciseCard(page, 'Incline Press').getByText('Saved', { exact: true }).waitFor();

    // Exit during the rest, then Resume: the rest goes on, counted from when the set was done.
    const beforeExit = await restSecondsShown(page);
    await press(exit);
    await press(page.getByRole('button', { name: 'Resume Workout', exact: true }));
    await waitClosely(rest);
    const afterResume = await restSecondsShown(page);
    expect(afterResume).toBeLessThanOrEqual(beforeExit);
    expect(afterResume).toBeGreaterThan(beforeExit - 15);

    // A reload too.
    await page.reload();
    await press(page.getByRole('button', { name: 'Resume Workout', exact: true }));
    await waitClosely(rest);
    expect(await restSecondsShown(page)).toBeLessThanOrEqual(afterResume);
    expect(await restSecondsShown(page)).toBeGreaterThan(beforeExit - 30);

    // The tip comes 10 s in, in the flow: it covers nothing either.
    const tip = page.getByRole('complementary', { name: 'Workout tip' });
    await tip.waitFor({ timeout: 20_000 });
    await tip.scrollIntoViewIfNeeded();
    expect(await controlsUnderOverlays(page)).toEqual([]);
    expect(await tip.evaluate((element) => getComputedStyle(element).position)).toBe('static');
    expect(watched.unexpected()).toEqual([]);
  });

  it('refuses 8.5 reps, badges a record on its line, corrects a set that survives a reload, and sums up', async () => {
    const { page } = watched;
    await signedUpAtHome(page);
    // A cycle of history, every working set 100 lbs × 8 and every warm-up 50 lbs × 10.
    for (const dayId of [1, 2, 3]) await logWorkoutThroughApi(page, dayId, 100);
    await page.reload();
    await press(page.getByRole('button', { name: 'Start Workout' }));
    const skipRestPeriod = page.getByRole('dialog', { name: 'Skip Rest Period?' });
    await skipRestPeriod.waitFor();
    await press(skipRestPeriod.getByRole('button', { name: 'Yes, skip rest' }));
    await page.getByRole('button', { name: 'Exit', exact: true }).waitFor();

    // Warm-up 1 from last time's Warm-up 1; last time's reps as the hint.
    const first = exerciseCard(page, 'Incline Press').getByRole('form', { name: 'Warm-up 1', exact: true });
    await waitClosely(first.getByText('Last time: 50 lbs × 10'));
    await expect(first.getByLabel('Weight', { exact: true }).inputValue()).resolves.toBe('50');
    await expect(first.getByLabel('Reps', { exact: true }).getAttribute('placeholder')).resolves.toBe('10');
    // The prefilled weight is selected as the field is tapped: typing 55 gives 55, not 5055.
    const weight = first.getByLabel('Weight', { exact: true });
    await press(weight);
    await page.keyboard.type('55');
    await expect(weight.inputValue()).resolves.toBe('55');

    // 8.5 typed: refused, never 85.
    const reps = first.getByLabel('Reps', { exact: true });
    await reps.pressSequentially('8.5');
    await expect(reps.inputValue()).resolves.toBe('8.5');
    await first.getByText('Reps must be a whole number.').waitFor();
    await expect(first.getByRole('button', { name: 'Complete Set' }).isDisabled()).resolves.toBe(true);

    await completeSet(page, 'Incline Press', 'Warm-up 1', { weight: 50, reps: 10 });
    await skipRest(page);
    await completeSet(page, 'Incline Press', 'Warm-up 2', { weight: 50, reps: 10 });
    await skipRest(page);
    await completeSet(page, 'Incline Press', 'Working Set', { weight: 110, reps: 8 });
    await page.getByText('New personal record!').first().waitFor();
    // The record on its own line as well: the done exercise's working set wears the badge.
    const pressCard = exerciseCard(page, 'Incline Press');
    await waitClosely(pressCard.getByRole('button', { name: /Working Set: 110 lbs × 8/ }));
    await pressCard.getByText('New record', { exact: true }).waitFor();

    // Correct Warm-up 1 from the done exercise: 55 lbs, saved like any set.
    await press(pressCard.getByRole('button', { name: /Edit sets/ }));
    await press(pressCard.getByRole('button', { name: /^Edit Warm-up 1/ }));
    const edit = pressCard.getByRole('form', { name: 'Edit Warm-up 1', exact: true });
    await edit.getByLabel('Weight', { exact: true }).fill('55');
    await press(edit.getByRole('button', { name: 'Save Set' }));
    await edit.waitFor({ state: 'detached' });
    await pressCard.getByText('55 lbs × 10').waitFor();
    await pressCard.getByText('Saving…').waitFor({ state: 'detached' });

    await page.reload();
    await press(page.getByRole('button', { name: 'Resume Workout', exact: true }));
    const resumed = exerciseCard(page, 'Incline Press');
    await press(resumed.getByRole('button', { name: /Edit sets/ }));
    await resumed.getByText('55 lbs × 10').waitFor();
    await resumed.getByText('New record', { exact: true }).first().waitFor();

    for (const exercise of REST_OF_DAY_1) await logExercise(page, exercise);
    await waitClosely(page.getByText('Workout Complete!'));
    await page.getByText('All 4 exercises completed').waitFor();
    await page.getByText('Progress saved').waitFor();
    // 55×10 + 50×10 + 110×8, and 3 × (50×10 + 50×10 + 100×8) = 7,330 lbs.
    await page.getByText('7,330 lbs').waitFor();
    await page.getByText(/^\d+ min$|^\d+ h \d+ min$/).waitFor();
    const records = page.getByRole('region', { name: 'Personal records' });
    await expect(records.getByRole('listitem').allTextContents()).resolves.toEqual(['Incline Press: 110 lbs × 8']);
    await press(page.getByRole('button', { name: 'Return to Home' }));
    await page.getByText('Next: Day 2').first().waitFor();
    expect(watched.unexpected()).toEqual([]);
  });
});
