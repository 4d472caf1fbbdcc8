import type { Browser, Page } from 'playwright-core';
import { dismissWelcome, signUpThroughForm } from '../support/accounts';
import { saveScreenshot } from '../support/artifacts';
import { launchBrowser, openPage, viewports, type WatchedPage } from '../support/browser';
import { e2eEnvironment } from '../support/environment';

const { baseUrl } = e2eEnvironment();

/** A new account on /home with the welcome modal dismissed. */
async function signedUpAtHome(page: Page): Promise<void> {
  await signUpThroughForm(page);
  await page.waitForURL(`${baseUrl}/home`);
  await dismissWelcome(page);
}

/** Logs the current set with the given weight and reps. */
async function completeCurrentSet(page: Page, weight: string, reps: string): Promise<void> {
  await page.getByLabel('Weight').fill(weight);
  await page.getByLabel('Reps').fill(reps);
  await page.getByRole('button', { name: 'Complete Set' }).click();
}

async function skipRestIfShown(page: Page): Promise<void> {
  const skip = page.getByRole('button', { name: 'Skip Rest' });
  try {
    await skip.waitFor({ timeout: 1500 });
    await skip.click();
  } catch {
    // No rest timer after an exercise's last set.
  }
}

describe('a workout on a phone', () => {
  let browser: Browser;
  let watched: WatchedPage;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    watched = await openPage(browser, baseUrl, viewports.phone);
  });
  afterEach(() => watched.context.close());

  it('completes Day 1 set by set, then recommends Day 2 with the rest banner', async () => {
    const { page } = watched;
    await signedUpAtHome(page);
    await page.getByText('Cycle 1').first().waitFor();
    await page.getByText('Next: Day 1').first().waitFor();
    await saveScreenshot(page, 'home-phone');

    await page.getByRole('button', { name: 'Start' }).first().click();
    await page.getByRole('button', { name: 'Exit' }).waitFor();

    // Day 1: four exercises of two warm-ups and one working set each.
    for (let exercise = 0; exercise < 4; exercise += 1) {
      await completeCurrentSet(page, '45', '10');
      if (exercise === 0) {
        await page.getByRole('button', { name: 'Skip Rest' }).waitFor();
        await saveScreenshot(page, 'active-workout-rest-timer-phone');
      }
      await skipRestIfShown(page);
      await completeCurrentSet(page, '65', '8');
      await skipRestIfShown(page);
      await completeCurrentSet(page, '100', '8');
      await skipRestIfShown(page);
    }

    await page.getByText('Workout Complete!').waitFor();
    await page.getByText('All 4 exercises completed').waitFor();
    await page.getByText('Progress saved').waitFor();
    await saveScreenshot(page, 'workout-complete-phone');
    await page.getByRole('button', { name: 'Return to Home' }).click();

    await page.getByText('Next: Day 2').first().waitFor();
    await page.getByText(/Rest period/i).first().waitFor();
    expect(watched.unexpected()).toEqual([]);
  });

  it('resumes an unfinished workout after a reload with no set lost', async () => {
    const { page } = watched;
    await signedUpAtHome(page);
    await page.getByRole('button', { name: 'Start' }).first().click();
    await page.getByRole('button', { name: 'Exit' }).waitFor();
    await completeCurrentSet(page, '40', '10');
    await skipRestIfShown(page);
    await completeCurrentSet(page, '60', '9');
    await page.getByText('Saved').first().waitFor();

    await page.reload();
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.getByRole('button', { name: 'Exit' }).waitFor();
    await page.getByText('2/12 sets').waitFor();
    await page.getByText(/40 lbs × 10/).waitFor();
    await page.getByText(/60 lbs × 9/).waitFor();
  });
});
