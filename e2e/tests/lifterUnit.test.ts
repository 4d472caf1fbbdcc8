import type { Browser, Page } from 'playwright-core';
import { dismissWelcome, signInThroughForm, signUpThroughForm } from '../support/accounts';
import { launchBrowser, openPage, viewports, type WatchedPage } from '../support/browser';
import { e2eEnvironment } from '../support/environment';
import {
  completeSet,
  exerciseCard,
  press,
  signedUpAtHome,
  skipRest,
  waitClosely,
  type LoggedSet,
} from '../support/workout';

const { baseUrl } = e2eEnvironment();

// A lifter's unit follows them (docs/product-rules.md, "The lifter's unit"): the unit last used is remembered on the
// server, so a phone and a second phone of the same lifter agree; a new lifter starts in lbs, as the spec says.

/** Day 1 in kilograms: two warm-ups, then the working set; Deadlifts' is the heaviest, 140 kg × 6. */
const DAY_1_IN_KG: { name: string; sets: [string, LoggedSet][] }[] = [
  ['Incline Press', 60],
  ['Dumbbell Flys', 20],
  ['Underhand Pulldowns', 50],
  ['Deadlifts', 140],
].map(([name, working]) => ({
  name: name as string,
  sets: [
    ['Warm-up 1', { weight: (working as number) / 2, reps: 10 }],
    ['Warm-up 2', { weight: (working as number) * 0.75, reps: 8 }],
    ['Working Set', { weight: working as number, reps: 6 }],
  ],
}));

/** The form of a set about to be logged (its heading names it), once on screen. */
async function setForm(page: Page, exercise: string, set: string) {
  const form = exerciseCard(page, exercise).getByRole('form', { name: set, exact: true });
  await waitClosely(form);
  return form;
}

/** Which unit a set's form has chosen. */
async function checkedUnit(page: Page, exercise: string, set: string): Promise<string> {
  const form = await setForm(page, exercise, set);
  const [lbs, kg] = await Promise.all(
    ['lbs', 'kg'].map((unit) => form.getByRole('radio', { name: unit, exact: true }).isChecked()),
  );
  return lbs && !kg ? 'lbs' : kg && !lbs ? 'kg' : `lbs ${lbs}, kg ${kg}`;
}

/** The Weight unit toggle of Progress Analytics, once the screen has its data. */
async function analyticsUnit(page: Page): Promise<string> {
  await page.getByRole('heading', { name: 'Personal Records' }).waitFor();
  return page.getByLabel('Weight unit', { exact: true }).inputValue();
}

/** Chooses a unit on the Progress Analytics toggle and waits for the api to have remembered it. */
async function chooseAnalyticsUnit(page: Page, label: 'Pounds (lbs)' | 'Kilograms (kg)'): Promise<void> {
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/user/weight-unit') && response.request().method() === 'PUT',
  );
  await page.getByLabel('Weight unit', { exact: true }).selectOption({ label });
  expect((await saved).status()).toBe(200);
}

describe("a lifter's unit on two phones", () => {
  let browser: Browser;
  let phone: WatchedPage;
  let otherPhone: WatchedPage;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    phone = await openPage(browser, baseUrl, viewports.narrow);
    otherPhone = await openPage(browser, baseUrl, viewports.phone);
  });
  afterEach(async () => {
    await phone.context.close();
    await otherPhone.context.close();
  });

  it('a workout logged in kg on one phone opens the next workout and Progress Analytics in kg on the other', async () => {
    const { page } = phone;
    const credentials = await signUpThroughForm(page);
    await page.waitForURL(`${baseUrl}/home`);
    await dismissWelcome(page);
    // The second phone is signed in before the workout, as a lifter's tablet at home would be.
    const other = otherPhone.page;
    await signInThroughForm(other, credentials.email, credentials.password);
    await other.waitForURL(`${baseUrl}/home`);
    await dismissWelcome(other);

    // Day 1 in kg on the first phone: the lifter picks kg on each set that does not already show it.
    await press(page.getByRole('button', { name: 'Start Workout' }));
    await page.getByRole('button', { name: 'Exit' }).waitFor();
    const completionSynced = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/sync') &&
        response.ok() &&
        /"type":"complete"/.test(response.request().postData() ?? ''),
    );
    for (const { name, sets } of DAY_1_IN_KG) {
      for (const [label, logged] of sets) {
        const kg = (await setForm(page, name, label)).getByRole('radio', { name: 'kg', exact: true });
        if (!(await kg.isChecked())) await kg.check();
        await completeSet(page, name, label, logged);
        if (label !== 'Working Set') await skipRest(page);
      }
    }
    await waitClosely(page.getByText('Workout Complete!'));
    await completionSynced;

    // The other phone reads the lifter again when it opens a page: Progress Analytics opens in kg.
    await other.goto('/progress');
    await other.getByText('140 kg × 6').first().waitFor();
    expect(await analyticsUnit(other)).toBe('kg');

    // Pounds chosen on the toggle there is what the first phone's Progress Analytics opens in, and kg chosen back
    // on the first phone is what the other opens in next.
    await chooseAnalyticsUnit(other, 'Pounds (lbs)');
    await other.getByText('308.6 lbs × 6').first().waitFor();
    await page.goto('/progress');
    await page.getByText('308.6 lbs × 6').first().waitFor();
    expect(await analyticsUnit(page)).toBe('lbs');
    await chooseAnalyticsUnit(page, 'Kilograms (kg)');
    await page.getByText('140 kg × 6').first().waitFor();

    // A new workout on the other phone: Day 2, never done, opens its first set in the lifter's kg.
    await other.goto('/home');
    await other.getByText('Next: Day 2').first().waitFor();
    await press(other.getByRole('button', { name: 'Start Workout' }));
    const skipRestDialog = other.getByRole('dialog', { name: 'Skip Rest Period?' });
    await press(skipRestDialog.getByRole('button', { name: 'Yes, skip rest' }));
    await other.getByRole('button', { name: 'Exit' }).waitFor();
    expect(await checkedUnit(other, 'Side Raises', 'Warm-up 1')).toBe('kg');

    expect(phone.unexpected()).toEqual([]);
    expect(otherPhone.unexpected()).toEqual([]);
  });

  it('a new lifter starts in lbs', async () => {
    const { page } = otherPhone;
    await signedUpAtHome(page);
    await press(page.getByRole('button', { name: 'Start Workout' }));
    await page.getByRole('button', { name: 'Exit' }).waitFor();
    expect(await checkedUnit(page, 'Incline Press', 'Warm-up 1')).toBe('lbs');
    expect(otherPhone.unexpected()).toEqual([]);
    expect(phone.unexpected()).toEqual([]);
  });
});
