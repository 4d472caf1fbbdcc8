import type { SubscriptionStatus } from '@hit/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;

export type BadgeTone = 'success' | 'warning' | 'accent' | 'danger';

export interface SubscriptionBadge {
  label: string;
  tone: BadgeTone;
}

/** Whole days from now until `iso`, rounded up; null when the date is missing, invalid or less than a day away. */
export function daysLeft(iso: string | null | undefined, now: Date): number | null {
  if (!iso) return null;
  const end = Date.parse(iso);
  if (Number.isNaN(end)) return null;
  const ms = end - now.getTime();
  if (ms < DAY_MS) return null;
  return Math.ceil(ms / DAY_MS);
}

function daysText(days: number): string {
  return days === 1 ? '1 day left' : `${days} days left`;
}

function isCancelled(status: SubscriptionStatus): boolean {
  return status.subscriptionStatus === 'cancelled';
}

/** The subscription badge (docs/product-rules.md, "Subscription and payments"). */
export function subscriptionBadge(status: SubscriptionStatus, now: Date): SubscriptionBadge {
  if (status.hasActiveSubscription && !isCancelled(status)) return { label: 'Premium Active', tone: 'success' };
  if (isCancelled(status) && status.canAccessFeatures) {
    const days = daysLeft(status.subscriptionPeriodEnd, now);
    return { label: `Premium Ending · ${days === null ? 'Expires soon' : daysText(days)}`, tone: 'warning' };
  }
  if (!status.trialExpired) {
    const days = daysLeft(status.trialEndsAt, now);
    return { label: days === null ? 'Free Trial' : `Free Trial · ${daysText(days)}`, tone: 'accent' };
  }
  return { label: 'Trial Expired', tone: 'danger' };
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
