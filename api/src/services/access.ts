import type { SubscriptionStatus } from '@hit/contracts';
import type { UserFields } from '../models/user';

const DAY_MS = 24 * 60 * 60 * 1000;

export function trialEndFor(createdAt: Date, trialDays: number): Date {
  return new Date(createdAt.getTime() + trialDays * DAY_MS);
}

/**
 * Access to premium features: an active subscription, a cancelled one until its period ends, or the trial.
 * A pure function of the stored user and the clock, so every route and every api process agrees.
 */
export function subscriptionStatusOf(
  user: Pick<UserFields, 'trialEndsAt' | 'subscription'>,
  now: Date = new Date(),
): SubscriptionStatus {
  const { status, periodEnd } = user.subscription ?? { status: null, periodEnd: null };
  const periodRunning = periodEnd !== null && periodEnd.getTime() > now.getTime();
  const hasActiveSubscription = (status === 'active' || status === 'past_due') && (periodEnd === null || periodRunning);
  const endingButRunning = status === 'cancelled' && periodRunning;
  const trialExpired = user.trialEndsAt.getTime() <= now.getTime();
  return {
    hasActiveSubscription,
    subscriptionStatus: status,
    subscriptionPeriodEnd: periodEnd ? periodEnd.toISOString() : null,
    trialExpired,
    trialEndsAt: user.trialEndsAt.toISOString(),
    canAccessFeatures: hasActiveSubscription || endingButRunning || !trialExpired,
  };
}
