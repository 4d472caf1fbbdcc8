import type { Browser } from 'playwright-core';
import { dismissWelcome, fillSignUpForm, newEmail, PASSWORD, signUpThroughForm } from '../support/accounts';
import { launchBrowser, openPage, viewports, type WatchedPage } from '../support/browser';
import { e2eEnvironment } from '../support/environment';

const { baseUrl } = e2eEnvironment();

// Names a hostile user could type into the sign-up form: markup, an event handler and a script, each of which
// would run (and set window.__pwned) if the app ever put a name into the page as HTML instead of as text.
const FIRST_NAME = '<img src=x onerror="window.__pwned=1">';
const LAST_NAME = '<script>window.__pwned=2</script>';
const DISPLAY_NAME = `${FIRST_NAME} ${LAST_NAME}`;

describe('names with HTML, script, control or text-direction characters in them', () => {
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

  it('refuses a name with a text-direction override in the form, saying why under it, and sends nothing', async () => {
    const { page } = watched;
    const registrations: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/register') {
        registrations.push(request.url());
      }
    });
    await page.goto('/auth?mode=signup');
    // From the override on, the name would show backwards and reorder the text around it.
    await fillSignUpForm(page, { firstName: 'Ada', lastName: 'Love\u202Eexe.lace' });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Last name must not contain control or text-direction characters').waitFor();
    await expect(page.getByLabel('Last name').getAttribute('aria-invalid')).resolves.toBe('true');
    expect(registrations).toEqual([]);
    expect(watched.unexpected()).toEqual([]);
  });

  it('the api refuses control and text-direction characters in a name, and stores names trimmed', async () => {
    const { page } = watched;
    watched.allow(/^HTTP 400 POST \/api\/register$/);
    await page.goto('/auth');
    const register = (body: Record<string, string>) =>
      page.evaluate(async (sent) => {
        const response = await fetch('/api/register', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(sent),
        });
        return { status: response.status, body: await response.json() };
      }, body);

    for (const [field, name] of [
      ['firstName', 'Ada\u202Egnp.exe'],
      ['lastName', '\u2067Lovelace\u2069'],
      ['firstName', 'Ada\u0000'],
      ['lastName', 'Love\u001B[2Jlace'],
      ['firstName', 'Ada\u200F'],
    ]) {
      await expect(register({ email: newEmail('hostile'), password: PASSWORD, [field]: name })).resolves.toEqual({
        status: 400,
        body: { message: `${field}: must not contain control or text-direction characters` },
      });
    }

    const created = await register({
      email: newEmail('trimmed'),
      password: PASSWORD,
      firstName: ' \tAda ',
      lastName: '\nLovelace  ',
    });
    expect(created).toMatchObject({ status: 201, body: { firstName: 'Ada', lastName: 'Lovelace' } });
    expect(watched.unexpected()).toEqual([]);
  });
});
