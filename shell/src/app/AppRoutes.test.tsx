import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REMOTE_PAGES } from '@hit/contracts';
import { loadRemoteModule } from '../remotes/remoteLoader';
import { mockUserAnswer, renderApp } from '../../test/renderApp';

jest.mock('../remotes/remoteLoader');
const loadRemoteModuleMock = jest.mocked(loadRemoteModule);

const screenOf = (text: string) => ({ default: () => <h1>{text}</h1> });

describe('shell routes', () => {
  it('shows the landing page headline to an anonymous visitor without loading any remote', async () => {
    mockUserAnswer({ status: 401 });

    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'High-Intensity Training Workout Tracker' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Start Your Free Trial' })[0]).toHaveAttribute(
      'href',
      '/auth?mode=signup',
    );
    expect(loadRemoteModuleMock).not.toHaveBeenCalled();
  });

  it('takes a visitor from the landing page to the sign-in remote', async () => {
    mockUserAnswer({ status: 401 });
    loadRemoteModuleMock.mockResolvedValue(screenOf('Sign in'));
    renderApp('/');

    await userEvent.click((await screen.findAllByRole('link', { name: 'Start Your Free Trial' }))[0]);

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(loadRemoteModuleMock).toHaveBeenCalledWith('mf_auth/AuthPage');
  });

  it('sends a signed-in user from the landing page to /home', async () => {
    mockUserAnswer({ status: 200, body: { id: 'u1', email: 'lifter@gym.test' } });
    loadRemoteModuleMock.mockResolvedValue(screenOf('Workout dashboard'));

    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Workout dashboard' })).toBeInTheDocument();
  });

  it('shows a spinner on the landing page while the user loads', () => {
    mockUserAnswer('pending');

    renderApp('/');

    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('still shows the landing page when the user cannot be checked', async () => {
    mockUserAnswer({ status: 500, body: { message: 'Database down' } });

    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'High-Intensity Training Workout Tracker' })).toBeInTheDocument();
  });

  it('shows a spinner on /auth while the user loads, without loading the sign-in remote', () => {
    mockUserAnswer('pending');

    renderApp('/auth');

    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(loadRemoteModuleMock).not.toHaveBeenCalled();
  });

  it('shows the sign-in remote on /auth to an anonymous visitor', async () => {
    mockUserAnswer({ status: 401 });
    loadRemoteModuleMock.mockResolvedValue(screenOf('Sign in'));

    renderApp('/auth');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(loadRemoteModuleMock).toHaveBeenCalledWith('mf_auth/AuthPage');
  });

  it('sends a signed-in user from /auth to / and on to /home, never loading the sign-in remote', async () => {
    mockUserAnswer({ status: 200, body: { id: 'u1', email: 'lifter@gym.test' } });
    loadRemoteModuleMock.mockResolvedValue(screenOf('Workout dashboard'));

    renderApp('/auth');

    expect(await screen.findByRole('heading', { name: 'Workout dashboard' })).toBeInTheDocument();
    expect(loadRemoteModuleMock).toHaveBeenCalledTimes(1);
    expect(loadRemoteModuleMock).toHaveBeenCalledWith('mf_workout/WorkoutDashboard');
  });

  it.each([
    ['an anonymous visitor', { status: 401 }],
    ['a signed-in user', { status: 200, body: { id: 'u1', email: 'lifter@gym.test' } }],
  ] as const)('shows the auth remote at /reset-password, where the e-mailed link leads, to %s', async (_who, user) => {
    mockUserAnswer(user);
    loadRemoteModuleMock.mockResolvedValue(screenOf('Choose a new password'));

    renderApp('/reset-password?token=abc');

    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(loadRemoteModuleMock).toHaveBeenCalledTimes(1);
    expect(loadRemoteModuleMock).toHaveBeenCalledWith('mf_auth/AuthPage');
  });

  it('shows the 404 screen with a developer hint for an unknown path', () => {
    mockUserAnswer({ status: 401 });

    renderApp('/no/such/page');

    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
  });

  it.each(['/home', '/progress', '/analytics'])('shows a spinner on %s while the user loads', (path) => {
    mockUserAnswer('pending');

    renderApp(path);

    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(loadRemoteModuleMock).not.toHaveBeenCalled();
  });

  it.each(['/home', '/progress', '/analytics'])(
    'redirects an anonymous visitor from %s to the landing page',
    async (path) => {
      mockUserAnswer({ status: 401 });

      renderApp(path);

      expect(
        await screen.findByRole('heading', { name: 'High-Intensity Training Workout Tracker' }),
      ).toBeInTheDocument();
      expect(loadRemoteModuleMock).not.toHaveBeenCalled();
    },
  );

  it.each([
    ['/home', 'mf_workout/WorkoutDashboard'],
    ['/progress', 'mf_analytics/ProgressAnalytics'],
    ['/analytics', 'mf_analytics/ProgressAnalytics'],
  ])('shows a signed-in user %s from %s', async (path, remoteId) => {
    mockUserAnswer({ status: 200, body: { id: 'u1', email: 'lifter@gym.test' } });
    loadRemoteModuleMock.mockResolvedValue(screenOf(`Remote ${remoteId}`));

    renderApp(path);

    expect(await screen.findByRole('heading', { name: `Remote ${remoteId}` })).toBeInTheDocument();
    expect(loadRemoteModuleMock).toHaveBeenCalledWith(remoteId);
  });

  it('offers a retry when the user cannot be checked (not a 401)', async () => {
    const fetchMock = mockUserAnswer({ status: 500, body: { message: 'Database down' } });
    renderApp('/home');

    expect(await screen.findByRole('heading', { name: "We couldn't check your sign-in" })).toBeInTheDocument();

    mockUserAnswer({ status: 401 });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'High-Intensity Training Workout Tracker' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  // The api preloads each page's remote from this table (@hit/contracts REMOTE_PAGES, api/src/pages.ts): it must
  // name what these routes render, for whom, or the preloads would go unused.
  it.each(REMOTE_PAGES.map((page) => [page.path, page.expose, page.audience] as const))(
    'renders at %s the remote %s for the audience the api preloads it for (%s)',
    async (path, expose, audience) => {
      mockUserAnswer(
        audience === 'signed-in' ? { status: 200, body: { id: 'u1', email: 'lifter@gym.test' } } : { status: 401 },
      );
      loadRemoteModuleMock.mockResolvedValue(screenOf(`Remote ${expose}`));

      renderApp(path);

      expect(await screen.findByRole('heading', { name: `Remote ${expose}` })).toBeInTheDocument();
      expect(loadRemoteModuleMock.mock.calls).toEqual([[expose]]);
    },
  );
});
