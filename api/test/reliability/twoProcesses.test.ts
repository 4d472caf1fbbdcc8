/**
 * Issue #11, horizontal scaling: two api processes behind one load balancer share one database (here the
 * embedded database as its own process). Whichever process answers, a user sees one sign-in, one sign-in rate
 * limit and one sign-out. Issue #21: each session carries its user's copy (api/src/auth/sessionUser.ts), so a
 * password change, a subscription change and the account's deletion made through one process take effect on the
 * very next request of every session of that user on the other.
 */
import type { WorkoutDay } from '@hit/contracts';
import { MongoClient } from 'mongodb';
import { Types } from 'mongoose';
import { ACCESS_DENIED_MESSAGE } from '../../src/auth/currentUser';
import { LOGIN_RATE_LIMITED_MESSAGE } from '../../src/auth/rateLimits';
import { refreshSessionUsers } from '../../src/auth/sessionUser';
import { TEST_PASSWORD } from '../helpers';
import { ApiClient } from './client';
import {
  makeTempDir,
  startApi,
  startDatabaseProcess,
  stopAllProcesses,
  type ApiProcess,
  type DatabaseProcess,
  type TempDir,
} from './processes';
import { finishWorkout, openSession, signUp, startDay1, withSetsDone } from './workout';

jest.setTimeout(60_000);

/** A database process and two api processes on it (`a`, `b`), for one describe block (its own counters). */
function twoApisOnOneDatabase(name: string) {
  const pair = {} as { a: ApiProcess; b: ApiProcess; mongo: MongoClient };
  let dataDir: TempDir;
  let database: DatabaseProcess;

  beforeAll(async () => {
    dataDir = await makeTempDir(name);
    database = await startDatabaseProcess(dataDir.path);
    // Real limits everywhere.
    const mongodbUri = `${database.uri}/hit-tracker`;
    [pair.a, pair.b] = await Promise.all([
      startApi({ mongodbUri, name: 'api A' }),
      startApi({ mongodbUri, name: 'api B' }),
    ]);
    pair.mongo = await new MongoClient(mongodbUri).connect();
  });

  afterAll(async () => {
    await pair.mongo?.close();
    await stopAllProcesses();
    await dataDir?.remove();
  });

  return pair;
}

describe('two api processes on one database', () => {
  const apis = twoApisOnOneDatabase('two-apis');

  /** The same user (one cookie) talking to A, then to B, as a load balancer may route each request. */
  const onA = (client: ApiClient) => ((client.baseUrl = apis.a.baseUrl), client);
  const onB = (client: ApiClient) => ((client.baseUrl = apis.b.baseUrl), client);

  it('accepts on B the session created on A, and its writes are seen by both', async () => {
    const client = new ApiClient(apis.a.baseUrl);
    const email = await signUp(client, 'two-apis');
    expect(await onB(client).expect(200, 'GET', '/api/user')).toMatchObject({ email });

    const started = await startDay1(onB(client));
    expect((await openSession(onA(client)))?.id).toBe(started.id);
  });

  it('counts failed sign-ins across both: the 11th attempt, alternating A and B, is refused with 429', async () => {
    const victim = new ApiClient(apis.a.baseUrl);
    const email = await signUp(victim, 'two-apis-victim');
    const attacker = new ApiClient(apis.a.baseUrl);
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const on = attempt % 2 === 1 ? onA : onB;
      const failed = await on(attacker).request('POST', '/api/login', { email, password: 'wrong password' });
      expect({ attempt, status: failed.status }).toEqual({ attempt, status: 401 });
    }
    // Five failures on each process: only a shared count reaches the limit of 10. Even the right password is
    // refused now, on either process, and no session is created.
    for (const on of [onA, onB]) {
      const refused = await on(attacker).request('POST', '/api/login', { email, password: TEST_PASSWORD });
      expect(refused).toEqual({ status: 429, body: { message: LOGIN_RATE_LIMITED_MESSAGE } });
      expect(attacker.cookie).toBeUndefined();
    }
  });

  it('ends the session on B when the user signs out on A', async () => {
    const client = new ApiClient(apis.a.baseUrl);
    await signUp(client, 'two-apis-logout');
    const cookie = client.cookie;
    await onB(client).expect(200, 'GET', '/api/user');

    await onA(client).expect(200, 'POST', '/api/logout', {});
    expect(client.cookie).toBeUndefined();
    // Someone who kept the old cookie (a copy, a second tab that missed the sign-out) is signed out everywhere.
    client.cookie = cookie;
    expect((await onB(client).request('GET', '/api/user')).status).toBe(401);
    expect((await onA(client).request('GET', '/api/user')).status).toBe(401);
  });

  it("shows on A, on the very next read, every change B makes to the user's days", async () => {
    const client = new ApiClient(apis.a.baseUrl);
    await signUp(client, 'two-apis-days');
    // Each process keeps the days it last rendered (api/src/services/daysCache.ts): read twice on A, so the second
    // answer is A's kept one, and after each write on B, A must answer what B now answers.
    const daysOn = (on: typeof onA) => on(client).expect<WorkoutDay[]>(200, 'GET', '/api/workout-days');
    const sameOnBoth = async () => {
      const onBoth = { a: await daysOn(onA), b: await daysOn(onB) };
      expect(onBoth.a).toEqual(onBoth.b);
      return onBoth.a;
    };
    await daysOn(onA);
    const fresh = await sameOnBoth();

    const session = await startDay1(onB(client));
    const oneSet = withSetsDone(session, 7, 1, Date.now());
    await onB(client).expect(200, 'PUT', `/api/sessions/${session.id}`, { exercises: oneSet });
    const afterSave = await sameOnBoth();
    expect(afterSave[0].exercises).toEqual(oneSet);
    expect(afterSave).not.toEqual(fresh);

    await finishWorkout(onB(client), session, withSetsDone(session, 7, 3, Date.now()));
    const afterCompletion = await sameOnBoth();
    expect(afterCompletion.map(({ canPerform, isCompleted }) => ({ canPerform, isCompleted }))).toEqual([
      { canPerform: false, isCompleted: true },
      { canPerform: true, isCompleted: false },
      { canPerform: false, isCompleted: false },
    ]);
    expect(afterCompletion[0].lastCompleted).not.toBeNull();

    await onB(client).expect(200, 'POST', '/api/reset', {});
    expect(await sameOnBoth()).toEqual(fresh);
  });
});

