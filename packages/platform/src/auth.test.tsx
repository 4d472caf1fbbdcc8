import type { ReactNode } from 'react';
import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { useLogin, useLogout, useRegister } from './auth';
import { createQueryClient } from './queryClient';
import { queryKeys } from './queryKeys';
import { dismissToast, useToast } from './toast';
import { answer, mockFetch } from '@hit/platform/test/apiMock';

const lifter = { id: 'u1', email: 'lifter@gym.test', firstName: 'Ann', lastName: 'Lee', weightUnit: 'lbs' as const };

/** The hook inside the app's providers at `path`, with the toast on screen and the current location. */
function renderAuthHook<T>(useHook: () => T, path = '/auth') {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]} useTransitions={false}>
        {children}
      </MemoryRouter>
    </QueryClientProvider>
  );
  const { result } = renderHook(
    () => ({ hook: useHook(), toast: useToast().current, pathname: useLocation().pathname }),
    { wrapper },
  );
  return { result, queryClient };
}

afterEach(() => act(() => dismissToast()));

describe('useLogin', () => {
  it('posts the credentials, caches the user and welcomes them back', async () => {
    const fetchMock = mockFetch(answer(200, lifter));
    const { result, queryClient } = renderAuthHook(() => useLogin());
    queryClient.setQueryData(queryKeys.user, null);

    act(() => result.current.hook.mutate({ email: 'lifter@gym.test', password: 'secret123' }));

    await waitFor(() => expect(result.current.hook.isSuccess).toBe(true));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/login',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ email: 'lifter@gym.test', password: 'secret123' }),
      }),
    );
    expect(queryClient.getQueryData(queryKeys.user)).toEqual(lifter);
    expect(result.current.toast).toMatchObject({
      title: 'Welcome back!',
      description: "You're now logged in as lifter@gym.test",
      variant: 'success',
    });
  });

  it('drops data cached for whoever was signed in before', async () => {
    mockFetch(answer(200, lifter));
    const { result, queryClient } = renderAuthHook(() => useLogin());
    queryClient.setQueryData(queryKeys.workoutDays, [{ id: 1 }]);

    act(() => result.current.hook.mutate({ email: 'lifter@gym.test', password: 'secret123' }));

    await waitFor(() => expect(result.current.hook.isSuccess).toBe(true));
    expect(queryClient.getQueryData(queryKeys.workoutDays)).toBeUndefined();
  });

  it('keeps the visitor anonymous and says why on bad credentials', async () => {
    mockFetch(answer(401, { message: 'Invalid email or password' }, 'Unauthorized'));
    const { result, queryClient } = renderAuthHook(() => useLogin());
    queryClient.setQueryData(queryKeys.user, null);

    act(() => result.current.hook.mutate({ email: 'lifter@gym.test', password: 'wrong-one' }));

    await waitFor(() => expect(result.current.hook.isError).toBe(true));
    expect(queryClient.getQueryData(queryKeys.user)).toBeNull();
    expect(result.current.hook.error?.message).toBe('401: Invalid email or password');
    expect(result.current.toast).toMatchObject({
      title: 'Login failed',
      description: 'Invalid email or password. Please check your credentials and try again.',
      variant: 'destructive',
    });
  });

  it('shows the server message of any other failure', async () => {
    mockFetch(answer(429, { message: 'Too many sign-in attempts. Try again later.' }));
    const { result } = renderAuthHook(() => useLogin());

    act(() => result.current.hook.mutate({ email: 'lifter@gym.test', password: 'secret123' }));

    await waitFor(() => expect(result.current.toast?.title).toBe('Login failed'));
    expect(result.current.toast?.description).toBe('Too many sign-in attempts. Try again later.');
  });

  it('says in one sentence that signing in needs the network when the api cannot be reached', async () => {
    global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const { result, queryClient } = renderAuthHook(() => useLogin());
    queryClient.setQueryData(queryKeys.user, null);

    act(() => result.current.hook.mutate({ email: 'lifter@gym.test', password: 'secret123' }));

    await waitFor(() => expect(result.current.hook.isError).toBe(true));
    expect(queryClient.getQueryData(queryKeys.user)).toBeNull();
    expect(result.current.toast).toMatchObject({
      title: 'Login failed',
      description: "You need a network connection to sign in, and HIT Tracker can't reach its server right now.",
    });
  });
});

