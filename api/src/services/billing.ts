import type Stripe from 'stripe';
import {
  NO_ACTIVE_SUBSCRIPTION_ERROR,
  NOTHING_TO_CANCEL_ERROR,
  type CancelResponse,
  type CheckoutResponse,
  type SubscriptionStatus,
  type SyncResponse,
} from '@hit/contracts';
import type { Config } from '../config';
import { HttpError } from '../errors';
import { logger } from '../logger';
import type { Models } from '../models';
import type { UserSubscription } from '../models/user';
import { userChanged, type SessionUser } from '../auth/sessionUser';
import { DemoProvider } from '../billing/demoProvider';
import {
  PaymentProviderError,
  type BillingUser,
  type PaymentProvider,
  type ProviderName,
  type ProviderSubscription,
} from '../billing/provider';
import { createStripeClient, StripeProvider } from '../billing/stripeProvider';
import { isSubscriptionRunning, subscriptionStatusOf } from './access';

export const CHECKOUT_FAILED_MESSAGE = 'Failed to create checkout session';
export const SYNC_FAILED_MESSAGE = 'Failed to sync subscription status';
export const CANCEL_FAILED_MESSAGE = 'Failed to cancel subscription';
export const ALREADY_SUBSCRIBED_MESSAGE = 'You already have an active Premium subscription';
export const PAYMENTS_UNAVAILABLE_MESSAGE = 'Payment processing is currently unavailable';
export const STRIPE_CHECKOUT_MESSAGE = 'Redirecting to secure checkout';
export const DEMO_CHECKOUT_MESSAGE = 'Redirecting to the test-mode checkout (no real payment is taken)';
export const DELETION_CANCEL_FAILED_MESSAGE =
  'Your subscription could not be cancelled with the payment provider, so your account was not deleted. Please try again.';

/** How many times a subscription update is retried when another writer changed the user in between. */
const UPDATE_ATTEMPTS = 3;

type StoredSubscription = Pick<UserSubscription, 'status' | 'periodEnd' | 'provider' | 'subscriptionId' | 'syncedAt'>;

/**
 * Whether news about a subscription (as true at `at`) may replace what is stored. Webhooks arrive late, twice and
 * out of order, so:
 * - news older than the stored state is ignored (equal times apply: Stripe stamps events to the second);
 * - an ended subscription stays ended (Stripe's canceled and incomplete_expired are final);
 * - news that another subscription is not running never hides the one that still is.
 */
export function shouldReplaceSubscription(
  stored: StoredSubscription,
  incoming: ProviderSubscription,
  provider: ProviderName,
  at: Date,
  now: Date,
): boolean {
  if (stored.syncedAt && at.getTime() < stored.syncedAt.getTime()) return false;
  const sameSubscription = stored.subscriptionId === incoming.subscriptionId;
  if (sameSubscription) return !(stored.status === 'ended' && incoming.status !== 'ended');
  const incomingRunning = isSubscriptionRunning({ ...incoming, provider }, now);
  return incomingRunning || !isSubscriptionRunning(stored, now);
}

export function billingUserOf(user: SessionUser): BillingUser {
  return { id: user.id, email: user.email, subscription: user.subscription };
}

/** Why a demo checkout link does not work. */
export type DemoCheckoutRefusal = 'not-valid' | 'already-premium';

export type ApplyOutcome = 'applied' | 'stale' | 'no-user';

interface ApplyOptions {
  provider: ProviderName;
  /** When the news was true at the provider (a webhook event's `created`, or now for a direct answer). */
  at: Date;
  /** A direct answer from the provider (sync, cancel, demo confirmation): always the latest word. */
  authoritative?: boolean;
}

interface BillingDeps {
  config: Pick<Config, 'stripe'>;
  models: Pick<Models, 'User' | 'PendingCheckout'>;
  /** A ready Stripe client (tests point one at a local server); otherwise built from the configured key. */
  stripe?: Stripe;
  now?: () => Date;
}

/** Subscription rules shared by the billing routes and the Stripe webhook. */
export class BillingService {
  readonly demo: DemoProvider;
  readonly stripe: StripeProvider | undefined;
  /** Stripe when STRIPE_SECRET_KEY is set, otherwise the offline demo. */
  readonly provider: PaymentProvider;