describe('a change to the user made through one api process', () => {
  const apis = twoApisOnOneDatabase('two-apis-changes');
  const onB = (client: ApiClient) => ((client.baseUrl = apis.b.baseUrl), client);

  /** One user signed in twice (a phone and a laptop): the first session talks to A, the second to B. */
  async function oneUserTwoDevices(prefix: string) {
    const phone = new ApiClient(apis.a.baseUrl);
    const email = await signUp(phone, prefix);
    const laptop = new ApiClient(apis.b.baseUrl);
    await laptop.expect(200, 'POST', '/api/login', { email, password: TEST_PASSWORD });
    const { id } = await laptop.expect<{ id: string }>(200, 'GET', '/api/user');
    return { phone, laptop, email, id };
  }

  it('signs every other session out, on B, on the request after a password change on A', async () => {
    const { phone, laptop, email } = await oneUserTwoDevices('two-apis-password');
    const newPassword = 'a-new-password-2026';
    await phone.expect(200, 'POST', '/api/user/password', { currentPassword: TEST_PASSWORD, newPassword });

    expect((await laptop.request('GET', '/api/workout-days')).status).toBe(401);
    // The session that changed it stays signed in, on either process; the new password signs in on B.
    await onB(phone).expect(200, 'GET', '/api/workout-days');
    const again = new ApiClient(apis.b.baseUrl);
    expect((await again.request('POST', '/api/login', { email, password: TEST_PASSWORD })).status).toBe(401);
    await again.expect(200, 'POST', '/api/login', { email, password: newPassword });
  });

  it("gives B's session Premium on the request after the upgrade on A, and its cancellation after the cancel", async () => {
    const { phone, laptop, id } = await oneUserTwoDevices('two-apis-upgrade');
    // The trial ended (the passage of time, done to the stored user as an operator would, then its sessions).
    await apis.mongo
      .db()
      .collection('users')
      .updateOne({ _id: new Types.ObjectId(id) }, { $set: { trialEndsAt: new Date(Date.now() - 60_000) } });
    await refreshSessionUsers(apis.mongo.db(), id);
    expect(await laptop.request('POST', '/api/sessions/start', { dayId: 1 })).toEqual({
      status: 402,
      body: { message: ACCESS_DENIED_MESSAGE },
    });

    // The test-mode checkout, bought on A.
    const { checkoutUrl } = await phone.expect<{ checkoutUrl: string }>(
      200,
      'POST',
      '/api/subscription/create-checkout',
      {},
    );
    const confirmed = await fetch(`${apis.a.baseUrl}${checkoutUrl}/confirm`, {
      method: 'POST',
      headers: { Cookie: phone.cookie!, 'X-Forwarded-Proto': 'https' },
      redirect: 'manual',
    });
    expect(confirmed.status).toBe(303);

    expect(await laptop.expect(200, 'GET', '/api/subscription/status')).toMatchObject({
      hasActiveSubscription: true,
      subscriptionStatus: 'active',
      canAccessFeatures: true,
    });
    await startDay1(laptop);

    await phone.expect(200, 'POST', '/api/subscription/cancel', {});
    expect(await laptop.expect(200, 'GET', '/api/subscription/status')).toMatchObject({
      subscriptionStatus: 'cancelled',
      canAccessFeatures: true,
    });
  });

  it('ends every session of the account, on B, on the request after its deletion on A', async () => {
    const { phone, laptop, email } = await oneUserTwoDevices('two-apis-delete');
    const phoneCookie = phone.cookie;
    await phone.expect(200, 'DELETE', '/api/user', { password: TEST_PASSWORD });

    expect((await laptop.request('GET', '/api/workout-days')).status).toBe(401);
    phone.cookie = phoneCookie;
    expect((await onB(phone).request('GET', '/api/user')).status).toBe(401);
    expect(
      (await new ApiClient(apis.b.baseUrl).request('POST', '/api/login', { email, password: TEST_PASSWORD })).status,
    ).toBe(401);
  });
});
