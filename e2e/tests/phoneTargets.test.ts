import type { Browser, Locator, Page } from 'playwright-core';
import { dismissWelcome, signUpThroughForm } from '../support/accounts';
import { settled } from '../support/artifacts';
import { launchBrowser, openPage, viewports, type WatchedPage } from '../support/browser';
import { e2eEnvironment } from '../support/environment';
import { logWorkoutThroughApi } from '../support/history';
import { completeSet, press, restTimer, signedUpAtHome, skipRest, waitClosely } from '../support/workout';

const { baseUrl } = e2eEnvironment();

/** WCAG 2.5.5 (Target Size, enhanced) and the platforms' guidelines: 44 by 44 CSS pixels. */
const MIN_TARGET_PX = 44;

/** A control smaller than the minimum, as the report names it. */
interface SmallTarget {
  screen: string;
  target: string;
  width: number;
  height: number;
}

/**
 * Every visible interactive element of the page that is smaller than 44x44 px, described so a reader can find it
 * (tag, role or type, accessible name, and the region, dialog or form it sits in).
 *
 * Exempt, as WCAG 2.5.8 allows: a link or button inline in a sentence (its size is the text's: an inline element
 * with text of its own paragraph around it). Target size is about pointer input, so an element whose computed
 * `pointer-events` is `none` is no pointer target and is not measured: a chart marker, focusable for the keyboard,
 * whose pointer target is its chart's hit layer (the 44 px neighbourhood of the point). Elements hidden from sight
 * (display none, visibility hidden, a visually hidden skip link until focused) are no targets. A radio or checkbox is measured with the label that
 * wraps it, since a tap on the label checks it.
 */
function smallTargets(page: Page, screen: string): Promise<SmallTarget[]> {
  return page.evaluate(
    ({ screen, min }) => {
      const INTERACTIVE = [
        'a[href]',
        'button',
        'input:not([type="hidden"])',
        'select',
        'textarea',
        'summary',
        '[role="button"]',
        '[role="link"]',
        '[role="tab"]',
        '[role="radio"]',
        '[role="checkbox"]',
        '[role="switch"]',
        '[role="slider"]',
        '[role="menuitem"]',
        '[role="option"]',
        '[tabindex]:not([tabindex="-1"])',
      ].join(',');
      const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
      const textOfIds = (ids: string | null) =>
        squash(
          (ids ?? '')
            .split(/\s+/)
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' '),
        );

      const nameOf = (element: Element): string => {
        const labels = (element as HTMLInputElement).labels;
        return squash(
          element.getAttribute('aria-label') ||
            textOfIds(element.getAttribute('aria-labelledby')) ||
            (labels && labels.length > 0 ? labels[0].textContent : '') ||
            element.textContent ||
            element.getAttribute('title') ||
            element.getAttribute('name'),
        ).slice(0, 60);
      };

      const containerOf = (element: Element): string => {
        const container = element.parentElement?.closest(
          '[role="dialog"], dialog, section, article, form, header, nav, footer, main',
        );
        if (!container) return 'the page';
        const name =
          container.getAttribute('aria-label') ||
          textOfIds(container.getAttribute('aria-labelledby')) ||
          squash(container.querySelector('h1, h2, h3, legend')?.textContent);
        return `${container.tagName.toLowerCase()}${name ? ` "${name.slice(0, 40)}"` : ''}`;
      };

      const describe = (element: Element): string => {
        const tag = element.tagName.toLowerCase();
        const role = element.getAttribute('role');
        const type = tag === 'input' ? element.getAttribute('type') || 'text' : null;
        const testId = element.getAttribute('data-testid');
        return [
          tag,
          type ? `[type=${type}]` : '',
          role ? `[role=${role}]` : '',
          testId ? `[data-testid=${testId}]` : '',
          ` "${nameOf(element)}" in ${containerOf(element)}`,
        ].join('');
      };

      const hidden = (element: Element, box: DOMRect): boolean => {
        const style = getComputedStyle(element);
        if (style.visibility === 'hidden' || style.display === 'none') return true;
        if (box.width === 0 && box.height === 0) return true;
        // A visually hidden element (the skip link until it has focus): no target to see or press.
        return (
          box.width <= 1 ||
          box.height <= 1 ||
          style.clipPath === 'inset(50%)' ||
          style.clip === 'rect(0px, 0px, 0px, 0px)'
        );
      };

      const inlineInSentence = (element: Element): boolean => {
        if (getComputedStyle(element).display !== 'inline') return false;
        const parent = element.parentElement;
        if (!parent) return false;
        return Array.from(parent.childNodes).some(
          (node) => node !== element && node.nodeType === Node.TEXT_NODE && squash(node.textContent) !== '',
        );
      };

      // The pointer passes through it to what lies below: a tap never lands on it.
      const noPointerTarget = (element: Element): boolean => getComputedStyle(element).pointerEvents === 'none';

      const measured = (element: Element): DOMRect => {
        const box = element.getBoundingClientRect();
        const type = element.getAttribute('type');
        const label = element.closest('label');
        if (element.tagName === 'INPUT' && (type === 'radio' || type === 'checkbox') && label) {
          const labelBox = label.getBoundingClientRect();
          return new DOMRect(
            Math.min(box.left, labelBox.left),
            Math.min(box.top, labelBox.top),
            Math.max(box.right, labelBox.right) - Math.min(box.left, labelBox.left),
            Math.max(box.bottom, labelBox.bottom) - Math.min(box.top, labelBox.top),
          );
        }
        return box;
      };

      const found: { screen: string; target: string; width: number; height: number }[] = [];
      for (const element of Array.from(document.querySelectorAll(INTERACTIVE))) {
        const box = element.getBoundingClientRect();
        if (hidden(element, box) || inlineInSentence(element) || noPointerTarget(element)) continue;
        const { width, height } = measured(element);
        // Half a pixel of rounding: 43.6 px of layout is 44 px on screen.
        if (width + 0.5 < min || height + 0.5 < min) {
          found.push({ screen, target: describe(element), width: Math.round(width), height: Math.round(height) });
        }
      }
      return found;
    },
    { screen, min: MIN_TARGET_PX },
  );
}

