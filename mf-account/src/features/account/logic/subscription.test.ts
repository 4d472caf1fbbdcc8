import type { SubscriptionStatus } from '@hit/contracts';
import { daysLeft, formatPeriodEnd, showCancel, showSync, subscriptionBadge } from './subscription';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const base: SubscriptionStatus = {
  hasActiveSubscription: false,
  subscriptionStatus: null,
  subscriptionPeriodEnd: null,
  trialExpired: false,
  trialEndsAt: '2026-03-13T12:00:00.000Z',
  canAccessFeatures: true,
};
const s = (over: Partial<SubscriptionStatus>): SubscriptionStatus => ({ ...base, ...over });

describe('subscriptionBadge', () => {
  it.each<[string, SubscriptionStatus, [string, string | null]]>([
    [
      'active',
      s({ hasActiveSubscription: true, subscriptionStatus: 'active', subscriptionPeriodEnd: '2026-03-20T00:00:00Z' }),
      ['Premium Active', null],
    ],
    [
      'past due counts as active',
      s({ hasActiveSubscription: true, subscriptionStatus: 'past_due', trialExpired: true }),
      ['Premium Active', null],
    ],
    [
      'cancelled, 5 days',
      s({ subscriptionStatus: 'cancelled', subscriptionPeriodEnd: '2026-03-06T12:00:00Z', trialExpired: true }),
      ['Premium Ending', '5 days left'],
    ],
    [
      'cancelled, 4.2 days rounds up',
      s({ subscriptionStatus: 'cancelled', subscriptionPeriodEnd: '2026-03-05T17:00:00Z', trialExpired: true }),
      ['Premium Ending', '5 days left'],
    ],
    [
      'cancelled, 1 day',
      s({ subscriptionStatus: 'cancelled', subscriptionPeriodEnd: '2026-03-02T12:00:00Z', trialExpired: true }),
      ['Premium Ending', '1 day left'],
    ],
    [
      'cancelled, under a day rounds up to one',
      s({ subscriptionStatus: 'cancelled', subscriptionPeriodEnd: '2026-03-02T06:00:00Z', trialExpired: true }),
      ['Premium Ending', '1 day left'],
    ],
    [
      'cancelled, an hour left',
      s({ subscriptionStatus: 'cancelled', subscriptionPeriodEnd: '2026-03-01T13:00:00Z', trialExpired: true }),
      ['Premium Ending', '1 day left'],
    ],
    [
      'cancelled, no period end',
      s({ subscriptionStatus: 'cancelled', subscriptionPeriodEnd: null, trialExpired: true }),
      ['Premium Ending', 'Expires soon'],
    ],
    [
      'cancelled while hasActive is still true',
      s({
        hasActiveSubscription: true,
        subscriptionStatus: 'cancelled',
        subscriptionPeriodEnd: '2026-03-06T12:00:00Z',
      }),
      ['Premium Ending', '5 days left'],
    ],
    ['trial, 12 days', base, ['Free Trial', '12 days left']],
    ['trial, 1 day', s({ trialEndsAt: '2026-03-02T12:00:00Z' }), ['Free Trial', '1 day left']],
    ['trial, under a day rounds up', s({ trialEndsAt: '2026-03-01T20:00:00Z' }), ['Free Trial', '1 day left']],
    [
      'cancelled and access over, trial running',
      s({ subscriptionStatus: 'cancelled', canAccessFeatures: false }),
      ['Free Trial', '12 days left'],
    ],
    ['trial expired', s({ trialExpired: true, canAccessFeatures: false }), ['Trial Expired', null]],
    [
      'ended subscription',
      s({ subscriptionStatus: 'ended', trialExpired: true, canAccessFeatures: false }),
      ['Trial Expired', null],
    ],
  ])('%s → %s', (_name, status, [label, detail]) => {
    const badge = subscriptionBadge(status, NOW);
    expect(badge.label).toBe(label);
    expect(badge.detail).toBe(detail);
  });
});

describe('showSync / showCancel', () => {
  it.each<[string, SubscriptionStatus, boolean, boolean]>([
    ['trial running', base, true, false],
    ['trial expired', s({ trialExpired: true }), false, false],
    ['active', s({ hasActiveSubscription: true, subscriptionStatus: 'active' }), false, true],
    [
      'active and trial expired',
      s({ hasActiveSubscription: true, subscriptionStatus: 'active', trialExpired: true }),
      false,
      true,
    ],
    ['already cancelled', s({ hasActiveSubscription: true, subscriptionStatus: 'cancelled' }), false, false],
    ['cancelled, not active, trial running', s({ subscriptionStatus: 'cancelled' }), true, false],
  ])('%s', (_name, status, sync, cancel) => {
    expect(showSync(status)).toBe(sync);
    expect(showCancel(status)).toBe(cancel);
  });
});

describe('daysLeft / formatPeriodEnd', () => {
  it('handles missing and invalid dates', () => {
    expect(daysLeft(null, NOW)).toBeNull();
    expect(daysLeft('nonsense', NOW)).toBeNull();
    expect(daysLeft('2026-02-01T00:00:00Z', NOW)).toBe(0);
    expect(daysLeft('2026-03-01T12:00:01Z', NOW)).toBe(1);
    expect(formatPeriodEnd(null)).toBeNull();
    expect(formatPeriodEnd('nonsense')).toBeNull();
    expect(formatPeriodEnd('2026-03-20T12:00:00Z')).toBe('March 20, 2026');
  });
});
