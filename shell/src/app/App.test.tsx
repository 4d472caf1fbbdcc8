import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast, toast, useLogin, useLogout } from '@hit/platform';
import { loadRemoteModule } from '../remotes/remoteLoader';
import { mockUserAnswer, renderApp } from '../../test/renderApp';

jest.mock('../remotes/remoteLoader');
const loadRemoteModuleMock = jest.mocked(loadRemoteModule);

const lifter = { id: 'u1', email: 'lifter@gym.test', firstName: 'Ann', lastName: 'Lee', weightUnit: 'lbs' as const };
const ok = (body: unknown) =>
  ({ ok: true, status: 200, statusText: 'OK', text: async () => JSON.stringify(body) }) as Response;

// Stand-ins for the remotes: they use the shared @hit/platform hooks exactly as the real ones do.
function FakeDashboard() {
  const logout = useLogout();
  return (
    <>
      <h1>Workout dashboard</h1>
      <button onClick={() => logout.mutate()}>Sign out</button>
    </>
  );
}

function FakeAuthPage() {
  const login = useLogin();
  return (
    <>
      <h1>Sign in</h1>
      <button onClick={() => login.mutate({ email: lifter.email, password: 'secret123' })}>Sign in now</button>
    </>
  );
}

beforeEach(() => {
  loadRemoteModuleMock.mockImplementation(async (id) => ({
    default: id === 'mf_auth/AuthPage' ? FakeAuthPage : FakeDashboard,
  }));
});
afterEach(() => act(() => dismissToast()));

describe('the app', () => {
  it('shows a toast raised anywhere in the one viewport', async () => {
    mockUserAnswer({ status: 401 });
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });

    act(() => toast({ title: 'Progress Reset', variant: 'success' }));

    expect(screen.getByRole('status')).toHaveTextContent('Progress Reset');
  });

  it('takes a visitor who signs in on /auth to /home, welcoming them', async () => {
    const fetchMock = mockUserAnswer({ status: 401 });
    renderApp('/auth');
    await screen.findByRole('heading', { name: 'Sign in' });
    fetchMock.mockResolvedValueOnce(ok(lifter));

    await userEvent.click(screen.getByRole('button', { name: 'Sign in now' }));

    expect(await screen.findByRole('heading', { name: 'Workout dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome back!').closest('[role="status"]')).toHaveTextContent(
      "Welcome back!You're now logged in as lifter@gym.test",
    );
  });

  it('takes a user who signs out to the sign-in page, not back to the landing page', async () => {
    const fetchMock = mockUserAnswer({ status: 200, body: lifter });
    renderApp('/home');
    await screen.findByRole('heading', { name: 'Workout dashboard' });
    fetchMock.mockResolvedValueOnce(ok({ message: 'Logged out' }));

    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Logged out');
    expect(fetchMock).toHaveBeenCalledWith('/api/logout', expect.objectContaining({ method: 'POST' }));
    // The user was cleared in the cache, not fetched again.
    expect(fetchMock.mock.calls.filter(([path]) => path === '/api/user')).toHaveLength(1);
  });
});
