// Fake fetches for component tests of the platform and the remotes: `import { mockApi, answer } from '@hit/platform/test/apiMock'`.
/** An answer like the api's: status, status text and a body (object → JSON text). */
export function answer(status: number, body: unknown = '', statusText = '') {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, statusText, text: async () => text } as Response;
}

export type FetchMock = jest.Mock<Promise<Response>, [string, RequestInit?]>;

/** Answers the requests in order, whatever they ask (for code that makes one or two known calls). */
export function mockFetch(...answers: Response[]): FetchMock {
  const fetchMock: FetchMock = jest.fn();
  for (const next of answers) fetchMock.mockResolvedValueOnce(next);
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

/** Replaces fetch with one that answers only when the test says so (to see the pending state). */
export function mockSlowFetch() {
  let respond: (response: Response) => void = () => undefined;
  const fetchMock = mockFetch();
  fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (respond = resolve)));
  return { fetchMock, respond: (response: Response) => respond(response) };
}

/** The JSON body of the call number `index`. */
export function sentBody(fetchMock: FetchMock, index = 0): unknown {
  return JSON.parse(String(fetchMock.mock.calls[index][1]?.body));
}

/** A request that never gets an answer (to see a loading state). */
export const never = () => new Promise<Response>(() => undefined);

type Reply = Response | ((init?: RequestInit) => Response | Promise<Response>);

/** 'GET /api/workout-days' → the answer; a list answers in turn, repeating its last entry. */
export type ApiRoutes = Record<string, Reply | Reply[]>;

export type ApiMock = jest.Mock<Promise<Response>, [string, RequestInit?]> & {
  /** The calls made to 'METHOD /path'. */
  callsTo: (route: string) => [string, RequestInit?][];
  /** Changes or adds routes for the requests still to come. */
  route: (routes: ApiRoutes) => void;
};

/** Replaces fetch with a fake api that answers by method and path; anything unexpected fails the request loudly. */
export function mockApi(routes: ApiRoutes): ApiMock {
  const table = new Map<string, Reply[]>();
  const route = (more: ApiRoutes) => {
    for (const [key, reply] of Object.entries(more)) table.set(key, Array.isArray(reply) ? [...reply] : [reply]);
  };
  route(routes);

  const fetchMock = jest.fn(async (path: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${path}`;
    const replies = table.get(key);
    if (!replies || replies.length === 0) throw new Error(`Unexpected request in test: ${key}`);
    const reply = replies.length > 1 ? replies.shift()! : replies[0];
    return typeof reply === 'function' ? reply(init) : reply;
  }) as ApiMock;
  fetchMock.callsTo = (key: string) =>
    fetchMock.mock.calls.filter(([path, init]) => `${init?.method ?? 'GET'} ${path}` === key);
  fetchMock.route = route;
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}
