import type Stripe from 'stripe';
import { trusted } from 'mongoose';
import type { SubscriptionStatusValue } from '@hit/contracts';
import type { UserModel } from '../models/user';
import {
  checkoutReturnPath,
  PaymentProviderError,
  type BillingUser,
  type CheckoutRequest,
  type CheckoutStarted,
  type PaymentProvider,
  type ProviderSubscription,
} from './provider';

/** The parts of a Stripe subscription billing reads; older and newer API versions put the period in different places. */
export interface StripeSubscriptionLike {
  id: string;
  status: string;
  customer: string | { id: string } | null;
  cancel_at_period_end?: boolean | null;
  cancel_at?: number | null;
  /** Stripe API versions before 2025-03-31 */
  current_period_end?: number | null;
  /** Stripe API 2025-03-31 and later: the period lives on each item. */
  items?: { data?: Array<{ current_period_end?: number | null }> } | null;
  metadata?: Record<string, string> | null;
}

const fromUnixSeconds = (seconds: number) => new Date(seconds * 1000);

/** Stripe statuses after which a subscription never charges again. */
const ENDED_STRIPE_STATUSES = new Set(['canceled', 'incomplete_expired']);

export function stripeIdOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/**
 * Stripe's status in the product's words: active/trialing -> active, past_due/unpaid -> past_due, set to cancel at
 * the period end -> cancelled, canceled/incomplete_expired/paused -> ended. null for `incomplete` (the first payment
 * is still being attempted: nothing to record yet).
 */
export function productStatusOf(subscription: StripeSubscriptionLike): SubscriptionStatusValue | null {
  switch (subscription.status) {
    case 'canceled':
    case 'incomplete_expired':
    case 'paused':
      return 'ended';
    case 'active':
    case 'trialing':
    case 'past_due':
    case 'unpaid':
      if (subscription.cancel_at_period_end || subscription.cancel_at) return 'cancelled';
      return subscription.status === 'active' || subscription.status === 'trialing' ? 'active' : 'past_due';
    default:
      return null;
  }
}

/** When the paid period ends: a scheduled cancellation date wins, else the subscription's or its items' period end. */
export function periodEndOf(subscription: StripeSubscriptionLike): Date | null {
  if (subscription.cancel_at) return fromUnixSeconds(subscription.cancel_at);
  if (subscription.current_period_end) return fromUnixSeconds(subscription.current_period_end);
  const itemEnds = (subscription.items?.data ?? [])
    .map((item) => item.current_period_end)
    .filter((end): end is number => typeof end === 'number');
  return itemEnds.length ? fromUnixSeconds(Math.max(...itemEnds)) : null;
}

/** A Stripe subscription as billing stores it, or null while it is incomplete. */
export function toProviderSubscription(subscription: StripeSubscriptionLike): ProviderSubscription | null {
  const status = productStatusOf(subscription);
  if (!status) return null;
  return {
    subscriptionId: subscription.id,
    customerId: stripeIdOf(subscription.customer),
    status,
    periodEnd: periodEndOf(subscription),
  };
}

// Which running subscription sync picks when a customer has several: the healthiest, then the longest-running.
const PREFERENCE: Record<SubscriptionStatusValue, number> = { active: 0, cancelled: 1, past_due: 2, ended: 3 };
function better(a: ProviderSubscription, b: ProviderSubscription): ProviderSubscription {
  if (PREFERENCE[a.status] !== PREFERENCE[b.status]) return PREFERENCE[a.status] < PREFERENCE[b.status] ? a : b;
  return (a.periodEnd?.getTime() ?? 0) >= (b.periodEnd?.getTime() ?? 0) ? a : b;
}

/**
 * A Stripe client for the configured key. The SDK is loaded here, when Stripe is configured, not when the api starts:
 * it is about 4 MB of an api process that otherwise never uses it (the demo checkout, `npm start`).
 */
export function createStripeClient(secretKey: string): Stripe {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on use (above); its CommonJS export is the class
  const StripeSdk = require('stripe') as typeof Stripe;
  return new StripeSdk(secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
}

/** Stripe's own errors (network, API, auth, rate limit) become PaymentProviderError; anything else passes through. */
async function callStripe<T>(stripe: Stripe, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof stripe.errors.StripeError) {
      throw new PaymentProviderError(`Stripe ${what} failed: ${error.message}`, { cause: error });
    }
    throw error;
  }
}

interface StripeProviderDeps {
  stripe: Stripe;
  priceId: string;
  User: UserModel;
}

