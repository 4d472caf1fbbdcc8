import { errors, type Locator, type Page } from 'playwright-core';
import { dismissWelcome, signUpThroughForm } from './accounts';

/** One set as the lifter logs it (pounds, the default unit). */
export interface LoggedSet {
  weight: number;
  reps: number;
}

/** An exercise of a day as the workout screen runs it: two warm-ups, then the working set. */
export interface ExerciseLog {
  name: string;
  warmups: [LoggedSet, LoggedSet];
  working: LoggedSet;
}

/** A new account, signed up through the form, on /home with the welcome modal dismissed. */
export async function signedUpAtHome(page: Page): Promise<void> {
  await signUpThroughForm(page);
  await page.waitForURL((url) => url.pathname === '/home');
  await dismissWelcome(page);
}

/**
 * `locator.waitFor`, checking every 100 ms however long it takes. Playwright spaces its checks 500 ms apart once a
 * wait may last longer than 2.5 s; a workout is a chain of short, known delays (the rest timer opens 0.5 s after a
 * set, the next exercise 1.5 s after the last set), and each would otherwise cost up to half a second more.
 */
export async function waitClosely(
  locator: Locator,
  {
    state = 'visible',
    timeout = 30_000,
  }: { state?: 'visible' | 'attached' | 'detached' | 'hidden'; timeout?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      return await locator.waitFor({ state, timeout: Math.min(2_000, Math.max(1, deadline - Date.now())) });
    } catch (error) {
      if (!(error instanceof errors.TimeoutError)) throw error;
      if (Date.now() >= deadline) {
        error.message = `Not ${state} within ${timeout} ms; the last 2 s of waiting:\n${error.message}`;
        throw error;
      }
    }
  }
}

const touchDevices = new WeakMap<Page, boolean>();

/** Presses a control as the device would: a tap on a touch screen (the phone layout), a click elsewhere. */
export async function press(locator: Locator): Promise<void> {
  const page = locator.page();
  let touch = touchDevices.get(page);
  if (touch === undefined) {
    touch = await page.evaluate(() => navigator.maxTouchPoints > 0);
    touchDevices.set(page, touch);
  }
  await (touch ? locator.tap() : locator.click());
}

/** The active workout's card of one exercise. */
export function exerciseCard(page: Page, exercise: string): Locator {
  return page.getByRole('region', { name: exercise, exact: true });
}

/**
 * Logs one set in the form that takes input: `set` is its heading ('Warm-up 1', 'Warm-up 2', 'Working Set'),
 * so the wait is for that very set of that exercise, not for whichever form happens to be on screen.
 */
export async function completeSet(
  page: Page,
  exercise: string,
  set: string,
  { weight, reps }: LoggedSet,
): Promise<void> {
  const form = exerciseCard(page, exercise).getByRole('form', { name: set, exact: true });
  await waitClosely(form);
  const typed = { Weight: String(weight), Reps: String(reps) };
  for (const [label, text] of Object.entries(typed)) await form.getByLabel(label, { exact: true }).fill(text);
  // What the form holds after the typing, said plainly if it differs (a prefill once turned 60 into 5060).
  for (const [label, text] of Object.entries(typed)) {
    const shown = await form.getByLabel(label, { exact: true }).inputValue();
    if (shown !== text) throw new Error(`${exercise} ${set}: ${label} shows "${shown}" after typing "${text}"`);
  }
  await press(form.getByRole('button', { name: 'Complete Set' }));
}

/** The rest timer that opens after every set but an exercise's last one. */
export function restTimer(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Rest', exact: true });
}

/** Waits for the rest timer that follows a set and skips it. */
export async function skipRest(page: Page): Promise<void> {
  const timer = restTimer(page);
  await waitClosely(timer);
  await press(timer.getByRole('button', { name: 'Skip Rest' }));
  await waitClosely(timer, { state: 'detached' });
}

/**
 * Logs an exercise set by set. The warm-ups are each followed by the rest timer, skipped here (after `whileResting`
 * ran, if given, with the first one open); the working set is the exercise's last, with no rest after it.
 */
export async function logExercise(
  page: Page,
  { name, warmups, working }: ExerciseLog,
  { whileResting }: { whileResting?: () => Promise<void> } = {},
): Promise<void> {
  for (const [index, warmup] of warmups.entries()) {
    await completeSet(page, name, `Warm-up ${index + 1}`, warmup);
    if (index === 0 && whileResting) {
      await waitClosely(restTimer(page));
      await whileResting();
    }
    await skipRest(page);
  }
  await completeSet(page, name, 'Working Set', working);
}

/** Logs a whole day, exercise after exercise, and waits for 'Workout Complete!'. */
export async function logWorkout(
  page: Page,
  exercises: readonly ExerciseLog[],
  { whileFirstRest }: { whileFirstRest?: () => Promise<void> } = {},
): Promise<void> {
  for (const [index, exercise] of exercises.entries()) {
    await logExercise(page, exercise, { whileResting: index === 0 ? whileFirstRest : undefined });
  }
  await waitClosely(page.getByText('Workout Complete!'));
}
