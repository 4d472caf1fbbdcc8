import { render, screen, waitFor } from '@testing-library/react';
import { ThemeProvider } from '@hit/ui';
import { clearSignedInHint } from '@hit/platform/test/signedInHint';
import { StandaloneLanding } from './StandaloneLanding';

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

function renderPage(goTo = jest.fn()) {
  render(
    <ThemeProvider>
      <StandaloneLanding goTo={goTo} />
    </ThemeProvider>,
  );
  return goTo;
}

describe('StandaloneLanding (the page the api serves for /)', () => {
  it('shows the landing page at once to a browser without the "signed in" hint, without asking the api', async () => {
    clearSignedInHint();
    const fetchMock = answerUser(answer(200, { id: 'u1', email: 'a@b.c' }));
    const goTo = renderPage();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'High-Intensity Training Workout Tracker' }),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(goTo).not.toHaveBeenCalled();
  });

  it('shows a spinner while the user loads, then the landing page to a visitor whose session ended (401)', async () => {
    const fetchMock = answerUser(answer(401, { message: 'Not authenticated' }));
    const goTo = renderPage();

    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'High-Intensity Training Workout Tracker' }),
    ).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/user', { credentials: 'include' });
    for (const link of screen.getAllByRole('link', { name: 'Start Your Free Trial' })) {
      expect(link).toHaveAttribute('href', '/auth?mode=signup');
    }
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
    expect(goTo).not.toHaveBeenCalled();
  });

  it('sends a signed-in visitor on to /home, showing the spinner meanwhile', async () => {
    answerUser(answer(200, { id: 'u1', email: 'a@b.c' }));
    const goTo = renderPage();

    await waitFor(() => expect(goTo).toHaveBeenCalledWith('/home'));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('still shows the landing page when the user check fails (it is public)', async () => {
    answerUser(new Error('offline'));
    const goTo = renderPage();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'High-Intensity Training Workout Tracker' }),
    ).toBeInTheDocument();
    expect(goTo).not.toHaveBeenCalled();
  });
});
