import { createHmac, randomUUID } from 'node:crypto';
import request from 'supertest';
import { Types } from 'mongoose';
import { checkoutResponseSchema, sessionSchema, type Exercise } from '@hit/contracts';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { SESSION_COOKIE } from '../src/session';
import { FakeStripeServer, STRIPE_TEST_ENV } from './fakeStripe';
import {
  buildTestApp,
  TEST_SESSION_SECRET,
  RELAXED_RATE_LIMITS,
  TEST_PASSWORD,
  TEST_VAPID_ENV,
  uniqueEmail,
  type TestDatabase,
} from './helpers';
import { UNREACHABLE_PUSH_SERVICE, unreachableSubscription } from './mockPushService';
import { completeAll, snapshotOf } from './workoutFixtures';
import { DEFAULT_PLATE_SETTINGS } from '@hit/contracts/rules';

/**
 * Every route of the api, called with a body it would accept, for the tests that go through all of them (access
 * matrix, Origin check, no password hash in any answer). The list of routes is read from the app's router stack,
 * so a route added later shows up there and the tests fail until it has its entry here.
 */

type App = ReturnType<typeof createApp>;

/** Both variants of the app: the demo provider (no STRIPE_SECRET_KEY) and Stripe, which adds the webhook. */
export interface Apps {
  demo: App;
  stripe: App;
}

export async function buildApps(database: TestDatabase): Promise<Apps & { close(): Promise<void> }> {
  const stripeServer = await new FakeStripeServer().start();
  const config = loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: TEST_SESSION_SECRET,
    ...STRIPE_TEST_ENV,
    ...TEST_VAPID_ENV,
    PUSH_TEST_SERVICE: UNREACHABLE_PUSH_SERVICE,
  });
  const { connection } = database;
  const stripe = createApp({
    config,
    connection,
    mongoClient: connection.getClient(),
    rateLimits: RELAXED_RATE_LIMITS,
    stripe: stripeServer.client(),
  });
  // The devices subscribe at UNREACHABLE_PUSH_SERVICE, which only an app naming it accepts.
  const demo = buildTestApp(database, { PUSH_TEST_SERVICE: UNREACHABLE_PUSH_SERVICE });
  return { demo, stripe, close: () => stripeServer.close() };
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  rawPath?: string;
}

/** `METHOD /path/:param` for every route the app's router stack holds, mounted routers included. */
export function appRoutes(app: App): string[] {
  const routes: string[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods))
          routes.push(`${method.toUpperCase()} ${prefix}${layer.route.path}`);
      } else if (layer.handle?.stack) {
        // A mounted router: `rawPath` is its mount path ('/' when mounted without one).
        walk(layer.handle.stack, prefix + (layer.rawPath === '/' ? '' : (layer.rawPath ?? '')));
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return routes;
}

/** The routes of both app variants, each once, sorted. */
export function allRoutes(apps: Apps): string[] {
  return [...new Set([...appRoutes(apps.demo), ...appRoutes(apps.stripe)])].sort();
}

/** What a call is made with: an account's credentials and resources (or someone else's, to try to reach them). */
export interface Resources {
  email: string;
  password: string;
  sessionId: string;
  checkoutToken: string;
  /** A goal of the account. */
  goalId: string;
  /** The day the session is on, and the recorded exercises (the client's body for a save). */
  dayId: number;
  exercises: Exercise[];
  /** A device with a push subscription and a rest-over alert scheduled (issue #22). */
  deviceId: string;
}

interface RouteCall {
  path: (r: Resources) => string;
  body?: (r: Resources) => object;
  /** The app variant that has the route (default: demo). */
  app?: keyof Apps;
}

/** A rest-over alert half an hour ahead: no test that calls the routes runs a sender, so it is never sent. */
const restIn30Minutes = (deviceId: string) => ({
  deviceId,
  endsAt: new Date(Date.now() + 30 * 60_000).toISOString(),
  next: { set: 'Working set', exercise: 'Incline Press' },
});

/** A one-set Strong export, for the import routes. */
const IMPORT_SAMPLE =
  'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n' +
  '2024-01-15 07:41:00,Pull,58m,Deadlifts,1,315,6,0,0,,,';

