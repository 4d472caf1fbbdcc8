import { ApiError, apiRequest, isAccessDenied } from './apiClient';
import { answer, mockFetch } from '@hit/platform/test/apiMock';

describe('apiRequest', () => {
  it('sends the session cookie and a JSON body with its content type', async () => {
    const fetchMock = mockFetch(answer(200, { id: 'u1', email: 'a@b.co' }));

    const user = await apiRequest('POST', '/api/login', { email: 'a@b.co', password: 'secret123' });

    expect(user).toEqual({ id: 'u1', email: 'a@b.co' });
    expect(fetchMock).toHaveBeenCalledWith('/api/login', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co', password: 'secret123' }),
    });
  });

  it('sends no body and no content type without a payload', async () => {
    const fetchMock = mockFetch(answer(204));

    await expect(apiRequest('POST', '/api/logout')).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledWith('/api/logout', { method: 'POST', credentials: 'include' });
  });

  it.each([
    [
      'the api message of a JSON error',
      answer(409, { message: 'User already exists' }, 'Conflict'),
      '409: User already exists',
    ],
    [
      'the body text when it is not JSON',
      answer(500, 'Internal meltdown', 'Internal Server Error'),
      '500: Internal meltdown',
    ],
    [
      'the body text when the JSON has no message',
      answer(400, { error: 'bad' }, 'Bad Request'),
      '400: {"error":"bad"}',
    ],
    ['the status text when the body is empty', answer(503, '', 'Service Unavailable'), '503: Service Unavailable'],
    [
      "'API request failed' with the status text for an error page that is not the api's",
      answer(502, '<html><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>', 'Bad Gateway'),
      'API request failed: Bad Gateway',
    ],
    [
      "'API request failed' with the status code when there is no status text (HTTP/2)",
      answer(504, '<!DOCTYPE html><title>Gateway Timeout</title>'),
      'API request failed: 504',
    ],
  ])('turns a non-OK answer into an ApiError with %s', async (_case, response, message) => {
    mockFetch(response);

    const error = await apiRequest('GET', '/api/anything').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: response.status, message });
  });
});

describe('isAccessDenied', () => {
  it.each([
    ['a 402 answer (trial over, no subscription)', new ApiError(402, '402: Your free trial has ended'), true],
    ['a 401 answer', new ApiError(401, '401: Not authenticated'), false],
    ['a 403 answer', new ApiError(403, '403: Forbidden'), false],
    ['a 409 answer', new ApiError(409, '409: Day 2 is not the next workout day'), false],
    ['a network failure', new TypeError('Failed to fetch'), false],
    ['an error that only carries status 402', Object.assign(new Error('402'), { status: 402 }), false],
    ['no error at all', undefined, false],
  ])('%s: %p', (_case, error, expected) => {
    expect(isAccessDenied(error)).toBe(expected);
  });

  it('recognises the 402 of a real answer', async () => {
    mockFetch(answer(402, { message: 'Your free trial has ended' }));

    const error = await apiRequest('POST', '/api/sessions/start', { dayId: 1 }).catch((e: unknown) => e);

    expect(isAccessDenied(error)).toBe(true);
  });
});
