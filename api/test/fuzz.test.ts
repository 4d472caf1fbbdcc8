import type http from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import request from 'supertest';
import type { Model } from 'mongoose';
import Stripe from 'stripe';
import {
  goalsSchema,
  plateSettingsSchema,
  progressEntriesSchema,
  recordsSchema,
  sessionSchema,
  subscriptionStatusSchema,
  userSchema,
  workoutDaysSchema,
  workoutStateSchema,
  type WorkoutDay,
} from '@hit/contracts';
import { DEFAULT_PLATE_SETTINGS } from '@hit/contracts/rules';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { INVALID_PATH_MESSAGE } from '../src/errors';
import { createModels } from '../src/models';
import { FakeStripeServer, fakeSubscription, STRIPE_TEST_ENV, stripeEvent, TEST_WEBHOOK_SECRET } from './fakeStripe';
import {
  RELAXED_RATE_LIMITS,
  TEST_PASSWORD,
  TEST_VAPID_ENV,
  changeUser,
  startTestDatabase,
  type TestDatabase,
} from './helpers';
import { UNREACHABLE_PUSH_SERVICE, unreachableSubscription } from './mockPushService';
import { appRoutes } from './routeCalls';
import { completeAll, expireTrial, getDays, snapshotOf } from './workoutFixtures';
import {
  POLLUTION,
  applyMutation,
  headerChoice,
  hostileParam,
  hostileQuery,
  mutation,
  param,
  payload,
  type HeaderChoice,
  type Payload,
} from './fuzz/arbitraries';

/*
 * Hostile input (issue #11, item 6): thousands of random and malicious requests to every route under /api, as a
 * signed-in trial user, an expired-trial user and an anonymous visitor. Each answer must be below 500 (a 4xx with a
 * JSON `{ message }`; 403 for a state-changing request from a foreign origin), a refused workout request must change
 * nothing, and afterwards every stored document must still be valid, every read route must still answer its
 * contract and no prototype may have been polluted. The one 5xx allowed: a correctly signed Stripe event with
 * mangled fields (the signature makes it trusted, not well-formed), which must then not stay marked as processed.
 *
 * Requests go out as raw bytes with hand-set headers, so `__proto__` keys, invalid JSON, wrong content types and
 * odd cookies reach the server exactly as generated. Each route's requests are one fc.assert (endOnFailure: the
 * server's state moves on, so shrinking would chase a different server; the failure message has the whole request).
 *
 * A failure prints fast-check's seed; FUZZ_SEED=<seed> reruns the same requests. FUZZ_RUNS=<factor> scales the
 * number of requests (e.g. 10 for a long soak).
 */

type Identity = 'trial' | 'expired' | 'anonymous';
type AppName = 'demo' | 'stripe';

interface RouteFuzz {
  /**
   * The apps whose route is fuzzed: the demo checkout exists without Stripe, the webhook only with it, billing
   * routes are fuzzed with both providers, the rest (the same code in both apps) in the demo app only.
   */
  apps: AppName[];
  /** Who sends the requests (repeat one to send more of its requests). */
  identities: Identity[];
  runs: number;
  /** Valid bodies, mutated and interleaved with hostile ones. */
  bodies?: () => unknown[];
  /** Values of each path parameter that reach the handler; LIVE_* markers are replaced when the request is sent. */
  params?: Record<string, () => string[]>;
  /** A refused (4xx) request must leave the sender's workout data exactly as it was. */
  atomic?: boolean;
  /** Answers HTML pages even for errors (the browser opens it): no JSON message to check. */
  html?: boolean;
}

const LIVE_SESSION = '<live session id>';
const LIVE_CHECKOUT = '<live checkout token>';
const LIVE_GOAL = '<live goal id>';
/** A two-set Hevy export, for the import routes. */
const IMPORT_SAMPLE = [
  'title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_kg,reps,distance_km,duration_seconds,rpe',
  'Pull,"15 Jan 2024, 07:41","15 Jan 2024, 08:40",,Deadlifts,,,0,warmup,60,5,,,',
  'Pull,"15 Jan 2024, 07:41","15 Jan 2024, 08:40",,Deadlifts,,,1,normal,140,6,,,8',
].join('\n');
const UNKNOWN_OBJECT_ID = '0123456789abcdef01234567';
/** The fuzzed users' devices for the push routes (issue #22); no sender runs here, so nothing is ever sent. */
const FUZZ_DEVICE = '2f1c6a4e-8b0d-4c1e-9f3a-5d7b9e0c1a2b';
const OTHER_FUZZ_DEVICE = '7a9e3c1d-2b4f-4a6c-8e0d-1f3b5d7e9a0c';
const WEBHOOK_SECRET = TEST_WEBHOOK_SECRET;
const STRIPE_ENV = STRIPE_TEST_ENV;
const RUNS_FACTOR = Number(process.env.FUZZ_RUNS ?? 1);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
/** Sign-ins and sign-ups fail by the hundred here: the limits themselves are security.test.ts's business. */
const NO_RATE_LIMITS = {
  ...RELAXED_RATE_LIMITS,
  loginFailuresPerEmail: 1e9,
  loginFailuresPerIp: 1e9,
  registrationsPerIp: 1e9,
  passwordChangeFailuresPerUser: 1e9,
  passwordResetMailIntervalMs: 0,
  passwordResetsPerIp: 1e9,
};

