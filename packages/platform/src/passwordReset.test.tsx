import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { createQueryClient } from './queryClient';
import { queryKeys } from './queryKeys';
import { useResetPassword } from './passwordReset';
import { dismissToast, useToast } from './toast';
import { answer, mockFetch, sentBody } from '@hit/platform/test/apiMock';

const lifter = { id: 'u1', email: 'lifter@gym.test', firstName: 'Ann', lastName: 'Lee', weightUnit: 'lbs' as const };
const body = { token: 't'.repeat(43), password: 'liftheavier' };

function renderReset() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/reset-password?token=abc']} useTransitions={false}>
        {children}
      </MemoryRouter>
    </QueryClientProvider>
  );
  const { result } = renderHook(
    () => ({ hook: useResetPassword(), toast: useToast().current, location: useLocation() }),
    { wrapper },
  );
  return { result, queryClient };
}

afterEach(() => act(() => dismissToast()));

describe('useResetPassword', () => {
  it('posts the token and the new password, caches the signed-in user alone and lands on /home', async () => {
    const fetchMock = mockFetch(answer(200, lifter));
    const { result, queryClient } = renderReset();
    queryClient.setQueryData(queryKeys.user, { ...lifter, id: 'someone else' });
    queryClient.setQueryData(queryKeys.workoutDays, [{ id: 1 }]);

    act(() => result.current.hook.mutate(body));

    await waitFor(() => expect(result.current.hook.isSuccess).toBe(true));
    expect(fetchMock).toHaveBeenCalledWith('/api/password/reset', expect.objectContaining({ method: 'POST' }));
    expect(sentBody(fetchMock)).toEqual(body);
    expect(queryClient.getQueryData(queryKeys.user)).toEqual(lifter);
    expect(queryClient.getQueryData(queryKeys.workoutDays)).toBeUndefined();
    expect(result.current.location.pathname).toBe('/home');
    expect(result.current.location.search).toBe('');
    expect(result.current.toast).toMatchObject({
      title: 'Password changed!',
      description: "You're now logged in as lifter@gym.test. Every other device was signed out.",
      variant: 'success',
    });
  });

  it('leaves a refused link to the form: nothing cached, no toast, the page stays', async () => {
    mockFetch(answer(400, { message: 'This password reset link has expired: links work for one hour.' }));
    const { result, queryClient } = renderReset();
    queryClient.setQueryData(queryKeys.user, null);

    act(() => result.current.hook.mutate(body));

    await waitFor(() => expect(result.current.hook.isError).toBe(true));
    expect(result.current.hook.error?.message).toBe(
      '400: This password reset link has expired: links work for one hour.',
    );
    expect(queryClient.getQueryData(queryKeys.user)).toBeNull();
    expect(result.current.toast).toBeNull();
    expect(result.current.location.pathname).toBe('/reset-password');
  });
});
