import { createHash, randomBytes } from 'node:crypto';
import { trusted, Types } from 'mongoose';
import type { PendingCheckoutModel } from '../models/pendingCheckout';
import { isSubscriptionRunning } from '../services/access';
import type { BillingUser, CheckoutRequest, CheckoutStarted, PaymentProvider, ProviderSubscription } from './provider';

/** How long a demo checkout link stays usable. */
export const DEMO_CHECKOUT_TTL_MS = 60 * 60 * 1000;
/** Unconfirmed checkout links one user may hold; a newer one voids the oldest beyond this. */
export const MAX_PENDING_DEMO_CHECKOUTS = 3;
/** The checkout page's route inside the /api router, and the path the browser is sent to. */
export const DEMO_CHECKOUT_ROUTE = '/subscription/demo-checkout';
export const DEMO_CHECKOUT_PATH = `/api${DEMO_CHECKOUT_ROUTE}`;
/** 32 random bytes, base64url. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** One calendar month later, clamped to the month's last day (31 January -> 28/29 February), in UTC. */
export function addOneMonth(date: Date): Date {
  const next = new Date(date.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

export interface PendingDemoCheckout {
  billingEmail: string;
}

/**
 * Used when STRIPE_SECRET_KEY is not set: a clearly labelled test-mode checkout page served by the api. Confirming it
 * activates a one-month subscription; no money moves and nothing leaves this server.
 */
export class DemoProvider implements PaymentProvider {
  readonly name = 'demo' as const;

  constructor(private readonly deps: { PendingCheckout: PendingCheckoutModel; now?: () => Date }) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  async startCheckout({ user, billingEmail }: CheckoutRequest): Promise<CheckoutStarted> {
    const token = randomBytes(32).toString('base64url');
    await this.deps.PendingCheckout.create({
      _id: hashToken(token),
      userId: new Types.ObjectId(user.id),
      billingEmail,
      expiresAt: new Date(this.now().getTime() + DEMO_CHECKOUT_TTL_MS),
    });
    await this.voidOlderCheckouts(user.id);
    // A path on this api: the page is served by the same origin the browser already talks to.
    return { checkoutUrl: `${DEMO_CHECKOUT_PATH}/${token}` };
  }

  /** The user's own pending checkout behind `token`, or null (unknown, used, expired or another user's). */
  async findPendingCheckout(token: string, userId: string): Promise<PendingDemoCheckout | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const pending = await this.deps.PendingCheckout.findOne({ _id: hashToken(token), userId }).lean();
    if (!pending || pending.expiresAt.getTime() <= this.now().getTime()) return null;
    return { billingEmail: pending.billingEmail };
  }

  /**
   * Keeps the user's newest MAX_PENDING_DEMO_CHECKOUTS links and deletes the rest: starting checkout after checkout
   * neither piles up documents nor leaves a forgotten link usable.
   */
  private async voidOlderCheckouts(userId: string): Promise<void> {
    const older = await this.deps.PendingCheckout.find({ userId }, { _id: 1 })
      .sort({ expiresAt: -1, _id: -1 })
      .skip(MAX_PENDING_DEMO_CHECKOUTS)
      .lean();
    if (older.length > 0) {
      await this.deps.PendingCheckout.deleteMany({
        userId,
        _id: trusted({ $in: older.map((pending) => pending._id) }),
      });
    }
  }

  /** Voids every checkout link of the user (one was confirmed, or the user is already Premium). */
  async voidCheckouts(userId: string): Promise<void> {
    await this.deps.PendingCheckout.deleteMany({ userId });
  }

  /**
   * Uses up `token` (atomically: a second confirmation finds nothing) and answers the subscription it buys, or null
   * when the token is unknown, used, expired or another user's. Every other link of the user is voided with it, so
   * an older link cannot buy a second month once this one made the user Premium.
   */
  async confirmCheckout(token: string, userId: string): Promise<ProviderSubscription | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const pending = await this.deps.PendingCheckout.findOneAndDelete({ _id: hashToken(token), userId }).lean();
    const now = this.now();
    if (!pending || pending.expiresAt.getTime() <= now.getTime()) return null;
    await this.voidCheckouts(userId);
    return {
      subscriptionId: `demo_sub_${randomBytes(12).toString('hex')}`,
      customerId: null,
      status: 'active',
      periodEnd: addOneMonth(now),
    };
  }

  async findRunningSubscription(user: BillingUser): Promise<ProviderSubscription | null> {
    return this.runningDemoSubscription(user);
  }

  async cancelAtPeriodEnd(user: BillingUser): Promise<ProviderSubscription | null> {
    const running = this.runningDemoSubscription(user);
    return running && { ...running, status: 'cancelled' };
  }

  /** The demo keeps no books of its own: once the user's record is gone (deleted with the account), so is this. */
  async cancelNow(user: BillingUser): Promise<number> {
    return this.runningDemoSubscription(user) ? 1 : 0;
  }

  /** The demo keeps no books of its own: the user's record is the subscription. */
  private runningDemoSubscription({ subscription }: BillingUser): ProviderSubscription | null {
    if (subscription.provider !== 'demo' || !subscription.subscriptionId || !subscription.status) return null;
    if (!isSubscriptionRunning(subscription, this.now())) return null;
    return {
      subscriptionId: subscription.subscriptionId,
      customerId: null,
      status: subscription.status,
      periodEnd: subscription.periodEnd,
    };
  }
}
