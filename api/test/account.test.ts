import { createHash } from 'node:crypto';
import request from 'supertest';
import Papa from 'papaparse';
import { Types, type Model } from 'mongoose';
import { BSON } from 'mongodb';
import { checkoutResponseSchema, STRONG_CSV_COLUMNS, type AccountExport } from '@hit/contracts';
import { DEFAULT_PLATE_SETTINGS } from '@hit/contracts/rules';
import { createApp } from '../src/app';
import { DELETION_RATE_LIMITED_MESSAGE, EXPORT_RATE_LIMITED_MESSAGE } from '../src/auth/accountLimits';
import { DemoProvider } from '../src/billing/demoProvider';
import { loadConfig } from '../src/config';
import { createModels } from '../src/models';
import { ACCOUNT_DELETED_MESSAGE, WRONG_PASSWORD_MESSAGE } from '../src/routes/account';
import { DELETION_CANCEL_FAILED_MESSAGE } from '../src/services/billing';
import { SESSION_COOKIE } from '../src/session';
import { FakeStripeServer, fakeSubscription, STRIPE_TEST_ENV } from './fakeStripe';
import {
  buildTestApp,
  changeUser,
  RELAXED_RATE_LIMITS,
  signUp,
  startTestDatabase,
  TEST_PASSWORD,
  type TestDatabase,
} from './helpers';
import { completeAll, expireTrial, getDay, snapshotOf, startSession, type Agent } from './workoutFixtures';

const DAY_MS = 24 * 60 * 60 * 1000;
const today = () => new Date().toISOString().slice(0, 10);

/** The CSV as rows of cells (the header first). */
function csvRows(text: string): string[][] {
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

/** The rows as objects keyed by the header's columns. */
function csvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = csvRows(text);
  return rows.map((row) => Object.fromEntries(header.map((column, i) => [column, row[i]])));
}