/** Hosted Stripe Checkout in subscription mode; sync and cancel ask Stripe directly. */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;

  constructor(private readonly deps: StripeProviderDeps) {}

  get stripe(): Stripe {
    return this.deps.stripe;
  }

  async startCheckout({ user, billingEmail, origin }: CheckoutRequest): Promise<CheckoutStarted> {
    const customerId = user.subscription.customerId ?? (await this.findOrCreateCustomer(user, billingEmail));
    const session = await callStripe(this.stripe, 'checkout', () =>
      this.stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: this.deps.priceId, quantity: 1 }],
        customer: customerId,
        client_reference_id: user.id,
        success_url: `${origin}${checkoutReturnPath('success')}`,
        cancel_url: `${origin}${checkoutReturnPath('cancelled')}`,
        // Webhooks about the subscription can find the user even before the customer id is stored.
        subscription_data: { metadata: { userId: user.id } },
        metadata: { userId: user.id },
      }),
    );
    if (!session.url) throw new PaymentProviderError('Stripe checkout failed: the session has no URL');
    return { checkoutUrl: session.url, customerId };
  }

  async findRunningSubscription(user: BillingUser): Promise<ProviderSubscription | null> {
    const customerIds = new Set<string>();
    if (user.subscription.customerId) customerIds.add(user.subscription.customerId);
    for (const customer of await this.customersByEmail(user, user.email)) customerIds.add(customer);

    let found: ProviderSubscription | null = null;
    for (const customer of customerIds) {
      const subscriptions = await callStripe(this.stripe, 'subscription lookup', () =>
        this.stripe.subscriptions.list({ customer, status: 'all', limit: 20 }),
      );
      for (const subscription of subscriptions.data) {
        const mapped = toProviderSubscription(subscription);
        if (!mapped || mapped.status === 'ended') continue;
        if (mapped.periodEnd && mapped.periodEnd.getTime() <= Date.now() && mapped.status === 'cancelled') continue;
        found = found ? better(found, mapped) : mapped;
      }
    }
    return found;
  }

  async cancelAtPeriodEnd(user: BillingUser): Promise<ProviderSubscription | null> {
    const { subscriptionId } = user.subscription;
    if (!subscriptionId) return null;
    const updated = await callStripe(this.stripe, 'cancel', () =>
      this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
    );
    return toProviderSubscription(updated);
  }

  /**
   * Cancels at once the stored subscription and every other one of the stored customer that has not ended (one whose
   * webhook has not arrived yet included). Stripe keeps the customer and its invoices: they are the seller's records.
   */
  async cancelNow(user: BillingUser): Promise<number> {
    const ids = new Set<string>();
    const { subscriptionId, customerId, status } = user.subscription;
    if (subscriptionId && status !== 'ended') ids.add(subscriptionId);
    if (customerId) {
      const subscriptions = await callStripe(this.stripe, 'subscription lookup', () =>
        this.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 }),
      );
      for (const subscription of subscriptions.data) {
        if (!ENDED_STRIPE_STATUSES.has(subscription.status)) ids.add(subscription.id);
      }
    }
    let cancelled = 0;
    for (const id of ids) {
      const ended = await callStripe(this.stripe, 'cancel', async () => {
        try {
          const answer = await this.stripe.subscriptions.cancel(id);
          return answer.status === 'canceled';
        } catch (error) {
          if (!(error instanceof this.stripe.errors.StripeInvalidRequestError)) throw error;
          // Refused because it is gone or already ended at Stripe: nothing left to stop. Anything else stands.
          if (error.code === 'resource_missing') return false;
          const current = await this.stripe.subscriptions.retrieve(id);
          if (ENDED_STRIPE_STATUSES.has(current.status)) return false;
          throw error;
        }
      });
      if (ended) cancelled += 1;
    }
    return cancelled;
  }

  /** The subscription's current state at Stripe (webhooks read it when an event only names it). */
  /** The subscription's state, or null while it is incomplete or when Stripe has no such subscription. */
  async retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription | null> {
    const subscription = await callStripe(this.stripe, 'subscription lookup', async () => {
      try {
        return await this.stripe.subscriptions.retrieve(subscriptionId);
      } catch (error) {
        if (error instanceof this.stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
          return null;
        throw error;
      }
    });
    return subscription && toProviderSubscription(subscription);
  }

  private async findOrCreateCustomer(user: BillingUser, email: string): Promise<string> {
    const [existing] = await this.customersByEmail(user, email);
    if (existing) return existing;
    const created = await callStripe(this.stripe, 'customer creation', () =>
      this.stripe.customers.create({ email, metadata: { userId: user.id } }),
    );
    return created.id;
  }

  /**
   * Stripe customers with this e-mail that may be this user's: not made for another user (metadata) and not linked
   * to another account here. E-mail addresses are not verified, so a customer is never shared between two users.
   */
  private async customersByEmail(user: BillingUser, email: string): Promise<string[]> {
    const customers = await callStripe(this.stripe, 'customer lookup', () =>
      this.stripe.customers.list({ email, limit: 10 }),
    );
    const candidates = customers.data
      .filter((customer) => !customer.metadata?.userId || customer.metadata.userId === user.id)
      .map((customer) => customer.id);
    if (!candidates.length) return [];
    const linkedElsewhere: unknown[] = await this.deps.User.distinct('subscription.customerId', {
      // Operators built here from Stripe's answer, not from the request (sanitizeFilter would neutralise them).
      'subscription.customerId': trusted({ $in: candidates }),
      _id: trusted({ $ne: user.id }),
    });
    const taken = new Set(linkedElsewhere);
    return candidates.filter((id) => !taken.has(id));
  }
}
