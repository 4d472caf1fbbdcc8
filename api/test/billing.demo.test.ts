import request from 'supertest';
import { Types } from 'mongoose';
import {
  cancelResponseSchema,
  checkoutResponseSchema,
  subscriptionStatusSchema,
  syncResponseSchema,
} from '@hit/contracts';
import { DEMO_PLAN_NAME, TEST_MODE_NOTICE } from '../src/billing/demoCheckoutPage';
import { addOneMonth, MAX_PENDING_DEMO_CHECKOUTS } from '../src/billing/demoProvider';
import { ALREADY_PREMIUM, LINK_NOT_VALID } from '../src/routes/billing';
import { loadConfig } from '../src/config';
import { buildTestApp, changeUser, signUp, startTestDatabase, TEST_VAPID_ENV, type TestDatabase } from './helpers';

const DAY_MS = 24 * 60 * 60 * 1000;
type Agent = ReturnType<typeof request.agent>;

describe('billing with the demo provider (no STRIPE_SECRET_KEY)', () => {
  let database: TestDatabase;
  let app: ReturnType<typeof buildTestApp>;

  beforeAll(async () => {
    database = await startTestDatabase();
    app = buildTestApp(database);
  });
  afterAll(() => database.close());

  const users = () => database.connection.collection('users');
  const storedUser = (id: string) => users().findOne({ _id: new Types.ObjectId(id) });
  const pendingOf = (id: string) =>
    database.connection.collection('pendingcheckouts').countDocuments({ userId: new Types.ObjectId(id) });
  const setUser = (id: string, fields: Record<string, unknown>) =>
    changeUser(database.connection, { _id: new Types.ObjectId(id) }, { $set: fields });

  async function status(agent: Agent) {
    const response = await agent.get('/api/subscription/status').expect(200);
    return subscriptionStatusSchema.strict().parse(response.body);
  }

  async function startCheckout(agent: Agent, body: object = {}) {
    const response = await agent.post('/api/subscription/create-checkout').send(body).expect(200);
    return checkoutResponseSchema.strict().parse(response.body);
  }

  /** Signs up and buys the demo subscription through the whole browser flow. */
  async function subscribedUser() {
    const account = await signUp(app);
    const { checkoutUrl } = await startCheckout(account.agent);
    await account.agent.post(`${checkoutUrl}/confirm`).expect(303);
    return account;
  }

  describe('GET /api/subscription/status', () => {
    it('gives a new account the 30-day trial', async () => {
      const { agent, user } = await signUp(app);
      const body = await status(agent);
      expect(body).toMatchObject({
        hasActiveSubscription: false,
        subscriptionStatus: null,
        subscriptionPeriodEnd: null,
        trialExpired: false,
        trialDays: 30,
        canAccessFeatures: true,
      });
      const stored = await storedUser(user.id);
      expect(body.trialEndsAt).toBe(stored!.trialEndsAt.toISOString());
      expect(new Date(body.trialEndsAt).getTime() - Date.now()).toBeGreaterThan(29.9 * DAY_MS);
    });

    it('answers trialExpired and no access once the trial is over', async () => {
      const { agent, user } = await signUp(app);
      await setUser(user.id, { trialEndsAt: new Date(Date.now() - 1000) });
      expect(await status(agent)).toMatchObject({
        trialExpired: true,
        canAccessFeatures: false,
        hasActiveSubscription: false,
      });
    });

    it('follows TRIAL_DAYS', async () => {
      const shortTrial = buildTestApp(database, { TRIAL_DAYS: '7' });
      const { agent } = await signUp(shortTrial);
      const { trialEndsAt, trialDays } = await status(agent);
      expect((new Date(trialEndsAt).getTime() - Date.now()) / DAY_MS).toBeCloseTo(7, 2);
      // The trial-expired prompt names this length.
      expect(trialDays).toBe(7);
    });
  });

  describe('every billing route needs a signed-in user', () => {
    it.each([
      ['get', '/api/subscription/status'],
      ['post', '/api/subscription/create-checkout'],
      ['post', '/api/subscription/sync'],
      ['post', '/api/subscription/cancel'],
    ] as const)('%s %s answers 401 when anonymous', async (method, path) => {
      const response = await request(app)[method](path).send({}).expect(401);
      expect(response.body).toEqual({ message: 'Not authenticated' });
    });

    it('answers the checkout page and its confirmation with a 401 sign-in page when anonymous, changing nothing', async () => {
      const { agent, user } = await signUp(app);
      const { checkoutUrl } = await startCheckout(agent);
      const page = await request(app).get(checkoutUrl).expect(401);
      expect(page.type).toBe('text/html');
      expect(page.text).toContain('Sign in to continue');
      await request(app).post(`${checkoutUrl}/confirm`).expect(401);
      expect((await storedUser(user.id))!.subscription.status).toBeNull();
      // The owner can still use the link.
      await agent.post(`${checkoutUrl}/confirm`).expect(303);
    });
  });

  describe('POST /api/subscription/create-checkout', () => {
    it('answers a test-mode checkout URL on this api', async () => {
      const { agent } = await signUp(app);
      const answer = await startCheckout(agent);
      expect(answer.checkoutUrl).toMatch(/^\/api\/subscription\/demo-checkout\/[A-Za-z0-9_-]{43}$/);
      expect(answer.message).toMatch(/test-mode/i);
    });

    it.each([
      ['a bad e-mail', { billingEmail: 'not-an-email' }, 'billingEmail: must be a valid e-mail address'],
      ['a number', { billingEmail: 42 }, 'billingEmail: must be a valid e-mail address'],
      ['an unknown field', { priceId: 'price_free' }, 'Request: unknown field "priceId"'],
    ])('answers 400 for %s and starts nothing', async (_case, body, message) => {
      const { agent } = await signUp(app);
      const pendingBefore = await database.connection.collection('pendingcheckouts').countDocuments();
      const response = await agent.post('/api/subscription/create-checkout').send(body).expect(400);
      expect(response.body).toEqual({ message });
      expect(await database.connection.collection('pendingcheckouts').countDocuments()).toBe(pendingBefore);
    });

    it('accepts no body at all', async () => {
      const { agent } = await signUp(app);
      await agent.post('/api/subscription/create-checkout').expect(200);
    });

    it('answers 409 when the user already has an active subscription', async () => {
      const { agent } = await subscribedUser();
      const response = await agent.post('/api/subscription/create-checkout').send({}).expect(409);
      expect(response.body).toEqual({ message: 'You already have an active Premium subscription' });
    });
  });

  describe('the demo checkout page', () => {
    it('takes the user from checkout to Premium: page, confirm, redirect home, active subscription', async () => {
      const { agent, user } = await signUp(app);
      await setUser(user.id, { trialEndsAt: new Date(Date.now() - 1000) });
      const { checkoutUrl } = await startCheckout(agent, { billingEmail: ' Billing@Example.COM ' });

      const page = await agent.get(checkoutUrl).expect(200);
      expect(page.type).toBe('text/html');
      expect(page.text).toContain(TEST_MODE_NOTICE);
      expect(page.text).toContain(DEMO_PLAN_NAME);
      expect(page.text).toContain('billing@example.com');
      expect(page.text).toContain(`<form method="post" action="${checkoutUrl}/confirm">`);
      expect(page.text).toContain('href="/home?checkout=cancelled"');
      // It works under the app's CSP: no script at all, forms only to this origin.
      expect(page.text).not.toMatch(/<script/i);
      expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
      expect(page.headers['content-security-policy']).toMatch(/form-action 'self'/);
      expect(page.headers['cache-control']).toBe('no-store');

      const before = Date.now();
      const confirm = await agent.post(`${checkoutUrl}/confirm`).expect(303);
      expect(confirm.headers.location).toBe('/home?checkout=success');

      const body = await status(agent);
      expect(body).toMatchObject({
        hasActiveSubscription: true,
        subscriptionStatus: 'active',
        trialExpired: true,
        canAccessFeatures: true,
      });
      const periodEnd = new Date(body.subscriptionPeriodEnd!).getTime();
      expect(periodEnd).toBeGreaterThanOrEqual(addOneMonth(new Date(before)).getTime());
      expect(periodEnd).toBeLessThanOrEqual(addOneMonth(new Date()).getTime());
      const stored = await storedUser(user.id);
      expect(stored).toMatchObject({ hasPaid: true, subscription: { provider: 'demo', status: 'active' } });
      expect(stored!.subscription.subscriptionId).toMatch(/^demo_sub_/);
    });

    it('refuses a used link: the token is single-use', async () => {
      const { agent, user } = await signUp(app);
      const { checkoutUrl } = await startCheckout(agent);
      await agent.post(`${checkoutUrl}/confirm`).expect(303);
      // While the month it bought runs, the page says the user is Premium; after it, that the link is used up.
      await agent.post(`${checkoutUrl}/confirm`).expect(409);
      await setUser(user.id, { 'subscription.periodEnd': new Date(Date.now() - 1000) });
      const again = await agent.post(`${checkoutUrl}/confirm`).expect(404);
      expect(again.type).toBe('text/html');
      expect(again.text).toContain('This checkout link is not valid');
      await agent.get(checkoutUrl).expect(404);
    });

    it("refuses another user's link and leaves both accounts as they were", async () => {
      const owner = await signUp(app);
      const other = await signUp(app);
      const { checkoutUrl } = await startCheckout(owner.agent);
      await other.agent.get(checkoutUrl).expect(404);
      await other.agent.post(`${checkoutUrl}/confirm`).expect(404);
      expect((await storedUser(other.user.id))!.subscription.status).toBeNull();
      expect((await storedUser(owner.user.id))!.subscription.status).toBeNull();
      // Still the owner's to use.
      await owner.agent.post(`${checkoutUrl}/confirm`).expect(303);
      expect((await status(owner.agent)).hasActiveSubscription).toBe(true);
      expect((await status(other.agent)).hasActiveSubscription).toBe(false);
    });

    it('refuses an expired link and an unknown or malformed one', async () => {
      const { agent, user } = await signUp(app);
      const { checkoutUrl } = await startCheckout(agent);
      await database.connection
        .collection('pendingcheckouts')
        .updateMany({ userId: new Types.ObjectId(user.id) }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
      await agent.post(`${checkoutUrl}/confirm`).expect(404);
      await agent.get('/api/subscription/demo-checkout/' + 'A'.repeat(43)).expect(404);
      await agent.get('/api/subscription/demo-checkout/%3Cscript%3E').expect(404);
      expect((await storedUser(user.id))!.subscription.status).toBeNull();
    });

    it('voids every other link of the user once one made them Premium, with a clear page', async () => {
      const { agent, user } = await signUp(app);
      const older = await startCheckout(agent);
      const newer = await startCheckout(agent);
      await agent.post(`${newer.checkoutUrl}/confirm`).expect(303);
      const { subscriptionId, periodEnd } = (await storedUser(user.id))!.subscription;

      const page = await agent.get(older.checkoutUrl).expect(409);
      expect(page.type).toBe('text/html');
      expect(page.text).toContain(ALREADY_PREMIUM.title);
      expect(page.text).toContain(ALREADY_PREMIUM.text);
      const confirm = await agent.post(`${older.checkoutUrl}/confirm`).expect(409);
      expect(confirm.text).toContain(ALREADY_PREMIUM.title);
      // The subscription is the one the newer link bought, unchanged; no link of the user is left.
      expect((await storedUser(user.id))!.subscription).toMatchObject({ subscriptionId, periodEnd });
      expect(await pendingOf(user.id)).toBe(0);
    });

    it('keeps voided links void after the subscription ends: an old link cannot buy a new month', async () => {
      const { agent, user } = await signUp(app);
      const older = await startCheckout(agent);
      const newer = await startCheckout(agent);
      await agent.post(`${newer.checkoutUrl}/confirm`).expect(303);
      await setUser(user.id, { 'subscription.periodEnd': new Date(Date.now() - 1000) });

      const confirm = await agent.post(`${older.checkoutUrl}/confirm`).expect(404);
      expect(confirm.text).toContain(LINK_NOT_VALID.title);
      expect((await status(agent)).hasActiveSubscription).toBe(false);
    });

    it('refuses a link of a user who became Premium some other way, and voids their links', async () => {
      const { agent, user } = await signUp(app);
      const { checkoutUrl } = await startCheckout(agent);
      await setUser(user.id, {
        subscription: {
          provider: 'stripe',
          status: 'active',
          subscriptionId: 'sub_elsewhere',
          customerId: 'cus_elsewhere',
          periodEnd: new Date(Date.now() + 20 * DAY_MS),
          syncedAt: new Date(),
        },
      });

      await agent.post(`${checkoutUrl}/confirm`).expect(409);
      expect((await storedUser(user.id))!.subscription).toMatchObject({
        provider: 'stripe',
        subscriptionId: 'sub_elsewhere',
      });
      expect(await pendingOf(user.id)).toBe(0);
    });

    it(`keeps at most ${MAX_PENDING_DEMO_CHECKOUTS} pending links per user: a newer one voids the oldest`, async () => {
      const { agent, user } = await signUp(app);
      const links: string[] = [];
      for (let i = 0; i < MAX_PENDING_DEMO_CHECKOUTS + 2; i += 1) links.push((await startCheckout(agent)).checkoutUrl);

      expect(await pendingOf(user.id)).toBe(MAX_PENDING_DEMO_CHECKOUTS);
      for (const voided of links.slice(0, 2)) {
        const page = await agent.get(voided).expect(404);
        expect(page.text).toContain(LINK_NOT_VALID.title);
        expect(page.text).toContain('replaced by newer checkout links');
      }
      for (const kept of links.slice(2)) await agent.get(kept).expect(200);
      // Another user's checkouts are not counted against this one.
      const other = await signUp(app);
      const otherLink = (await startCheckout(other.agent)).checkoutUrl;
      await startCheckout(agent);
      await other.agent.get(otherLink).expect(200);
      await agent.post(`${links.at(-1)}/confirm`).expect(303);
      expect(await pendingOf(user.id)).toBe(0);
      expect(await pendingOf(other.user.id)).toBe(1);
    });

    it('stores only a hash of the token, with an expiry the database enforces', async () => {
      const { agent, user } = await signUp(app);
      const { checkoutUrl } = await startCheckout(agent);
      const token = checkoutUrl.split('/').pop()!;
      const pending = await database.connection
        .collection('pendingcheckouts')
        .findOne({ userId: new Types.ObjectId(user.id) });
      expect(pending!._id).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(pending)).not.toContain(token);
      const indexes = await database.connection.collection('pendingcheckouts').indexes();
      expect(indexes).toContainEqual(expect.objectContaining({ key: { expiresAt: 1 }, expireAfterSeconds: 0 }));
    });
  });

  describe('POST /api/subscription/sync', () => {
    it("answers the user's own demo subscription", async () => {
      const { agent, user } = await subscribedUser();
      const response = await agent.post('/api/subscription/sync').expect(200);
      const stored = await storedUser(user.id);
      expect(syncResponseSchema.parse(response.body)).toEqual({ subscriptionId: stored!.subscription.subscriptionId });
    });

    it('answers an error field when there is no subscription', async () => {
      const { agent } = await signUp(app);
      const response = await agent.post('/api/subscription/sync').expect(200);
      expect(response.body).toEqual({ error: 'No active subscription found' });
    });

    it('finds nothing once the demo month is over', async () => {
      const { agent, user } = await subscribedUser();
      await setUser(user.id, { 'subscription.periodEnd': new Date(Date.now() - 1000) });
      const response = await agent.post('/api/subscription/sync').expect(200);
      expect(response.body).toEqual({ error: 'No active subscription found' });
    });
  });

  describe('POST /api/subscription/cancel', () => {
    it('cancels at the period end: status cancelled, access until then, none after', async () => {
      const { agent, user } = await subscribedUser();
      await setUser(user.id, { trialEndsAt: new Date(Date.now() - 1000) });
      const { subscriptionPeriodEnd } = await status(agent);

      const response = await agent.post('/api/subscription/cancel').expect(200);
      expect(cancelResponseSchema.parse(response.body)).toEqual({ periodEnd: subscriptionPeriodEnd });
      expect(await status(agent)).toMatchObject({
        subscriptionStatus: 'cancelled',
        subscriptionPeriodEnd,
        hasActiveSubscription: false,
        canAccessFeatures: true,
      });
      // Cancelling twice is harmless.
      await agent.post('/api/subscription/cancel').expect(200, { periodEnd: subscriptionPeriodEnd });

      await setUser(user.id, { 'subscription.periodEnd': new Date(Date.now() - 1000) });
      expect(await status(agent)).toMatchObject({ subscriptionStatus: 'cancelled', canAccessFeatures: false });
      expect((await storedUser(user.id))!.hasPaid).toBe(true);
    });

    it('answers 200 with an error field when there is nothing to cancel', async () => {
      const { agent, user } = await signUp(app);
      const response = await agent.post('/api/subscription/cancel').expect(200);
      expect(response.body).toEqual({ error: 'No active subscription to cancel' });
      expect((await storedUser(user.id))!.subscription.status).toBeNull();
    });

    it("cannot touch another user's subscription", async () => {
      const subscriber = await subscribedUser();
      const other = await signUp(app);
      await other.agent.post('/api/subscription/cancel').expect(200, { error: 'No active subscription to cancel' });
      await other.agent.post('/api/subscription/sync').expect(200, { error: 'No active subscription found' });
      expect(await status(subscriber.agent)).toMatchObject({
        subscriptionStatus: 'active',
        hasActiveSubscription: true,
      });
      expect(await status(other.agent)).toMatchObject({ subscriptionStatus: null, hasActiveSubscription: false });
    });
  });

  it('warns the operator of a production api that takes no real payments', () => {
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), ...TEST_VAPID_ENV });
    expect(config.stripe).toBeUndefined();
    // (It also warns that reset e-mails cannot be sent without SMTP_URL: config.test.ts's business.)
    expect(config.warnings).toEqual(expect.arrayContaining([expect.stringContaining('STRIPE_SECRET_KEY is not set')]));
  });

  it('has no Stripe webhook without Stripe', async () => {
    await request(app).post('/api/stripe/webhook').set('Content-Type', 'application/json').send('{}').expect(404);
  });
});
