import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { setSignedInUser } from './auth';
import { createQueryClient, seedAnonymousVisitor } from './queryClient';
import { queryKeys } from './queryKeys';
import { useUser } from './user';
import { answer, mockApi, mockFetch } from '@hit/platform/test/apiMock';
import { clearSignedInHint, setSignedInHint } from '@hit/platform/test/signedInHint';

const lifter = { id: 'u1', email: 'lifter@gym.test', firstName: null, lastName: null, weightUnit: 'lbs' as const };

function renderUser(queryClient: QueryClient = createQueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, ...renderHook(() => useUser(), { wrapper }) };
}

describe('useUser', () => {
  describe('in a browser with the "signed in" hint cookie (issue #25)', () => {
    it('is the signed-in user', async () => {
      const fetchMock = mockFetch(answer(200, { id: 'u1', email: 'lifter@gym.test' }));

      const { result } = renderUser();

      await waitFor(() => expect(result.current.data).toEqual({ id: 'u1', email: 'lifter@gym.test' }));
      expect(fetchMock).toHaveBeenCalledWith('/api/user', expect.objectContaining({ credentials: 'include' }));
    });

    it('is null when the api answers 401 (the session ended)', async () => {
      const fetchMock = mockFetch(answer(401, { message: 'Not authenticated' }));

      const { result } = renderUser();

      await waitFor(() => expect(result.current.isSuccess).toBe(true));
      expect(result.current.data).toBeNull();
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });

    it('is not taken for anonymous before the api answers (no seed)', () => {
      const queryClient = createQueryClient();

      expect(seedAnonymousVisitor(queryClient)).toBe(false);
      expect(queryClient.getQueryData(queryKeys.user)).toBeUndefined();
    });

    it('reports a server failure as an error, not as an anonymous visitor', async () => {
      mockFetch(answer(500, { message: 'Database down' }));

      const { result } = renderUser();

      await waitFor(() => expect(result.current.isError).toBe(true));
      expect(result.current.error?.message).toBe('500: Database down');
    });
  });

  describe('in a browser without the hint', () => {
    beforeEach(clearSignedInHint);

    it('is null (anonymous) at once, without asking the api', async () => {
      const fetchMock = mockFetch();

      const { result } = renderUser();

      await waitFor(() => expect(result.current.isSuccess).toBe(true));
      expect(result.current.data).toBeNull();
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it("is known before the app's first render once seeded, so an anonymous page renders at once (issue #21)", () => {
      const fetchMock = mockFetch();
      const queryClient = createQueryClient();

      expect(seedAnonymousVisitor(queryClient)).toBe(true);
      const { result } = renderUser(queryClient);

      // The first render already has the answer: no loading state, no request.
      expect(result.current).toMatchObject({ isPending: false, data: null });
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('is not seeded over a user the cache already holds (restored for an offline start)', () => {
      const queryClient = createQueryClient();
      queryClient.setQueryData(queryKeys.user, lifter);

      expect(seedAnonymousVisitor(queryClient)).toBe(false);
      expect(queryClient.getQueryData(queryKeys.user)).toEqual(lifter);
    });

    it('also when the user check is refetched with no screen watching (the offline probe)', async () => {
      const fetchMock = mockFetch();
      const queryClient = createQueryClient();

      await expect(queryClient.fetchQuery({ queryKey: queryKeys.user })).resolves.toBeNull();
      await act(() => queryClient.refetchQueries({ queryKey: queryKeys.user }));

      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('still asks for a user the cache already holds (restored for an offline start, or from before the hint)', async () => {
      const api = mockApi({ 'GET /api/user': answer(200, lifter) });
      const queryClient = createQueryClient();
      queryClient.setQueryData(queryKeys.user, lifter);
      await queryClient.invalidateQueries({ queryKey: queryKeys.user, refetchType: 'none' });

      const { result } = renderUser(queryClient);

      await waitFor(() => expect(api.callsTo('GET /api/user')).toHaveLength(1));
      await waitFor(() => expect(result.current.isFetching).toBe(false));
      expect(result.current.data).toEqual(lifter);
    });

    it('is asked again after a sign-in (the api sets the hint) and not after the sign-out (the api clears it)', async () => {
      const api = mockApi({ 'GET /api/user': answer(200, lifter) });
      const { queryClient, result } = renderUser();
      await waitFor(() => expect(result.current.isSuccess).toBe(true));
      expect(result.current.data).toBeNull();

      // Signed in: the answer to POST /api/login set the hint, and useLogin cached the user.
      setSignedInHint();
      act(() => setSignedInUser(queryClient, lifter));
      await waitFor(() => expect(result.current.data).toEqual(lifter));
      await act(() => queryClient.refetchQueries({ queryKey: queryKeys.user }));
      expect(api.callsTo('GET /api/user')).toHaveLength(1);
      expect(result.current.data).toEqual(lifter);

      // Signed out: the answer to POST /api/logout cleared the hint, and useLogout cached null.
      clearSignedInHint();
      act(() => setSignedInUser(queryClient, null));
      await waitFor(() => expect(result.current.data).toBeNull());
      await act(() => queryClient.refetchQueries({ queryKey: queryKeys.user }));
      expect(api.callsTo('GET /api/user')).toHaveLength(1);
      // The cache itself: the screen learns of a change a timer tick later (TanStack's notifyManager).
      expect(queryClient.getQueryData(queryKeys.user)).toBeNull();
    });
  });
});
