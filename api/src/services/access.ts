import type { SubscriptionStatus, SubscriptionStatusValue } from '@hit/contracts';
import type { UserFields, UserSubscription } from '../models/user';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Stripe renews a subscription shortly after its period ends and reports the new period by webhook (the renewal
 * invoice is finalised about an hour later). A Stripe subscription still marked active keeps access this long past
 * its period end, so a paying user is never locked out while the renewal is on its way. The demo provider never
 * renews, so it gets no grace.
 */
export const RENEWAL_GRACE_MS = DAY_MS;

export function trialEndFor(createdAt: Date, trialDays: number): Date {
  return new Date(createdAt.getTime() + trialDays * DAY_MS);
}

/** Statuses of a subscription that has not ended: it may still be running (see `subscriptionStatusOf`). */
export function isLiveStatus(status: SubscriptionStatusValue | null): boolean {
  return status === 'active' || status === 'past_due' || status === 'cancelled';
}

type StoredSubscription = Pick<UserSubscription, 'status' | 'periodEnd'> & Partial<Pick<UserSubscription, 'provider'>>;

/** Whether `subscription` still gives access at `now`: live, and its (grace-extended) period not over. */
export function isSubscriptionRunning(subscription: StoredSubscription | null | undefined, now: Date): boolean {
  if (!subscription || !isLiveStatus(subscription.status)) return false;
  const { status, periodEnd, provider } = subscription;
  if (periodEnd === null) return status !== 'cancelled';
  const renews = provider === 'stripe' && status !== 'cancelled';
  return periodEnd.getTime() + (renews ? RENEWAL_GRACE_MS : 0) > now.getTime();
}

/**
 * Access to premium features: an active (or past-due) subscription, a cancelled one until its period ends, or the
 * trial. A pure function of the stored user and the clock, so every route and every api process agrees.
 */
export function subscriptionStatusOf(
  user: Pick<UserFields, 'trialEndsAt'> & { subscription?: StoredSubscription | null },
  now: Date = new Date(),
): SubscriptionStatus {
  const subscription = user.subscription ?? null;
  const status = subscription?.status ?? null;
  const periodEnd = subscription?.periodEnd ?? null;
  const running = isSubscriptionRunning(subscription, now);
  const trialExpired = user.trialEndsAt.getTime() <= now.getTime();
  return {
    hasActiveSubscription: running && status !== 'cancelled',
    subscriptionStatus: status,
    subscriptionPeriodEnd: periodEnd ? periodEnd.toISOString() : null,
    trialExpired,
    trialEndsAt: user.trialEndsAt.toISOString(),
    canAccessFeatures: running || !trialExpired,
  };
}
