import { act, renderHook } from '@testing-library/react';
import { ApiError, request } from './apiClient';
import { isNetworkFailure, isOffline, useOffline } from './networkStatus';
import { answer, mockApi } from '@hit/platform/test/apiMock';

const noNetwork = () => {
  throw new TypeError('Failed to fetch');
};

async function failedRequest(path = '/api/workout-days'): Promise<unknown> {
  return request(path).catch((error: unknown) => error);
}

beforeEach(async () => {
  // One status for the page: every test starts with an answer from the api.
  mockApi({ 'GET /api/health': answer(200, {}) });
  await request('/api/health');
});

describe('the network status', () => {
  it('goes offline when a request gets no answer, and back online at the next answer of any status', async () => {
    mockApi({
      'GET /api/workout-days': noNetwork,
      'GET /api/progress': answer(503, { message: 'Database unavailable' }),
    });

    await failedRequest();
    expect(isOffline()).toBe(true);

    // An error answer is still an answer: the api is there.
    expect(await failedRequest('/api/progress')).toBeInstanceOf(ApiError);
    expect(isOffline()).toBe(false);
  });

  it('tells a request that got no answer from an answer that was an error', async () => {
    mockApi({ 'GET /api/workout-days': noNetwork, 'GET /api/progress': answer(500, { message: 'Boom' }) });

    expect(isNetworkFailure(await failedRequest())).toBe(true);
    expect(isNetworkFailure(await failedRequest('/api/progress'))).toBe(false);
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(false);
    expect(isNetworkFailure(undefined)).toBe(false);
  });

  it('does not count a request the app cancelled', async () => {
    mockApi({
      'GET /api/workout-days': () => {
        throw new DOMException('The operation was aborted.', 'AbortError');
      },
    });

    const error = await failedRequest();

    expect(isOffline()).toBe(false);
    expect(isNetworkFailure(error)).toBe(false);
  });

  it("does not take an answer that may be the service worker's copy as the api being back", async () => {
    mockApi({ 'GET /api/workout-days': noNetwork, 'GET /api/remotes': answer(200, { remotes: [] }) });
    await failedRequest();

    await request('/api/remotes', {}, { answerProvesReachable: false });

    expect(isOffline()).toBe(true);
  });

  it("trusts the browser's offline event, but not its online event alone", async () => {
    const { result } = renderHook(() => useOffline());
    expect(result.current).toBe(false);

    act(() => void window.dispatchEvent(new Event('offline')));
    expect(result.current).toBe(true);

    mockApi({ 'GET /api/workout-days': noNetwork });
    await act(() => failedRequest());
    act(() => void window.dispatchEvent(new Event('online')));
    expect(result.current).toBe(true);

    mockApi({ 'GET /api/workout-days': answer(200, []) });
    await act(() => request('/api/workout-days'));
    expect(result.current).toBe(false);
  });
});
