import type { Browser, Locator, Page } from 'playwright-core';
import { overflowsHorizontally, saveScreenshot } from '../support/artifacts';
import { expectNoSeriousViolations } from '../support/axe';
import { launchBrowser, openPage, viewports, type WatchedPage } from '../support/browser';
import { e2eEnvironment } from '../support/environment';
import { logWorkoutThroughApi } from '../support/history';
import { signedUpAtHome } from '../support/workout';

const { baseUrl } = e2eEnvironment();

/** The program's twelve lifts (docs/product-rules.md, "The program"). */
const LIFTS = [
  'Incline Press',
  'Dumbbell Flys',
  'Underhand Pulldowns',
  'Deadlifts',
  'Side Raises',
  'Rear Delt Raises',
  'Bicep Curls',
  'Tricep Press Downs',
  'Dips',
  'Leg Press',
  'Calf Raises',
  'Situps or Ab Machine',
];

/** The y tick values of a chart's axis, as drawn. */
async function ticks(axis: Locator): Promise<number[]> {
  return (await axis.locator('text').allTextContents()).map(Number);
}

/**
 * For every weight marker: its lift, its value as its name gives it ('Deadlifts, Cycle 1: 100 lbs' → 'Cycle 1:
 * 100 lbs'), its centre on screen, and what the browser finds at that point (the chart's hit layer, the pointer's
 * target: the markers take no pointer events, and nothing else may lie over it).
 */
function markerCentres(
  page: Page,
): Promise<{ exercise: string; value: string; x: number; y: number; atCentre: string | null }[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('[data-testid="weight-marker"]'), (marker) => {
      const box = marker.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const series = marker.closest('[data-testid="weight-series"]');
      const exercise = series?.getAttribute('data-exercise') ?? '';
      return {
        exercise,
        value: (marker.getAttribute('aria-label') ?? '').slice(exercise.length + 2),
        x,
        y,
        atCentre: document.elementFromPoint(x, y)?.getAttribute('data-testid') ?? null,
      };
    }),
  );
}

/** Taps the screen at (x, y) and waits for the chart's tooltip naming `exercise` and `value`, each a line of it. */
async function tapShowsTooltip(page: Page, x: number, y: number, exercise: string, value: string): Promise<void> {
  await page.touchscreen.tap(x, y);
  const tooltip = page.getByRole('tooltip');
  await tooltip
    .filter({ has: page.getByText(exercise, { exact: true }) })
    .filter({ has: page.getByText(value, { exact: true }) })
    .waitFor();
  expect(await tooltip.count()).toBe(1);
}

