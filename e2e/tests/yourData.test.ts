import type { Browser } from 'playwright-core';
import { expectNoSeriousViolations } from '../support/axe';
import { overflowsHorizontally } from '../support/artifacts';
import { launchBrowser, openPage, viewports, type WatchedPage } from '../support/browser';
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
});
