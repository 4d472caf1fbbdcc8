import type { Browser } from 'playwright-core';
import { dismissWelcome, signUpThroughForm } from '../support/accounts';
import { overflowsHorizontally, saveScreenshot } from '../support/artifacts';
import { launchBrowser, openPage, viewports, type WatchedPage } from '../support/browser';
import { e2eEnvironment } from '../support/environment';
import { logWorkoutThroughApi } from '../support/history';

const { baseUrl } = e2eEnvironment();

describe('Progress Analytics', () => {
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

  it('shows the empty state to a new user', async () => {
    const { page } = watched;
    await signUpThroughForm(page);
    await page.waitForURL(`${baseUrl}/home`);
    await dismissWelcome(page);
    await page.goto('/progress');
    await page.getByText('No progress data available').waitFor();
    await page.getByText('Complete some workouts to see your progress analytics').waitFor();
    await page.getByRole('link', { name: 'Start Your First Workout' }).click();
    await page.waitForURL(`${baseUrl}/home`);
  });

  it('draws both charts, a recommendation and the summary after a cycle and a heavier Day 1', async () => {
    const { page } = watched;
    await signUpThroughForm(page);
    await page.waitForURL(`${baseUrl}/home`);
    await dismissWelcome(page);
    // Cycle 1 at 100 lbs, then Day 1 of cycle 2 at 120 lbs: 4 + 5 + 3 + 4 working sets.
    await logWorkoutThroughApi(page, 1, 100);
    await logWorkoutThroughApi(page, 2, 100);
    await logWorkoutThroughApi(page, 3, 100);
    await logWorkoutThroughApi(page, 1, 120);

    await page.goto('/progress');
    await page
      .getByText('Complete 3–4 workout cycles (9–12 sessions) for meaningful trends and recommendations')
      .waitFor();
    await page.getByLabel('Total Working Sets: 16').waitFor();
    // The latest working set (Day 1 of cycle 2, 120 lbs) minus the earliest (Day 1 of cycle 1, 100 lbs).
    await page.getByLabel('Weight Change: +20.0 lbs').waitFor();

    for (const chart of ['Weight Progression', 'Rep Consistency']) {
      const paths = page
        .locator('section, article, div')
        .filter({ has: page.getByRole('heading', { name: chart }) })
        .last()
        .locator('svg path');
      // The charts are drawn after the screen's first frame (their code is a chunk of its own).
      await paths.first().waitFor();
      expect(await paths.count()).toBeGreaterThan(0);
    }
    await page.getByText('Optimal range: 6-10 reps').first().waitFor();
    // Every working set had 8 reps: inside the 6-10 band.
    await page.getByText('Optimal range').first().waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await saveScreenshot(page, 'analytics-desktop');

    // One exercise in kilograms: its two working sets, 100 → 120 lbs is +9.1 kg.
    await page.getByLabel('Exercise', { exact: true }).selectOption({ label: 'Incline Press' });
    await page.getByLabel('Weight unit', { exact: true }).selectOption({ label: 'Kilograms (kg)' });
    await page.getByLabel('Total Working Sets: 2').waitFor();
    await page.getByLabel('Weight Change: +9.1 kg').waitFor();
    expect(watched.unexpected()).toEqual([]);
  });
});
