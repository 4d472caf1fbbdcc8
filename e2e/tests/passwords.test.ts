import type { Browser, Page } from 'playwright-core';
import {
  dismissWelcome,
  PASSWORD,
  signInThroughForm,
  signOutThroughAccountPanel,
  signUpThroughForm,
} from '../support/accounts';
import { overflowsHorizontally } from '../support/artifacts';
import { expectNoSeriousViolations } from '../support/axe';
import { launchBrowser, openPage, viewports, type WatchedPage } from '../support/browser';
import { e2eEnvironment } from '../support/environment';
import { resetLinkMailedTo } from '../support/mailSink';

const { baseUrl, mailDir } = e2eEnvironment();

const NEW_PASSWORD = 'even-heavier-2027';
const NEUTRAL =
  'If an account exists for that e-mail, a link to reset its password is on its way. The link works for one hour.';

/** Waits for the toast titled `title` and closes it (on a phone it covers the header). */
async function closeToast(page: Page, title: string) {
  const toast = page.getByRole('status').filter({ hasText: title });
  await toast.getByRole('button', { name: 'Close notification' }).click();
  await toast.waitFor({ state: 'detached' });
}

describe('passwords, on a phone', () => {
  let browser: Browser;
  const opened: WatchedPage[] = [];
  const open = async () => {
    const watched = await openPage(browser, baseUrl, viewports.phone);
    opened.push(watched);
    return watched;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((watched) => watched.context.close()));
  });

  it('changes the password in the account panel: the other device is signed out, the new password signs in', async () => {
    const { page, allow } = await open();
    // The old password, tried once on purpose after the change.
    allow(/^HTTP 401 POST \/api\/login$/);
    const { email } = await signUpThroughForm(page);
    await page.waitForURL(`${baseUrl}/home`);
    await closeToast(page, 'Account created!');
    await dismissWelcome(page);

    const other = await open();
    // Signed out by the change: its next requests are anonymous.
    other.allow(/^HTTP 401 (GET|POST|PUT) \/api\//);
    await signInThroughForm(other.page, email, PASSWORD);
    await other.page.waitForURL(`${baseUrl}/home`);

    await page.getByRole('button', { name: 'Account' }).click();
    await page
      .getByRole('dialog', { name: 'Account details' })
      .getByRole('button', { name: 'Change Password' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByLabel('Current password', { exact: true }).fill(PASSWORD);

    // The account's own e-mail, then a common password: refused in the dialog, each saying why, nothing sent.
    const changes: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/user/password') changes.push(request.method());
    });
    for (const [weak, sentence] of [
      [email, 'Password must not contain your email address or the name before its @'],
      ['iloveyou', 'Password is one of the most common passwords, so it is easy to guess'],
    ]) {
      await dialog.getByLabel('New password', { exact: true }).fill(weak);
      await dialog.getByLabel('Confirm new password', { exact: true }).fill(weak);
      await dialog.getByRole('button', { name: 'Change Password' }).click();
      await dialog.getByText(sentence).waitFor();
    }
    expect(changes).toEqual([]);

    await dialog.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
    await expectNoSeriousViolations(page, 'change password dialog');
    expect(await overflowsHorizontally(page)).toBe(false);
    await dialog.getByRole('button', { name: 'Change Password' }).click();

    await page.getByText('You are signed out on every other device.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await closeToast(page, 'Password Changed');

    // This device is still signed in; the other one is not.
    await page.reload();
    await page.getByRole('button', { name: 'Account' }).waitFor();
    await other.page.reload();
    await other.page.waitForURL(`${baseUrl}/`);

    await signOutThroughAccountPanel(page);
    await page.waitForURL(`${baseUrl}/auth`);
    await signInThroughForm(page, email, PASSWORD);
    await page.getByText('Invalid email or password. Please check your credentials and try again.').first().waitFor();
    await signInThroughForm(page, email, NEW_PASSWORD);
    await page.waitForURL(`${baseUrl}/home`);
  });

  it('resets a forgotten password from the e-mailed link, once, and signs in with it', async () => {
    const { page, allow } = await open();
    // A password with the e-mail's name, and the link opened a second time, on purpose.
    allow(/^HTTP 400 POST \/api\/password\/reset$/);
    const { email } = await signUpThroughForm(page);
    await page.waitForURL(`${baseUrl}/home`);
    await closeToast(page, 'Account created!');
    await dismissWelcome(page);
    await signOutThroughAccountPanel(page);
    await page.waitForURL(`${baseUrl}/auth`);

    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await expectNoSeriousViolations(page, 'forgot password form');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('status').filter({ hasText: 'Check your e-mail' }).getByText(NEUTRAL).waitFor();

    const link = await resetLinkMailedTo(mailDir, email);
    expect(link.startsWith(`${baseUrl}/reset-password?token=`)).toBe(true);

    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    // A common password first: refused on the page, saying why, and nothing sent (the link stays unused).
    const resets: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/password/reset') resets.push(request.method());
    });
    await page.getByLabel('New password', { exact: true }).fill('password1');
    await page.getByLabel('Confirm new password', { exact: true }).fill('password1');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('Password is one of the most common passwords, so it is easy to guess').waitFor();
    expect(resets).toEqual([]);
    // The e-mail's name: only the api knows the account, so it is sent, refused, and said under the field.
    const withName = `${email.split('@')[0]} lifts heavy`;
    await page.getByLabel('New password', { exact: true }).fill(withName);
    await page.getByLabel('Confirm new password', { exact: true }).fill(withName);
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('Password must not contain your email address or the name before its @').waitFor();
    expect(resets).toEqual(['POST']);

    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
    await expectNoSeriousViolations(page, 'reset password page');
    expect(await overflowsHorizontally(page)).toBe(false);
    await page.getByRole('button', { name: 'Set New Password' }).click();

    // Signed in by the reset, on the dashboard.
    await page.waitForURL(`${baseUrl}/home`);
    // Left to go by itself (it arrives as the page changes under it): it covers the header on a phone meanwhile.
    const changed = page.getByRole('status').filter({ hasText: 'Password changed!' });
    await changed.getByText(`You're now logged in as ${email}. Every other device was signed out.`).waitFor();
    await changed.waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByRole('button', { name: 'Account' }).waitFor();

    // The same link again: refused, with a way to ask for another.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('a third password');
    await page.getByLabel('Confirm new password', { exact: true }).fill('a third password');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'This password reset link was already used.' });
    await refused.getByRole('link', { name: 'Ask for a new link' }).waitFor();

    await page.goto('/home');
    await signOutThroughAccountPanel(page);
    await page.waitForURL(`${baseUrl}/auth`);
    await signInThroughForm(page, email, NEW_PASSWORD);
    await page.waitForURL(`${baseUrl}/home`);
  });
});
