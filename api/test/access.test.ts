import { subscriptionStatusSchema, type SubscriptionStatusValue } from '@hit/contracts';
import type { UserSubscription } from '../src/models/user';
import { RENEWAL_GRACE_MS, subscriptionStatusOf, trialEndFor } from '../src/services/access';

const NOW = new Date('2026-06-15T12:00:00.000Z');
const at = (iso: string) => new Date(iso);
const HOUR_MS = 60 * 60 * 1000;

function userWith(subscription: Partial<UserSubscription> = {}, trialEndsAt: Date = at('2026-07-01T00:00:00.000Z')) {
  return {
    trialEndsAt,
    subscription: {
      status: null,
      periodEnd: null,
      provider: null,
      customerId: null,
      subscriptionId: null,
      syncedAt: null,
      ...subscription,
    } as UserSubscription,
  };
}

const TRIAL_OVER = at('2026-06-01T00:00:00.000Z');
const FUTURE = at('2026-07-10T00:00:00.000Z');
const PAST = at('2026-06-10T00:00:00.000Z');

describe('trialEndFor', () => {
  it('ends the trial the given number of days after sign-up', () => {
    expect(trialEndFor(at('2026-01-01T08:30:00.000Z'), 30)).toEqual(at('2026-01-31T08:30:00.000Z'));
    expect(trialEndFor(at('2026-01-01T08:30:00.000Z'), 0)).toEqual(at('2026-01-01T08:30:00.000Z'));
  });
});

describe('subscriptionStatusOf', () => {
  it('gives a new user the trial: access, not expired, no subscription', () => {
    const status = subscriptionStatusOf(userWith(), NOW);
    expect(subscriptionStatusSchema.strict().parse(status)).toEqual({
      hasActiveSubscription: false,
      subscriptionStatus: null,
      subscriptionPeriodEnd: null,
      trialExpired: false,
      trialEndsAt: '2026-07-01T00:00:00.000Z',
      canAccessFeatures: true,
    });
  });

  it('expires the trial at its exact end, not a millisecond later', () => {
    const endingNow = subscriptionStatusOf(userWith({}, NOW), NOW);
    expect(endingNow).toMatchObject({ trialExpired: true, canAccessFeatures: false });
    const endingNext = subscriptionStatusOf(userWith({}, new Date(NOW.getTime() + 1)), NOW);
    expect(endingNext).toMatchObject({ trialExpired: false, canAccessFeatures: true });
  });

  // [case, status, periodEnd, provider, hasActiveSubscription, canAccessFeatures]
  it.each<[string, SubscriptionStatusValue, Date | null, 'stripe' | 'demo', boolean, boolean]>([
    ['active, period running', 'active', FUTURE, 'demo', true, true],
    ['active demo, period over (the demo never renews)', 'active', PAST, 'demo', false, false],
    ['active, no period end known', 'active', null, 'stripe', true, true],
    ['past due, period running', 'past_due', FUTURE, 'stripe', true, true],
    ['cancelled, period running', 'cancelled', FUTURE, 'stripe', false, true],
    ['cancelled, period over', 'cancelled', PAST, 'stripe', false, false],
    ['cancelled, no period end known', 'cancelled', null, 'stripe', false, false],
    ['ended', 'ended', FUTURE, 'stripe', false, false],
  ])('after the trial, %s', (_case, status, periodEnd, provider, hasActiveSubscription, canAccessFeatures) => {
    const answer = subscriptionStatusOf(userWith({ status, periodEnd, provider }, TRIAL_OVER), NOW);
    expect(answer).toMatchObject({
      hasActiveSubscription,
      canAccessFeatures,
      trialExpired: true,
      subscriptionStatus: status,
    });
    expect(answer.subscriptionPeriodEnd).toBe(periodEnd ? periodEnd.toISOString() : null);
  });

  it('keeps a cancelled subscription until the exact end of its period', () => {
    const endingNow = userWith({ status: 'cancelled', periodEnd: NOW, provider: 'demo' }, TRIAL_OVER);
    expect(subscriptionStatusOf(endingNow, NOW).canAccessFeatures).toBe(false);
    expect(subscriptionStatusOf(endingNow, new Date(NOW.getTime() - 1)).canAccessFeatures).toBe(true);
  });

  it('waits a day for a Stripe renewal before locking a paying user out', () => {
    const renewing = (status: SubscriptionStatusValue) =>
      userWith({ status, periodEnd: new Date(NOW.getTime() - 2 * HOUR_MS), provider: 'stripe' }, TRIAL_OVER);
    expect(subscriptionStatusOf(renewing('active'), NOW)).toMatchObject({
      hasActiveSubscription: true,
      canAccessFeatures: true,
    });
    expect(subscriptionStatusOf(renewing('past_due'), NOW).canAccessFeatures).toBe(true);
    // A cancelled one does not renew: no grace.
    expect(subscriptionStatusOf(renewing('cancelled'), NOW).canAccessFeatures).toBe(false);
    const muchLater = new Date(NOW.getTime() + RENEWAL_GRACE_MS);
    expect(subscriptionStatusOf(renewing('active'), muchLater)).toMatchObject({
      hasActiveSubscription: false,
      canAccessFeatures: false,
    });
  });

  it('gives access through the trial even when a subscription has ended', () => {
    const status = subscriptionStatusOf(userWith({ status: 'ended', periodEnd: PAST, provider: 'stripe' }), NOW);
    expect(status).toMatchObject({ hasActiveSubscription: false, trialExpired: false, canAccessFeatures: true });
  });

  it('treats a user stored before subscriptions existed as having none', () => {
    const status = subscriptionStatusOf({ trialEndsAt: TRIAL_OVER }, NOW);
    expect(status).toMatchObject({ subscriptionStatus: null, subscriptionPeriodEnd: null, canAccessFeatures: false });
  });
});