describe('useRegister', () => {
  it('posts the new account, caches the user and greets them by name', async () => {
    const fetchMock = mockFetch(answer(201, lifter));
    const { result, queryClient } = renderAuthHook(() => useRegister());
    const body = { email: 'lifter@gym.test', password: 'secret123', firstName: 'Ann', lastName: 'Lee' };

    act(() => result.current.hook.mutate(body));

    await waitFor(() => expect(result.current.hook.isSuccess).toBe(true));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/register',
      expect.objectContaining({ method: 'POST', body: JSON.stringify(body) }),
    );
    expect(queryClient.getQueryData(queryKeys.user)).toEqual(lifter);
    expect(result.current.toast).toMatchObject({
      title: 'Account created!',
      description: 'Welcome to the workout tracker, Ann Lee!',
      variant: 'success',
    });
  });

  it('greets a user without names by the name in their e-mail', async () => {
    mockFetch(answer(201, { ...lifter, firstName: null, lastName: null }));
    const { result } = renderAuthHook(() => useRegister());

    act(() => result.current.hook.mutate({ email: 'lifter@gym.test', password: 'secret123' }));

    await waitFor(() => expect(result.current.toast?.description).toBe('Welcome to the workout tracker, lifter!'));
  });

  it('suggests signing in when the e-mail already has an account', async () => {
    mockFetch(answer(409, { message: 'User already exists' }, 'Conflict'));
    const { result, queryClient } = renderAuthHook(() => useRegister());

    act(() => result.current.hook.mutate({ email: 'lifter@gym.test', password: 'secret123' }));

    await waitFor(() => expect(result.current.hook.isError).toBe(true));
    expect(queryClient.getQueryData(queryKeys.user)).toBeUndefined();
    expect(result.current.toast).toMatchObject({
      title: 'Registration failed',
      description: 'An account with this email already exists. Please try logging in instead.',
      variant: 'destructive',
    });
  });

  it('fails at once with the network sentence when the browser is offline, never waiting for a network', async () => {
    onlineManager.setOnline(false);
    global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const { result } = renderAuthHook(() => useRegister());

    act(() => result.current.hook.mutate({ email: 'lifter@gym.test', password: 'secret123' }));

    await waitFor(() => expect(result.current.hook.isError).toBe(true));
    expect(result.current.toast).toMatchObject({
      title: 'Registration failed',
      description: "You need a network connection to sign in, and HIT Tracker can't reach its server right now.",
    });
    onlineManager.setOnline(true);
  });
});

describe('useLogout', () => {
  function signedIn() {
    const rendered = renderAuthHook(() => useLogout(), '/home');
    rendered.queryClient.setQueryData(queryKeys.user, lifter);
    rendered.queryClient.setQueryData(queryKeys.workoutDays, [{ id: 1 }]);
    return rendered;
  }

  it('signs out, clears the cached user and data, goes to /auth and says so', async () => {
    const fetchMock = mockFetch(answer(200, { message: 'Logged out' }));
    const { result, queryClient } = signedIn();

    act(() => result.current.hook.mutate());

    await waitFor(() => expect(result.current.pathname).toBe('/auth'));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/logout',
      expect.objectContaining({ method: 'POST', credentials: 'include' }),
    );
    expect(queryClient.getQueryData(queryKeys.user)).toBeNull();
    expect(queryClient.getQueryData(queryKeys.workoutDays)).toBeUndefined();
    expect(result.current.toast).toMatchObject({
      title: 'Logged out',
      description: "You've been successfully logged out",
      variant: 'success',
    });
  });

  it('still clears the user and goes to /auth when the server answers an error', async () => {
    mockFetch(answer(500, { message: 'Database down' }));
    const { result, queryClient } = signedIn();

    act(() => result.current.hook.mutate());

    await waitFor(() => expect(result.current.pathname).toBe('/auth'));
    expect(queryClient.getQueryData(queryKeys.user)).toBeNull();
    expect(result.current.toast).toMatchObject({
      title: 'Logout failed',
      description: 'Database down',
      variant: 'destructive',
    });
  });

  it('still clears the user and goes to /auth when the network is down', async () => {
    global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const { result, queryClient } = signedIn();

    act(() => result.current.hook.mutate());

    await waitFor(() => expect(result.current.pathname).toBe('/auth'));
    expect(queryClient.getQueryData(queryKeys.user)).toBeNull();
    expect(result.current.toast).toMatchObject({
      title: 'Logout failed',
      description: "HIT Tracker couldn't reach its server to end your session: sign out again when you're back online.",
      variant: 'destructive',
    });
  });
});
