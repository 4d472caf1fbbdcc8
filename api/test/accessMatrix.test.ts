import type request from 'supertest';
import { ACCESS_DENIED_MESSAGE } from '../src/auth/currentUser';
import { INVALID_CREDENTIALS_MESSAGE } from '../src/auth/passport';
import { WRONG_PASSWORD_MESSAGE } from '../src/routes/account';
import { CURRENT_PASSWORD_INCORRECT_MESSAGE } from '../src/services/passwords';
import { startTestDatabase, type TestDatabase } from './helpers';
import {
  accountWithData,
  allRoutes,
  newAccount,
  buildApps,
  callRoute,
  ROUTE_CALLS,
  storedDataOf,
  type Account,
  type Apps,
} from './routeCalls';
import { expireTrial } from './workoutFixtures';

/**
 * The status every route answers to each kind of caller:
 * - anonymous: no session cookie, aiming at the owner's resources (session id, checkout token, e-mail);
 * - otherUser: another signed-in user (new, trial running) aiming at the owner's resources, with a wrong password;
 * - expiredTrial: a signed-in user whose trial is over, on their own resources.
 * Days are numbered 1-3 within each user's program: another user's PUT /api/workout-days/1 is on their own Day 1.
 */
interface Expected {
  anonymous: number;
  otherUser: number;
  expiredTrial: number;
  /** What the other user reads (when it could hold the owner's data): nothing of the owner's. */
  otherUserSees?: unknown;
}

const PUBLIC = (status: number): Expected => ({ anonymous: status, otherUser: status, expiredTrial: status });
const SIGNED_IN = { anonymous: 401, otherUser: 200, expiredTrial: 200 };
const PREMIUM = { anonymous: 401, otherUser: 200, expiredTrial: 402 };
const PREMIUM_OWNED = { anonymous: 401, otherUser: 404, expiredTrial: 402 };

const EXPECTED: Record<string, Expected> = {
  'GET /api/health': PUBLIC(200),
  'GET /api/remotes': PUBLIC(200),
  // Server to server: no signature, no entry, whoever calls.
  'POST /api/stripe/webhook': PUBLIC(400),
  // The owner's e-mail cannot be taken over, signed in or not.
  'POST /api/register': PUBLIC(409),
  'POST /api/login': { anonymous: 401, otherUser: 401, expiredTrial: 200 },
  'POST /api/logout': PUBLIC(200),
  'GET /api/user': SIGNED_IN,
  // Another user changes their own password, and does not know the owner's: refused like a wrong sign-in.
  'POST /api/user/password': { anonymous: 401, otherUser: 401, expiredTrial: 200 },
  // The same neutral answer for every e-mail, the owner's included; the owner's password stays theirs.
  'POST /api/password/forgot': PUBLIC(200),
  'POST /api/password/reset': PUBLIC(400),
  'GET /api/workout-days': SIGNED_IN,
  'GET /api/workout-state': SIGNED_IN,
  'PUT /api/workout-days/:id': PREMIUM,
  'POST /api/workout-days/:id/complete': PREMIUM,
  'POST /api/workout-days/:id/reset': PREMIUM,
  'POST /api/reset': PREMIUM,
  'POST /api/sessions/start': { ...PREMIUM, otherUser: 201 },
  'GET /api/sessions/open': { ...PREMIUM, otherUserSees: null },
  'PUT /api/sessions/:id': PREMIUM_OWNED,
  'POST /api/sessions/:id/end': PREMIUM_OWNED,
  'GET /api/progress': { ...PREMIUM, otherUserSees: [] },
  'GET /api/progress/last-workout/:exerciseId/:workoutDayId': {
    ...PREMIUM,
    otherUserSees: { workingSet: null, warmupSet: null },
  },
  // Signed in, not premium: each operation is judged by its own time (an expired trial's is answered 'waiting' in the
  // body), and another user's operation on the owner's session is rejected in the body.
  'POST /api/sync': SIGNED_IN,
  // Goals and records are premium like the analytics; a goal id is the owner's alone.
  'GET /api/goals': { ...PREMIUM, otherUserSees: [] },
  'POST /api/goals': { ...PREMIUM, otherUser: 201 },
  'PATCH /api/goals/:id': PREMIUM_OWNED,
  'DELETE /api/goals/:id': PREMIUM_OWNED,
  'GET /api/records': { ...PREMIUM, otherUserSees: { lbs: [], kg: [] } },
  // Importing is tracking: premium; another user imports into their own account.
  'POST /api/import/preview': PREMIUM,
  'POST /api/import': PREMIUM,
  // The lifter's plates stay theirs after the trial; another user reads and writes their own.
  'GET /api/settings/plates': SIGNED_IN,
  'PUT /api/settings/plates': SIGNED_IN,
  // The lifter's unit, like the plates: theirs after the trial; another user sets their own.
  'PUT /api/user/weight-unit': SIGNED_IN,
  // A user's data is theirs, trial over or not; another user downloads their own.
  'GET /api/export/csv': SIGNED_IN,
  'GET /api/export/json': SIGNED_IN,
  // Another user does not know the owner's password (their own account, a wrong password); the expired trial deletes
  // its own account.
  'DELETE /api/user': { anonymous: 401, otherUser: 401, expiredTrial: 200 },
  // Billing stays open once the trial is over: the upgrade must be reachable.
  'GET /api/subscription/status': SIGNED_IN,
  'POST /api/subscription/create-checkout': SIGNED_IN,
  'POST /api/subscription/sync': SIGNED_IN,
  'POST /api/subscription/cancel': SIGNED_IN,
  'GET /api/subscription/demo-checkout/:token': { anonymous: 401, otherUser: 404, expiredTrial: 200 },
  'POST /api/subscription/demo-checkout/:token/confirm': { anonymous: 401, otherUser: 404, expiredTrial: 303 },
  // The rest-over alert (issue #22): signed in, not premium. A device id is the user's own: another user's save or
  // cancel with the owner's device id is about their own device of that id (the owner's stays as it was), and they
  // cannot schedule an alert for it (no subscription of theirs: 404).
  'GET /api/push/key': SIGNED_IN,
  'PUT /api/push/subscription': { anonymous: 401, otherUser: 204, expiredTrial: 204 },
  'DELETE /api/push/subscription/:deviceId': { anonymous: 401, otherUser: 204, expiredTrial: 204 },
  'PUT /api/push/rest': { anonymous: 401, otherUser: 404, expiredTrial: 200 },
  'DELETE /api/push/rest/:deviceId': { anonymous: 401, otherUser: 204, expiredTrial: 204 },
};