/** Filled in beforeAll: the signed-in users, the program's days and what the fuzzer learns while it runs. */
const ctx = {
  cookies: {} as Record<Exclude<Identity, 'anonymous'>, string>,
  userIds: {} as Record<Exclude<Identity, 'anonymous'>, string>,
  trialEmail: '',
  /** The trial user's Stripe customer, named by the signed webhook events. */
  customerId: '',
  days: [] as WorkoutDay[],
  /** The trial user's open session (sessions/start answers a new one when the fuzzer ends it). */
  sessionId: UNKNOWN_OBJECT_ID,
  /** Set when a request may have closed that session: the next request naming it opens one first. */
  sessionStale: true,
  /** The latest demo checkout token of each user. */
  checkoutTokens: {} as Partial<Record<Identity, string>>,
  /** The latest goal each user created. */
  goalIds: {} as Partial<Record<Identity, string>>,
};

const day = (id: number) => ctx.days.find((d) => d.id === id)!;
const dayIds = () => ['1', '2', '3'];
const premium: Identity[] = ['trial', 'trial', 'trial', 'trial', 'expired', 'anonymous'];
const signedIn: Identity[] = ['trial', 'trial', 'expired', 'anonymous'];
const everyone: Identity[] = ['trial', 'expired', 'anonymous'];

/**
 * Every route under /api. The first test checks this table against the app's router stack: a route added without
 * an entry here fails it.
 */
