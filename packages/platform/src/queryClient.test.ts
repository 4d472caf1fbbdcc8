import type { QueryFunctionContext } from '@tanstack/react-query';
import { ApiError } from './apiClient';
import { createQueryClient, getQueryFn } from './queryClient';
import { queryKeys } from './queryKeys';
import { answer, mockFetch } from '@hit/platform/test/apiMock';

const run = (on401: 'returnNull' | 'throw', queryKey: readonly unknown[]) =>
  getQueryFn({ on401 })({ queryKey } as unknown as QueryFunctionContext);

describe('getQueryFn', () => {
  it('GETs the path formed by the query key segments joined with "/"', async () => {
    const fetchMock = mockFetch(answer(200, { workingSet: null, warmupSet: null }));

    await run('throw', ['/api/progress/last-workout', 101, 1]);

    expect(fetchMock).toHaveBeenCalledWith(
      '/api/progress/last-workout/101/1',
      expect.objectContaining({ method: 'GET' }),
    );
  });

  it('answers null for a 401 when asked to', async () => {
    mockFetch(answer(401, { message: 'Not authenticated' }));

    await expect(run('returnNull', ['/api/user'])).resolves.toBeNull();
  });

  it('throws the 401 when asked to', async () => {
    mockFetch(answer(401, { message: 'Not authenticated' }));

    await expect(run('throw', ['/api/user'])).rejects.toEqual(new ApiError(401, '401: Not authenticated'));
  });

  it('still throws other failures when 401 means null', async () => {
    mockFetch(answer(404, 'Cannot GET /api/user', 'Not Found'));

    await expect(run('returnNull', ['/api/user'])).rejects.toMatchObject({
      status: 404,
      message: '404: Cannot GET /api/user',
    });
  });
});

describe('createQueryClient', () => {
  it('uses the spec defaults: no refetching, never stale, no retries', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();

    expect(queries).toMatchObject({
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      retry: false,
    });
    expect(mutations).toMatchObject({ retry: false });
  });

  it('asks once even when the browser says offline, so a read or a sign-in ends instead of waiting for good', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();

    expect(queries?.networkMode).toBe('offlineFirst');
    expect(mutations?.networkMode).toBe('offlineFirst');
  });

  it('keeps the persisted reads in memory for the whole visit, and the user check answers null for a 401', async () => {
    const queryClient = createQueryClient();
    mockFetch(answer(401, { message: 'Not authenticated' }));

    expect(queryClient.getQueryDefaults(queryKeys.progress).gcTime).toBe(Infinity);
    expect(queryClient.getQueryDefaults(queryKeys.lastWorkout(101, 1)).gcTime).toBeUndefined();
    await expect(queryClient.fetchQuery({ queryKey: queryKeys.user })).resolves.toBeNull();
  });
});
