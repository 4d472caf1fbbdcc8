import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { dismissWelcome, signUpThroughForm } from '../support/accounts';
import { expectNoSeriousViolations } from '../support/axe';
import { overflowsHorizontally } from '../support/artifacts';
import { launchBrowser, openPage, viewports, type WatchedPage } from '../support/browser';
import { logWorkoutThroughApi } from '../support/history';
import { e2eEnvironment } from '../support/environment';
import { press, signedUpAtHome } from '../support/workout';

const { baseUrl } = e2eEnvironment();

/** A Strong export (comma layout) written for this test: three pull days, a name of ours and one of theirs. */
const STRONG_CSV = [
  'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE',
  ...[
    ['2026-10-05 07:30:00', 275],
    ['2026-10-12 07:30:00', 285],
    ['2026-10-19 07:30:00', 295],
  ].flatMap(([date, weight]) => [
    `${date},Pull,52m,Deadlifts,W,135,5,0,0,,,`,
    `${date},Pull,52m,Deadlifts,1,${weight},6,0,0,,,`,
    `${date},Pull,52m,Bench Press (Barbell),1,185,8,0,0,,,`,
    `${date},Pull,52m,Rowing Machine,1,0,0,2000,480,,,`,
  ]),
].join('\n');

describe('your data on a 360 px phone', () => {
  let browser: Browser;
  let watched: WatchedPage;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    watched = await openPage(browser, baseUrl, viewports.narrow);
  });
  afterEach(() => watched.context.close());

  it('imports a Strong export: preview, mapping, and the history in Progress Analytics; a second import adds nothing', async () => {
    const { page } = watched;
    await signedUpAtHome(page);

    const importOnce = async () => {
      await press(page.getByRole('button', { name: 'Account' }));
      await press(
        page.getByRole('dialog', { name: 'Account details' }).getByRole('button', { name: 'Import Workouts' }),
      );
      const dialog = page.getByRole('dialog', { name: 'Import Workouts' });
      await dialog.getByLabel('CSV file from Strong or Hevy').setInputFiles({
        name: 'strong_workouts.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(STRONG_CSV),
      });
      await dialog
        .getByText('Strong export: 3 workouts, 9 sets, from Oct 5, 2026 to Oct 19, 2026. 3 rows without reps left out.')
        .waitFor();
      return dialog;
    };

    const dialog = await importOnce();
    expect(await dialog.getByLabel('Deadlifts (6 sets) is').inputValue()).toBe('104');
    await dialog.getByLabel('Bench Press (Barbell) (3 sets) is').selectOption({ label: 'Incline Press' });
    await expectNoSeriousViolations(page, 'Import Workouts');
    expect(await overflowsHorizontally(page)).toBe(false);
    await press(dialog.getByRole('button', { name: 'Import 9 sets' }));
    await dialog.getByText('Imported 3 workouts and 9 sets.').waitFor();
    await press(dialog.getByRole('button', { name: 'Done' }));
    await page.keyboard.press('Escape');

    await page.goto('/progress');
    await page.getByLabel('Total Working Sets: 6').waitFor();
    const records = page
      .locator('section, article, div')
      .filter({ has: page.getByRole('heading', { name: 'Personal Records', exact: true }) })
      .last();
    await records.getByText('295 lbs × 6').first().waitFor();
    await records.getByText('185 lbs × 8').first().waitFor();

    await page.goto('/home');
    const again = await importOnce();
    await again.getByLabel('Bench Press (Barbell) (3 sets) is').selectOption({ label: 'Incline Press' });
    await press(again.getByRole('button', { name: 'Import 9 sets' }));
    await again.getByText('Nothing new: every set of this file was imported before.').waitFor();
    expect(watched.unexpected()).toEqual([]);
  });

  /** What Progress Analytics says: the summary tiles, the records and the recommendations, as the lifter reads them. */
  async function analyticsText(page: Page): Promise<string[]> {
    await page.goto('/progress');
    await page.getByRole('heading', { name: 'Personal Records', exact: true }).waitFor();
    const card = (title: string) =>
      page
        .locator('section, article, div')
        .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
        .last()
        .innerText();
    const tiles = await page
      .getByLabel(/^(Total Working Sets|Weight Change|Avg Weight|Avg Reps): /)
      .evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label') ?? ''));
    return [...tiles, await card('Personal Records'), await card('Training Recommendations')];
  }

  it('exports an account as CSV, imports it into a new account with the same analytics, then deletes that account', async () => {
    const { page } = watched;
    await signedUpAtHome(page);
    for (const [dayId, weight] of [
      [1, 100],
      [2, 60],
      [3, 200],
      [1, 110],
    ]) {
      await logWorkoutThroughApi(page, dayId, weight);
      // Strong's CSV tells workouts apart by their start, to the second, and their name: a lifter never starts a day
      // twice in one second, but the api now logs these four workouts within one (the import then found 3).
      await page.waitForTimeout(1_100);
    }
    const original = await analyticsText(page);
    expect(original[0]).toMatch(/^Total Working Sets: 16$/);

    await page.goto('/home');
    await press(page.getByRole('button', { name: 'Account' }));
    const downloading = page.waitForEvent('download');
    await press(page.getByRole('dialog', { name: 'Account details' }).getByRole('button', { name: 'Download CSV' }));
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^hit-tracker-.*\.csv$/);
    const csv = fs.readFileSync((await download.path())!);

    // A second lifter, in a browser of their own.
    const second = await openPage(browser, baseUrl, viewports.narrow);
    try {
      const { page: other } = second;
      const { email, password } = await signUpThroughForm(other);
      await other.waitForURL((url) => url.pathname === '/home');
      await dismissWelcome(other);
      await press(other.getByRole('button', { name: 'Account' }));
      await press(
        other.getByRole('dialog', { name: 'Account details' }).getByRole('button', { name: 'Import Workouts' }),
      );
      const dialog = other.getByRole('dialog', { name: 'Import Workouts' });
      await dialog.getByLabel('CSV file from Strong or Hevy').setInputFiles({
        name: download.suggestedFilename(),
        mimeType: 'text/csv',
        buffer: csv,
      });
      await dialog.getByText(/^Strong export: 4 workouts, 48 sets/).waitFor();
      await press(dialog.getByRole('button', { name: 'Import 48 sets' }));
      await dialog.getByText('Imported 4 workouts and 48 sets.').waitFor();
      await press(dialog.getByRole('button', { name: 'Done' }));
      await other.keyboard.press('Escape');

      expect(await analyticsText(other)).toEqual(original);

      // Deleting the copy: the password again, then back on the landing page, signed out for good.
      await other.goto('/home');
      await press(other.getByRole('button', { name: 'Account' }));
      await press(
        other.getByRole('dialog', { name: 'Account details' }).getByRole('button', { name: 'Delete Account' }),
      );
      const confirm = other.getByRole('dialog', { name: 'Delete your account?' });
      await confirm.getByLabel('Password', { exact: true }).fill(password);
      await press(confirm.getByRole('button', { name: 'Delete my account' }));
      await other.waitForURL((url) => url.pathname === '/');
      await other.getByText('Account deleted').first().waitFor();
      second.allow(/^HTTP 401 POST \/api\/login$/);
      const status = await other.evaluate(
        async ({ email, password }) =>
          (
            await fetch('/api/login', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ email, password }),
            })
          ).status,
        { email, password },
      );
      expect(status).toBe(401);
      expect(second.unexpected()).toEqual([]);
    } finally {
      await second.context.close();
    }
    expect(watched.unexpected()).toEqual([]);
  });
});