/**
 * Arranges a Day 1 workout through the api with every set done but Deadlifts' second warm-up and working set, and
 * leaves it open: the dashboard offers it for resume, and two sets lead to the rest timer and to Workout Complete.
 */
async function openWorkoutWithTwoSetsLeft(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(path, {
        method,
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return response.json();
    };
    const session = await call('POST', '/api/sessions/start', { dayId: 1 });
    const completedAt = new Date().toISOString();
    const last = session.exercises.length - 1;
    const exercises = session.exercises.map((exercise: { sets: { type: string }[] }, index: number) => ({
      ...exercise,
      sets: exercise.sets.map((set, setIndex) => {
        const left = index === last && setIndex >= 1;
        if (left) return set;
        const working = set.type === 'working';
        return {
          ...set,
          completed: true,
          weight: working ? 100 : 50,
          reps: working ? 8 : 10,
          weightUnit: 'lbs',
          completedAt,
        };
      }),
    }));
    await call('PUT', `/api/sessions/${session.id}`, { exercises });
  });
}

describe('every interactive target is at least 44x44 px on a 360x740 phone', () => {
  let browser: Browser;
  let watched: WatchedPage;
  let found: SmallTarget[];

  /** Measures the screen as it stands, once what moves on it has come to rest. */
  async function check(screen: string): Promise<void> {
    await settled(watched.page);
    found.push(...(await smallTargets(watched.page, screen)));
  }

  /** Every offender at once, each with the screens it was found on. */
  function report(): string[] {
    const byTarget = new Map<string, { size: string; screens: string[] }>();
    for (const { screen, target, width, height } of found) {
      const entry = byTarget.get(target) ?? { size: `${width}x${height} px`, screens: [] };
      entry.screens.push(screen);
      byTarget.set(target, entry);
    }
    return [...byTarget].map(([target, { size, screens }]) => `${target} is ${size} (${screens.join('; ')})`);
  }

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    watched = await openPage(browser, baseUrl, viewports.narrow);
    found = [];
  });
  afterEach(() => watched.context.close());

  it('on the landing page, /auth, the dashboard, the account panel and its sections, the workout, rest and Workout Complete', async () => {
    const { page } = watched;

    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'High-Intensity Training Workout Tracker' }).waitFor();
    await check('landing page');

    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await check('/auth sign in');
    await page.goto('/auth?mode=forgot');
    await page.getByRole('link', { name: 'Remembered it? Sign in' }).waitFor();
    await check('/auth forgot password');

    await signUpThroughForm(page);
    await page.waitForURL(`${baseUrl}/home`);
    await page.getByRole('dialog', { name: 'Welcome to Your Workout Journey!' }).waitFor();
    await check('welcome modal');
    await dismissWelcome(page);
    await page.getByRole('region', { name: 'Ready for Day 1' }).waitFor();
    await page.getByText('Set a goal in Progress Analytics').waitFor();
    await check('/home dashboard');

    // The account panel and each of its sections.
    await press(page.getByRole('button', { name: 'Account' }));
    const panel = page.getByRole('dialog', { name: 'Account details' });
    await panel.getByTestId('subscription-badge').waitFor();
    await check('account panel');
    const sections: [button: string, dialog: string, ready: (dialog: Locator) => Locator][] = [
      ['Plate Settings', 'Plate Settings', (dialog) => dialog.getByRole('button', { name: 'Add plate size' })],
      ['Import Workouts', 'Import Workouts', (dialog) => dialog.getByRole('button').first()],
      ['Change Password', 'Change Password', (dialog) => dialog.getByRole('button').first()],
      ['Privacy Policy', 'Privacy Policy', (dialog) => dialog.getByRole('button', { name: 'Close' })],
      ['Terms of Service', 'Terms of Service', (dialog) => dialog.getByRole('button', { name: 'Close' })],
      [
        'Reset All Progress',
        'Reset all progress?',
        (dialog) => dialog.getByRole('button', { name: 'Keep my progress' }),
      ],
      ['Delete Account', 'Delete your account?', (dialog) => dialog.getByRole('button').first()],
    ];
    for (const [button, title, ready] of sections) {
      await press(panel.getByRole('button', { name: button, exact: true }));
      const dialog = page.getByRole('dialog', { name: title });
      await ready(dialog).waitFor();
      await check(`account panel: ${title}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    // The workout: resumed with two sets left, then the rest timer, then Workout Complete.
    await openWorkoutWithTwoSetsLeft(page);
    await page.reload();
    const resume = page.getByRole('button', { name: 'Resume Workout' });
    await resume.waitFor();
    await press(resume);
    await page.getByRole('button', { name: 'Exit' }).waitFor();
    await check('active workout');
    await completeSet(page, 'Deadlifts', 'Warm-up 2', { weight: 50, reps: 10 });
    await waitClosely(restTimer(page));
    await restTimer(page).getByRole('button', { name: 'Skip Rest' }).waitFor();
    await check('rest timer');
    await skipRest(page);
    await completeSet(page, 'Deadlifts', 'Working Set', { weight: 100, reps: 8 });
    await waitClosely(page.getByText('Workout Complete!'));
    await page.getByRole('button', { name: 'Return to Home' }).waitFor();
    await check('Workout Complete');

    expect(report()).toEqual([]);
  });

  it('on Progress Analytics, its goal form and goals, and the dashboard with a goal', async () => {
    const { page } = watched;
    await signedUpAtHome(page);
    await logWorkoutThroughApi(page, 1, 100);

    await page.goto('/progress');
    await page.getByText('Optimal range: 6-10 reps').first().waitFor();
    await check('/progress');
    await press(page.getByRole('button', { name: 'Set a goal' }));
    const form = page.getByRole('form', { name: 'Set a goal' });
    const reps = form.getByLabel('Reps');
    await reps.waitFor();
    await check('/progress goal form');

    // The prefilled reps are selected as the field is tapped: typing 8 gives 8, not 68.
    expect(await reps.inputValue()).toBe('6');
    await press(reps);
    await page.keyboard.type('8');
    expect(await reps.inputValue()).toBe('8');

    await form.getByLabel('Target weight').fill('150');
    await press(form.getByRole('button', { name: 'Save goal' }));
    await page.getByRole('button', { name: /^Edit .* goal$/ }).waitFor();
    await check('/progress goals');

    await page.goto('/home');
    await page.getByRole('region', { name: 'Ready for Day 2' }).waitFor();
    await page.getByRole('progressbar').first().waitFor();
    await check('/home dashboard with a goal');

    expect(report()).toEqual([]);
  });
});