export const ROUTE_CALLS: Record<string, RouteCall> = {
  'GET /api/health': { path: () => '/api/health' },
  'GET /api/remotes': { path: () => '/api/remotes' },
  'POST /api/stripe/webhook': {
    path: () => '/api/stripe/webhook',
    body: () => ({ id: 'evt_unsigned' }),
    app: 'stripe',
  },
  'POST /api/register': { path: () => '/api/register', body: ({ email, password }) => ({ email, password }) },
  'POST /api/login': { path: () => '/api/login', body: ({ email, password }) => ({ email, password }) },
  'POST /api/logout': { path: () => '/api/logout' },
  'GET /api/user': { path: () => '/api/user' },
  'POST /api/user/password': {
    path: () => '/api/user/password',
    body: ({ password }) => ({ currentPassword: password, newPassword: password }),
  },
  'POST /api/password/forgot': { path: () => '/api/password/forgot', body: ({ email }) => ({ email }) },
  // No link was sent for it: refused whoever sends it (the links themselves: passwords.test.ts).
  'POST /api/password/reset': {
    path: () => '/api/password/reset',
    body: ({ password }) => ({ token: 'a'.repeat(43), password }),
  },
  'GET /api/workout-days': { path: () => '/api/workout-days' },
  'GET /api/workout-state': { path: () => '/api/workout-state' },
  'PUT /api/workout-days/:id': {
    path: (r) => `/api/workout-days/${r.dayId}`,
    body: (r) => ({ exercises: r.exercises }),
  },
  'POST /api/workout-days/:id/complete': { path: (r) => `/api/workout-days/${r.dayId}/complete` },
  'POST /api/workout-days/:id/reset': { path: (r) => `/api/workout-days/${r.dayId}/reset` },
  'POST /api/reset': { path: () => '/api/reset' },
  'POST /api/sessions/start': { path: () => '/api/sessions/start', body: (r) => ({ dayId: r.dayId }) },
  'GET /api/sessions/open': { path: () => '/api/sessions/open' },
  'PUT /api/sessions/:id': { path: (r) => `/api/sessions/${r.sessionId}`, body: (r) => ({ exercises: r.exercises }) },
  'POST /api/sessions/:id/end': { path: (r) => `/api/sessions/${r.sessionId}/end` },
  'GET /api/progress': { path: () => '/api/progress' },
  'GET /api/progress/last-workout/:exerciseId/:workoutDayId': {
    path: (r) => `/api/progress/last-workout/${r.exercises[0].id}/${r.dayId}`,
  },
  'POST /api/sync': {
    path: () => '/api/sync',
    body: (r) => ({
      operations: [
        {
          opId: 'route-call-save',
          type: 'save',
          at: new Date().toISOString(),
          dayId: r.dayId,
          sessionId: r.sessionId,
          exercises: r.exercises,
        },
      ],
    }),
  },
  'GET /api/goals': { path: () => '/api/goals' },
  'POST /api/goals': { path: () => '/api/goals', body: () => ({ exerciseId: 102, weight: 40, unit: 'lbs' }) },
  'PATCH /api/goals/:id': { path: (r) => `/api/goals/${r.goalId}`, body: () => ({ weight: 510 }) },
  'DELETE /api/goals/:id': { path: (r) => `/api/goals/${r.goalId}` },
  'GET /api/records': { path: () => '/api/records' },
  'POST /api/import/preview': { path: () => '/api/import/preview', body: () => ({ csv: IMPORT_SAMPLE }) },
  'POST /api/import': { path: () => '/api/import', body: () => ({ csv: IMPORT_SAMPLE }) },
  'GET /api/settings/plates': { path: () => '/api/settings/plates' },
  'PUT /api/settings/plates': { path: () => '/api/settings/plates', body: () => DEFAULT_PLATE_SETTINGS },
  'PUT /api/user/weight-unit': { path: () => '/api/user/weight-unit', body: () => ({ weightUnit: 'kg' }) },
  'GET /api/export/csv': { path: () => '/api/export/csv' },
  'GET /api/export/json': { path: () => '/api/export/json' },
  // With the caller's password: others aim with a wrong one, and the expired trial of the matrix deletes its own account.
  'DELETE /api/user': { path: () => '/api/user', body: ({ password }) => ({ password }) },
  'GET /api/subscription/status': { path: () => '/api/subscription/status' },
  'POST /api/subscription/create-checkout': { path: () => '/api/subscription/create-checkout', body: () => ({}) },
  'POST /api/subscription/sync': { path: () => '/api/subscription/sync' },
  'POST /api/subscription/cancel': { path: () => '/api/subscription/cancel' },
  'GET /api/subscription/demo-checkout/:token': { path: (r) => `/api/subscription/demo-checkout/${r.checkoutToken}` },
  'POST /api/subscription/demo-checkout/:token/confirm': {
    path: (r) => `/api/subscription/demo-checkout/${r.checkoutToken}/confirm`,
  },
  'GET /api/push/key': { path: () => '/api/push/key' },
  // The device's subscription saved again (by someone else: for their own device of that id).
  'PUT /api/push/subscription': {
    path: () => '/api/push/subscription',
    body: (r) => ({ deviceId: r.deviceId, subscription: unreachableSubscription() }),
  },
  'DELETE /api/push/subscription/:deviceId': { path: (r) => `/api/push/subscription/${r.deviceId}` },
  'PUT /api/push/rest': { path: () => '/api/push/rest', body: (r) => restIn30Minutes(r.deviceId) },
  'DELETE /api/push/rest/:deviceId': { path: (r) => `/api/push/rest/${r.deviceId}` },
};

export const isStateChanging = (route: string) => !route.startsWith('GET ');

