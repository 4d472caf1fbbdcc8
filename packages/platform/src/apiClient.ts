import { ACCESS_DENIED_STATUS } from '@hit/contracts/rules';
import { fetchNotingReachability, type ReachabilityOptions } from './networkStatus';

/**
 * An answer from the api that was not OK. `message` is "<status>: <body message or text>", or
 * "API request failed: <status text>" for an error page that is not the api's
 * (docs/product-rules.md, "Error messages and toasts").
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The api refused a premium action: the trial is over and no subscription gives access (402). */
export function isAccessDenied(error: unknown): boolean {
  return error instanceof ApiError && error.status === ACCESS_DENIED_STATUS;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a failure says when the answer is not the api's own (spec, "Error catalogue"). */
export const API_REQUEST_FAILED = 'API request failed';

/**
 * The api answers errors as `{ message }`; other text is shown as it is. A page of markup (a proxy's or a gateway's
 * error page, never the api's) would put HTML in a toast: it says 'API request failed' with the status text instead.
 */
async function errorMessage(response: Response): Promise<string> {
  const text = (await response.text()).trim();
  if (!text) return `${response.status}: ${response.statusText}`;
  if (text.startsWith('<')) return `${API_REQUEST_FAILED}: ${response.statusText || response.status}`;
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
      return `${response.status}: ${(body as { message: string }).message}`;
    }
  } catch {
    // Not JSON: the text itself is the message.
  }
  return `${response.status}: ${text}`;
}

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

/**
 * fetch with the session cookie; resolves to the parsed JSON answer, rejects with ApiError when not OK. A request
 * that gets no answer rejects with fetch's own error (see isNetworkFailure) and marks the app offline.
 */
export async function request<T = unknown>(
  path: string,
  init: RequestInit = {},
  reachability?: ReachabilityOptions,
): Promise<T> {
  const response = await fetchNotingReachability(path, { credentials: 'include', ...init }, reachability);
  if (!response.ok) throw new ApiError(response.status, await errorMessage(response));
  return (await parseBody(response)) as T;
}

/** One call to the api (docs/architecture.md, "Front-end runtime"): credentials included, a body sent as JSON. */
export function apiRequest<T = unknown>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  return request<T>(path, {
    method,
    ...(body !== undefined && {
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
  });
}