  constructor(private readonly deps: BillingDeps) {
    this.demo = new DemoProvider({ PendingCheckout: deps.models.PendingCheckout, now: deps.now });
    const { stripe: stripeConfig } = deps.config;
    this.stripe = stripeConfig
      ? new StripeProvider({
          stripe: deps.stripe ?? createStripeClient(stripeConfig.secretKey),
          priceId: stripeConfig.priceId,
          User: deps.models.User,
        })
      : undefined;
    this.provider = this.stripe ?? this.demo;
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  statusOf(user: SessionUser): SubscriptionStatus {
    return subscriptionStatusOf(user, this.now());
  }

  async startCheckout(user: SessionUser, billingEmail: string | undefined, origin: string): Promise<CheckoutResponse> {
    // A second live subscription would charge twice.
    if (this.statusOf(user).hasActiveSubscription) throw new HttpError(409, ALREADY_SUBSCRIBED_MESSAGE);
    const started = await this.withProvider(CHECKOUT_FAILED_MESSAGE, () =>
      this.provider.startCheckout({ user: billingUserOf(user), billingEmail: billingEmail ?? user.email, origin }),
    );
    if (started.customerId && started.customerId !== user.subscription.customerId) {
      await this.deps.models.User.updateOne(
        { _id: user._id },
        { $set: { 'subscription.customerId': started.customerId } },
      );
      await userChanged(this.deps.models.User.db, user._id);
    }
    const message = this.provider.name === 'demo' ? DEMO_CHECKOUT_MESSAGE : STRIPE_CHECKOUT_MESSAGE;
    return { checkoutUrl: started.checkoutUrl, message };
  }

  async sync(user: SessionUser): Promise<SyncResponse> {
    const provider = this.provider;
    const found = await this.withProvider(SYNC_FAILED_MESSAGE, () =>
      provider.findRunningSubscription(billingUserOf(user)),
    );
    if (!found) return { error: NO_ACTIVE_SUBSCRIPTION_ERROR };
    await this.applyProviderState(user.id, found, { provider: provider.name, at: this.now(), authoritative: true });
    return { subscriptionId: found.subscriptionId };
  }

  async cancel(user: SessionUser): Promise<CancelResponse> {
    const { subscription } = user;
    if (!subscription.subscriptionId || !isSubscriptionRunning(subscription, this.now())) {
      return { error: NOTHING_TO_CANCEL_ERROR };
    }
    // The provider that sold the subscription cancels it.
    const provider = subscription.provider === 'demo' ? this.demo : this.stripe;
    if (!provider) throw new HttpError(503, PAYMENTS_UNAVAILABLE_MESSAGE);
    const state = await this.withProvider(CANCEL_FAILED_MESSAGE, () => provider.cancelAtPeriodEnd(billingUserOf(user)));
    if (!state) return { error: NOTHING_TO_CANCEL_ERROR };
    await this.applyProviderState(user.id, state, { provider: provider.name, at: this.now(), authoritative: true });
    if (state.status !== 'cancelled') return { error: NOTHING_TO_CANCEL_ERROR };
    return { periodEnd: state.periodEnd ? state.periodEnd.toISOString() : null };
  }

  /**
   * Before an account is deleted: every subscription it has that has not ended is ended at once at its provider, so
   * nothing renews or charges a deleted account; resolves with how many were. A provider failure answers 502 and a
   * Stripe subscription without Stripe configured 503: the caller then deletes nothing, and the user can try again.
   */
  async cancelForDeletion(user: SessionUser): Promise<number> {
    const { subscription } = user;
    const billingUser = billingUserOf(user);
    let cancelled = 0;
    if (subscription.provider === 'demo' && subscription.status !== 'ended') {
      cancelled += await this.demo.cancelNow(billingUser);
    }
    const atStripe =
      Boolean(subscription.customerId) || (subscription.provider === 'stripe' && subscription.status !== 'ended');
    if (!atStripe) return cancelled;
    const stripe = this.stripe;
    if (!stripe) {
      if (subscription.provider === 'stripe' && isSubscriptionRunning(subscription, this.now())) {
        throw new HttpError(503, PAYMENTS_UNAVAILABLE_MESSAGE);
      }
      return cancelled;
    }
    return cancelled + (await this.withProvider(DELETION_CANCEL_FAILED_MESSAGE, () => stripe.cancelNow(billingUser)));
  }

  /**
   * Whether the user's stored subscription (read now, not the session's copy) is running: then every demo checkout
   * link of theirs is void, and voided here.
   */
  private async demoLinksVoidedByPremium(userId: string): Promise<boolean> {
    const stored = await this.deps.models.User.findById(userId, { subscription: 1 }).lean();
    if (!stored?.subscription || !isSubscriptionRunning(stored.subscription, this.now())) return false;
    await this.demo.voidCheckouts(userId);
    return true;
  }

  /** The demo checkout page's state for the signed-in user's link `token`. */
  async demoCheckoutPage(
    user: SessionUser,
    token: string,
  ): Promise<{ kind: 'pending'; billingEmail: string } | { kind: DemoCheckoutRefusal }> {
    if (await this.demoLinksVoidedByPremium(user.id)) return { kind: 'already-premium' };
    const pending = await this.demo.findPendingCheckout(token, user.id);
    return pending ? { kind: 'pending', billingEmail: pending.billingEmail } : { kind: 'not-valid' };
  }

  /**
   * Confirms the signed-in user's own demo checkout: 'confirmed', or why not ('not-valid': unknown, used, expired,
   * voided by a newer link or not theirs; 'already-premium': a subscription already runs, which voids every link).
   */
  async confirmDemoCheckout(user: SessionUser, token: string): Promise<'confirmed' | DemoCheckoutRefusal> {
    if (await this.demoLinksVoidedByPremium(user.id)) return 'already-premium';
    const subscription = await this.demo.confirmCheckout(token, user.id);
    if (!subscription) return 'not-valid';
    await this.applyProviderState(user.id, subscription, { provider: 'demo', at: this.now(), authoritative: true });
    return 'confirmed';
  }

  /** Remembers the provider's customer for a user (before any subscription exists). */
  async linkCustomer(userId: string, customerId: string): Promise<void> {
    await this.deps.models.User.updateOne({ _id: userId }, { $set: { 'subscription.customerId': customerId } });
    await userChanged(this.deps.models.User.db, userId);
  }

  /**
   * Stores `incoming` on the user unless it is older news (see shouldReplaceSubscription). The write only lands if
   * the subscription is still as read (compare-and-set), so two api processes handling two webhooks at once cannot
   * interleave; a lost race re-reads and decides again.
   */
  async applyProviderState(
    userId: string,
    incoming: ProviderSubscription,
    options: ApplyOptions,
  ): Promise<ApplyOutcome> {
    const { User } = this.deps.models;
    for (let attempt = 1; attempt <= UPDATE_ATTEMPTS; attempt += 1) {
      const user = await User.findById(userId, { subscription: 1 }).lean();
      if (!user) return 'no-user';
      const stored: StoredSubscription = {
        status: user.subscription?.status ?? null,
        periodEnd: user.subscription?.periodEnd ?? null,
        provider: user.subscription?.provider ?? null,
        subscriptionId: user.subscription?.subscriptionId ?? null,
        syncedAt: user.subscription?.syncedAt ?? null,
      };
      if (
        !options.authoritative &&
        !shouldReplaceSubscription(stored, incoming, options.provider, options.at, this.now())
      ) {
        // Older news changes nothing; but it may be a retry of a change whose refresh a crash cut short.
        await userChanged(User.db, userId);
        return 'stale';
      }
      // The stored time never moves back, so a late webhook cannot slip in behind a sync.
      const syncedAt = stored.syncedAt && stored.syncedAt > options.at ? stored.syncedAt : options.at;
      const result = await User.updateOne(
        {
          _id: userId,
          'subscription.syncedAt': stored.syncedAt,
          'subscription.subscriptionId': stored.subscriptionId,
          'subscription.status': stored.status,
        },
        {
          $set: {
            'subscription.status': incoming.status,
            'subscription.periodEnd': incoming.periodEnd,
            'subscription.provider': options.provider,
            'subscription.subscriptionId': incoming.subscriptionId,
            'subscription.syncedAt': syncedAt,
            ...(incoming.customerId && { 'subscription.customerId': incoming.customerId }),
            // Paid accounts are kept by the retention rule; a subscription that got going has been paid for.
            ...(incoming.status !== 'ended' && { hasPaid: true }),
          },
        },
      );
      if (result.matchedCount === 1) {
        // Every session of the user sees the new access on its next request, from any api process.
        await userChanged(User.db, userId);
        return 'applied';
      }
    }
    throw new Error(`subscription of user ${userId} kept changing while being updated`);
  }

  /** Runs a provider call; its failure (network, provider error) answers 502 with `message` and changes nothing. */
  private async withProvider<T>(message: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      logger.warn('payment provider call failed', { provider: this.provider.name, error });
      throw new HttpError(502, message);
    }
  }
}