const ROUTES: Record<string, RouteFuzz> = {
  'GET /api/health': { apps: ['demo', 'stripe'], identities: everyone, runs: 40 },
  'GET /api/remotes': { apps: ['demo', 'stripe'], identities: everyone, runs: 60 },
  // Signing in, up or out as the fuzzed users would end their sessions: these run anonymously.
  'POST /api/register': {
    apps: ['demo'],
    identities: ['anonymous'],
    runs: 200,
    // One fixed address: the first valid sign-up creates it, the rest answer 409.
    bodies: () => [{ email: 'fuzz.register@example.com', password: TEST_PASSWORD, firstName: 'Fuzz', lastName: 'Er' }],
  },
  'POST /api/login': {
    apps: ['demo'],
    identities: ['anonymous'],
    runs: 200,
    bodies: () => [
      { email: ctx.trialEmail, password: TEST_PASSWORD },
      { email: ctx.trialEmail, password: 'wrong password' },
    ],
  },
  'POST /api/logout': { apps: ['demo'], identities: ['anonymous'], runs: 40, bodies: () => [{}] },
  'GET /api/user': { apps: ['demo'], identities: everyone, runs: 60 },
  // The new password is the current one, so the fuzzed users keep the password the sign-in bodies use.
  'POST /api/user/password': {
    apps: ['demo'],
    identities: everyone,
    runs: 100,
    bodies: () => [
      { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD },
      { currentPassword: 'wrong password', newPassword: TEST_PASSWORD },
    ],
  },
  'POST /api/password/forgot': {
    apps: ['demo'],
    identities: ['anonymous', 'anonymous', 'trial'],
    runs: 100,
    bodies: () => [{ email: ctx.trialEmail }, { email: 'nobody.fuzz@example.com' }],
  },
  // A reset signs the sender in as the link's account and everyone else out: anonymous, with links that do not work.
  'POST /api/password/reset': {
    apps: ['demo'],
    identities: ['anonymous'],
    runs: 100,
    bodies: () => [{ token: 'A'.repeat(43), password: TEST_PASSWORD }],
  },
  'GET /api/workout-days': { apps: ['demo'], identities: signedIn, runs: 60 },
  'GET /api/workout-state': { apps: ['demo'], identities: signedIn, runs: 40 },
  'PUT /api/workout-days/:id': {
    apps: ['demo'],
    identities: premium,
    runs: 400,
    atomic: true,
    params: { id: dayIds },
    bodies: () => [
      { ...day(1), exercises: completeAll(day(1).exercises, Date.now() - 3_600_000) },
      { exercises: completeAll(day(2).exercises, Date.now() - 3_600_000) },
      day(1),
      { exercises: [] },
    ],
  },
  'POST /api/workout-days/:id/complete': {
    apps: ['demo'],
    identities: premium,
    runs: 120,
    atomic: true,
    params: { id: dayIds },
    bodies: () => [{}, { lastCompleted: new Date().toISOString() }],
  },
  'POST /api/workout-days/:id/reset': {
    apps: ['demo'],
    identities: premium,
    runs: 100,
    atomic: true,
    params: { id: dayIds },
    bodies: () => [{}],
  },
  'POST /api/reset': { apps: ['demo'], identities: premium, runs: 60, atomic: true, bodies: () => [{}] },
  'POST /api/sessions/start': {
    apps: ['demo'],
    identities: premium,
    runs: 120,
    atomic: true,
    bodies: () => [{ dayId: 1 }, { dayId: 2 }, { dayId: 3 }],
  },
  'GET /api/sessions/open': { apps: ['demo'], identities: premium, runs: 40 },
  'PUT /api/sessions/:id': {
    apps: ['demo'],
    identities: premium,
    runs: 400,
    atomic: true,
    params: { id: () => [LIVE_SESSION, LIVE_SESSION, LIVE_SESSION, UNKNOWN_OBJECT_ID] },
    // The open session may be of any day: valid bodies for each.
    bodies: () => [
      ...[1, 2, 3].map((id) => ({ exercises: completeAll(day(id).exercises, Date.now() - 3_600_000) })),
      ...[1, 2, 3].map((id) => ({ exercises: day(id).exercises, workoutDay: { id, name: day(id).name } })),
      { exercises: [] },
    ],
  },
  'POST /api/sessions/:id/end': {
    apps: ['demo'],
    identities: premium,
    runs: 80,
    atomic: true,
    params: { id: () => [LIVE_SESSION, LIVE_SESSION, LIVE_SESSION, UNKNOWN_OBJECT_ID] },
    bodies: () => [{}],
  },
  'GET /api/progress': { apps: ['demo'], identities: premium, runs: 60 },
  'GET /api/progress/last-workout/:exerciseId/:workoutDayId': {
    apps: ['demo'],
    identities: premium,
    runs: 200,
    params: {
      exerciseId: () => ctx.days.flatMap((d) => d.exercises.map((exercise) => String(exercise.id))),
      workoutDayId: dayIds,
    },
  },
  'POST /api/sync': {
    apps: ['demo'],
    identities: premium,
    runs: 300,
    atomic: true,
    // An offline Day 1 (start, save, complete) and one operation of each other type, on client-made session ids.
    bodies: () => {
      const at = new Date(Date.now() - 60_000).toISOString();
      const sessionId = (n: number) => `${'5'.repeat(23)}${n}`;
      return [
        {
          operations: [
            { opId: 'fuzz-start-1', type: 'start', at, dayId: 1, sessionId: sessionId(1) },
            {
              opId: 'fuzz-save-1',
              type: 'save',
              at,
              dayId: 1,
              sessionId: sessionId(1),
              exercises: completeAll(day(1).exercises, Date.now() - 3_600_000),
            },
            { opId: 'fuzz-complete-1', type: 'complete', at, dayId: 1, sessionId: sessionId(1) },
          ],
        },
        { operations: [{ opId: 'fuzz-start-2', type: 'start', at, dayId: 2, sessionId: sessionId(2) }] },
        { operations: [{ opId: 'fuzz-end-2', type: 'end', at, dayId: 2, sessionId: sessionId(2) }] },
        { operations: [{ opId: 'fuzz-reset-3', type: 'resetDay', at, dayId: 3 }] },
      ];
    },
  },
  'GET /api/goals': { apps: ['demo'], identities: premium, runs: 40 },
  'POST /api/goals': {
    apps: ['demo'],
    identities: premium,
    runs: 150,
    bodies: () => [
      { exerciseId: 104, weight: 315, unit: 'lbs' },
      { exerciseId: 101, weight: 100, unit: 'kg', reps: 8, targetDate: '2027-03-01' },
      { exerciseId: 301, weight: 400, unit: 'lbs', reps: 10, targetDate: null },
    ],
  },
  'PATCH /api/goals/:id': {
    apps: ['demo'],
    identities: premium,
    runs: 150,
    params: { id: () => [LIVE_GOAL, LIVE_GOAL, UNKNOWN_OBJECT_ID] },
    bodies: () => [{ weight: 320 }, { unit: 'kg', reps: 7 }, { targetDate: '2027-06-30' }, { targetDate: null }],
  },
  'DELETE /api/goals/:id': {
    apps: ['demo'],
    identities: premium,
    runs: 60,
    params: { id: () => [LIVE_GOAL, UNKNOWN_OBJECT_ID] },
  },
  'GET /api/records': { apps: ['demo'], identities: premium, runs: 40 },
  'POST /api/import/preview': {
    apps: ['demo'],
    identities: premium,
    runs: 80,
    bodies: () => [{ csv: IMPORT_SAMPLE }, { csv: IMPORT_SAMPLE, unit: 'kg', timezoneOffsetMinutes: -60 }],
  },
  'POST /api/import': {
    apps: ['demo'],
    identities: premium,
    runs: 80,
    bodies: () => [
      { csv: IMPORT_SAMPLE },
      { csv: IMPORT_SAMPLE, mapping: { deadlifts: 104 } },
      { csv: IMPORT_SAMPLE, mapping: { Deadlifts: null } },
    ],
  },
  // A user's data is theirs: signed in, not premium (ten downloads an hour each, then 429, an answer all the same).
  'GET /api/export/csv': { apps: ['demo'], identities: signedIn, runs: 40 },
  'GET /api/export/json': { apps: ['demo'], identities: signedIn, runs: 30 },
  // Wrong passwords only (a right one would delete the fuzzed users): a refused deletion changes nothing.
  'DELETE /api/user': {
    apps: ['demo'],
    identities: everyone,
    runs: 60,
    atomic: true,
    bodies: () => [{ password: 'not the password' }, { password: 'x'.repeat(100) }],
  },
  'GET /api/settings/plates': { apps: ['demo'], identities: signedIn, runs: 40 },
  'PUT /api/settings/plates': {
    apps: ['demo'],
    identities: signedIn,
    runs: 150,
    bodies: () => [
      DEFAULT_PLATE_SETTINGS,
      { ...DEFAULT_PLATE_SETTINGS, kg: { bar: 15, sled: 40, plates: [{ weight: 20, pairs: 2 }] } },
    ],
  },
  'PUT /api/user/weight-unit': {
    apps: ['demo'],
    identities: signedIn,
    runs: 60,
    bodies: () => [{ weightUnit: 'kg' }, { weightUnit: 'lbs' }],
  },
  'GET /api/subscription/status': { apps: ['demo', 'stripe'], identities: everyone, runs: 40 },
  'POST /api/subscription/create-checkout': {
    apps: ['demo', 'stripe'],
    identities: everyone,
    runs: 100,
    bodies: () => [{}, { billingEmail: 'billing.fuzz@example.com' }],
  },
  'POST /api/subscription/sync': { apps: ['demo', 'stripe'], identities: everyone, runs: 50, bodies: () => [{}] },
  'POST /api/subscription/cancel': { apps: ['demo', 'stripe'], identities: everyone, runs: 50, bodies: () => [{}] },
  'GET /api/subscription/demo-checkout/:token': {
    apps: ['demo'],
    identities: everyone,
    runs: 60,
    html: true,
    params: { token: () => [LIVE_CHECKOUT] },
  },
  'POST /api/subscription/demo-checkout/:token/confirm': {
    apps: ['demo'],
    // Confirming subscribes the user: the expired one gets it (the trial user's access is the fuzzer's business).
    identities: ['expired', 'expired', 'anonymous', 'trial'],
    runs: 60,
    html: true,
    params: { token: () => [LIVE_CHECKOUT] },
    bodies: () => [{}],
  },
  'POST /api/stripe/webhook': { apps: ['stripe'], identities: ['anonymous'], runs: 250 },
  // The rest-over alert (issue #22): signed in, not premium. The subscription is saved before the alerts are
  // scheduled, and deleted last (the table's order is the run's).
  'GET /api/push/key': { apps: ['demo'], identities: signedIn, runs: 40 },
  'PUT /api/push/subscription': {
    apps: ['demo'],
    identities: signedIn,
    runs: 150,
    bodies: () => [
      { deviceId: FUZZ_DEVICE, subscription: unreachableSubscription() },
      {
        deviceId: OTHER_FUZZ_DEVICE,
        subscription: { ...unreachableSubscription(), expirationTime: Date.now() + 86_400_000 },
      },
      {
        deviceId: OTHER_FUZZ_DEVICE,
        subscription: { ...unreachableSubscription(), endpoint: 'https://evil.example/x' },
      },
    ],
  },
  'PUT /api/push/rest': {
    apps: ['demo'],
    identities: signedIn,
    runs: 150,
    bodies: () => [
      {
        deviceId: FUZZ_DEVICE,
        endsAt: new Date(Date.now() + 10 * 60_000).toISOString(),
        next: { set: 'Working set', exercise: 'Incline Press' },
      },
      {
        deviceId: OTHER_FUZZ_DEVICE,
        endsAt: new Date(Date.now() + 30 * 60_000).toISOString(),
        next: { set: 'Warm-up 1', exercise: 'Dips' },
      },
    ],
  },
  'DELETE /api/push/rest/:deviceId': {
    apps: ['demo'],
    identities: signedIn,
    runs: 60,
    params: { deviceId: () => [FUZZ_DEVICE, OTHER_FUZZ_DEVICE] },
  },
  'DELETE /api/push/subscription/:deviceId': {
    apps: ['demo'],
    identities: signedIn,
    runs: 60,
    params: { deviceId: () => [FUZZ_DEVICE, OTHER_FUZZ_DEVICE] },
  },
};

