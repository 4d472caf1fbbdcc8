import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { User } from '@hit/contracts';
import { setSignedInUser } from './auth';
import { rememberLifterUnit, useLifterUnit, useSaveLifterUnit } from './lifterUnit';
import { isOffline } from './networkStatus';
import { createQueryClient } from './queryClient';
import { queryKeys } from './queryKeys';
import { answer, mockApi, mockSlowFetch, sentBody } from '@hit/platform/test/apiMock';
import { setSignedInHint } from '@hit/platform/test/signedInHint';

const lifter: User = { id: 'u1', email: 'lifter@gym.test', firstName: null, lastName: null, weightUnit: 'lbs' };

function signedIn(user: User | null = lifter): QueryClient {
  const queryClient = createQueryClient();
  setSignedInUser(queryClient, user);
  return queryClient;
}

function renderLifterUnit(queryClient: QueryClient) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => ({ unit: useLifterUnit(), save: useSaveLifterUnit() }), { wrapper });
}

const cachedUnit = (queryClient: QueryClient) => queryClient.getQueryData<User>(queryKeys.user)?.weightUnit;

beforeEach(setSignedInHint);

describe("the lifter's unit", () => {
  it('is the unit the signed-in user carries', () => {
    expect(renderLifterUnit(signedIn({ ...lifter, weightUnit: 'kg' })).result.current.unit).toBe('kg');
    expect(renderLifterUnit(signedIn()).result.current.unit).toBe('lbs');
  });

  it('is lbs while nobody is signed in, as the spec starts everyone', () => {
    expect(renderLifterUnit(signedIn(null)).result.current.unit).toBe('lbs');
  });

  it("follows a sync answer's unit without a request", async () => {
    const queryClient = signedIn();
    const api = mockApi({});
    const { result } = renderLifterUnit(queryClient);
    act(() => rememberLifterUnit(queryClient, 'kg'));
    await waitFor(() => expect(result.current.unit).toBe('kg'));
    expect(api).not.toHaveBeenCalled();
  });
});

describe('saving the Progress Analytics choice', () => {
  it('changes the cached user at once, then stores the choice on the api', async () => {
    const queryClient = signedIn();
    const { fetchMock, respond } = mockSlowFetch();
    const { result } = renderLifterUnit(queryClient);

    act(() => result.current.save('kg'));

    expect(cachedUnit(queryClient)).toBe('kg');
    await waitFor(() => expect(result.current.unit).toBe('kg'));
    expect(fetchMock).toHaveBeenCalledWith('/api/user/weight-unit', expect.objectContaining({ method: 'PUT' }));
    expect(sentBody(fetchMock)).toEqual({ weightUnit: 'kg' });
    await act(async () => respond(answer(200, { ...lifter, weightUnit: 'kg' })));
    expect(cachedUnit(queryClient)).toBe('kg');
  });

  it('sends nothing when the unit is already the remembered one', () => {
    const api = mockApi({});
    const { result } = renderLifterUnit(signedIn());
    act(() => result.current.save('lbs'));
    expect(api).not.toHaveBeenCalled();
  });

  it('keeps the choice and shows no error offline; the next read of the user brings the server value', async () => {
    const queryClient = signedIn();
    const api = mockApi({ 'PUT /api/user/weight-unit': () => Promise.reject(new TypeError('Failed to fetch')) });
    const { result } = renderLifterUnit(queryClient);

    act(() => result.current.save('kg'));
    await waitFor(() => expect(isOffline()).toBe(true));
    expect(api.callsTo('PUT /api/user/weight-unit')).toHaveLength(1);
    expect(result.current.unit).toBe('kg');
    expect(queryClient.getQueryState(queryKeys.user)?.error).toBeNull();

    api.route({ 'GET /api/user': answer(200, lifter) });
    await act(() => queryClient.refetchQueries({ queryKey: queryKeys.user }));
    await waitFor(() => expect(result.current.unit).toBe('lbs'));
  });
});
