import { MongoClient } from 'mongodb';
import type { Browser, Page } from 'playwright-core';
import { dismissWelcome, signUpThroughForm } from '../support/accounts';
import { launchBrowser, openPage, viewports, type WatchedPage } from '../support/browser';
import { e2eEnvironment } from '../support/environment';
import { changeUser } from '../support/users';
import { completeSet, exerciseCard, press, signedUpAtHome, skipRest, waitClosely } from '../support/workout';

const { baseUrl, mongoUri } = e2eEnvironment();

const HOUR_MS = 3_600_000;

/** What the dashboard says about the workout to do now: its hero card and the day card's status and button. */
async function dashboardState(page: Page, day: string) {
  const dayCard = page.getByRole('article', { name: day });
  await dayCard.waitFor();
  const hero = page.getByRole('region', { name: /^(Resume workout|Ready for Day \d)$/ });
  return {
    hero: (await hero.innerText()).replace(/\s+/g, ' ').trim(),
    dayCard: (await dayCard.innerText()).replace(/\s+/g, ' ').trim(),
    buttons: await page.getByRole('button', { name: /^(Start|Resume)( |$)/ }).allInnerTexts(),
  };
}

describe.each([
  ['360x740', viewports.narrow],
  ['390x844', viewports.phone],
])('the dashboard on a %s phone', (_, viewport) => {
  let browser: Browser;
  let watched: WatchedPage;
  let mongo: MongoClient;

  beforeAll(async () => {
    browser = await launchBrowser();
    mongo = await MongoClient.connect(mongoUri);
  });
  afterAll(async () => {
    await browser.close();
    await mongo.close();
  });
  beforeEach(async () => {
    watched = await openPage(browser, baseUrl, viewport);
  });
  afterEach(() => watched.context.close());

  it('says the same after Exit and after a reload: one Resume, never Ready for Day 1 beside the sets done', async () => {
    const { page } = watched;
    await signedUpAtHome(page);
    await press(page.getByRole('button', { name: 'Start Workout' }));
    await completeSet(page, 'Incline Press', 'Warm-up 1', { weight: 40, reps: 10 });
    await skipRest(page);
    await completeSet(page, 'Incline Press', 'Warm-up 2', { weight: 50, reps: 8 });
    await skipRest(page);
    await completeSet(page, 'Incline Press', 'Working Set', { weight: 60, reps: 8 });
    await waitClosely(exerciseCard(page, 'Dumbbell Flys').getByRole('form', { name: 'Warm-up 1' }));

    // After Exit.
    await press(page.getByRole('button', { name: 'Exit' }));
    await page.getByRole('region', { name: 'Resume workout' }).waitFor();
    const afterExit = await dashboardState(page, 'Day 1');
    expect(afterExit).toEqual({
      hero: expect.stringContaining('You have an unfinished Day 1 workout'),
      dayCard: expect.stringContaining('3 of 12'),
      // The hero's button and the day card's, each saying what it does; no Start for the day begun.
      buttons: ['Resume Workout', 'Resume', 'Start', 'Start'],
    });
    expect(afterExit.hero).toContain('3 of 12 sets done');
    expect(afterExit.dayCard).toContain('In progress');
    expect(afterExit.dayCard).not.toContain('Ready to start');
    expect(await page.getByRole('region', { name: 'Ready for Day 1' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Resume Day 1' }).count()).toBe(1);

    // Resume goes on with the three sets; a reload mid-workout leaves the same dashboard.
    await press(page.getByRole('button', { name: 'Resume Workout' }));
    await page.getByRole('button', { name: 'Exit' }).waitFor();
    await waitClosely(exerciseCard(page, 'Dumbbell Flys').getByRole('form', { name: 'Warm-up 1' }));
    await page.reload();
    await page.getByRole('region', { name: 'Resume workout' }).waitFor();
    expect(await dashboardState(page, 'Day 1')).toEqual(afterExit);

    // And Resume from the day's own card carries on with them too.
    await press(page.getByRole('button', { name: 'Resume Day 1' }));
    await page.getByRole('button', { name: 'Exit' }).waitFor();
    await waitClosely(exerciseCard(page, 'Dumbbell Flys').getByRole('form', { name: 'Warm-up 1' }));
  });

  it("shows the spec's words: 'Free Trial' in the badge, 'API request failed', and the trial length in the overlay", async () => {
    const { page } = watched;
    // The gateway error and the expired trial's gated calls are on purpose.
    watched.allow(/^HTTP 502 POST \/api\/subscription\/sync/, /^HTTP 402 /);
    const { email } = await signUpThroughForm(page);
    await page.waitForURL(`${baseUrl}/home`);
    await dismissWelcome(page);

    await press(page.getByRole('button', { name: 'Account' }));
    const panel = page.getByRole('dialog', { name: 'Account details' });
    const badge = panel.getByTestId('subscription-badge');
    await badge.waitFor();
    expect(await badge.innerText()).toBe('Free Trial');
    expect(await panel.getByTestId('subscription-detail').innerText()).toBe('30 days left');

    // A gateway's own error page, not the api's answer.
    await page.route('**/api/subscription/sync', (route) =>
      route.fulfill({
        status: 502,
        contentType: 'text/html',
        body: '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>',
      }),
    );
    await press(panel.getByRole('button', { name: 'Sync Subscription Status' }));
    await page.getByText('Failed to sync subscription status: API request failed: Bad Gateway').waitFor();
    await page.unroute('**/api/subscription/sync');
    await press(panel.getByRole('button', { name: 'Close' }));
    await panel.waitFor({ state: 'detached' });

    // A cancelled subscription ending in six hours: the spec rounds the days up.
    await changeUser(
      mongo.db(),
      { email },
      {
        $set: {
          subscription: {
            status: 'cancelled',
            periodEnd: new Date(Date.now() + 6 * HOUR_MS),
            provider: 'demo',
            customerId: null,
            subscriptionId: 'demo_sub_phone_dashboard',
            syncedAt: new Date(),
          },
        },
      },
    );
    await page.reload();
    await page.getByRole('region', { name: 'Ready for Day 1' }).waitFor();
    await press(page.getByRole('button', { name: 'Account' }));
    await badge.waitFor();
    expect(await badge.innerText()).toBe('Premium Ending');
    expect(await panel.getByTestId('subscription-detail').innerText()).toBe('1 day left');
    await press(panel.getByRole('button', { name: 'Close' }));
    await panel.waitFor({ state: 'detached' });

    // The trial and the subscription over: the overlay names the trial length the api is configured with.
    await changeUser(
      mongo.db(),
      { email },
      {
        $set: {
          trialEndsAt: new Date(Date.now() - 86_400_000),
          'subscription.periodEnd': new Date(Date.now() - HOUR_MS),
        },
      },
    );
    await page.reload();
    const overlay = page.getByRole('dialog', { name: 'Free Trial Expired' });
    await overlay.waitFor();
    const { trialDays } = await page.evaluate(async () => {
      const response = await fetch('/api/subscription/status', { credentials: 'include' });
      return (await response.json()) as { trialDays: number };
    });
    expect(trialDays).toBeGreaterThan(0);
    await overlay.getByText(`Your ${trialDays}-day free trial has ended.`, { exact: false }).waitFor();
  });
});
