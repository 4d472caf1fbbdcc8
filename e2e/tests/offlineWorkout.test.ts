import { MongoClient } from 'mongodb';
import type { Page } from 'playwright-core';
import {
  dismissWelcome,
  fillSignUpForm,
  PASSWORD,
  signInThroughForm,
  signOutThroughAccountPanel,
  signUpThroughForm,
} from '../support/accounts';
import {
  openInstalledPage,
  startStoppableApp,
  waitUntilOfflineReady,
  type InstalledPage,
  type StoppableApp,
} from '../support/installedApp';
import { logExercise, skipRest, waitClosely, type ExerciseLog } from '../support/workout';
import { changeUser } from '../support/users';

/**
 * A whole workout with no signal, synced exactly once (issue #18): the api process is really stopped (not an emulated
 * offline mode, which does not cover the service worker), the workout is done, then the api is started again and
 * the server is asked what it holds.
 */
let app: StoppableApp;
let installed: InstalledPage | undefined;
let mongo: MongoClient;

beforeAll(async () => {
  app = await startStoppableApp();
  mongo = await MongoClient.connect(app.mongoUri);
}, 120_000);

afterAll(async () => {
  await mongo?.close();
  await app?.close();
});

afterEach(async () => {
  await installed?.close();
  installed = undefined;
  await app.start();
});

const WILL_SYNC = "Saved on this device: it will sync when you're back online.";

/** The first time in these tests a set is logged: a new lifter's Day 1, 12 sets. */
const DAY_1: ExerciseLog[] = [
  {
    name: 'Incline Press',
    warmups: [
      { weight: 95, reps: 10 },
      { weight: 115, reps: 6 },
    ],
    working: { weight: 135, reps: 8 },
  },
  {
    name: 'Dumbbell Flys',
    warmups: [
      { weight: 20, reps: 10 },
      { weight: 25, reps: 6 },
    ],
    working: { weight: 30, reps: 9 },
  },
  {
    name: 'Underhand Pulldowns',
    warmups: [
      { weight: 70, reps: 10 },
      { weight: 90, reps: 6 },
    ],
    working: { weight: 110, reps: 7 },
  },
  {
    name: 'Deadlifts',
    warmups: [
      { weight: 135, reps: 8 },
      { weight: 185, reps: 5 },
    ],
    working: { weight: 225, reps: 6 },
  },
];

/** While the api is stopped, every request the page makes to it is refused: that is the point of these tests. */
function expectApiDown(page: InstalledPage): void {
  // A request on its way when the api stops is cut (reset); every later one is refused.
  page.allow(/^request failed (GET|POST|PUT) \/api\/[^ ]*: net::ERR_CONNECTION_(REFUSED|RESET)$/);
}

/** A new lifter on /home, with the app's code and their data kept for offline use. */
async function lifterOnline(): Promise<{ page: Page; email: string }> {
  installed = await openInstalledPage(app.baseUrl);
  const { page } = installed;
  const { email } = await signUpThroughForm(page);
  await page.waitForURL((url) => url.pathname === '/home');
  await dismissWelcome(page);
  await page.getByRole('button', { name: 'Start Workout' }).waitFor();
  expect((await waitUntilOfflineReady(page)).missing).toEqual([]);
  // The next visit, as the lifter's is at the gym: a page the service worker controls.
  await page.reload();
  await page.getByRole('button', { name: 'Start Workout' }).waitFor();
  return { page, email };
}

/** The header line while sets wait to sync. */
const waitingLine = (page: Page) => page.getByText(/^\d+ sets? waiting to sync$/);

/** What the server's database holds for the lifter: their progress entries and rotation. */
async function serverHolds(email: string) {
  const db = mongo.db();
  const user = await db.collection('users').findOne({ email });
  if (!user) throw new Error(`no user ${email}`);
  const entries = await db.collection('progressentries').find({ userId: user._id }).toArray();
  const state = await db.collection('workoutstates').findOne({ userId: user._id });
  return {
    sets: entries.map((entry) => `${entry.exerciseId}/${entry.setId} ${entry.weight}x${entry.reps}`).sort(),
    state: state && { cycleCount: state.cycleCount, nextRecommendedDay: state.nextRecommendedDay },
  };
}

/** The 12 sets of DAY_1 as progress entries. */
const DAY_1_SETS = DAY_1.flatMap((exercise, i) =>
  [...exercise.warmups, exercise.working].map(
    (set, j) => `${101 + i}/${101 + i}-${['w1', 'w2', 'work'][j]} ${set.weight}x${set.reps}`,
  ),
).sort();