/** Calls `route` ("METHOD /pattern") with `resources`, as the holder of `cookie` (anonymous without one). */
export function callRoute(apps: Apps, route: string, resources: Resources, cookie?: string): request.Test {
  const call = ROUTE_CALLS[route];
  if (!call) throw new Error(`no call for ${route}`);
  const method = route.split(' ')[0].toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  const test = request(apps[call.app ?? 'demo'])[method](call.path(resources));
  if (cookie) test.set('Cookie', cookie);
  return call.body ? test.send(call.body(resources)) : test;
}

/** The Set-Cookie header of the session cookie in an answer, with its attributes, if the answer set it. */
export function setSessionCookieOf(response: request.Response): string | undefined {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  return cookies.find((header) => header.startsWith(`${SESSION_COOKIE}=`));
}

/** `hit.sid=…` as a browser would send it back, from an answer that set it. */
export function sessionCookieOf(response: request.Response): string {
  const cookie = setSessionCookieOf(response);
  if (!cookie) throw new Error(`no ${SESSION_COOKIE} cookie in the answer (${response.status})`);
  return cookie.split(';')[0];
}

/** The session id inside a `hit.sid=s:<id>.<signature>` cookie. */
export function sessionIdOf(cookie: string): string {
  return decodeURIComponent(cookie.slice(`${SESSION_COOKIE}=`.length))
    .replace(/^s:/, '')
    .replace(/\.[^.]*$/, '');
}

/** A session cookie signed like express-session signs it (with the test secret), for an id of our choosing. */
export function signedSessionCookie(sessionId: string): string {
  const signature = createHmac('sha256', TEST_SESSION_SECRET).update(sessionId).digest('base64').replace(/=+$/, '');
  return `${SESSION_COOKIE}=${encodeURIComponent(`s:${sessionId}.${signature}`)}`;
}

/** A new account, signed in (its session cookie), with nothing recorded yet. */
export async function newAccount(apps: Apps) {
  const email = uniqueEmail('routes');
  const registered = await request(apps.demo)
    .post('/api/register')
    .send({ email, password: TEST_PASSWORD })
    .expect(201);
  return { id: registered.body.id as string, email, cookie: sessionCookieOf(registered) };
}

export interface Account {
  id: string;
  cookie: string;
  /** The account's own credentials and resources. */
  own: Resources;
}

/**
 * A new account, signed in, in the middle of a workout (session on Day 1 with its first exercise's sets saved,
 * so progress is recorded), with a demo checkout started but not confirmed, and a device subscribed to push with a
 * rest-over alert scheduled.
 */
export async function accountWithData(apps: Apps): Promise<Account> {
  const { id, email, cookie } = await newAccount(apps);
  const started = await request(apps.demo)
    .post('/api/sessions/start')
    .set('Cookie', cookie)
    .send({ dayId: 1 })
    .expect(201);
  const session = sessionSchema.parse(started.body);
  const exercises = completeAll(session.exercises.slice(0, 1));
  await request(apps.demo).put(`/api/sessions/${session.id}`).set('Cookie', cookie).send({ exercises }).expect(200);
  const checkout = await request(apps.demo)
    .post('/api/subscription/create-checkout')
    .set('Cookie', cookie)
    .send({})
    .expect(200);
  const { checkoutUrl } = checkoutResponseSchema.parse(checkout.body);
  const goal = await request(apps.demo)
    .post('/api/goals')
    .set('Cookie', cookie)
    .send({ exerciseId: exercises[0].id, weight: 500, unit: 'lbs' })
    .expect(201);
  const deviceId = randomUUID();
  await request(apps.demo)
    .put('/api/push/subscription')
    .set('Cookie', cookie)
    .send({ deviceId, subscription: unreachableSubscription() })
    .expect(204);
  await request(apps.demo).put('/api/push/rest').set('Cookie', cookie).send(restIn30Minutes(deviceId)).expect(200);
  return {
    id,
    cookie,
    own: {
      email,
      password: TEST_PASSWORD,
      sessionId: session.id,
      checkoutToken: checkoutUrl.split('/').pop()!,
      goalId: goal.body.id as string,
      dayId: 1,
      exercises,
      deviceId,
    },
  };
}

/**
 * Everything stored for a user: account, workouts, sessions, progress, goals, pending checkouts, push subscriptions
 * and scheduled alerts.
 */
export async function storedDataOf(database: TestDatabase, userId: string) {
  const id = new Types.ObjectId(userId);
  const all = (collection: string) =>
    database.connection.collection(collection).find({ userId: id }).sort({ _id: 1 }).toArray();
  const [user, pendingCheckouts, goals, pushSubscriptions, scheduledPushes, workouts] = await Promise.all([
    database.connection.collection('users').findOne({ _id: id }),
    all('pendingcheckouts'),
    all('goals'),
    all('pushsubscriptions'),
    all('scheduledpushes'),
    snapshotOf(database, userId),
  ]);
  // Anyone may ask for a reset link for the owner's e-mail (it goes to the owner's inbox): when one was last sent is the
  // route's own mark, not the owner's data, like the link's token.
  if (user) delete user.passwordResetMailedAt;
  return { user, pendingCheckouts, goals, pushSubscriptions, scheduledPushes, ...workouts };
}
