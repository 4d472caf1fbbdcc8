import express, { Router } from 'express';
import type Stripe from 'stripe';
import type { Config } from '../config';
import { HttpError } from '../errors';
import { logger } from '../logger';
import type { Models } from '../models';
import { PaymentProviderError } from '../billing/provider';
import { checkStripeEvent, processStripeEvent } from '../billing/webhooks';
import type { BillingService } from '../services/billing';

export const INVALID_SIGNATURE_MESSAGE = 'Invalid Stripe signature';
export const WEBHOOK_NOT_CONFIGURED_MESSAGE = 'Stripe webhooks are not configured';
export const WEBHOOK_PROVIDER_FAILED_MESSAGE = 'Stripe could not be reached; the event was not processed';
/** Stripe's events are small; anything bigger is not from Stripe. */
const WEBHOOK_BODY_LIMIT = '512kb';

interface StripeWebhookDeps {
  config: Pick<Config, 'stripe'>;
  billing: BillingService;
  models: Pick<Models, 'User' | 'ProcessedEvent'>;
}

/**
 * POST /api/stripe/webhook. Mounted above express.json(): the signature covers the exact bytes Stripe sent.
 * 404 without Stripe (the demo needs no webhook); 503 with Stripe but no STRIPE_WEBHOOK_SECRET, so Stripe keeps
 * retrying until the operator sets it; 400 for a missing or bad signature, or a signed event without the fields this
 * api reads (nothing is changed).
 */
export function stripeWebhookRouter({ config, billing, models }: StripeWebhookDeps): Router {
  const router = Router();
  const stripe = billing.stripe;
  if (!stripe) return router;

  router.post(
    '/stripe/webhook',
    express.raw({ type: 'application/json', limit: WEBHOOK_BODY_LIMIT }),
    async (req, res) => {
      const secret = config.stripe?.webhookSecret;
      if (!secret) throw new HttpError(503, WEBHOOK_NOT_CONFIGURED_MESSAGE);
      const signature = req.get('stripe-signature');
      if (!signature || !Buffer.isBuffer(req.body)) throw new HttpError(400, INVALID_SIGNATURE_MESSAGE);
      let event: Stripe.Event;
      try {
        event = stripe.stripe.webhooks.constructEvent(req.body, signature, secret);
      } catch (error) {
        if (error instanceof stripe.stripe.errors.StripeSignatureVerificationError) {
          throw new HttpError(400, INVALID_SIGNATURE_MESSAGE);
        }
        throw error;
      }
      let outcome;
      try {
        outcome = await processStripeEvent(checkStripeEvent(event), { billing, stripe, models });
      } catch (error) {
        // Nothing was recorded (processStripeEvent undoes its mark): Stripe retries the event later.
        if (error instanceof PaymentProviderError) throw new HttpError(502, WEBHOOK_PROVIDER_FAILED_MESSAGE);
        throw error;
      }
      logger.info('stripe webhook', { event: event.id, type: event.type, outcome });
      res.json({ received: true, outcome });
    },
  );

  return router;
}
