import type Stripe from 'stripe';
import { isValidObjectId } from 'mongoose';
import { z } from 'zod';
import { HttpError } from '../errors';
import { logger } from '../logger';
import type { Models } from '../models';
import type { BillingService } from '../services/billing';
import { stripeIdOf, toProviderSubscription, type StripeProvider, type StripeSubscriptionLike } from './stripeProvider';

export const HANDLED_STRIPE_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.payment_failed',
] as const;

/**
 * processed: handled; stale: handled, but older than what is stored, so it changed nothing; duplicate: delivered
 * before (nothing done); ignored: a type this api does not handle.
 */
export type WebhookOutcome = 'processed' | 'stale' | 'duplicate' | 'ignored';
/** What handling an event did to the user's stored subscription, when it got that far. */
type HandlingResult = 'applied' | 'stale' | 'no-user' | void;

interface WebhookDeps {
  billing: BillingService;
  stripe: StripeProvider;
  models: Pick<Models, 'User' | 'ProcessedEvent'>;
}

// The fields of each handled event that this api reads, with their types. The signature proves an event came from
// Stripe, not that it has the shape this code expects (an API version change, a bug at either end): an event that
// does not fit is refused with 400 before anything is recorded, instead of failing half way with a 500.
const stripeRef = z.union([z.string().min(1), z.looseObject({ id: z.string().min(1) })]);
const subscriptionShape = z.looseObject({
  id: z.string().min(1),
  status: z.string(),
  customer: stripeRef.nullable(),
  cancel_at_period_end: z.boolean().nullish(),
  cancel_at: z.number().int().nonnegative().nullish(),
  current_period_end: z.number().int().nonnegative().nullish(),
  items: z
    .looseObject({
      data: z.array(z.looseObject({ current_period_end: z.number().int().nonnegative().nullish() })).optional(),
    })
    .nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});
type HandledType = (typeof HANDLED_STRIPE_EVENTS)[number];
const OBJECT_SHAPES: Record<HandledType, z.ZodType> = {
  'checkout.session.completed': z.looseObject({
    id: z.string().min(1),
    mode: z.string().nullish(),
    customer: stripeRef.nullish(),
    client_reference_id: z.string().nullish(),
    subscription: stripeRef.nullish(),
  }),
  'customer.subscription.created': subscriptionShape,
  'customer.subscription.updated': subscriptionShape,
  'customer.subscription.deleted': subscriptionShape,
  'invoice.payment_failed': z.looseObject({
    customer: stripeRef.nullish(),
    subscription: stripeRef.nullish(),
    parent: z
      .looseObject({ subscription_details: z.looseObject({ subscription: stripeRef.nullish() }).nullish() })
      .nullish(),
  }),
};
const eventEnvelope = z.looseObject({
  id: z.string().min(1).max(255),
  type: z.string().min(1),
  // Seconds since 1970; bounded so that it is a real date.
  created: z.number().int().min(0).max(100_000_000_000),
  data: z.looseObject({ object: z.looseObject({}) }),
});

export const MALFORMED_EVENT_MESSAGE = 'Malformed Stripe event';

/** A verified event whose handled parts have the types this api reads, or 400 naming the first field that does not. */
export function checkStripeEvent(event: unknown): Stripe.Event {
  const envelope = eventEnvelope.safeParse(event);
  // Own keys only: a signed event of type "__proto__" or "constructor" is an unhandled type, not Object's prototype.
  const type = envelope.success ? envelope.data.type : undefined;
  const shape =
    type !== undefined && Object.hasOwn(OBJECT_SHAPES, type) ? OBJECT_SHAPES[type as HandledType] : undefined;
  const object = envelope.success && shape ? shape.safeParse(envelope.data.data.object) : undefined;
  const issue = !envelope.success
    ? envelope.error.issues[0]
    : object && !object.success
      ? object.error.issues[0]
      : undefined;
  if (issue) {
    const where = envelope.success ? ['data', 'object', ...issue.path] : issue.path;
    throw new HttpError(400, `${MALFORMED_EVENT_MESSAGE}: ${where.join('.') || 'event'}: ${issue.message}`);
  }
  return event as Stripe.Event;
}

const isDuplicateKey = (error: unknown) => (error as { code?: number })?.code === 11000;
const eventTime = (event: Stripe.Event) => new Date(event.created * 1000);

/**
 * Handles one verified Stripe event exactly once: its id is recorded first (a unique _id), so a repeat delivery, even
 * to another api process at the same moment, finds it taken and does nothing. If handling fails the record is removed
 * again, so Stripe's retry gets another go.
 */
