/** A fetch that answers like the api, recording every call, for the active-workout tests. */
import { answer } from '@hit/platform/test/apiMock';

export { answer };

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

/** What a test wants answered differently; undefined falls through to the defaults. */
export type Route = (call: ApiCall) => Response | Promise<Response> | undefined;

const noLastWorkout = { workingSet: null, warmupSet: null };

/**
 * Replaces fetch. By default: no last workout for any exercise, and every save, end and complete succeeds.
 * A route may answer a call itself, or throw (a network failure: fetch rejects with a TypeError).
 */
export function mockWorkoutApi(route: Route = () => undefined) {
  const calls: ApiCall[] = [];
  const fetchMock = jest.fn(async (input: string, init?: RequestInit) => {
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: String(input),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const custom = route(call);
    if (custom) return custom;
    if (call.method === 'GET' && call.path.startsWith('/api/progress/last-workout/')) return answer(200, noLastWorkout);
    return answer(200, {});
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return {
    calls,
    /** Everything but the GETs, as 'METHOD path'. */
    writes: () => calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.path}`),
    lastWrite: () => calls.filter((call) => call.method !== 'GET').at(-1),
  };
}

export function networkDown(): never {
  throw new TypeError('Failed to fetch');
}
