import type { SubscriptionStatus } from '@hit/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;

export type BadgeTone = 'success' | 'warning' | 'accent' | 'danger';

export interface SubscriptionBadge {
  /** The spec's words, alone in the badge: 'Premium Active', 'Premium Ending', 'Free Trial' or 'Trial Expired'. */
  label: string;
  /** Shown beside the badge, never inside it: '5 days left', 'Expires soon'; null when there is nothing to add. */
  detail: string | null;
  tone: BadgeTone;
}

/**
 * Whole days from now until `iso`, rounded up (so 6 hours is '1 day left'); null when the date is missing or invalid,
 * 0 once it has passed.
 */
export function daysLeft(iso: string | null | undefined, now: Date): number | null {
  if (!iso) return null;
  const end = Date.parse(iso);
  if (Number.isNaN(end)) return null;
  return Math.max(0, Math.ceil((end - now.getTime()) / DAY_MS));
}

function daysText(days: number): string {
  return days === 1 ? '1 day left' : `${days} days left`;
}

function isCancelled(status: SubscriptionStatus): boolean {
  return status.subscriptionStatus === 'cancelled';
}

/**
 * The subscription badge (docs/product-rules.md, "Subscription and payments"). The label is the spec's string word for
 * word; the days left sit beside it as the detail, so the badge never reads anything the spec does not say.
 */
export function subscriptionBadge(status: SubscriptionStatus, now: Date): SubscriptionBadge {
  if (status.hasActiveSubscription && !isCancelled(status)) {
    return { label: 'Premium Active', detail: null, tone: 'success' };
  }
  if (isCancelled(status) && status.canAccessFeatures) {
    const days = daysLeft(status.subscriptionPeriodEnd, now);
    // The spec rounds up: an end under a day away is '1 day left'; only an end not known (or passed) 'Expires soon'.
    return { label: 'Premium Ending', detail: days ? daysText(days) : 'Expires soon', tone: 'warning' };
  }
  if (!status.trialExpired) {
    const days = daysLeft(status.trialEndsAt, now);
    return { label: 'Free Trial', detail: days ? daysText(days) : null, tone: 'accent' };
  }
  return { label: 'Trial Expired', detail: null, tone: 'danger' };
}

/**
 * Sync shows only with no active subscription and a trial not expired
 * (docs/product-rules.md, "Subscription and payments").
 */
export function showSync(status: SubscriptionStatus): boolean {
  return !status.hasActiveSubscription && !status.trialExpired;
}

/**
 * Cancel shows only with an active subscription (not one already cancelled)
 * (docs/product-rules.md, "Subscription and payments").
 */
export function showCancel(status: SubscriptionStatus): boolean {
  return status.hasActiveSubscription && !isCancelled(status);
}

/** 'March 5, 2026' for the cancel toast; null when there is no usable date. */
export function formatPeriodEnd(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}
