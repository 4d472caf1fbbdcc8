/** A fetch double that answers like the api: status, status text and a body (object → JSON text). */
export function answer(status: number, body: unknown = '', statusText = '') {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, statusText, text: async () => text } as Response;
}

export function mockFetch(...answers: Response[]) {
  const fetchMock = jest.fn<Promise<Response>, [string, RequestInit?]>();
  for (const a of answers) fetchMock.mockResolvedValueOnce(a);
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}
