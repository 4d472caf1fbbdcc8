import { screen, waitFor } from '@testing-library/react';
import { LANDING_CHECKING_STYLE } from '@hit/contracts/rules';
import { clearSignedInHint } from '@hit/platform/test/signedInHint';
import { renderLandingPage } from './prerender';
import { sendSignedInVisitorHome, SIGNED_IN_HOME } from './signedInCheck';

/** What fetch resolves to, as far as the page reads it (jsdom has no Response). */
const answer = (status: number, body: unknown) => ({
  ok: status >= 200 && status < 300,
  status,
  text: () => Promise.resolve(JSON.stringify(body)),
});

function answerUser(response: ReturnType<typeof answer> | Error) {
  const fetchMock = jest.fn(() => (response instanceof Error ? Promise.reject(response) : Promise.resolve(response)));
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

const HEADING = 'High-Intensity Training Workout Tracker';

/**
 * The page as the api sends it (shell/dist/landing/index.html, built from renderLandingPage), with the checking
 * style the api writes into its head for a signed-in visitor (api/src/pages.ts) when `checking`.
 */
function loadPage({ checking }: { checking: boolean }) {
  const { head, body } = renderLandingPage();
  document.head.innerHTML = `${head}${checking ? LANDING_CHECKING_STYLE : ''}`;
  document.body.innerHTML = `<div id="root">${body}</div>`;
}

const heading = () => screen.getByRole('heading', { level: 1, name: HEADING });
// Hidden by a style: the accessibility tree leaves it out, so it is looked for with hidden ones too.
const spinner = () => screen.getByRole('status', { name: 'Loading', hidden: true });

describe('the landing page the api serves for / (HTML rendered at build time)', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it('is the whole landing page without any script: its headline, sections, links and note', () => {
    loadPage({ checking: false });
    expect(heading()).toBeVisible();
    for (const link of screen.getAllByRole('link', { name: 'Start Your Free Trial' })) {
      expect(link).toHaveAttribute('href', '/auth?mode=signup');
    }
    expect(screen.getAllByRole('link', { name: 'Start Your Free Trial' })).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
    expect(screen.getByText('No credit card required • Cancel anytime during trial')).toBeVisible();
    // Its styles are in the page: the spinner is there but hidden.
    expect(document.head.querySelector('style')).not.toBeNull();
    expect(spinner()).not.toBeVisible();
  });

  it('shows the spinner instead of the landing page while the user loads (the api wrote the checking style)', () => {
    loadPage({ checking: true });
    expect(spinner()).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: HEADING, hidden: true })).not.toBeVisible();
  });
});

describe('sendSignedInVisitorHome (the landing page script)', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it('asks nothing in a browser without the "signed in" hint: the landing page stays', async () => {
    clearSignedInHint();
    loadPage({ checking: false });
    const fetchMock = answerUser(answer(200, { id: 'u1', email: 'a@b.c' }));
    const goTo = jest.fn();

    await sendSignedInVisitorHome(document, goTo);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(goTo).not.toHaveBeenCalled();
    expect(heading()).toBeVisible();
  });

  it('sends a signed-in visitor on to /home, the spinner shown meanwhile', async () => {
    loadPage({ checking: true });
    const fetchMock = answerUser(answer(200, { id: 'u1', email: 'a@b.c' }));
    const goTo = jest.fn();

    await sendSignedInVisitorHome(document, goTo);
    expect(fetchMock).toHaveBeenCalledWith('/api/user', { credentials: 'include' });
    expect(goTo).toHaveBeenCalledWith(SIGNED_IN_HOME);
    expect(SIGNED_IN_HOME).toBe('/home');
    expect(spinner()).toBeVisible();
  });

  it('shows the landing page to a visitor whose session ended (401)', async () => {
    loadPage({ checking: true });
    answerUser(answer(401, { message: 'Not authenticated' }));
    const goTo = jest.fn();

    await sendSignedInVisitorHome(document, goTo);
    expect(goTo).not.toHaveBeenCalled();
    await waitFor(() => expect(heading()).toBeVisible());
    expect(spinner()).not.toBeVisible();
  });

  it('still shows the landing page when the user check fails (it is public)', async () => {
    loadPage({ checking: true });
    answerUser(new Error('offline'));
    const goTo = jest.fn();

    await sendSignedInVisitorHome(document, goTo);
    expect(goTo).not.toHaveBeenCalled();
    expect(heading()).toBeVisible();
  });

  it('answers null (anonymous) as no one signed in', async () => {
    loadPage({ checking: true });
    answerUser(answer(200, null));
    const goTo = jest.fn();

    await sendSignedInVisitorHome(document, goTo);
    expect(goTo).not.toHaveBeenCalled();
    expect(heading()).toBeVisible();
  });
});
