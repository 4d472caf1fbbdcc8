/** An answer like the api's: status, status text and a body (object → JSON text). */
export function answer(status: number, body: unknown = '', statusText = '') {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, statusText, text: async () => text } as Response;
}

export type FetchMock = jest.Mock<Promise<Response>, [string, RequestInit?]>;

/** Replaces fetch; each call gets the next answer. */
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
