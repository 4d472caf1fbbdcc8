import type { Browser } from 'playwright-core';
import { dismissWelcome, signUpThroughForm } from '../support/accounts';
import { launchBrowser, openPage, viewports, type WatchedPage } from '../support/browser';
import { e2eEnvironment } from '../support/environment';

const { baseUrl } = e2eEnvironment();

// Names a hostile user could type into the sign-up form: markup, an event handler and a script, each of which
// would run (and set window.__pwned) if the app ever put a name into the page as HTML instead of as text.
const FIRST_NAME = '<img src=x onerror="window.__pwned=1">';
const LAST_NAME = '<script>window.__pwned=2</script>';
const DISPLAY_NAME = `${FIRST_NAME} ${LAST_NAME}`;

describe('names with HTML or script in them', () => {
  let browser: Browser;
  let watched: WatchedPage;
  const dialogs: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    watched = await openPage(browser, baseUrl, viewports.desktop);
    watched.page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
  });
  afterEach(() => watched.context.close());

  it('are stored as typed and shown as text in the welcome toast and the account panel, never run', async () => {
    const { page } = watched;
    await signUpThroughForm(page, { firstName: FIRST_NAME, lastName: LAST_NAME });
    await page.waitForURL(`${baseUrl}/home`);

    // The toast prints the name character for character.
    await page.getByText(`Welcome to the workout tracker, ${DISPLAY_NAME}!`).waitFor();
    await dismissWelcome(page);

    // The api stored them unchanged (the client escapes on output; the server does not mangle input).
    const user = await page.evaluate(async () => (await fetch('/api/user')).json());
    expect(user).toMatchObject({ firstName: FIRST_NAME, lastName: LAST_NAME });

    await page.getByRole('button', { name: 'Account' }).click();
    const panel = page.getByRole('dialog', { name: 'Account details' });
    await expect(panel.locator('dd').first().textContent()).resolves.toBe(DISPLAY_NAME);

    // Nothing of the names became markup, and nothing ran.
    await expect(page.locator('img[src="x"]').count()).resolves.toBe(0);
    await expect(page.locator('script', { hasText: '__pwned' }).count()).resolves.toBe(0);
    await expect(page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).resolves.toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(watched.unexpected()).toEqual([]);
  });
});
