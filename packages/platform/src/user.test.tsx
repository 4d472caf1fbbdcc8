import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createQueryClient } from './queryClient';
import { useUser } from './user';
import { answer, mockFetch } from '@hit/platform/test/apiMock';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

describe('useUser', () => {
  it('is null for an anonymous visitor (401)', async () => {
    mockFetch(answer(401, { message: 'Not authenticated' }));

    const { result } = renderHook(() => useUser(), { wrapper });

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBeNull();
  });

  it('is the signed-in user', async () => {
    const fetchMock = mockFetch(answer(200, { id: 'u1', email: 'lifter@gym.test' }));

    const { result } = renderHook(() => useUser(), { wrapper });

    await waitFor(() => expect(result.current.data).toEqual({ id: 'u1', email: 'lifter@gym.test' }));
    expect(fetchMock).toHaveBeenCalledWith('/api/user', expect.objectContaining({ credentials: 'include' }));
  });

  it('reports a server failure as an error, not as an anonymous visitor', async () => {
    mockFetch(answer(500, { message: 'Database down' }));

    const { result } = renderHook(() => useUser(), { wrapper });

    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe('500: Database down');
  });
});