/** Waits until the header says nothing waits any more (the api took the outbox), up to 45 s of back-off. */
async function untilSynced(page: Page): Promise<void> {
  await waitClosely(waitingLine(page), { state: 'detached', timeout: 45_000 });
}

/**
 * After a page load the waiting line shows only once the outbox is read: its absence alone proves nothing yet.
 * Waits until the server holds exactly `sets` (up to 45 s of back-off), then until the line is gone.
 */
async function untilServerHolds(page: Page, email: string, sets: string[]): Promise<void> {
  const deadline = Date.now() + 45_000;
  let held = (await serverHolds(email)).sets;
  while (Date.now() < deadline && JSON.stringify(held) !== JSON.stringify(sets)) {
    await page.waitForTimeout(250);
    held = (await serverHolds(email)).sets;
  }
  expect(held).toEqual(sets);
  await untilSynced(page);
}

describe('a whole workout with the api stopped', () => {
  it('logs Day 1 with a reload in the middle, completes it, moves on to Day 2, then syncs the 12 sets exactly once', async () => {
    const { page, email } = await lifterOnline();
    await app.stop();
    expectApiDown(installed!);

    await page.getByRole('button', { name: 'Start Workout' }).click();
    await logExercise(page, DAY_1[0]);
    await logExercise(page, DAY_1[1]);

    // Closed tab or reload mid-workout: every set is still there, offered for resume.
    await page.reload();
    const resume = page.getByRole('region', { name: 'Resume workout' });
    await resume.waitFor();
    await page.getByText('6 sets waiting to sync').waitFor();
    await resume.getByRole('button', { name: 'Resume Workout' }).click();
    await page.locator('[aria-valuetext="6 of 12 sets done"]').waitFor();

    await logExercise(page, DAY_1[2]);
    await logExercise(page, DAY_1[3]);
    await waitClosely(page.getByText('Workout Complete!'));
    await page.getByText('All 4 exercises completed').waitFor();
    await page.getByText('Progress saved').waitFor();
    await page.getByText(WILL_SYNC).waitFor();

    // The dashboard moved on by itself: Day 2 next, still Cycle 1, the rest period running.
    await page.getByRole('button', { name: 'Return to Home' }).click();
    await page.getByRole('region', { name: 'Ready for Day 2' }).waitFor();
    await page.getByText('Next: Day 2').waitFor();
    await page.getByText('Cycle 1', { exact: true }).waitFor();
    await page.getByText(/^Rest period: 48 hours remaining/).waitFor();
    await page.getByText('12 sets waiting to sync').waitFor();

    await app.start();
    await untilSynced(page);

    expect(await serverHolds(email)).toEqual({
      sets: DAY_1_SETS,
      state: { cycleCount: 0, nextRecommendedDay: 2 },
    });
    await page.getByRole('region', { name: 'Ready for Day 2' }).waitFor();
  });

  it('syncs once with two tabs open: the workout done in one, both tabs end on Day 2', async () => {
    const { page, email } = await lifterOnline();
    const other = await installed!.context.newPage();
    await other.goto('/home');
    await other.getByRole('button', { name: 'Start Workout' }).waitFor();
    await app.stop();
    expectApiDown(installed!);
    other.on('requestfailed', () => undefined);

    await page.getByRole('button', { name: 'Start Workout' }).click();
    for (const exercise of DAY_1) await logExercise(page, exercise);
    await waitClosely(page.getByText('Workout Complete!'));
    await page.getByRole('button', { name: 'Return to Home' }).click();
    // The other tab heard of every write and shows the same.
    await other.getByText('12 sets waiting to sync').waitFor();
    await other.getByText('Next: Day 2').waitFor();

    await app.start();
    await Promise.all([untilSynced(page), untilSynced(other)]);

    expect(await serverHolds(email)).toEqual({
      sets: DAY_1_SETS,
      state: { cycleCount: 0, nextRecommendedDay: 2 },
    });
    await page.getByRole('region', { name: 'Ready for Day 2' }).waitFor();
    await other.getByRole('region', { name: 'Ready for Day 2' }).waitFor();
  });
});

