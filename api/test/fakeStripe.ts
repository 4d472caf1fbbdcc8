import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** One request the api made to "Stripe", with its form-encoded body decoded. */
export interface RecordedStripeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: URLSearchParams;
}

export interface FakeCustomer {
  id: string;
  object: 'customer';
  email: string;
  metadata: Record<string, string>;
}

/** A Stripe subscription as API 2025+ sends it: the period end lives on the items. */
export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  created: number;
  metadata: Record<string, string>;
  items: { object: 'list'; data: Array<{ id: string; object: 'subscription_item'; current_period_end: number }> };
}

/** The webhook secret the tests' Stripe apps verify events with. */
export const TEST_WEBHOOK_SECRET = 'whsec_test_secret';
/** The environment of an api billing through Stripe (pointed at FakeStripeServer by the test). */
export const STRIPE_TEST_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_fake',
  STRIPE_PRICE_ID: 'price_premium_monthly',
  STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
  PUBLIC_ORIGIN: 'https://hit.example.com',
};

export const toUnix = (date: Date) => Math.floor(date.getTime() / 1000);

export function fakeSubscription(fields: {
  id: string;
  customer: string;
  status?: string;
  periodEnd: Date;
  cancelAtPeriodEnd?: boolean;
  metadata?: Record<string, string>;
}): FakeSubscription {
  return {
    id: fields.id,
    object: 'subscription',
    customer: fields.customer,
    status: fields.status ?? 'active',
    cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
    cancel_at: null,
    created: toUnix(new Date()) - 60,
    metadata: fields.metadata ?? {},
    items: {
      object: 'list',
      data: [{ id: `si_${fields.id}`, object: 'subscription_item', current_period_end: toUnix(fields.periodEnd) }],
    },
  };
}

const list = (url: string, data: unknown[]) => ({ object: 'list', data, has_more: false, url });
const notFound = (message: string) => ({ error: { type: 'invalid_request_error', code: 'resource_missing', message } });

/**
 * A local HTTP server answering the few Stripe API calls billing makes with Stripe-shaped JSON, recording every
 * request. The real `stripe` SDK talks to it through host/port/protocol options.
 */
export class FakeStripeServer {
  readonly requests: RecordedStripeRequest[] = [];
  readonly customers = new Map<string, FakeCustomer>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  /** Set to make the next call to a path answer this error instead (e.g. a Stripe 500). */
  failNext: { path: string; status: number } | null = null;
  private server = http.createServer((req, res) => this.handle(req, res));
  private counter = 0;

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** The real SDK pointed at this server (no retries: a failure shows at once). */
  client(): Stripe {
    return new Stripe('sk_test_fake', { host: '127.0.0.1', port: this.port, protocol: 'http', maxNetworkRetries: 0 });
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  addCustomer(email: string, metadata: Record<string, string> = {}): FakeCustomer {
    const customer: FakeCustomer = { id: this.nextId('cus'), object: 'customer', email, metadata };
    this.customers.set(customer.id, customer);
    return customer;
  }

  addSubscription(subscription: FakeSubscription): FakeSubscription {
    this.subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  requestsTo(method: string, path: string): RecordedStripeRequest[] {
    return this.requests.filter((r) => r.method === method && r.path === path);
  }

  private nextId(prefix: string): string {
    this.counter += 1;
    return `${prefix}_fake${this.counter}`;
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.test');
      const recorded = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: new URLSearchParams(raw),
      };
      this.requests.push(recorded);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (this.failNext && this.failNext.path === url.pathname) {
        const { status } = this.failNext;
        this.failNext = null;
        return send(status, { error: { type: 'api_error', message: 'Something went wrong on Stripe' } });
      }
      const answer = this.answer(recorded);
      send(answer.status, answer.body);
    });
  }

  private answer({ method, path, query, body }: RecordedStripeRequest): { status: number; body: unknown } {
    const ok = (value: unknown) => ({ status: 200, body: value });
    if (method === 'GET' && path === '/v1/customers') {
      const email = query.get('email');
      return ok(
        list(
          path,
          [...this.customers.values()].filter((c) => c.email === email),
        ),
      );
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer = this.addCustomer(body.get('email') ?? '', { userId: body.get('metadata[userId]') ?? '' });
      return ok(customer);
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = this.nextId('cs_test');
      return ok({
        id,
        object: 'checkout.session',
        mode: body.get('mode'),
        customer: body.get('customer'),
        client_reference_id: body.get('client_reference_id'),
        url: `https://checkout.stripe.com/c/pay/${id}`,
      });
    }
    if (method === 'GET' && path === '/v1/subscriptions') {
      const customer = query.get('customer');
      return ok(
        list(
          path,
          [...this.subscriptions.values()].filter((s) => s.customer === customer),
        ),
      );
    }
    const one = path.match(/^\/v1\/subscriptions\/([^/]+)$/);
    if (one) {
      const subscription = this.subscriptions.get(one[1]);
      if (!subscription) return { status: 404, body: notFound(`No such subscription: '${one[1]}'`) };
      if (method === 'POST' && body.get('cancel_at_period_end') === 'true') subscription.cancel_at_period_end = true;
      // Cancelled at once (the account is deleted); Stripe refuses to cancel one that has ended.
      if (method === 'DELETE') {
        if (subscription.status === 'canceled') {
          const message = 'A canceled subscription can only update its cancellation_details and metadata.';
          return { status: 400, body: { error: { type: 'invalid_request_error', message } } };
        }
        subscription.status = 'canceled';
      }
      return ok(subscription);
    }
    return { status: 404, body: notFound(`Unrecognized request URL (${method}: ${path})`) };
  }
}

/** A Stripe event around `object`, as Stripe would POST it. */
export function stripeEvent(type: string, object: unknown, fields: { id?: string; created?: Date } = {}) {
  return {
    id: fields.id ?? `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: toUnix(fields.created ?? new Date()),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}