/** What the fuzzer sends, generated by fast-check. */
interface FuzzRequest {
  identity: Identity;
  params: Record<string, string>;
  payload: Payload;
  headers: HeaderChoice;
  query: string;
}

/** `METHOD /path` of every route the app's router stack has under /api (nested routers included). */
const apiRoutesOf = (app: ReturnType<typeof createApp>) =>
  [...new Set(appRoutes(app))].filter((route) => route.includes(' /api/')).sort();

/** Keys that must never reach the database: operators, dotted paths and prototype names. */
function badKeysIn(value: unknown, path = ''): string[] {
  if (value === null || typeof value !== 'object' || value instanceof Date || Buffer.isBuffer(value)) return [];
  if ((value as { _bsontype?: string })._bsontype) return [];
  return Object.keys(value).flatMap((key) => {
    const here = `${path}.${key}`;
    const bad = key.startsWith('$') || ['__proto__', 'constructor', 'prototype'].includes(key) ? [here] : [];
    return [...bad, ...badKeysIn((value as Record<string, unknown>)[key], here)];
  });
}

const PROTOTYPES = {
  Object: Object.prototype,
  Array: Array.prototype,
  Function: Function.prototype,
  String: String.prototype,
};
const prototypeKeys = () =>
  Object.fromEntries(
    Object.entries(PROTOTYPES).map(([name, proto]) => [name, Reflect.ownKeys(proto).map(String).sort()]),
  );