describe('signing out with work not synced', () => {
  it('asks first, keeps the work for its owner, and never shows or sends it for another user', async () => {
    const { page, email } = await lifterOnline();
    await app.stop();
    expectApiDown(installed!);

    await page.getByRole('button', { name: 'Start Workout' }).click();
    await logExercise(page, DAY_1[0]);
    await skipRestIfOpen(page);
    await page.getByRole('button', { name: 'Exit' }).click();
    await page.getByText('3 sets waiting to sync').waitFor();

    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('dialog', { name: 'Account details' }).getByRole('button', { name: 'Sign Out' }).click();
    const ask = page.getByRole('dialog', { name: '3 sets are not synced yet' });
    await ask.getByText('They stay on this device and sync the next time you sign in here.').waitFor();
    await ask.getByRole('button', { name: 'Stay signed in' }).click();
    await ask.waitFor({ state: 'detached' });
    // Still signed in, in the account panel.
    const panel = page.getByRole('dialog', { name: 'Account details' });
    await panel.getByRole('button', { name: 'Sign Out' }).click();
    await ask.getByRole('button', { name: 'Sign out anyway' }).click();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();

    // The network is back, and another lifter signs up on the same browser, from this very page: nothing of the
    // first one's is shown or sent (their session ended with the sign-up, so only the next sign-in brings it back).
    await app.start();
    await page.getByRole('link', { name: "Don't have an account? Sign up" }).click();
    const other = await fillSignUpForm(page);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL((url) => url.pathname === '/home');
    // The welcome modal was seen on this browser already.
    await page.getByRole('button', { name: 'Start Workout' }).waitFor();
    // Long enough for the first lifter's outbox to have retried with this session, had it been allowed to.
    await page.waitForTimeout(3_000);
    expect(await waitingLine(page).count()).toBe(0);
    expect(await serverHolds(other.email)).toEqual({ sets: [], state: { cycleCount: 0, nextRecommendedDay: 1 } });
    expect((await serverHolds(email)).sets).toEqual([]);
    await signOutThroughAccountPanel(page);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();

    // The owner signs in again: their sets sync.
    await signInThroughForm(page, email, PASSWORD);
    await page.waitForURL((url) => url.pathname === '/home');
    // Their Day 1, left by Exit with three sets, is offered to resume.
    await page.getByRole('button', { name: 'Resume Workout' }).waitFor();
    await untilServerHolds(
      page,
      email,
      DAY_1_SETS.filter((set) => set.startsWith('101/')),
    );
    // Exactly once: nothing more arrives after the line is gone.
    expect((await serverHolds(email)).sets).toEqual(DAY_1_SETS.filter((set) => set.startsWith('101/')));
  });
});

describe('the trial ending while offline', () => {
  it('takes the sets done before it ended, keeps the later ones waiting with their count, and syncs them after an upgrade', async () => {
    const { page, email } = await lifterOnline();
    await app.stop();
    expectApiDown(installed!);
    installed!.allow(/^HTTP 402 /);

    await page.getByRole('button', { name: 'Start Workout' }).click();
    await logExercise(page, DAY_1[0]);
    // The trial ends between the third set and the fourth.
    await waitClosely(page.getByRole('region', { name: 'Dumbbell Flys' }).getByRole('form', { name: 'Warm-up 1' }));
    await page.waitForTimeout(1100);
    const trialEnd = new Date();
    await page.waitForTimeout(1100);
    await logExercise(page, DAY_1[1]);
    await skipRestIfOpen(page);
    await page.getByRole('button', { name: 'Exit' }).click();
    await page.getByText('6 sets waiting to sync').waitFor();
    await changeUser(mongo.db(), { email }, { $set: { trialEndsAt: trialEnd } });

    await app.start();
    const overlay = page.getByRole('dialog', { name: 'Free Trial Expired' });
    await waitClosely(overlay.getByText('3 sets are waiting to sync: they sync as soon as you upgrade.'), {
      timeout: 45_000,
    });
    expect((await serverHolds(email)).sets).toEqual(DAY_1_SETS.filter((set) => set.startsWith('101/')));

    await overlay.getByRole('button', { name: 'Upgrade to Premium' }).click();
    await page.getByRole('heading', { name: 'Upgrade to Premium' }).waitFor();
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await page.waitForURL(/\/home\?checkout=success$/);
    // The checkout's return is a new page load: the waiting line shows once the outbox is read.
    const synced = DAY_1_SETS.filter((set) => set.startsWith('101/') || set.startsWith('102/'));
    await untilServerHolds(page, email, synced);
    expect((await serverHolds(email)).sets).toEqual(synced);
  });
});

/** After an exercise's last set the next one becomes active by itself; a rest timer only follows a warm-up. */
async function skipRestIfOpen(page: Page): Promise<void> {
  if (await page.getByRole('dialog', { name: 'Rest', exact: true }).count()) await skipRest(page);
}
