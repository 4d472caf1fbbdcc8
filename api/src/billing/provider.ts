import { CHECKOUT_RESULT_PARAM, type CheckoutResult, type SubscriptionStatusValue } from '@hit/contracts';
import type { UserSubscription } from '../models/user';

export type ProviderName = 'stripe' | 'demo';

/** A subscription as the payment provider sees it, already mapped to the product's statuses. */
export interface ProviderSubscription {
  subscriptionId: string;
  /** The provider's customer the subscription belongs to (null for the demo provider). */
  customerId: string | null;
  status: SubscriptionStatusValue;
  /** When the paid period ends (access ends then if cancelled); null when the provider did not say. */
  periodEnd: Date | null;
}

/** What a provider may know of the signed-in user; every call is about this one user only. */
export interface BillingUser {
  id: string;
  email: string;
  subscription: UserSubscription;
}

export interface CheckoutRequest {
  user: BillingUser;
  /** Where receipts go: the one the user typed, else the account e-mail. */
  billingEmail: string;
  /** Scheme + host the browser sees; the provider sends the user back to `/home` there. */
  origin: string;
}

export interface CheckoutStarted {
  /** Where the browser goes to pay (absolute for Stripe, a path on this api for the demo). */
  checkoutUrl: string;
  /** The provider's customer for this user, to remember once the checkout exists. */
  customerId?: string;
}

/** The one seam between billing and a payment provider (Stripe, or the offline demo). */
export interface PaymentProvider {
  readonly name: ProviderName;
  /** Starts a hosted checkout for a monthly subscription. Changes nothing of the user's own record. */
  startCheckout(request: CheckoutRequest): Promise<CheckoutStarted>;
  /** The user's running subscription at the provider (for sync), or null when there is none. */
  findRunningSubscription(user: BillingUser): Promise<ProviderSubscription | null>;
  /** Makes the user's subscription end at its period end; its new state, or null when there is nothing to cancel. */
  cancelAtPeriodEnd(user: BillingUser): Promise<ProviderSubscription | null>;
  /**
   * Ends every subscription of the user that has not ended, at once (the account is being deleted: nothing may renew
   * or charge again); resolves with how many it ended.
   */
  cancelNow(user: BillingUser): Promise<number>;
}

/** The provider could not be reached or refused the call: the route answers 502 and changes nothing. */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** Where the browser lands after a checkout (spec: back to the dashboard). */
export function checkoutReturnPath(result: CheckoutResult): string {
  return `/home?${CHECKOUT_RESULT_PARAM}=${result}`;
}
