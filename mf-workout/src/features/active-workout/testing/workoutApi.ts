/** A fetch that answers like the api, recording every call, for the active-workout tests. */
import type { Exercise, SyncOperation } from '@hit/contracts';
import { answer } from '@hit/platform/test/apiMock';

export { answer };

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
  /** The call got an answer (a network failure gets none). */
  answered?: boolean;
}

/** What a test wants answered differently; undefined falls through to the defaults. */
export type Route = (call: ApiCall) => Response | Promise<Response> | undefined;

const noLastWorkout = { workingSet: null, warmupSet: null };

/** POST /api/sync as the api answers a batch it applies in full. */
export function syncApplied(call: ApiCall): Response {
  const { operations } = call.body as { operations: SyncOperation[] };
  return answer(200, {
    results: operations.map((op) => ({ opId: op.opId, status: 'applied', note: null })),
    workoutDays: [],
    workoutState: { cycleCount: 0, nextRecommendedDay: 1 },
    openSession: null,
  });
}

/** What the api answers a new lifter: no last workout, no records, no goals, every batch applied. */
function defaultAnswer(call: ApiCall): Response {
  if (call.method === 'POST' && call.path === '/api/sync') return syncApplied(call);
  if (call.method !== 'GET') return answer(200, {});
  if (call.path.startsWith('/api/progress/last-workout/')) return answer(200, noLastWorkout);
  if (call.path === '/api/records') return answer(200, { lbs: [], kg: [] });
  if (call.path === '/api/goals') return answer(200, []);
  return answer(200, {});
}

/**
 * Replaces fetch. By default: no last workout for any exercise, and every batch of the outbox (POST /api/sync) is
 * applied. A route may answer a call itself, or throw (a network failure: fetch rejects with a TypeError).
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
    const response = await (route(call) ?? defaultAnswer(call));
    call.answered = true;
    return response;
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  /** Every operation the api received and answered, in order (a batch sent again counts again). */
  const operations = () =>
    calls
      .filter((call) => call.answered && call.method === 'POST' && call.path === '/api/sync')
      .flatMap((call) => (call.body as { operations: SyncOperation[] }).operations);
  return {
    calls,
    /** Everything but the GETs, as 'METHOD path'. */
    writes: () => calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.path}`),
    operations,
    /** The types of the operations sent, in order. */
    sent: () => operations().map((op) => op.type),
    /** The exercises of the last save sent. */
    lastSave: (): Exercise[] | undefined =>
      operations()
        .filter((op) => op.type === 'save')
        .map((op) => (op as Extract<SyncOperation, { type: 'save' }>).exercises)
        .at(-1),
  };
}

export function networkDown(): never {
  throw new TypeError('Failed to fetch');
}
