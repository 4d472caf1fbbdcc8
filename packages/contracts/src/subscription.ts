import { z } from 'zod';

export const SUBSCRIPTION_STATUSES = ['active', 'cancelled', 'past_due', 'ended'] as const;
export const subscriptionStatusValueSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatusValue = z.infer<typeof subscriptionStatusValueSchema>;

/** GET /api/subscription/status */
export const subscriptionStatusSchema = z.object({
  /** An active or past-due subscription whose period is running ('cancelled' ones are not counted here). */
  hasActiveSubscription: z.boolean(),
  /** 'cancelled' means the subscription ends at subscriptionPeriodEnd. */
  subscriptionStatus: subscriptionStatusValueSchema.nullable(),
  /** ISO date-time the paid period ends, or null without a subscription. */
  subscriptionPeriodEnd: z.string().nullable(),
  trialExpired: z.boolean(),
  trialEndsAt: z.string(),
  /** The trial's length the api is configured with (TRIAL_DAYS), for the words of the trial-expired prompt. */
  trialDays: z.number().int().nonnegative().optional(),
  /** Trial running, or an active / past-due / cancelled-but-not-yet-ended subscription. */
  canAccessFeatures: z.boolean(),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** POST /api/subscription/create-checkout */
export const checkoutBodySchema = z.strictObject({
  billingEmail: z
    .string({ error: 'must be a valid e-mail address' })
    .trim()
    .toLowerCase()
    .max(254, { error: 'is too long' })
    .pipe(z.email({ error: 'must be a valid e-mail address' }))
    .optional(),
});
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;

export const checkoutResponseSchema = z.object({ checkoutUrl: z.string(), message: z.string() });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/**
 * After checkout the browser comes back to `/home?checkout=success` or `/home?checkout=cancelled`,
 * so the dashboard can refresh the subscription status and say what happened.
 */
export const CHECKOUT_RESULT_PARAM = 'checkout';
export const checkoutResultSchema = z.enum(['success', 'cancelled']);
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

/**
 * The `error` of a sync that found nothing: the client shows 'No Active Subscription'
 * (docs/product-rules.md, "Error messages and toasts").
 */
export const NO_ACTIVE_SUBSCRIPTION_ERROR = 'No active subscription found';
/** The `error` of a cancel without a running subscription. */
export const NOTHING_TO_CANCEL_ERROR = 'No active subscription to cancel';

/** POST /api/subscription/sync: HTTP 200 either way; `error` when the provider has no running subscription. */
export const syncResponseSchema = z.union([z.object({ subscriptionId: z.string() }), z.object({ error: z.string() })]);
export type SyncResponse = z.infer<typeof syncResponseSchema>;

/**
 * POST /api/subscription/cancel: HTTP 200 either way; `error` when there is nothing to cancel.
 * periodEnd (ISO) is when access ends; null when the provider did not say ('the current billing period').
 */
export const cancelResponseSchema = z.union([
  z.object({ periodEnd: z.string().nullable() }),
  z.object({ error: z.string() }),
]);
export type CancelResponse = z.infer<typeof cancelResponseSchema>;
