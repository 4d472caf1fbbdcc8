import { z } from 'zod';

export const SUBSCRIPTION_STATUSES = ['active', 'cancelled', 'past_due', 'ended'] as const;
export const subscriptionStatusValueSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatusValue = z.infer<typeof subscriptionStatusValueSchema>;

/** GET /api/subscription/status */
export const subscriptionStatusSchema = z.object({
  hasActiveSubscription: z.boolean(),
  /** 'cancelled' means the subscription ends at subscriptionPeriodEnd. */
  subscriptionStatus: subscriptionStatusValueSchema.nullable(),
  subscriptionPeriodEnd: z.string().nullable(),
  trialExpired: z.boolean(),
  trialEndsAt: z.string(),
  canAccessFeatures: z.boolean(),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** POST /api/subscription/create-checkout */
export const checkoutBodySchema = z.strictObject({
  billingEmail: z.string().trim().toLowerCase().pipe(z.email({ error: 'must be a valid e-mail address' })).optional(),
});
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;

export const checkoutResponseSchema = z.object({ checkoutUrl: z.string(), message: z.string() });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/** POST /api/subscription/sync */
export const syncResponseSchema = z.union([z.object({ subscriptionId: z.string() }), z.object({ error: z.string() })]);
export type SyncResponse = z.infer<typeof syncResponseSchema>;

/** POST /api/subscription/cancel */
export const cancelResponseSchema = z.union([z.object({ periodEnd: z.string() }), z.object({ error: z.string() })]);
export type CancelResponse = z.infer<typeof cancelResponseSchema>;
