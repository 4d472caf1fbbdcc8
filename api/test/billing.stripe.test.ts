import request from 'supertest';
import Stripe from 'stripe';
import { Types } from 'mongoose';
import { subscriptionStatusSchema } from '@hit/contracts';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import {
  fakeSubscription,
  FakeStripeServer,
  STRIPE_TEST_ENV,
  stripeEvent,
  TEST_WEBHOOK_SECRET,
  toUnix,
} from './fakeStripe';
import { RELAXED_RATE_LIMITS, changeUser, signUp, startTestDatabase, type TestDatabase } from './helpers';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A date `days` from now, to the whole second (Stripe's timestamps are in seconds). */
const inDays = (days: number) => new Date(Math.floor((Date.now() + days * DAY_MS) / 1000) * 1000);
const WEBHOOK_SECRET = TEST_WEBHOOK_SECRET;
const STRIPE_ENV = STRIPE_TEST_ENV;
type Agent = ReturnType<typeof request.agent>;
type App = ReturnType<typeof createApp>;

describe('billing with Stripe', () => {
  let database: TestDatabase;
  let stripeServer: FakeStripeServer;
  let app: App;

  function stripeApp(stripe: Stripe, env: NodeJS.ProcessEnv = {}): App {
    const config = loadConfig({ NODE_ENV: 'test', ...STRIPE_ENV, ...env });
    const { connection } = database;
    return createApp({
      config,
      connection,
      mongoClient: connection.getClient(),
      rateLimits: RELAXED_RATE_LIMITS,
      stripe,
    });
  }

  beforeAll(async () => {
    database = await startTestDatabase();
    stripeServer = await new FakeStripeServer().start();
    app = stripeApp(stripeServer.client());
  });
  afterAll(async () => {
    await stripeServer.close();
    await database.close();
  });
  beforeEach(() => {
    stripeServer.requests.length = 0;
  });

  const users = () => database.connection.collection('users');
  // What the account holds, without `sessionRev`: the number of its copies' reads (auth/sessionUser.ts), bookkeeping
  // that every refresh of the copies moves, including the one a late, ignored event makes.
  const storedUser = (id: string) =>
    users().findOne({ _id: new Types.ObjectId(id) }, { projection: { sessionRev: 0 } });
  const setUser = (id: string, fields: Record<string, unknown>) =>
    changeUser(database.connection, { _id: new Types.ObjectId(id) }, { $set: fields });
  const pendingCheckoutsOf = (id: string) =>
    database.connection.collection('pendingcheckouts').countDocuments({ userId: new Types.ObjectId(id) });

  async function status(agent: Agent) {
    const response = await agent.get('/api/subscription/status').expect(200);
    return subscriptionStatusSchema.strict().parse(response.body);
  }

  /** POSTs `event` to the webhook as Stripe would, signed with `secret`. */
  function sendWebhook(event: object, secret = WEBHOOK_SECRET, target: App = app) {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return request(target)
      .post('/api/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', signature)
      .send(payload);
  }

  /** A signed-up user whose Stripe customer is linked (as after a first checkout), with a trial that has ended. */
  async function customerUser() {
    const account = await signUp(app);
    const customer = stripeServer.addCustomer(account.user.email, { userId: account.user.id });
    await setUser(account.user.id, {
      'subscription.customerId': customer.id,
      trialEndsAt: new Date(Date.now() - 1000),
    });
    return { ...account, customer };
  }

  describe('POST /api/subscription/create-checkout', () => {
    it('creates the customer and a subscription-mode Checkout Session back to /home on the public origin', async () => {
      const { agent, user } = await signUp(app);
      const response = await agent.post('/api/subscription/create-checkout').send({}).expect(200);
      expect(response.body).toEqual({
        checkoutUrl: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/),
        message: 'Redirecting to secure checkout',
      });

      const [lookup] = stripeServer.requestsTo('GET', '/v1/customers');
      expect(lookup.query.get('email')).toBe(user.email);
      const [createCustomer] = stripeServer.requestsTo('POST', '/v1/customers');
      expect(Object.fromEntries(createCustomer.body)).toEqual({ email: user.email, 'metadata[userId]': user.id });
      const customerId = [...stripeServer.customers.values()].find((c) => c.email === user.email)!.id;

      const [session] = stripeServer.requestsTo('POST', '/v1/checkout/sessions');
      expect(Object.fromEntries(session.body)).toEqual({
        mode: 'subscription',
        'line_items[0][price]': 'price_premium_monthly',
        'line_items[0][quantity]': '1',
        customer: customerId,
        client_reference_id: user.id,
        success_url: 'https://hit.example.com/home?checkout=success',
        cancel_url: 'https://hit.example.com/home?checkout=cancelled',
        'subscription_data[metadata][userId]': user.id,
        'metadata[userId]': user.id,
      });
      const stored = await storedUser(user.id);
      expect(stored!.subscription).toMatchObject({ customerId, status: null });
      expect(stored!.hasPaid).toBe(false);
    });

    it('reuses the stored customer on a second checkout', async () => {
      const { agent, customer } = await customerUser();
      await agent.post('/api/subscription/create-checkout').send({}).expect(200);
      expect(stripeServer.requestsTo('GET', '/v1/customers')).toHaveLength(0);
      expect(stripeServer.requestsTo('POST', '/v1/customers')).toHaveLength(0);
      expect(stripeServer.requestsTo('POST', '/v1/checkout/sessions')[0].body.get('customer')).toBe(customer.id);
    });

    it('finds an existing customer by the billing e-mail instead of creating one', async () => {
      const { agent, user } = await signUp(app);
      const billingEmail = `billing.${user.id}@example.com`;
      const existing = stripeServer.addCustomer(billingEmail);
      await agent
        .post('/api/subscription/create-checkout')
        .send({ billingEmail: billingEmail.toUpperCase() })
        .expect(200);
      expect(stripeServer.requestsTo('GET', '/v1/customers')[0].query.get('email')).toBe(billingEmail);
      expect(stripeServer.requestsTo('POST', '/v1/customers')).toHaveLength(0);
      expect(stripeServer.requestsTo('POST', '/v1/checkout/sessions')[0].body.get('customer')).toBe(existing.id);
      expect((await storedUser(user.id))!.subscription.customerId).toBe(existing.id);
    });

    it('never reuses a customer that belongs to another user', async () => {
      const owner = await customerUser();
      const intruder = await signUp(app);
      await intruder.agent
        .post('/api/subscription/create-checkout')
        .send({ billingEmail: owner.user.email })
        .expect(200);
      const customer = stripeServer.requestsTo('POST', '/v1/checkout/sessions')[0].body.get('customer');
      expect(customer).not.toBe(owner.customer.id);
      expect((await storedUser(intruder.user.id))!.subscription.customerId).toBe(customer);
    });

    it("uses the request's own origin when PUBLIC_ORIGIN is not set", async () => {
      const localApp = stripeApp(stripeServer.client(), { PUBLIC_ORIGIN: '' });
      const { agent } = await signUp(localApp);
      await agent.post('/api/subscription/create-checkout').send({}).expect(200);
      const session = stripeServer.requestsTo('POST', '/v1/checkout/sessions')[0];
      expect(session.body.get('success_url')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/home\?checkout=success$/);
      expect(session.body.get('cancel_url')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/home\?checkout=cancelled$/);
    });

    it('answers 502 and changes nothing when Stripe refuses the session', async () => {
      const { agent, user } = await signUp(app);
      const before = await storedUser(user.id);
      stripeServer.failNext = { path: '/v1/checkout/sessions', status: 500 };
      const response = await agent.post('/api/subscription/create-checkout').send({}).expect(502);
      expect(response.body).toEqual({ message: 'Failed to create checkout session' });
      // The customer was created at Stripe, but this account is untouched.
      expect(stripeServer.requestsTo('POST', '/v1/customers')).toHaveLength(1);
      expect(await storedUser(user.id)).toEqual(before);
      expect(await status(agent)).toMatchObject({ subscriptionStatus: null, hasActiveSubscription: false });
    });

    it('answers 502 and changes nothing when Stripe cannot be reached', async () => {
      const downServer = await new FakeStripeServer().start();
      const downApp = stripeApp(downServer.client());
      await downServer.close();
      const { agent, user } = await signUp(downApp);
      const before = await storedUser(user.id);
      const response = await agent.post('/api/subscription/create-checkout').send({}).expect(502);
      expect(response.body).toEqual({ message: 'Failed to create checkout session' });
      expect(await storedUser(user.id)).toEqual(before);
      expect(await pendingCheckoutsOf(user.id)).toBe(0);
      // The other calls fail the same way, each with its own message, and change nothing either.
      await agent.post('/api/subscription/sync').expect(502, { message: 'Failed to sync subscription status' });
      expect(await storedUser(user.id)).toEqual(before);
      // The account stays usable: its trial status still answers.
      expect(await status(agent)).toMatchObject({ subscriptionStatus: null, canAccessFeatures: true });
    });

    it('answers 400 for a bad billing e-mail without calling Stripe', async () => {
      const { agent } = await signUp(app);
      await agent.post('/api/subscription/create-checkout').send({ billingEmail: 'nope@' }).expect(400);
      expect(stripeServer.requests).toHaveLength(0);
    });
  });

  describe('POST /api/subscription/sync', () => {
    it("finds the customer's active subscription and stores it", async () => {
      const { agent, user, customer } = await customerUser();
      const periodEnd = inDays(20);
      stripeServer.addSubscription(fakeSubscription({ id: `sub_sync_${user.id}`, customer: customer.id, periodEnd }));
      const response = await agent.post('/api/subscription/sync').expect(200);
      expect(response.body).toEqual({ subscriptionId: `sub_sync_${user.id}` });
      expect(await status(agent)).toMatchObject({
        hasActiveSubscription: true,
        subscriptionStatus: 'active',
        subscriptionPeriodEnd: periodEnd.toISOString(),
        canAccessFeatures: true,
      });
      expect(await storedUser(user.id)).toMatchObject({
        hasPaid: true,
        subscription: { provider: 'stripe', customerId: customer.id, subscriptionId: `sub_sync_${user.id}` },
      });
    });

    it('finds the customer by the account e-mail when none is linked yet', async () => {
      const { agent, user } = await signUp(app);
      const customer = stripeServer.addCustomer(user.email);
      stripeServer.addSubscription(
        fakeSubscription({ id: `sub_email_${user.id}`, customer: customer.id, periodEnd: inDays(10) }),
      );
      await agent.post('/api/subscription/sync').expect(200, { subscriptionId: `sub_email_${user.id}` });
      expect((await storedUser(user.id))!.subscription.customerId).toBe(customer.id);
    });

    it('answers an error field when the customer has no running subscription', async () => {
      const { agent, user, customer } = await customerUser();
      stripeServer.addSubscription(
        fakeSubscription({
          id: `sub_old_${user.id}`,
          customer: customer.id,
          status: 'canceled',
          periodEnd: inDays(-1),
        }),
      );
      await agent.post('/api/subscription/sync').expect(200, { error: 'No active subscription found' });
      expect((await storedUser(user.id))!.subscription.status).toBeNull();
    });
  });

  describe('POST /api/subscription/cancel', () => {
    it('sets cancel_at_period_end at Stripe; access continues until the period end', async () => {
      const { agent, user, customer } = await customerUser();
      const periodEnd = inDays(5);
      const subscriptionId = `sub_cancel_${user.id}`;
      stripeServer.addSubscription(fakeSubscription({ id: subscriptionId, customer: customer.id, periodEnd }));
      await agent.post('/api/subscription/sync').expect(200);

      const response = await agent.post('/api/subscription/cancel').expect(200);
      expect(response.body).toEqual({ periodEnd: periodEnd.toISOString() });
      const [update] = stripeServer.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`);
      expect(Object.fromEntries(update.body)).toEqual({ cancel_at_period_end: 'true' });
      expect(await status(agent)).toMatchObject({
        subscriptionStatus: 'cancelled',
        hasActiveSubscription: false,
        canAccessFeatures: true,
      });

      await setUser(user.id, { 'subscription.periodEnd': new Date(Date.now() - 1000) });
      expect((await status(agent)).canAccessFeatures).toBe(false);
    });

    it('answers 502 and keeps the subscription when Stripe fails', async () => {
      const { agent, user, customer } = await customerUser();
      const subscriptionId = `sub_cancel_fail_${user.id}`;
      stripeServer.addSubscription(
        fakeSubscription({ id: subscriptionId, customer: customer.id, periodEnd: inDays(3) }),
      );
      await agent.post('/api/subscription/sync').expect(200);
      stripeServer.failNext = { path: `/v1/subscriptions/${subscriptionId}`, status: 500 };
      await agent.post('/api/subscription/cancel').expect(502, { message: 'Failed to cancel subscription' });
      expect((await storedUser(user.id))!.subscription.status).toBe('active');
    });
  });

  describe('POST /api/stripe/webhook', () => {
    async function subscribedViaWebhook() {
      const account = await customerUser();
      const subscription = stripeServer.addSubscription(
        fakeSubscription({ id: `sub_wh_${account.user.id}`, customer: account.customer.id, periodEnd: inDays(30) }),
      );
      const created = stripeEvent('customer.subscription.created', subscription, {
        created: new Date(Date.now() - 60_000),
      });
      await sendWebhook(created).expect(200);
      return { ...account, subscription };
    }

    it('refuses a bad signature with 400 and changes nothing', async () => {
      const { user, customer } = await customerUser();
      const subscription = fakeSubscription({
        id: `sub_forged_${user.id}`,
        customer: customer.id,
        periodEnd: inDays(30),
      });
      const before = await storedUser(user.id);
      const forged = await sendWebhook(
        stripeEvent('customer.subscription.created', subscription),
        'whsec_wrong',
      ).expect(400);
      expect(forged.body).toEqual({ message: 'Invalid Stripe signature' });
      await request(app)
        .post('/api/stripe/webhook')
        .set('Content-Type', 'application/json')
        .send(JSON.stringify(stripeEvent('customer.subscription.created', subscription)))
        .expect(400, { message: 'Invalid Stripe signature' });
      // A body changed after signing fails too.
      const event = stripeEvent('customer.subscription.created', subscription);
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload: JSON.stringify(event),
        secret: WEBHOOK_SECRET,
      });
      await request(app)
        .post('/api/stripe/webhook')
        .set('Content-Type', 'application/json')
        .set('Stripe-Signature', signature)
        .send(JSON.stringify({ ...event, id: 'evt_tampered' }))
        .expect(400);
      expect(await storedUser(user.id)).toEqual(before);
      expect(await database.connection.collection('processedevents').countDocuments({ _id: event.id } as object)).toBe(
        0,
      );
    });

    it('refuses a signed event without the fields it reads, or with the wrong types, with 400 and changes nothing', async () => {
      const { user, customer } = await customerUser();
      const subscription = fakeSubscription({
        id: `sub_malformed_${user.id}`,
        customer: customer.id,
        periodEnd: inDays(30),
      });
      const before = await storedUser(user.id);
      const event = stripeEvent('customer.subscription.created', subscription);
      const malformed = [
        [{ ...event, id: 42 }, 'Malformed Stripe event: id: '],
        [{ ...event, created: 'yesterday' }, 'Malformed Stripe event: created: '],
        [
          { ...event, data: { object: { ...subscription, status: null } } },
          'Malformed Stripe event: data.object.status: ',
        ],
        [
          { ...event, data: { object: { ...subscription, current_period_end: '2026-12-01' } } },
          'Malformed Stripe event: data.object.current_period_end: ',
        ],
        [
          { ...event, data: { object: { ...subscription, customer: { name: 'no id' } } } },
          'Malformed Stripe event: data.object.customer: ',
        ],
      ] as const;
      for (const [body, message] of malformed) {
        const response = await sendWebhook(body).expect(400);
        expect(response.body.message).toMatch(new RegExp(`^${message.replace(/\./g, '\\.')}`));
      }
      expect(await storedUser(user.id)).toEqual(before);
      expect(await database.connection.collection('processedevents').countDocuments({ _id: event.id } as object)).toBe(
        0,
      );
    });

    it('activates the subscription on customer.subscription.created', async () => {
      const { agent, user, subscription } = await subscribedViaWebhook();
      expect(await status(agent)).toMatchObject({
        hasActiveSubscription: true,
        subscriptionStatus: 'active',
        canAccessFeatures: true,
      });
      expect(await storedUser(user.id)).toMatchObject({
        hasPaid: true,
        subscription: { provider: 'stripe', subscriptionId: subscription.id },
      });
    });

    it('links the buyer and reads the subscription on checkout.session.completed', async () => {
      const { agent, user } = await signUp(app);
      await setUser(user.id, { trialEndsAt: new Date(Date.now() - 1000) });
      const customer = stripeServer.addCustomer(user.email, { userId: user.id });
      const periodEnd = inDays(30);
      const subscription = stripeServer.addSubscription(
        fakeSubscription({ id: `sub_checkout_${user.id}`, customer: customer.id, periodEnd }),
      );
      const session = {
        id: 'cs_test_done',
        object: 'checkout.session',
        mode: 'subscription',
        client_reference_id: user.id,
        customer: customer.id,
        subscription: subscription.id,
        payment_status: 'paid',
      };
      const response = await sendWebhook(stripeEvent('checkout.session.completed', session)).expect(200);
      expect(response.body).toEqual({ received: true, outcome: 'processed' });
      expect(stripeServer.requestsTo('GET', `/v1/subscriptions/${subscription.id}`)).toHaveLength(1);
      expect(await status(agent)).toMatchObject({
        hasActiveSubscription: true,
        subscriptionPeriodEnd: periodEnd.toISOString(),
        canAccessFeatures: true,
      });
      expect(await storedUser(user.id)).toMatchObject({ hasPaid: true, subscription: { customerId: customer.id } });
    });

    it('answers 502 when Stripe fails while handling, so the same event is handled when Stripe retries it', async () => {
      const { agent, user } = await signUp(app);
      const customer = stripeServer.addCustomer(user.email, { userId: user.id });
      const subscription = stripeServer.addSubscription(
        fakeSubscription({ id: `sub_retry_${user.id}`, customer: customer.id, periodEnd: inDays(30) }),
      );
      const event = stripeEvent('checkout.session.completed', {
        id: 'cs_test_retry',
        object: 'checkout.session',
        mode: 'subscription',
        client_reference_id: user.id,
        customer: customer.id,
        subscription: subscription.id,
      });
      stripeServer.failNext = { path: `/v1/subscriptions/${subscription.id}`, status: 500 };
      await sendWebhook(event).expect(502, { message: 'Stripe could not be reached; the event was not processed' });
      expect((await status(agent)).subscriptionStatus).toBeNull();
      await sendWebhook(event).expect(200, { received: true, outcome: 'processed' });
      expect((await status(agent)).subscriptionStatus).toBe('active');
    });

    it('links the buyer but activates nothing when the completed checkout names a subscription Stripe does not know', async () => {
      const { agent, user } = await signUp(app);
      const customer = stripeServer.addCustomer(user.email, { userId: user.id });
      const event = stripeEvent('checkout.session.completed', {
        id: 'cs_test_unknown_subscription',
        object: 'checkout.session',
        mode: 'subscription',
        client_reference_id: user.id,
        customer: customer.id,
        subscription: `sub_missing_${user.id}`,
      });
      await sendWebhook(event).expect(200, { received: true, outcome: 'processed' });
      expect((await status(agent)).subscriptionStatus).toBeNull();
      expect((await storedUser(user.id))!.subscription).toMatchObject({ customerId: customer.id, status: null });
    });

    it('processes an event once even when Stripe delivers it again', async () => {
      const { user, subscription } = await subscribedViaWebhook();
      const cancelled = { ...subscription, cancel_at_period_end: true };
      const event = stripeEvent('customer.subscription.updated', cancelled);
      await sendWebhook(event).expect(200, { received: true, outcome: 'processed' });
      expect((await storedUser(user.id))!.subscription.status).toBe('cancelled');

      // Whatever happened since (here: a resubscription recorded directly), the repeat must not replay the event.
      await setUser(user.id, { 'subscription.status': 'active', 'subscription.syncedAt': new Date(0) });
      await sendWebhook(event).expect(200, { received: true, outcome: 'duplicate' });
      expect((await storedUser(user.id))!.subscription.status).toBe('active');
      expect(await database.connection.collection('processedevents').countDocuments({ _id: event.id } as object)).toBe(
        1,
      );
    });

    it('lets an older event that arrives late change nothing', async () => {
      const { agent, user, subscription } = await subscribedViaWebhook();
      const now = Date.now();
      const cancelled = { ...subscription, cancel_at_period_end: true };
      const pastDue = { ...subscription, status: 'past_due' };
      const newer = stripeEvent('customer.subscription.updated', cancelled, { created: new Date(now) });
      const older = stripeEvent('customer.subscription.updated', pastDue, { created: new Date(now - 30_000) });
      await sendWebhook(newer).expect(200);
      const afterNewer = await status(agent);
      const storedAfterNewer = await storedUser(user.id);
      await sendWebhook(older).expect(200, { received: true, outcome: 'stale' });
      expect(await status(agent)).toEqual(afterNewer);
      expect(afterNewer.subscriptionStatus).toBe('cancelled');
      expect(await storedUser(user.id)).toEqual(storedAfterNewer);
      // Delivered again, the newer event changes nothing a second time either.
      await sendWebhook(newer).expect(200, { received: true, outcome: 'duplicate' });
      expect(await storedUser(user.id)).toEqual(storedAfterNewer);
    });

    it('ends access on customer.subscription.deleted', async () => {
      const { agent, subscription } = await subscribedViaWebhook();
      await sendWebhook(stripeEvent('customer.subscription.deleted', { ...subscription, status: 'canceled' })).expect(
        200,
      );
      expect(await status(agent)).toMatchObject({
        subscriptionStatus: 'ended',
        hasActiveSubscription: false,
        canAccessFeatures: false,
      });
      // A late 'updated' for the same, now deleted, subscription does not bring it back.
      await sendWebhook(stripeEvent('customer.subscription.updated', subscription)).expect(200);
      expect((await status(agent)).subscriptionStatus).toBe('ended');
    });

    it('marks the subscription past due on invoice.payment_failed', async () => {
      const { agent, customer, subscription } = await subscribedViaWebhook();
      const invoice = {
        id: 'in_failed',
        object: 'invoice',
        customer: customer.id,
        parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
      };
      await sendWebhook(stripeEvent('invoice.payment_failed', invoice)).expect(200);
      expect(await status(agent)).toMatchObject({
        subscriptionStatus: 'past_due',
        hasActiveSubscription: true,
        canAccessFeatures: true,
      });
    });

    it('reads the period end from the subscription itself on older API versions', async () => {
      const { agent, user, customer } = await customerUser();
      const periodEnd = inDays(9);
      const legacy = {
        id: `sub_legacy_${user.id}`,
        object: 'subscription',
        customer: customer.id,
        status: 'active',
        cancel_at_period_end: false,
        current_period_end: toUnix(periodEnd),
        items: { object: 'list', data: [{ id: 'si_legacy', object: 'subscription_item' }] },
      };
      await sendWebhook(stripeEvent('customer.subscription.updated', legacy)).expect(200);
      expect((await status(agent)).subscriptionPeriodEnd).toBe(periodEnd.toISOString());
    });

    it("only ever changes the subscription's own user", async () => {
      const { agent: ownerAgent, subscription } = await subscribedViaWebhook();
      const bystander = await customerUser();
      await sendWebhook(
        stripeEvent('customer.subscription.updated', { ...subscription, cancel_at_period_end: true }),
      ).expect(200);
      expect((await status(ownerAgent)).subscriptionStatus).toBe('cancelled');
      expect(await status(bystander.agent)).toMatchObject({ subscriptionStatus: null, canAccessFeatures: false });
    });

    it('acknowledges event types it does not handle without recording them', async () => {
      await sendWebhook(stripeEvent('charge.succeeded', { id: 'ch_1', object: 'charge' })).expect(200, {
        received: true,
        outcome: 'ignored',
      });
      // Type names that are properties of every object are just as unhandled (the fuzz suite found a 500 here).
      for (const type of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
        await sendWebhook(stripeEvent(type, { id: 'cus_1', object: 'customer' })).expect(200, {
          received: true,
          outcome: 'ignored',
        });
      }
    });

    it('answers 503 while STRIPE_WEBHOOK_SECRET is missing, so Stripe retries later', async () => {
      const noSecretApp = stripeApp(stripeServer.client(), { STRIPE_WEBHOOK_SECRET: '' });
      const response = await sendWebhook(
        stripeEvent('customer.subscription.updated', {}),
        WEBHOOK_SECRET,
        noSecretApp,
      ).expect(503);
      expect(response.body).toEqual({ message: 'Stripe webhooks are not configured' });
    });
  });
});