/**
 * The JSON bodies of the refusals (the demo checkout's refusals are HTML pages; a failed sign-in, or a signed-in user's
 * wrong current password, says why).
 */
function refusal(route: string, status: number, who: string): { message: string } | undefined {
  if (status === 401 && route === 'DELETE /api/user' && who !== 'anonymous') return { message: WRONG_PASSWORD_MESSAGE };
  if (status === 401 && route === 'POST /api/user/password' && who !== 'anonymous') {
    return { message: CURRENT_PASSWORD_INCORRECT_MESSAGE };
  }
  if (status === 401)
    return { message: route === 'POST /api/login' ? INVALID_CREDENTIALS_MESSAGE : 'Not authenticated' };
  if (status === 402) return { message: ACCESS_DENIED_MESSAGE };
  return undefined;
}

describe('access control matrix', () => {
  let database: TestDatabase;
  let apps: Apps & { close(): Promise<void> };
  /** "B": the user whose resources the others aim at. */
  let owner: Account;
  let ownerBefore: Awaited<ReturnType<typeof storedDataOf>>;

  beforeAll(async () => {
    database = await startTestDatabase();
    apps = await buildApps(database);
    owner = await accountWithData(apps);
    ownerBefore = await storedDataOf(database, owner.id);
  });
  afterAll(async () => {
    await apps.close();
    await database.close();
  });

  /** The owner's resources as someone else would aim at them: they do not know the password. */
  const ownersResources = () => ({ ...owner.own, password: 'not the owner password' });

  function expectAnswer(who: string, route: string, response: request.Response, status: number) {
    expect([who, route, response.status]).toEqual([who, route, status]);
    const refused = refusal(route, status, who);
    if (refused && response.type === 'application/json') expect(response.body).toEqual(refused);
    // Nothing of the owner's, and no password hash, whoever asks.
    for (const secret of [
      owner.id,
      owner.own.email,
      owner.own.sessionId,
      owner.own.checkoutToken,
      owner.own.deviceId,
    ]) {
      expect(response.text).not.toContain(secret);
    }
    expect(response.text).not.toMatch(/passwordHash|scrypt\$/);
  }

  it('has an entry for every route of the app, and none for a route that does not exist', () => {
    const routes = allRoutes(apps);
    expect(routes.length).toBeGreaterThan(20);
    expect(Object.keys(EXPECTED).sort()).toEqual(routes);
    expect(Object.keys(ROUTE_CALLS).sort()).toEqual(routes);
  });

  it.each(Object.entries(EXPECTED))(
    '%s answers anonymous, another user and an expired trial as the table says, changing nothing of the owner',
    async (route, expected) => {
      const anonymous = await callRoute(apps, route, ownersResources());
      expectAnswer('anonymous', route, anonymous, expected.anonymous);

      const otherUser = await newAccount(apps);
      const fromOtherUser = await callRoute(apps, route, ownersResources(), otherUser.cookie);
      expectAnswer('other user', route, fromOtherUser, expected.otherUser);
      if ('otherUserSees' in expected) expect(fromOtherUser.body).toEqual(expected.otherUserSees);

      const expired = await accountWithData(apps);
      await expireTrial(database, expired.id);
      expectAnswer(
        'expired trial',
        route,
        await callRoute(apps, route, expired.own, expired.cookie),
        expected.expiredTrial,
      );

      expect(await storedDataOf(database, owner.id)).toEqual(ownerBefore);
    },
  );

  it("leaves the owner's data, session and open workout as they were after everyone else's calls", async () => {
    expect(await storedDataOf(database, owner.id)).toEqual(ownerBefore);
    const me = await callRoute(apps, 'GET /api/user', owner.own, owner.cookie).expect(200);
    expect(me.body.id).toBe(owner.id);
    const open = await callRoute(apps, 'GET /api/sessions/open', owner.own, owner.cookie).expect(200);
    expect([open.body.id, open.body.exercises[0]]).toEqual([owner.own.sessionId, owner.own.exercises[0]]);
    const progress = await callRoute(apps, 'GET /api/progress', owner.own, owner.cookie).expect(200);
    expect(progress.body).toHaveLength(owner.own.exercises[0].sets.length);
    await callRoute(apps, 'GET /api/subscription/demo-checkout/:token', owner.own, owner.cookie).expect(200);
  });
});
