/**
 * A browser-like HTTP client for the reliability tests: real fetch over loopback, one session cookie per user.
 *
 * The api runs with NODE_ENV=production, whose session cookie is Secure. In production TLS ends at the load
 * balancer, which tells the api with X-Forwarded-Proto (startApi trusts a proxy on loopback, TRUST_PROXY): every
 * request says so here too, otherwise express-session would (rightly) never send a Secure cookie over plain http.
 */
import { SESSION_COOKIE } from '../../src/session';

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
}

export interface RecordedRequest {
  method: string;
  path: string;
  status: number;
  durationMs: number;
}

/** Every answer's status and how long it took, over all clients sharing it. */
export class LatencyRecorder {
  readonly requests: RecordedRequest[] = [];

  record(request: RecordedRequest): void {
    this.requests.push(request);
  }
}

/** The q-quantile (0.99 for p99) of `durationsMs`, nearest-rank. */
export function quantile(durationsMs: number[], q: number): number {
  const sorted = [...durationsMs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export class ApiClient {
  /** `hit.sid=…` as last set by the api; undefined when signed out. */
  cookie: string | undefined;

  constructor(
    public baseUrl: string,
    private readonly recorder?: LatencyRecorder,
  ) {}

  /** Sends the request with this user's cookie; keeps the session cookie the api sets or clears. */
  async request<T = unknown>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { 'X-Forwarded-Proto': 'https' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (this.cookie) headers.Cookie = this.cookie;
    const started = performance.now();
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    this.recorder?.record({ method, path, status: response.status, durationMs: performance.now() - started });
    this.keepCookie(response.headers.getSetCookie());
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  /** Like request(), but a status other than `expected` throws with the answer, for a clear failure message. */
  async expect<T = unknown>(expected: number, method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.request<T>(method, path, body);
    if (response.status !== expected) {
      throw new Error(
        `${method} ${path}: expected ${expected}, got ${response.status} ${JSON.stringify(response.body)}`,
      );
    }
    return response.body;
  }

  private keepCookie(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      if (!pair.startsWith(`${SESSION_COOKIE}=`)) continue;
      const expires = attributes.find((attribute) => /^expires=/i.test(attribute));
      const cleared =
        pair === `${SESSION_COOKIE}=` || (expires !== undefined && Date.parse(expires.slice(8)) <= Date.now());
      this.cookie = cleared ? undefined : pair;
    }
  }
}