describe.each([
  ['360x740', viewports.narrow],
  ['390x844', viewports.phone],
])('Progress Analytics charts on a %s phone', (size, viewport) => {
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

  it('shows every lift of a cycle at one weight, isolates a lift, fits the axis, and follows the spec for Weight Change', async () => {
    const { page } = watched;
    await signedUpAtHome(page);
    // Cycle 1: all twelve lifts at 100 lbs; cycle 2: Day 1's four lifts at 120 lbs.
    await logWorkoutThroughApi(page, 1, 100);
    await logWorkoutThroughApi(page, 2, 100);
    await logWorkoutThroughApi(page, 3, 100);
    await logWorkoutThroughApi(page, 1, 120);

    await page.goto('/progress');
    await page.getByLabel('Weight unit', { exact: true }).selectOption({ label: 'Pounds (lbs)' });
    await expectSelected(page.getByLabel('Exercise', { exact: true }), 'All Exercises');
    await page.getByLabel('Total Working Sets: 16').waitFor();
    // The spec's rule: the latest entry (120 lbs) minus the earliest (100 lbs); not the sum of each lift's change.
    await page.getByLabel('Weight Change: +20.0 lbs').waitFor();

    const chart = page.getByTestId('weight-chart');
    await chart.getByTestId('weight-marker').first().waitFor();
    await chart.scrollIntoViewIfNeeded();

    // Every lift has its line and markers: twelve in cycle 1, four in cycle 2, each at its own spot, none covered.
    const series = chart.getByTestId('weight-series');
    expect(await series.count()).toBe(12);
    for (const lift of LIFTS) {
      expect(await chart.locator(`[data-exercise="${lift}"]`).getByTestId('weight-marker').count()).toBeGreaterThan(0);
    }
    const markers = await markerCentres(page);
    expect(markers).toHaveLength(16);
    expect(markers.filter((m) => m.atCentre !== 'chart-hit-area')).toEqual([]);
    expect(new Set(markers.map((m) => `${Math.round(m.x)},${Math.round(m.y)}`)).size).toBe(16);
    // A finger at a marker's centre gets that marker's own tooltip, markers side by side included.
    for (const { exercise, value, x, y } of markers) {
      await tapShowsTooltip(page, x, y, exercise, value);
    }
    // Each lift looks different: colour and shape together.
    const looks = await chart.getByTestId('weight-series').evaluateAll((groups) =>
      groups.map((g) => {
        const marker = g.querySelector('[data-testid="weight-marker"]');
        return `${marker?.getAttribute('fill')} ${marker?.getAttribute('data-shape')}`;
      }),
    );
    expect(new Set(looks).size).toBe(12);

    // A tap on a marker names its lift and weight; a tap beside the chart puts the name away.
    const deadlifts = markers.find((m) => m.exercise === 'Deadlifts' && m.value === 'Cycle 1: 100 lbs');
    expect(deadlifts).toBeDefined();
    await tapShowsTooltip(page, deadlifts!.x, deadlifts!.y, 'Deadlifts', 'Cycle 1: 100 lbs');
    await page.getByRole('heading', { level: 1 }).first().tap();
    await page.getByRole('tooltip').waitFor({ state: 'detached' });

    // The weight axis fits 100-120 lbs instead of starting at 0; the rep chart keeps the spec's 0 to 12.
    const weightTicks = await ticks(page.getByTestId('weight-y-axis'));
    expect(Math.min(...weightTicks)).toBeGreaterThan(0);
    expect(Math.min(...weightTicks)).toBeLessThanOrEqual(100);
    expect(Math.max(...weightTicks)).toBeGreaterThanOrEqual(120);
    expect(await ticks(page.getByTestId('rep-y-axis'))).toEqual([0, 2, 4, 6, 8, 10, 12]);

    // The legend shows a lift alone, and every lift again on a second tap; its entries are full touch targets.
    const legend = page.getByRole('list', { name: 'Exercises' });
    const incline = legend.getByRole('button', { name: 'Incline Press' });
    for (const button of await legend.getByRole('button').all()) {
      const box = await button.boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(44);
      expect(box?.height).toBeGreaterThanOrEqual(44);
    }
    await incline.tap();
    await legend.getByRole('button', { name: 'Incline Press', pressed: true }).waitFor();
    await waitForCount(series, 1);
    expect(await series.getAttribute('data-exercise')).toBe('Incline Press');
    await chart.getByRole('img', { name: 'Incline Press, Cycle 2: 120 lbs' }).waitFor();
    await incline.tap();
    await legend.getByRole('button', { name: 'Incline Press', pressed: false }).waitFor();
    await waitForCount(series, 12);

    expect(await overflowsHorizontally(page)).toBe(false);
    await saveScreenshot(page, `charts-all-exercises-${size}`);
    await expectNoSeriousViolations(page, `Progress Analytics with twelve lifts at ${size}`);

    // In kilograms the same rule: 20 lbs is 9.1 kg.
    await page.getByLabel('Weight unit', { exact: true }).selectOption({ label: 'Kilograms (kg)' });
    await page.getByLabel('Weight Change: +9.1 kg').waitFor();
    expect(watched.unexpected()).toEqual([]);
  });
});

async function expectSelected(select: Locator, label: string): Promise<void> {
  expect(await select.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent)).toBe(label);
}

/** Waits until the locator matches exactly `count` elements. */
async function waitForCount(locator: Locator, count: number): Promise<void> {
  await locator.nth(count - 1).waitFor({ state: 'attached' });
  await locator.nth(count).waitFor({ state: 'detached' });
}