describe('hostile input (fuzz)', () => {
  let database: TestDatabase;
  let stripeServer: FakeStripeServer;
  const servers = {} as Record<AppName, http.Server>;
  const apps = {} as Record<AppName, ReturnType<typeof createApp>>;
  const cleanPrototypes = prototypeKeys();
  const crashes: unknown[] = [];
  const onCrash = (error: unknown) => crashes.push(error);
  /** Answers per route and status, printed at the end: shows how many requests got through to the handlers. */
  const statusCounts = new Map<string, Map<number, number>>();

  beforeAll(async () => {
    process.on('unhandledRejection', onCrash);
    process.on('uncaughtException', onCrash);
    database = await startTestDatabase();
    stripeServer = await new FakeStripeServer().start();
    const build = (env: NodeJS.ProcessEnv, stripe?: Stripe) =>
      createApp({
        config: loadConfig({
          NODE_ENV: 'test',
          ...TEST_VAPID_ENV,
          PUSH_TEST_SERVICE: UNREACHABLE_PUSH_SERVICE,
          ...env,
        }),
        connection: database.connection,
        mongoClient: database.connection.getClient(),
        rateLimits: NO_RATE_LIMITS,
        stripe,
      });
    apps.demo = build({});
    apps.stripe = build(STRIPE_ENV, stripeServer.client());
    // One listening server per app: supertest would otherwise start (and stop) a server for every request.
    for (const name of ['demo', 'stripe'] as const) {
      servers[name] = await new Promise<http.Server>((resolve) => {
        const server = apps[name].listen(0, '127.0.0.1', () => resolve(server));
      });
    }

    for (const identity of ['trial', 'expired'] as const) {
      const agent = request.agent(servers.demo);
      const email = `fuzz.${identity}.${process.pid}.${Date.now()}@example.com`;
      const response = await agent
        .post('/api/register')
        .send({ email, password: TEST_PASSWORD, firstName: identity })
        .expect(201);
      // The requests set their Cookie header themselves (hostile cookies next to the session's).
      const setCookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
      ctx.cookies[identity] = setCookie.find((cookie) => cookie.startsWith('hit.sid='))!.split(';')[0];
      ctx.userIds[identity] = response.body.id;
      if (identity === 'trial') {
        ctx.trialEmail = email;
        ctx.days = await getDays(agent);
        ctx.sessionId = (await agent.post('/api/sessions/start').send({ dayId: 1 }).expect(201)).body.id;
      }
    }
    await expireTrial(database, ctx.userIds.expired);
    // The trial user is a Stripe customer too, so signed webhook events find someone.
    const customer = stripeServer.addCustomer(ctx.trialEmail, { userId: ctx.userIds.trial });
    ctx.customerId = customer.id;
    await changeUser(
      database.connection,
      { email: ctx.trialEmail },
      { $set: { 'subscription.customerId': customer.id } },
    );
    const periodEnd = new Date(Date.now() + 30 * 86_400_000);
    stripeServer.subscriptions.set('sub_fuzz', fakeSubscription({ id: 'sub_fuzz', customer: customer.id, periodEnd }));
  }, 30_000);

  afterAll(async () => {
    process.off('unhandledRejection', onCrash);
    process.off('uncaughtException', onCrash);
    await Promise.all(Object.values(servers).map((server) => new Promise((resolve) => server.close(resolve))));
    await stripeServer.close();
    await database.close();
    const lines = [...statusCounts].map(([route, counts]) => {
      const summary = [...counts].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
      return `${route}: ${summary.join(' ')}`;
    });
    const total = [...statusCounts.values()].flatMap((counts) => [...counts.values()]).reduce((a, b) => a + b, 0);
    console.info(`fuzz: ${total} requests\n${lines.join('\n')}`);
  });

  /** Sends one request exactly as described (raw bytes, headers, cookies) and returns the answer. */
  async function send(
    app: AppName,
    method: string,
    path: string,
    req: FuzzRequest,
    route: string,
  ): Promise<request.Response> {
    const server = servers[app];
    const own = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const { headers: h, payload: p } = req;
    const headers: Record<string, string> = { ...h.extra, ...p.headers };
    const identityCookie = req.identity === 'anonymous' ? undefined : ctx.cookies[req.identity];
    const cookie = {
      identity: identityCookie,
      'identity+junk': [identityCookie, h.junkCookie].filter(Boolean).join('; '),
      'identity+huge': [identityCookie, `big=${'x'.repeat(8000)}`].filter(Boolean).join('; '),
      malformed: h.junkCookie,
      'forged session': `hit.sid=s%3A${'A'.repeat(32)}.${'B'.repeat(43)}`,
      // Beyond Node's 16 kB header limit: refused with 431 before the app sees it.
      oversized: [identityCookie, `big=${'x'.repeat(20_000)}`].filter(Boolean).join('; '),
    }[h.cookie];
    if (cookie) headers.cookie = cookie;
    if (method === 'GET') {
      if (h.anyOrigin !== undefined) headers.origin = h.anyOrigin;
    } else if (h.origin === 'own') headers.origin = own;
    else if (h.origin === 'own referer') headers.referer = `${own}/home`;
    else if (h.origin === 'foreign') headers.origin = 'https://evil.example';
    else if (h.origin === 'null') headers.origin = 'null';
    if (p.contentType !== undefined) headers['content-type'] = p.contentType;
    if (p.contentEncoding !== undefined) headers['content-encoding'] = p.contentEncoding;

    let test = request(server)[method.toLowerCase() as 'get'](path);
    for (const [name, value] of Object.entries(headers)) test = test.set(name, value);
    // The exact bytes: superagent would otherwise pick a content type, or JSON-serialize the Buffer itself.
    if (p.body !== undefined) test = test.serialize((bytes) => bytes).send(p.body);
    const response = await test;
    const counts = statusCounts.get(`${route} (${app})`) ?? new Map<number, number>();
    statusCounts.set(`${route} (${app})`, counts.set(response.status, (counts.get(response.status) ?? 0) + 1));
    return response;
  }

  function describeRequest(method: string, path: string, req: FuzzRequest, response: request.Response): string {
    const body = req.payload.body?.toString('latin1') ?? '(none)';
    return [
      `${method} ${path.length > 300 ? `${path.slice(0, 300)}…` : path} as ${req.identity}`,
      `payload ${req.payload.kind} (${[req.payload.contentType ?? 'no content type', req.payload.contentEncoding].filter(Boolean).join(', ')}): ${
        body.length > 500 ? `${body.slice(0, 500)}…` : body
      }`,
      `headers ${JSON.stringify({ ...req.headers, junkCookie: req.headers.junkCookie.slice(0, 100) })}`,
      `answer ${response.status} ${response.text?.slice(0, 300)}`,
    ].join('\n');
  }

  /** Makes ctx.sessionId the trial user's open session, starting one (of the next recommended day) if there is none. */
  async function ensureOpenSession() {
    const call = (method: 'get' | 'post', path: string) =>
      request(servers.demo)[method](path).set('cookie', ctx.cookies.trial);
    const open = (await call('get', '/api/sessions/open')).body as { id: string } | null;
    if (open) ctx.sessionId = open.id;
    else {
      const { nextRecommendedDay } = (await call('get', '/api/workout-state')).body as { nextRecommendedDay: number };
      const started = await call('post', '/api/sessions/start').send({ dayId: nextRecommendedDay });
      if (started.status < 300) ctx.sessionId = started.body.id;
    }
    ctx.sessionStale = false;
  }

  /** The properties every answer must have. */
  async function checkAnswer(app: AppName, route: string, spec: RouteFuzz, req: FuzzRequest) {
    const [method, pattern] = route.split(' ');
    if (ctx.sessionStale && Object.values(req.params).includes(LIVE_SESSION)) await ensureOpenSession();
    const path =
      pattern.replace(/:(\w+)/g, (_, name: string) =>
        req.params[name]
          .replace(LIVE_SESSION, ctx.sessionId)
          .replace(LIVE_CHECKOUT, ctx.checkoutTokens[req.identity] ?? 'none')
          .replace(LIVE_GOAL, ctx.goalIds[req.identity] ?? UNKNOWN_OBJECT_ID),
      ) + req.query;
    const owner = ctx.userIds[req.identity === 'anonymous' ? 'trial' : req.identity];
    const before = spec.atomic ? await snapshotOf(database, owner) : undefined;
    const response = await send(app, method, path, req, route);
    const fail = (why: string) => {
      throw new Error(`${why}\n${describeRequest(method, path, req, response)}`);
    };

    if (response.status >= 500) fail('server error');
    const foreign = req.headers.origin === 'foreign' || req.headers.origin === 'null';
    const refusable = method !== 'GET' && route !== 'POST /api/stripe/webhook' && req.headers.cookie !== 'oversized';
    // 431: Node's HTTP parser refused the headers (a long query with long headers) before the app, so no handler ran.
    if (refusable && foreign && response.status !== 403 && response.status !== 431) {
      fail('a state-changing request from a foreign origin was not refused');
    }
    // 431 comes from Node's HTTP parser, before the app: it has no body.
    if (response.status >= 400 && response.status !== 431 && !spec.html && typeof response.body?.message !== 'string') {
      fail('an error without a JSON message');
    }
    if (before && response.status >= 400 && !isDeepStrictEqual(await snapshotOf(database, owner), before)) {
      fail('a refused request changed the workout data');
    }
    if (
      !isDeepStrictEqual(prototypeKeys(), cleanPrototypes) ||
      ({} as Record<string, unknown>).polluted !== undefined
    ) {
      fail('a prototype was polluted');
    }

    // Follow the state the fuzzer changes, so the live ids stay useful.
    if (req.identity === 'trial' && method === 'POST' && response.status < 300) {
      if (route === 'POST /api/sessions/start') ctx.sessionId = response.body.id;
      else ctx.sessionStale = true; // ended, reset or completed: the session may be closed
    }
    if (route === 'POST /api/goals' && response.status === 201) ctx.goalIds[req.identity] = response.body.id;
    if (app === 'demo' && route === 'POST /api/subscription/create-checkout' && response.status === 200) {
      ctx.checkoutTokens[req.identity] = String(response.body.checkoutUrl).split('/').pop();
    }
  }

  /** Signed Stripe events: valid ones, mutated ones and ones signed for other bytes (only the signature is trusted). */
  function webhookPayload(): fc.Arbitrary<Payload> {
    const now = Date.now();
    const subscription = fakeSubscription({
      id: 'sub_fuzz',
      customer: ctx.customerId,
      periodEnd: new Date(now + 30 * 86_400_000),
      metadata: { userId: ctx.userIds.trial },
    });
    const events = [
      stripeEvent('customer.subscription.updated', subscription),
      stripeEvent('customer.subscription.deleted', { ...subscription, status: 'canceled' }),
      stripeEvent('checkout.session.completed', {
        id: 'cs_fuzz',
        object: 'checkout.session',
        mode: 'subscription',
        customer: ctx.customerId,
        subscription: 'sub_fuzz',
        client_reference_id: ctx.userIds.trial,
      }),
      stripeEvent('invoice.payment_failed', {
        id: 'in_fuzz',
        object: 'invoice',
        customer: ctx.customerId,
        parent: { subscription_details: { subscription: 'sub_fuzz' } },
      }),
      stripeEvent('customer.created', { id: 'cus_other', object: 'customer' }),
    ];
    const signed = (kind: string, text: string, signedText = text): Payload => ({
      kind,
      body: Buffer.from(text),
      contentType: 'application/json',
      headers: {
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: signedText, secret: WEBHOOK_SECRET }),
      },
    });
    return fc.oneof(
      { weight: 3, arbitrary: payload(events) },
      {
        weight: 3,
        arbitrary: fc
          .tuple(fc.constantFrom(...events), fc.array(mutation, { minLength: 1, maxLength: 2 }), fc.boolean())
          .map(([event, mutations, rightBytes]) => {
            const text = JSON.stringify(mutations.reduce(applyMutation, event));
            if (rightBytes) return signed('signed mutated event', text);
            return signed('event signed for other bytes', text, JSON.stringify(event));
          }),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.constantFrom(...events), fc.uuid())
          .map(([event, id]) => signed('signed event', JSON.stringify({ ...event, id: `evt_${id}` }))),
      },
    );
  }

  function requestArbitrary(route: string, spec: RouteFuzz): fc.Arbitrary<FuzzRequest> {
    const paramNames = [...route.matchAll(/:(\w+)/g)].map((match) => match[1]);
    return fc.record({
      identity: fc.constantFrom(...spec.identities),
      params: fc.record(Object.fromEntries(paramNames.map((name) => [name, param(spec.params?.[name]?.() ?? [])]))),
      payload: route === 'POST /api/stripe/webhook' ? webhookPayload() : payload(spec.bodies?.() ?? []),
      headers: headerChoice,
      query: hostileQuery,
    });
  }

  const runs = (n: number) => Math.max(1, Math.round(n * RUNS_FACTOR));
  const assertOptions = (numRuns: number) => ({ numRuns: runs(numRuns), seed: SEED, endOnFailure: true });

  it('has a fuzz entry for every route of the app, and none for a route it does not have', () => {
    const demo = apiRoutesOf(apps.demo);
    const stripe = apiRoutesOf(apps.stripe);
    expect([...new Set([...demo, ...stripe])].sort()).toEqual(Object.keys(ROUTES).sort());
    // Each route is fuzzed in an app that has it.
    const missing = Object.entries(ROUTES).flatMap(([route, spec]) =>
      spec.apps.filter((app) => !(app === 'demo' ? demo : stripe).includes(route)).map((app) => `${route} in ${app}`),
    );
    expect(missing).toEqual([]);
  });

  // Every demo-app route first: once the Stripe app's sync has given the trial user a Stripe subscription, the demo
  // app (no Stripe configured) rightly answers its cancel with 503, which is not what this test is about.
  for (const app of ['demo', 'stripe'] as const) {
    for (const [route, spec] of Object.entries(ROUTES).filter(([, s]) => s.apps.includes(app))) {
      const numRuns = spec.apps.length > 1 && app === 'stripe' ? Math.ceil(spec.runs / 2) : spec.runs;
      it(`${route} (${app} billing) survives ${runs(numRuns)} hostile requests`, async () => {
        const property = fc.asyncProperty(requestArbitrary(route, spec), (req) => checkAnswer(app, route, spec, req));
        await fc.assert(property, assertOptions(numRuns));
      }, 60_000);
    }
  }

  it('answers unknown routes and methods under /api with a JSON 4xx, never a 5xx', async () => {
    const segment = fc.oneof(
      hostileParam,
      fc.constantFrom('workout-days', 'sessions', 'progress', 'subscription', 'WORKOUT-DAYS', '', '1', 'api'),
    );
    const unknown = fc.record({
      method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
      segments: fc.array(segment, { minLength: 1, maxLength: 4 }),
      req: requestArbitrary('GET /api/unknown', { apps: ['demo'], identities: ['anonymous'], runs: 0 }),
    });
    await fc.assert(
      fc.asyncProperty(unknown, async ({ method, segments, req }) => {
        const path = `/api/${segments.join('/')}${req.query}`;
        const response = await send('demo', method, path, req, 'unknown routes');
        const fail = (why: string) => {
          throw new Error(`${why}\n${describeRequest(method, path, req, response)}`);
        };
        if (response.status >= 500) fail('server error');
        if (response.status >= 400 && response.status !== 431 && typeof response.body?.message !== 'string') {
          fail('an error without a JSON message');
        }
      }),
      assertOptions(300),
    );
  }, 60_000);

  it('answers a path parameter with broken percent-encoding with 400, not 500', async () => {
    // Found by this fuzzer: the router's URIError (status 400, not exposed) fell through to a 500.
    const agent = request.agent(servers.demo);
    for (const path of ['/api/workout-days/%', '/api/sessions/%E0%A4%A/end', '/api/progress/last-workout/%ZZ/1']) {
      const response = await agent.get(path).set('cookie', ctx.cookies.trial);
      expect({ path, status: response.status, body: response.body }).toEqual({
        path,
        status: 400,
        body: { message: INVALID_PATH_MESSAGE },
      });
    }
  });

  describe('afterwards', () => {
    it('crashed nothing and polluted no prototype', () => {
      expect(crashes).toEqual([]);
      expect(prototypeKeys()).toEqual(cleanPrototypes);
      for (const key of Object.keys(POLLUTION)) expect(({} as Record<string, unknown>)[key]).toBeUndefined();
      expect(([] as unknown as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('stored only documents their models accept, without operator or prototype keys', async () => {
      const problems: string[] = [];
      const models = createModels(database.connection);
      // One Model type for all of them: their union has no callable hydrate().
      for (const [name, model] of Object.entries(models) as [string, Model<unknown>][]) {
        const documents = await database.connection.collection(model.collection.collectionName).find().toArray();
        for (const raw of documents) {
          const where = `${name} ${String(raw._id)}`;
          for (const key of badKeysIn(raw)) problems.push(`${where}: key ${key}`);
          for (const key of Object.keys(raw)) {
            if (model.schema.pathType(key) === 'adhocOrUndefined') problems.push(`${where}: unknown field ${key}`);
          }
          await model
            .hydrate(raw)
            .validate()
            .catch((error: Error) => problems.push(`${where}: ${error.message}`));
        }
      }
      // The login sessions have no model: connect-mongo stores each as a JSON string.
      for (const raw of await database.connection.collection('sessions').find().toArray()) {
        for (const key of badKeysIn(raw)) problems.push(`session ${String(raw._id)}: key ${key}`);
        if (typeof raw.session !== 'string') problems.push(`session ${String(raw._id)}: not a string`);
      }
      for (const user of await models.User.find().lean()) {
        const fine =
          typeof user.email === 'string' &&
          user.email === user.email.trim().toLowerCase() &&
          [user.firstName, user.lastName].every((name) => name === null || typeof name === 'string') &&
          user.passwordHash.startsWith('scrypt$');
        if (!fine) problems.push(`user ${String(user._id)}: ${JSON.stringify(user)}`);
      }
      expect(problems).toEqual([]);
    });

    it('left the fuzzed users signed in, with data every read route still answers by its contract', async () => {
      for (const identity of ['trial', 'expired'] as const) {
        const get = (path: string) => request(servers.demo).get(path).set('cookie', ctx.cookies[identity]).expect(200);
        expect(userSchema.strict().parse((await get('/api/user')).body).id).toBe(ctx.userIds[identity]);
        const days = workoutDaysSchema.parse((await get('/api/workout-days')).body);
        expect(days.map((d) => d.id)).toEqual([1, 2, 3]);
        const state = workoutStateSchema.parse((await get('/api/workout-state')).body);
        expect([1, 2, 3]).toContain(state.nextRecommendedDay);
        expect(days.filter((d) => d.canPerform).map((d) => d.id)).toEqual([state.nextRecommendedDay]);
        const status = subscriptionStatusSchema.parse((await get('/api/subscription/status')).body);
        if (status.canAccessFeatures) {
          progressEntriesSchema.parse((await get('/api/progress')).body);
          sessionSchema.nullable().parse((await get('/api/sessions/open')).body);
          goalsSchema.parse((await get('/api/goals')).body);
          recordsSchema.parse((await get('/api/records')).body);
        }
        plateSettingsSchema.parse((await get('/api/settings/plates')).body);
      }
    });
  });
});
