import { MongoClient } from 'mongodb';
import type { Browser } from 'playwright-core';
import { dismissWelcome, signUpThroughForm } from '../support/accounts';
import { changeUser } from '../support/users';
import { saveScreenshot } from '../support/artifacts';
import { launchBrowser, openPage, viewports, type WatchedPage } from '../support/browser';
import { e2eEnvironment } from '../support/environment';

const { baseUrl, mongoUri } = e2eEnvironment();

describe('an expired trial upgraded through the demo checkout', () => {
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
    watched = await openPage(browser, baseUrl, viewports.desktop);
    // The expired trial's gated calls answer 402 on purpose.
    watched.allow(/^HTTP 402 /);
  });
  afterEach(() => watched.context.close());

  it('gates /home and /progress, upgrades to Premium Active, trains again, then cancels to Premium Ending', async () => {
    const { page } = watched;
    const { email } = await signUpThroughForm(page);
    await page.waitForURL(`${baseUrl}/home`);
    await dismissWelcome(page);

    // The trial ended yesterday.
    await changeUser(mongo.db(), { email }, { $set: { trialEndsAt: new Date(Date.now() - 86_400_000) } });

    await page.reload();
    await page.getByRole('dialog', { name: 'Free Trial Expired' }).waitFor();
    await page.goto('/progress');
    await page
      .getByText('Your trial has ended. Upgrade to Premium to continue accessing your analytics and progress tracking.')
      .waitFor();

    // Upgrade: the demo provider's labelled test-mode checkout, then back to /home.
    await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
    await page.getByRole('heading', { name: 'Upgrade to Premium' }).waitFor();
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await page.waitForURL(/\/home\?checkout=success$/);

    await page.getByRole('button', { name: 'Account' }).click();
    const panel = page.getByRole('dialog', { name: 'Account details' });
    await panel.getByText('Premium Active').waitFor();
    await page.keyboard.press('Escape');

    // Premium can start a workout again.
    await page.getByRole('button', { name: 'Start' }).first().click();
    await page.getByRole('button', { name: 'Exit' }).waitFor();
    await page.getByRole('button', { name: 'Exit' }).click();

    await page.getByRole('button', { name: 'Account' }).click();
    await panel.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page
      .getByRole('dialog', { name: 'Cancel subscription?' })
      .getByRole('button', { name: 'Yes, cancel' })
      .click();
    await page.getByText('Subscription Cancelled').first().waitFor();
    await panel.getByText(/Premium Ending/).waitFor();
    await saveScreenshot(page, 'account-panel-desktop');

    // On a phone the same panel is a sheet along the bottom edge, the full width of the screen.
    await page.setViewportSize(viewports.phone);
    const box = await panel.boundingBox();
    expect(
      box && { left: Math.round(box.x), width: Math.round(box.width), bottom: Math.round(box.y + box.height) },
    ).toEqual({
      left: 0,
      width: viewports.phone.width,
      bottom: viewports.phone.height,
    });
    await saveScreenshot(page, 'account-panel-phone');
    expect(watched.unexpected()).toEqual([]);
  });
});