describe('your data and your account (issue #20)', () => {
  let database: TestDatabase;
  let app: ReturnType<typeof buildTestApp>;

  beforeAll(async () => {
    database = await startTestDatabase();
    app = buildTestApp(database);
  });
  afterAll(() => database.close());

  const progress = () => database.connection.collection('progressentries');

  /** Day 1 done in a session: started, every set completed (2 warm-ups and 1 working set per exercise), ended. */
  async function workout(agent: Agent, start = Date.parse('2026-11-20T10:00:00.000Z')) {
    const session = await startSession(agent, 1);
    const day = await getDay(agent, 1);
    const exercises = completeAll(day.exercises, start);
    await agent.put(`/api/sessions/${session.id}`).send({ exercises }).expect(200);
    await agent.post(`/api/sessions/${session.id}/end`).expect(200);
    return { session, exercises };
  }

  /** The next day done offline: started and completed through the outbox's POST /api/sync. */
  async function offlineWorkout(agent: Agent, dayId: number) {
    const sessionId = new Types.ObjectId().toHexString();
    const at = new Date().toISOString();
    const operations = [
      { opId: `start-${sessionId}`, type: 'start', at, dayId, sessionId },
      { opId: `complete-${sessionId}`, type: 'complete', at, dayId, sessionId },
    ];
    const response = await agent.post('/api/sync').send({ operations }).expect(200);
    expect(response.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);
  }

  /** A progress entry written straight into the database (as an import would store a set). */
  function entry(userId: string, fields: Record<string, unknown>) {
    return {
      userId: new Types.ObjectId(userId),
      workoutDayId: 2,
      round: 50,
      exerciseId: 201,
      setId: new Types.ObjectId().toHexString(),
      sessionId: null,
      exerciseName: 'Side Raises',
      weight: 20,
      weightUnit: 'kg',
      reps: 8,
      setType: 'working',
      date: new Date('2026-10-01T08:00:00.000Z'),
      ...fields,
    };
  }

  describe('GET /api/export/csv', () => {
    it("writes every set in Strong's columns, warm-ups as W, as a dated attachment", async () => {
      const { agent } = await signUp(app);
      const { session } = await workout(agent);
      const response = await agent.get('/api/export/csv').expect(200);

      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(`attachment; filename=hit-tracker-${today()}.csv`);
      expect(response.headers['cache-control']).toMatch(/no-store/);
      expect(response.text.split('\r\n')[0]).toBe(
        'Date,Workout Name,Duration,Exercise Name,Set Order,Weight (lbs),Reps,Distance,Seconds,Notes,Workout Notes,RPE',
      );
      const [header] = csvRows(response.text);
      expect(header).toEqual(STRONG_CSV_COLUMNS.map((c) => (c === 'Weight' ? 'Weight (lbs)' : c)));

      const records = csvRecords(response.text);
      const stored = await database.connection
        .collection('workoutsessions')
        .findOne({ _id: new Types.ObjectId(session.id) });
      const started = (stored!.startedAt as Date).toISOString().slice(0, 19).replace('T', ' ');
      const duration = Math.round(((stored!.endedAt as Date).getTime() - (stored!.startedAt as Date).getTime()) / 1000);
      expect(records).toHaveLength(12);
      expect(records.slice(0, 3)).toEqual(
        [
          ['W', '100'],
          ['W', '110'],
          ['1', '120'],
        ].map(([order, weight]) => ({
          Date: started,
          'Workout Name': 'Day 1 – Chest & Back',
          Duration: String(duration),
          'Exercise Name': 'Incline Press',
          'Set Order': order,
          'Weight (lbs)': weight,
          Reps: '8',
          Distance: '0',
          Seconds: '0',
          Notes: '',
          'Workout Notes': '',
          RPE: '',
        })),
      );
      expect(records.map((r) => r['Exercise Name'])).toEqual(
        ['Incline Press', 'Dumbbell Flys', 'Underhand Pulldowns', 'Deadlifts'].flatMap((name) => [name, name, name]),
      );
      expect(records.map((r) => r['Set Order'])).toEqual(Array(4).fill(['W', 'W', '1']).flat());
    });

    it('converts to the unit asked for, or to the one most sets use, and writes local times when told the offset', async () => {
      const { agent, user } = await signUp(app);
      await progress().insertMany([
        entry(user.id, { weight: 100, weightUnit: 'lbs', setType: 'warmup' }),
        entry(user.id, { weight: 50, weightUnit: 'kg' }),
        entry(user.id, { weight: 52.5, weightUnit: 'kg', date: new Date('2026-10-01T08:01:00.000Z') }),
      ]);

      const usual = await agent.get('/api/export/csv').expect(200);
      expect(csvRows(usual.text)[0][5]).toBe('Weight (kg)');
      expect(csvRecords(usual.text).map((r) => [r['Set Order'], r['Weight (kg)']])).toEqual([
        ['W', '45.36'],
        ['1', '50'],
        ['2', '52.5'],
      ]);
      // Without a session: the workout starts with its first set, and has no duration.
      expect(csvRecords(usual.text)[0]).toMatchObject({
        Date: '2026-10-01 08:00:00',
        'Workout Name': 'Day 2 – Shoulders & Arms',
        Duration: '',
      });

      const inPounds = await agent.get('/api/export/csv?unit=lbs&timezoneOffsetMinutes=-120').expect(200);
      expect(csvRecords(inPounds.text).map((r) => [r.Date, r['Weight (lbs)']])).toEqual([
        ['2026-10-01 10:00:00', '100'],
        ['2026-10-01 10:00:00', '110.23'],
        ['2026-10-01 10:00:00', '115.74'],
      ]);

      const refused = await agent.get('/api/export/csv?unit=stone').expect(400);
      expect(refused.body).toEqual({ message: 'unit: must be lbs or kg' });
      await agent.get('/api/export/csv?timezoneOffsetMinutes=9999').expect(400);
    });

    it('neutralises cells a spreadsheet would run as a formula', async () => {
      const { agent, user } = await signUp(app);
      const names = ['=HYPERLINK("https://evil.example","x")', '+1+1', '-2+3', '@SUM(A1)', '=1+1\nnext line', 'Curl'];
      await progress().insertMany(
        names.map((exerciseName, i) => entry(user.id, { exerciseName, exerciseId: 900 + i, setId: `s${i}` })),
      );
      const response = await agent.get('/api/export/csv').expect(200);
      expect(csvRecords(response.text).map((r) => r['Exercise Name'])).toEqual([
        `'=HYPERLINK("https://evil.example","x")`,
        `'+1+1`,
        `'-2+3`,
        `'@SUM(A1)`,
        `'=1+1\nnext line`,
        'Curl',
      ]);
    });

    it('is open to an expired trial, refused anonymously, and limited to 10 downloads of each file an hour per user', async () => {
      const { agent, user } = await signUp(app);
      await expireTrial(database, user.id);
      await agent.get('/api/progress').expect(402);
      await agent.get('/api/export/csv').expect(200);
      await agent.get('/api/export/json').expect(200);
      expect((await request(app).get('/api/export/csv').expect(401)).body).toEqual({ message: 'Not authenticated' });

      for (let i = 1; i < 10; i++) await agent.get('/api/export/json').expect(200);
      const limited = await agent.get('/api/export/json').expect(429);
      expect(limited.body).toEqual({ message: EXPORT_RATE_LIMITED_MESSAGE });
      expect(limited.headers['content-disposition']).toBeUndefined();
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
      // Each file has its own ten.
      await agent.get('/api/export/csv').expect(200);
      // Another user's downloads are their own.
      await (await signUp(app)).agent.get('/api/export/csv').expect(200);
    });
  });

  describe('GET /api/export/json', () => {
    it('holds the profile, settings, days, sessions, sets, goals and every other record, and no secret', async () => {
      const other = await signUp(app);
      const { agent, user } = await signUp(app, { firstName: 'Ann', lastName: 'Lee' });
      const { session } = await workout(agent);
      await agent.post('/api/goals').send({ exerciseId: 101, weight: 300, unit: 'lbs' }).expect(201);
      const plates = { ...DEFAULT_PLATE_SETTINGS, kg: { ...DEFAULT_PLATE_SETTINGS.kg, bar: 15 } };
      await agent.put('/api/settings/plates').send(plates).expect(200);
      await agent.post('/api/workout-days/1/complete').expect(200);
      await offlineWorkout(agent, 2);
      await agent.post('/api/subscription/create-checkout').send({ billingEmail: 'bills@example.com' }).expect(200);

      const response = await agent.get('/api/export/json').expect(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(`attachment; filename=hit-tracker-${today()}.json`);
      const body = response.body as AccountExport;

      expect(body).toMatchObject({
        format: 'hit-tracker-export',
        version: 1,
        profile: { id: user.id, email: user.email, firstName: 'Ann', lastName: 'Lee', hasPaid: false },
        settings: { plates },
        workoutState: { cycleCount: 0, nextRecommendedDay: 3 },
      });
      expect(body.days.map((d) => [d.dayId, d.name])).toEqual([
        [1, 'Day 1'],
        [2, 'Day 2'],
        [3, 'Day 3'],
      ]);
      expect(body.sessions.map((s) => s.id)).toEqual([session.id, expect.any(String)]);
      expect(body.progress).toHaveLength(12);
      expect(body.progress[0]).toMatchObject({
        sessionId: session.id,
        exerciseName: 'Incline Press',
        weight: 100,
        weightUnit: 'lbs',
        setType: 'warmup',
        date: '2026-11-20T10:01:00.000Z',
      });
      expect(body.goals).toEqual([expect.objectContaining({ exerciseId: 101, weight: 300, unit: 'lbs' })]);
      expect(body.other.WorkoutCompletion).toEqual([expect.objectContaining({ id: body.sessions[1].id, dayId: 2 })]);
      expect(body.other.SyncOperation).toHaveLength(2);
      expect(body.other.PendingCheckout).toEqual([expect.objectContaining({ billingEmail: 'bills@example.com' })]);
      // A token's hash is no id the lifter needs.
      expect(body.other.PendingCheckout[0].id).toBeUndefined();

      expect(response.text).not.toMatch(/passwordHash|scrypt\$|"userId"|"__v"/);
      expect(response.text).not.toContain(other.user.id);
      expect(response.text).not.toContain(other.user.email);
    });

    it('names every model kept per user: the named sections, or `other`', async () => {
      const { agent } = await signUp(app);
      const body = (await agent.get('/api/export/json').expect(200)).body as AccountExport;
      const named = ['WorkoutDay', 'WorkoutState', 'WorkoutSession', 'ProgressEntry', 'Goal'];
      const perUser = (Object.entries(createModels(database.connection)) as [string, Model<unknown>][])
        .filter(([name, model]) => name !== 'User' && model.schema.path('userId') !== undefined)
        .map(([name]) => name);
      expect(perUser.filter((name) => !named.includes(name)).sort()).toEqual(Object.keys(body.other).sort());
    });
  });

  describe('DELETE /api/user', () => {
    const everything = async () => {
      const collections = await database.connection.db!.listCollections().toArray();
      const documents: { collection: string; text: string }[] = [];
      for (const { name } of collections) {
        for (const document of await database.connection.db!.collection(name).find().toArray()) {
          documents.push({ collection: name, text: BSON.EJSON.stringify(document) });
        }
      }
      return documents;
    };
    const emailHash = (email: string) => createHash('sha256').update(email).digest('base64url');

    /** A user with something in every collection a user can fill: workouts, goals, settings, checkouts, counters… */
    async function busyUser() {
      const account = await signUp(app);
      const { agent, user } = account;
      await workout(agent);
      await agent.post('/api/workout-days/1/complete').expect(200);
      await agent.post('/api/goals').send({ exerciseId: 104, weight: 400, unit: 'lbs' }).expect(201);
      await agent.put('/api/settings/plates').send(DEFAULT_PLATE_SETTINGS).expect(200);
      await agent.post('/api/subscription/create-checkout').send({}).expect(200);
      await offlineWorkout(agent, 2);
      await agent.get('/api/export/csv').expect(200);
      await request(app).post('/api/login').send({ email: user.email, password: 'not it at all' }).expect(401);
      await agent.delete('/api/user').send({ password: 'not it at all' }).expect(401);
      // Signed in on a second device too.
      const phone = request.agent(app);
      await phone.post('/api/login').send({ email: user.email, password: TEST_PASSWORD }).expect(200);
      return { ...account, phone };
    }

    it('refuses a wrong password with 401, changing nothing, and 10 wrong ones in 15 minutes with 429', async () => {
      const { agent, user } = await signUp(app);
      await workout(agent);
      const before = await snapshotOf(database, user.id);
      const missing = await agent.delete('/api/user').send({}).expect(400);
      expect(missing.body).toEqual({ message: 'password: is required' });
      for (let i = 0; i < 10; i++) {
        const refused = await agent
          .delete('/api/user')
          .send({ password: `wrong ${i}` })
          .expect(401);
        expect(refused.body).toEqual({ message: WRONG_PASSWORD_MESSAGE });
      }
      const limited = await agent.delete('/api/user').send({ password: TEST_PASSWORD }).expect(429);
      expect(limited.body).toEqual({ message: DELETION_RATE_LIMITED_MESSAGE });
      expect(await snapshotOf(database, user.id)).toEqual(before);
      await agent.get('/api/user').expect(200);
      await request(app).delete('/api/user').send({ password: TEST_PASSWORD }).expect(401);
    });

    it("deletes the user and everything of theirs in every collection, ends all their sessions, and keeps others' data", async () => {
      const other = await busyUser();
      const otherBefore = await snapshotOf(database, other.user.id);
      const { agent, phone, user } = await busyUser();
      const secrets = [user.id, user.email, emailHash(user.email)];
      const found = (documents: { collection: string; text: string }[]) =>
        documents.filter(({ text }) => secrets.some((secret) => text.includes(secret))).map((d) => d.collection);
      // Before: the user is in (nearly) every collection, sessions and rate-limit counters included.
      expect(new Set(found(await everything()))).toEqual(
        new Set([
          'users',
          'workoutdays',
          'workoutstates',
          'workoutsessions',
          'progressentries',
          'workoutcompletions',
          'goals',
          'pendingcheckouts',
          'syncoperations',
          'sessions',
          'ratelimits',
        ]),
      );

      const response = await agent.delete('/api/user').send({ password: TEST_PASSWORD }).expect(200);
      expect(response.body).toEqual({ message: ACCOUNT_DELETED_MESSAGE });
      expect(String(response.headers['set-cookie'])).toMatch(
        new RegExp(`^${SESSION_COOKIE}=;.*Expires=Thu, 01 Jan 1970`),
      );

      expect(found(await everything())).toEqual([]);
      await agent.get('/api/user').expect(401);
      await phone.get('/api/user').expect(401);
      await request(app).post('/api/login').send({ email: user.email, password: TEST_PASSWORD }).expect(401);
      // The other user: untouched and still signed in.
      expect(await snapshotOf(database, other.user.id)).toEqual(otherBefore);
      await other.agent.get('/api/user').expect(200);
      await other.phone.get('/api/export/csv').expect(200);
      // The e-mail is free again.
      await signUp(app, { email: user.email });
    });

    it('deletes an expired trial too', async () => {
      const { agent, user } = await signUp(app);
      await expireTrial(database, user.id);
      await agent.delete('/api/user').send({ password: TEST_PASSWORD }).expect(200);
      expect(await database.connection.collection('users').countDocuments({ email: user.email })).toBe(0);
    });

    it('ends a demo subscription through the demo provider first', async () => {
      const cancelNow = jest.spyOn(DemoProvider.prototype, 'cancelNow');
      try {
        const { agent, user } = await signUp(app);
        const checkout = await agent.post('/api/subscription/create-checkout').send({}).expect(200);
        await agent.post(`${checkoutResponseSchema.parse(checkout.body).checkoutUrl}/confirm`).expect(303);
        await agent.delete('/api/user').send({ password: TEST_PASSWORD }).expect(200);
        expect(cancelNow).toHaveBeenCalledTimes(1);
        expect(cancelNow.mock.calls[0][0]).toMatchObject({ id: user.id, subscription: { status: 'active' } });
        await expect(cancelNow.mock.results[0].value).resolves.toBe(1);
      } finally {
        cancelNow.mockRestore();
      }
    });

    describe('with Stripe', () => {
      let stripe: FakeStripeServer;
      let stripeApp: ReturnType<typeof createApp>;
      beforeAll(async () => {
        stripe = await new FakeStripeServer().start();
        stripeApp = createApp({
          config: loadConfig({ NODE_ENV: 'test', ...STRIPE_TEST_ENV }),
          connection: database.connection,
          mongoClient: database.connection.getClient(),
          rateLimits: RELAXED_RATE_LIMITS,
          stripe: stripe.client(),
        });
      });
      afterAll(() => stripe.close());

      /** A Stripe subscriber: the stored subscription, and one more of the customer whose webhook has not come yet. */
      async function subscriber() {
        const { agent, user } = await signUp(stripeApp);
        const customer = stripe.addCustomer(user.email, { userId: user.id });
        const periodEnd = new Date(Date.now() + 20 * DAY_MS);
        const stored = stripe.addSubscription(
          fakeSubscription({ id: `sub_${user.id}`, customer: customer.id, periodEnd }),
        );
        const unknown = stripe.addSubscription(
          fakeSubscription({ id: `sub_late_${user.id}`, customer: customer.id, periodEnd }),
        );
        const ended = stripe.addSubscription(
          fakeSubscription({ id: `sub_old_${user.id}`, customer: customer.id, periodEnd, status: 'canceled' }),
        );
        await changeUser(
          database.connection,
          { _id: new Types.ObjectId(user.id) },
          {
            $set: {
              hasPaid: true,
              subscription: {
                status: 'active',
                periodEnd,
                provider: 'stripe',
                customerId: customer.id,
                subscriptionId: stored.id,
                syncedAt: new Date(),
              },
            },
          },
        );
        return { agent, user, stored, unknown, ended };
      }

      it('cancels every running subscription of the customer at once, then deletes the account', async () => {
        const { agent, user, stored, unknown, ended } = await subscriber();
        await agent.delete('/api/user').send({ password: TEST_PASSWORD }).expect(200);
        expect(stripe.requestsTo('DELETE', `/v1/subscriptions/${stored.id}`)).toHaveLength(1);
        expect(stripe.requestsTo('DELETE', `/v1/subscriptions/${unknown.id}`)).toHaveLength(1);
        expect(stripe.requestsTo('DELETE', `/v1/subscriptions/${ended.id}`)).toHaveLength(0);
        expect([stored.status, unknown.status]).toEqual(['canceled', 'canceled']);
        expect(await database.connection.collection('users').countDocuments({ email: user.email })).toBe(0);
      });

      it('deletes nothing when Stripe fails: 502, the subscription and the account stay', async () => {
        const { agent, user, stored } = await subscriber();
        const before = await snapshotOf(database, user.id);
        stripe.failNext = { path: `/v1/subscriptions/${stored.id}`, status: 500 };
        const refused = await agent.delete('/api/user').send({ password: TEST_PASSWORD }).expect(502);
        expect(refused.body).toEqual({ message: DELETION_CANCEL_FAILED_MESSAGE });
        expect(await snapshotOf(database, user.id)).toEqual(before);
        await agent.get('/api/user').expect(200);
        // Tried again, it goes through.
        await agent.delete('/api/user').send({ password: TEST_PASSWORD }).expect(200);
        expect(stored.status).toBe('canceled');
      });
    });
  });
});