export async function processStripeEvent(event: Stripe.Event, deps: WebhookDeps): Promise<WebhookOutcome> {
  if (!(HANDLED_STRIPE_EVENTS as readonly string[]).includes(event.type)) return 'ignored';
  const { ProcessedEvent } = deps.models;
  try {
    await ProcessedEvent.create({ _id: event.id, type: event.type, processedAt: new Date() });
  } catch (error) {
    if (isDuplicateKey(error)) return 'duplicate';
    throw error;
  }
  let result: HandlingResult;
  try {
    result = await handleEvent(event, deps);
  } catch (error) {
    await ProcessedEvent.deleteOne({ _id: event.id }).catch(() => undefined);
    throw error;
  }
  return result === 'stale' ? 'stale' : 'processed';
}

async function handleEvent(event: Stripe.Event, deps: WebhookDeps): Promise<HandlingResult> {
  switch (event.type) {
    case 'checkout.session.completed':
      return checkoutCompleted(event.data.object, eventTime(event), deps);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return subscriptionChanged(event.data.object, eventTime(event), deps);
    case 'invoice.payment_failed':
      return paymentFailed(event.data.object, eventTime(event), deps);
    default:
      return;
  }
}

/** The user a Stripe object belongs to: by the customer linked to them, else by the user id we put in metadata. */
async function findUserId(
  deps: WebhookDeps,
  customerId: string | null,
  userIdHint: string | null | undefined,
): Promise<string | null> {
  const { User } = deps.models;
  if (customerId) {
    const byCustomer = await User.findOne({ 'subscription.customerId': customerId }, { _id: 1 }).lean();
    if (byCustomer) return String(byCustomer._id);
  }
  if (userIdHint && isValidObjectId(userIdHint)) {
    const byId = await User.findById(userIdHint, { _id: 1 }).lean();
    if (byId) return String(byId._id);
  }
  return null;
}

async function checkoutCompleted(
  session: Stripe.Checkout.Session,
  at: Date,
  deps: WebhookDeps,
): Promise<HandlingResult> {
  if (session.mode !== 'subscription') return;
  const customerId = stripeIdOf(session.customer);
  // client_reference_id is the user id this api put on the session: it names the buyer even before any link exists.
  const userId =
    (await findUserId(deps, null, session.client_reference_id)) ?? (await findUserId(deps, customerId, null));
  if (!userId) {
    logger.warn('stripe checkout for an unknown user', { session: session.id });
    return;
  }
  const subscriptionId = stripeIdOf(session.subscription);
  // The event only names the subscription: read its state (status, period) from Stripe.
  const state = subscriptionId ? await deps.stripe.retrieveSubscription(subscriptionId) : null;
  if (state) {
    const subscription = { ...state, customerId: state.customerId ?? customerId };
    return deps.billing.applyProviderState(userId, subscription, { provider: 'stripe', at });
  } else if (customerId) {
    await deps.billing.linkCustomer(userId, customerId);
  }
}

async function subscriptionChanged(
  subscription: StripeSubscriptionLike,
  at: Date,
  deps: WebhookDeps,
): Promise<HandlingResult> {
  const state = toProviderSubscription(subscription);
  if (!state) return;
  const userId = await findUserId(deps, state.customerId, subscription.metadata?.userId);
  if (!userId) {
    logger.warn('stripe subscription for an unknown customer', { subscription: subscription.id });
    return;
  }
  return deps.billing.applyProviderState(userId, state, { provider: 'stripe', at });
}

/** The subscription an invoice bills: under `parent` since API 2025-03-31, at the top level before. */
function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const current = invoice.parent?.subscription_details?.subscription;
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return stripeIdOf(current ?? legacy);
}

/** A failed renewal makes the running subscription past due (Stripe keeps retrying; its own update follows). */
async function paymentFailed(invoice: Stripe.Invoice, at: Date, deps: WebhookDeps): Promise<HandlingResult> {
  const customerId = stripeIdOf(invoice.customer);
  const subscriptionId = invoiceSubscriptionId(invoice);
  if (!customerId || !subscriptionId) return;
  const user = await deps.models.User.findOne({ 'subscription.customerId': customerId }, { subscription: 1 }).lean();
  if (!user || user.subscription.subscriptionId !== subscriptionId || user.subscription.status !== 'active') return;
  return deps.billing.applyProviderState(
    String(user._id),
    { subscriptionId, customerId, status: 'past_due', periodEnd: user.subscription.periodEnd },
    { provider: 'stripe', at },
  );
}
