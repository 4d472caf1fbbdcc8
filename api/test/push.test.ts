import { createECDH, randomUUID } from 'node:crypto';
import request from 'supertest';
import { Types } from 'mongoose';
import {
  REST_ALERT_LATE_MS,
  REST_ALERT_TAG,
  REST_ALERT_TTL_SECONDS,
  restOverTitle,
  type RestAlertPayload,
} from '@hit/contracts';
import { createApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import {
  AUTH_REFUSED_MESSAGE,
  ENDPOINT_REFUSED_MESSAGE,
  ENDS_AT_AHEAD_MESSAGE,
  ENDS_AT_PAST_MESSAGE,
  NO_PUSH_SUBSCRIPTION_MESSAGE,
  P256DH_REFUSED_MESSAGE,
} from '../src/services/push';
import { logger } from '../src/logger';
import { REST_ALERT_RATE_LIMITED_MESSAGE, REST_ALERT_WINDOW_MS, REST_ALERTS_PER_WINDOW } from '../src/routes/push';
import { NON_PUBLIC_ADDRESS_WARNING, type PushSender, type ResolveHost } from '../src/services/pushSender';
import {
  buildTestApp,
  RELAXED_RATE_LIMITS,
  signUp,
  startTestDatabase,
  TEST_PASSWORD,
  TEST_VAPID_ENV,
  uniqueEmail,
  type TestDatabase,
} from './helpers';
import { MockPushService, type BrowserSubscription } from './mockPushService';

type Agent = ReturnType<typeof request.agent>;

const NEXT = { set: 'Working set', exercise: 'Incline Press' };
const TITLE = restOverTitle(NEXT.set, NEXT.exercise);

describe('the rest-over alert by Web Push (issue #22)', () => {
  let database: TestDatabase;
  let mock: MockPushService;
  let app: App;
  let sender: PushSender | undefined;

  beforeAll(async () => {
    database = await startTestDatabase();
    mock = await MockPushService.start(TEST_VAPID_ENV.VAPID_PUBLIC_KEY);
    app = buildTestApp(database, pushEnv());
    sender = app.push.startSender();
  });
  afterAll(async () => {
    await sender?.stop();
    await mock.close();
    await database.close();
  });
  afterEach(() => {
    // Every message the api sent was signed, addressed and encrypted right.
    expect(mock.problems).toEqual([]);
  });

  /** The mock is the push service the apps may reach: named by host and port, as nothing on loopback is otherwise. */
  const pushEnv = (env: NodeJS.ProcessEnv = {}) => ({ PUSH_TEST_SERVICE: mock.service, ...env });
  const subscriptions = () => database.connection.collection('pushsubscriptions');
  const scheduled = () => database.connection.collection('scheduledpushes');

  /** A device of the agent's user with a subscription at the mock push service. */
  async function subscribedDevice(agent: Agent, subscription = mock.newSubscription()) {
    const deviceId = randomUUID();
    await agent.put('/api/push/subscription').send({ deviceId, subscription: subscription.json }).expect(204);
    return { deviceId, subscription };
  }

  /**
   * A new user signed in to an app built with `env`, and how they save a subscription at `endpoint`. In production
   * the app sits behind a TLS proxy on loopback (TRUST_PROXY), as production runs: the session cookie is Secure.
   */
  async function subscriberOf(env: NodeJS.ProcessEnv) {
    const production = env.NODE_ENV === 'production';
    const built = buildTestApp(
      database,
      production ? { SESSION_SECRET: 'p'.repeat(40), TRUST_PROXY: 'loopback', ...env } : env,
    );
    const secure = (call: request.Test) => (production ? call.set('X-Forwarded-Proto', 'https') : call);
    const registered = await secure(request(built).post('/api/register'))
      .send({ email: uniqueEmail('push'), password: TEST_PASSWORD })
      .expect(201);
    const cookie = ([] as string[])
      .concat(registered.headers['set-cookie'] ?? [])
      .find((line) => line.startsWith('hit.sid='))!
      .split(';')[0];
    const save = (endpoint: string) =>
      secure(request(built).put('/api/push/subscription'))
        .set('Cookie', cookie)
        .send({ deviceId: randomUUID(), subscription: { ...mock.newSubscription().json, endpoint } });
    return { save };
  }

  /** Every endpoint is answered 400 with the endpoint's message. */
  async function expectRefused(save: (endpoint: string) => request.Test, endpoints: string[]): Promise<void> {
    for (const endpoint of endpoints) {
      const response = await save(endpoint);
      expect([endpoint, response.status, response.body]).toEqual([
        endpoint,
        400,
        { message: ENDPOINT_REFUSED_MESSAGE },
      ]);
    }
  }

  /** Schedules the device's alert `inMs` from now; resolves with the rest's end (ms). */
  async function scheduleIn(agent: Agent, deviceId: string, inMs: number, next = NEXT): Promise<number> {
    const endsAt = new Date(Date.now() + inMs);
    const response = await agent
      .put('/api/push/rest')
      .send({ deviceId, endsAt: endsAt.toISOString(), next })
      .expect(200);
    expect(response.body).toEqual({ dueAt: endsAt.toISOString() });
    return endsAt.getTime();
  }

  /**
   * Waits for a sentinel alert scheduled after the others (the sender sends in due order): once it has arrived, an
   * alert due before it that did not arrive was not sent. No fixed sleep.
   */
  async function sentinelAfter(agent: Agent, inMs: number): Promise<void> {
    const sentinel = await subscribedDevice(agent);
    await scheduleIn(agent, sentinel.deviceId, inMs);
    await mock.waitFor('the sentinel alert', () => mock.pushesTo(sentinel.subscription).length === 1);
  }

  const arrivals = (subscription: BrowserSubscription) => mock.pushesTo(subscription).map((push) => push.at);

  describe('GET /api/push/key', () => {
    it('answers the VAPID public key to a signed-in user, 401 to a visitor', async () => {
      const { agent } = await signUp(app);
      expect((await agent.get('/api/push/key').expect(200)).body).toEqual({
        publicKey: TEST_VAPID_ENV.VAPID_PUBLIC_KEY,
      });
      expect((await request(app).get('/api/push/key').expect(401)).body).toEqual({ message: 'Not authenticated' });
    });
  });

  describe('PUT /api/push/subscription', () => {
    it('stores one subscription per device of the user, replaced when the device saves it again', async () => {
      const { agent, user } = await signUp(app);
      const { deviceId } = await subscribedDevice(agent);
      const replacement = mock.newSubscription();
      await agent.put('/api/push/subscription').send({ deviceId, subscription: replacement.json }).expect(204);
      const stored = await subscriptions()
        .find({ userId: new Types.ObjectId(user.id) })
        .toArray();
      expect(stored).toEqual([
        expect.objectContaining({ deviceId, endpoint: replacement.json.endpoint, keys: replacement.json.keys }),
      ]);
      // The session that saved it is named by a hash, never by its id.
      expect(stored[0].sessionKey).toMatch(/^[0-9a-f]{64}$/);
    });

    it('refuses an endpoint that is not a push service, keys that cannot encrypt and a bad body, with 400', async () => {
      const { agent } = await signUp(app);
      const valid = mock.newSubscription().json;
      const refused = async (body: object, message: string) => {
        const response = await agent.put('/api/push/subscription').send(body).expect(400);
        expect(response.body).toEqual({ message });
      };
      const deviceId = randomUUID();
      for (const endpoint of [
        'http://push.example.com/x',
        'https://169.254.169.254/latest/meta-data',
        'https://fcm.googleapis.com.evil.example/fcm/send/x',
        'https://evilfcm.googleapis.com/fcm/send/x',
        'https://fcm.googleapis.com:8443/fcm/send/x',
        'https://user:secret@fcm.googleapis.com/fcm/send/x',
        'http://10.0.0.7/push',
        'http://[::ffff:127.0.0.1]/push',
      ]) {
        await refused({ deviceId, subscription: { ...valid, endpoint } }, ENDPOINT_REFUSED_MESSAGE);
      }
      const notAPoint = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 0xff)]).toString('base64url');
      await refused(
        { deviceId, subscription: { ...valid, keys: { ...valid.keys, p256dh: notAPoint } } },
        P256DH_REFUSED_MESSAGE,
      );
      await refused(
        { deviceId, subscription: { ...valid, keys: { ...valid.keys, p256dh: 'AAAA' } } },
        P256DH_REFUSED_MESSAGE,
      );
      await refused(
        { deviceId, subscription: { ...valid, keys: { ...valid.keys, auth: 'c2hvcnQ' } } },
        AUTH_REFUSED_MESSAGE,
      );
      await refused({ deviceId: 'phone', subscription: valid }, 'deviceId: must be a device id (a UUID)');
      await refused(
        { deviceId, subscription: { ...valid, endpoint: 'ftp://x' } },
        'subscription.endpoint: must be an http(s) URL',
      );
      for (const expirationTime of [2.6e253, 8.64e15 + 1, -1, '2030-01-01']) {
        await refused(
          { deviceId, subscription: { ...valid, expirationTime } },
          'subscription.expirationTime: must be a time in milliseconds or null',
        );
      }
      await refused({ deviceId, subscription: valid, userId: 'someone' }, 'Subscription: unknown field "userId"');
      expect(await subscriptions().countDocuments({ deviceId })).toBe(0);
    });

    it('in production accepts only the https push services of PUSH_SERVICE_HOSTS, loopback refused', async () => {
      const { save } = await subscriberOf({
        NODE_ENV: 'production',
        PUSH_SERVICE_HOSTS: 'fcm.googleapis.com,push.apple.com',
      });
      for (const endpoint of ['https://fcm.googleapis.com/fcm/send/abc', 'https://web.push.apple.com/QO2x']) {
        expect([endpoint, (await save(endpoint)).status]).toEqual([endpoint, 204]);
      }
      await expectRefused(save, [
        mock.newSubscription().json.endpoint,
        'https://127.0.0.1/push/x',
        'https://localhost/push/x',
        'http://fcm.googleapis.com/fcm/send/abc',
        'https://updates.push.services.mozilla.com/wpush/v2/x',
      ]);
    });
  });

  describe('no push to loopback, a private or a special address, in any mode', () => {
    /** Loopback as a client may spell it: the URL parser makes most of them 127.0.0.1. */
    const LOOPBACK = [
      'http://127.0.0.1:4000/push/x',
      'https://127.0.0.1/push/x',
      'http://127.255.255.254:4000/push/x',
      'http://localhost:4000/push/x',
      'https://localhost/push/x',
      'http://LOCALHOST:4000/push/x',
      'http://[::1]:4000/push/x',
      'https://[::1]/push/x',
      'http://[0:0:0:0:0:0:0:1]:4000/push/x',
      'http://127.1:4000/push/x',
      'http://0x7f000001:4000/push/x',
      'http://2130706433:4000/push/x',
      'http://017700000001:4000/push/x',
      'http://127.000.000.001:4000/push/x',
      'http://[::ffff:127.0.0.1]:4000/push/x',
    ];
    /** Private, link-local, unspecified, shared (CGNAT), multicast, broadcast, and IPv6 forms that embed IPv4. */
    const PRIVATE_AND_SPECIAL = [
      'https://10.0.0.7/push',
      'https://172.16.5.4/push',
      'https://172.31.255.1/push',
      'https://192.168.1.1/push',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/push',
      'https://0.0.0.0/push',
      'http://0:4000/push',
      'https://224.0.0.1/push',
      'https://255.255.255.255/push',
      'https://[::]/push',
      'https://[fe80::1]/push',
      'https://[fc00::1]/push',
      'https://[fd12:3456::1]/push',
      'https://[ff02::1]/push',
      'https://[::ffff:10.0.0.1]/push',
      'https://[::ffff:169.254.169.254]/push',
      'https://[::127.0.0.1]/push',
      'https://[64:ff9b::7f00:1]/push',
      'https://[2002:7f00:1::]/push',
    ];

    it.each(['development', 'test', 'production'])(
      'in %s mode refuses every spelling of loopback and every private or special address with 400',
      async (NODE_ENV) => {
        // No PUSH_TEST_SERVICE: the mode alone allows nothing, the mock included. The addresses are refused even
        // where PUSH_SERVICE_HOSTS names them.
        const { save } = await subscriberOf({
          NODE_ENV,
          PUSH_SERVICE_HOSTS: 'fcm.googleapis.com,127.0.0.1,10.0.0.7,169.254.169.254',
        });
        await expectRefused(save, [mock.newSubscription().json.endpoint, ...LOOPBACK, ...PRIVATE_AND_SPECIAL]);
        expect((await save('https://fcm.googleapis.com/fcm/send/abc')).status).toBe(204);
      },
    );

    it('reaches exactly the host and port PUSH_TEST_SERVICE names, over http or https: another port or name is refused', async () => {
      const { save } = await subscriberOf(pushEnv());
      for (const endpoint of [`http://127.0.0.1:${mock.port}/push/a`, `https://127.0.0.1:${mock.port}/push/b`]) {
        expect([endpoint, (await save(endpoint)).status]).toEqual([endpoint, 204]);
      }
      await expectRefused(save, [
        `http://127.0.0.1:${mock.port + 1}/push/x`,
        'http://127.0.0.1/push/x',
        'https://127.0.0.1/push/x',
        `http://localhost:${mock.port}/push/x`,
        `http://[::1]:${mock.port}/push/x`,
        `http://[::ffff:127.0.0.1]:${mock.port}/push/x`,
        `http://127.0.0.2:${mock.port}/push/x`,
        `http://user:pw@127.0.0.1:${mock.port}/push/x`,
        ...LOOPBACK,
        ...PRIVATE_AND_SPECIAL,
      ]);
    });

    it('sends nothing to a loopback subscription the configuration does not name (saved when it named another port)', async () => {
      const elsewhere = await MockPushService.start(TEST_VAPID_ENV.VAPID_PUBLIC_KEY);
      try {
        // Saved through an app that named the other service; only this file's sender runs, and it names the mock.
        const before = buildTestApp(database, { PUSH_TEST_SERVICE: elsewhere.service });
        const { agent, user } = await signUp(before);
        const stale = await subscribedDevice(agent, elsewhere.newSubscription());
        await scheduleIn(agent, stale.deviceId, 300);
        const { agent: now } = await signUp(app);
        await sentinelAfter(now, 900);
        expect(elsewhere.connections).toBe(0);
        expect(elsewhere.received).toEqual([]);
        expect(await scheduled().countDocuments({ userId: new Types.ObjectId(user.id) })).toBe(0);
      } finally {
        await elsewhere.close();
      }
    });

    it('refuses at connect time a push service whose name resolves to loopback: nothing sent, the subscription kept', async () => {
      const looked: string[] = [];
      // A host of PUSH_SERVICE_HOSTS whose DNS answers loopback (a rebinding attack, or a bad record).
      const resolve: ResolveHost = async (hostname) => {
        looked.push(hostname);
        return [{ address: '127.0.0.1', family: 4 }];
      };
      const named = buildTestApp(database, pushEnv({ PUSH_SERVICE_HOSTS: 'push.example.test' }));
      // This test's sender alone: the file's would refuse the endpoint before any look-up (not in its hosts).
      await sender?.stop();
      sender = undefined;
      const warn = jest.spyOn(logger, 'warn');
      const namedSender = named.push.startSender({ resolve });
      try {
        const { agent } = await signUp(named);
        const browser = mock.newSubscription();
        const endpoint = `https://push.example.test/push/${browser.id}`;
        const { deviceId } = await subscribedDevice(agent, { ...browser, json: { ...browser.json, endpoint } });
        await scheduleIn(agent, deviceId, 300);
        const refusal = () =>
          warn.mock.calls.some(
            ([message, fields]) =>
              message === NON_PUBLIC_ADDRESS_WARNING &&
              (fields as { host?: string } | undefined)?.host === 'push.example.test',
          );
        await mock.waitFor('the refusal', refusal);
        await sentinelAfter(agent, 600);
        expect(looked).toContain('push.example.test');
        expect(mock.pushesTo(browser)).toEqual([]);
        // The device keeps its subscription: a refused address says nothing about the subscription itself.
        expect(await subscriptions().countDocuments({ deviceId })).toBe(1);
      } finally {
        warn.mockRestore();
        await namedSender.stop();
        sender = app.push.startSender();
      }
    });
  });

  describe('the alert', () => {
    it('arrives within 1 s of the rest’s end, signed by the api, encrypted for the device, with TTL, high urgency and the topic', async () => {
      const { agent } = await signUp(app);
      const { deviceId, subscription } = await subscribedDevice(agent);
      const endsAt = await scheduleIn(agent, deviceId, 1200);
      await mock.waitFor('the alert', () => mock.pushesTo(subscription).length === 1);

      const [push] = mock.pushesTo(subscription);
      expect(push.at - endsAt).toBeGreaterThanOrEqual(0);
      expect(push.at - endsAt).toBeLessThan(1000);
      expect(push).toMatchObject({
        ttl: String(REST_ALERT_TTL_SECONDS),
        urgency: 'high',
        topic: REST_ALERT_TAG,
        contentEncoding: 'aes128gcm',
        claims: { aud: mock.origin, sub: TEST_VAPID_ENV.VAPID_SUBJECT },
      });
      expect(push.payload).toEqual({
        type: 'rest-over',
        title: 'Rest over — next: Working set of Incline Press',
        endsAt: new Date(endsAt).toISOString(),
        url: '/home',
      } satisfies RestAlertPayload);
      // Sent once, and no longer scheduled.
      expect(await scheduled().countDocuments({ deviceId })).toBe(0);
    });

    it('is cancelled by DELETE /api/push/rest/:deviceId (the rest skipped)', async () => {
      const { agent } = await signUp(app);
      const { deviceId, subscription } = await subscribedDevice(agent);
      await scheduleIn(agent, deviceId, 800);
      await agent.delete(`/api/push/rest/${deviceId}`).expect(204);
      // Cancelling again, or with nothing scheduled, is no error.
      await agent.delete(`/api/push/rest/${deviceId}`).expect(204);
      await sentinelAfter(agent, 1200);
      expect(arrivals(subscription)).toEqual([]);
    });

    it('moves with a new PUT (paused, then resumed): one alert, at the new end, naming the new next set', async () => {
      const { agent } = await signUp(app);
      const { deviceId, subscription } = await subscribedDevice(agent);
      await scheduleIn(agent, deviceId, 700);
      // Paused: cancelled; resumed later with what is left, so the rest now ends later.
      await agent.delete(`/api/push/rest/${deviceId}`).expect(204);
      const resumedEnd = await scheduleIn(agent, deviceId, 1500, { set: 'Warm-up 2', exercise: 'Deadlifts' });
      await mock.waitFor('the moved alert', () => mock.pushesTo(subscription).length === 1);
      // And a rest moved earlier (an undo that shortened it) is sent at its new, earlier end.
      const earlierEnd = await scheduleIn(agent, deviceId, 3000);
      const movedEarlier = await scheduleIn(agent, deviceId, 600);
      await sentinelAfter(agent, 1000);

      const pushes = mock.pushesTo(subscription);
      expect(pushes.map((push) => (push.payload as RestAlertPayload).endsAt)).toEqual([
        new Date(resumedEnd).toISOString(),
        new Date(movedEarlier).toISOString(),
      ]);
      expect((pushes[0].payload as RestAlertPayload).title).toBe('Rest over — next: Warm-up 2 of Deadlifts');
      expect(pushes[0].at - resumedEnd).toBeGreaterThanOrEqual(0);
      expect(pushes[0].at - resumedEnd).toBeLessThan(1000);
      expect(pushes[1].at - movedEarlier).toBeLessThan(1000);
      expect(pushes[1].at).toBeLessThan(earlierEnd);
      expect(await scheduled().countDocuments({ deviceId })).toBe(0);
    });

    it('is dropped, never sent, when it was due more than 60 s ago (no api was running); one due less long ago is sent', async () => {
      const { agent, user } = await signUp(app);
      const stale = await subscribedDevice(agent);
      const recent = await subscribedDevice(agent);
      const userId = new Types.ObjectId(user.id);
      const now = Date.now();
      await scheduled().insertMany([
        {
          userId,
          deviceId: stale.deviceId,
          dueAt: new Date(now - REST_ALERT_LATE_MS - 1000),
          title: TITLE,
          scheduledAt: new Date(now - 5 * 60_000),
        },
        {
          userId,
          deviceId: recent.deviceId,
          dueAt: new Date(now - REST_ALERT_LATE_MS / 2),
          title: TITLE,
          scheduledAt: new Date(now - 5 * 60_000),
        },
      ]);
      await mock.waitFor('the recent alert', () => mock.pushesTo(recent.subscription).length === 1);
      await sentinelAfter(agent, 300);
      expect(arrivals(stale.subscription)).toEqual([]);
      expect(await scheduled().countDocuments({ userId })).toBe(0);
    });

    it('survives a restart: scheduled while one api runs, sent on time by a new api on the same database', async () => {
      const { agent } = await signUp(app);
      const { deviceId, subscription } = await subscribedDevice(agent);
      // The api that schedules it stops (its sender first, as server.ts does on SIGTERM).
      const first = buildTestApp(database, pushEnv());
      let firstSender: PushSender | undefined = first.push.startSender();
      await sender!.stop();
      sender = undefined;
      const endsAt = await scheduleIn(agent, deviceId, 1200);
      await firstSender.stop();
      firstSender = undefined;
      expect(await scheduled().countDocuments({ deviceId })).toBe(1);

      // A new process: its own app and sender on the same database.
      const restarted = createApp({
        config: loadConfig({ NODE_ENV: 'test', ...TEST_VAPID_ENV, ...pushEnv() }),
        connection: database.connection,
        mongoClient: database.connection.getClient(),
        rateLimits: RELAXED_RATE_LIMITS,
      });
      sender = restarted.push.startSender();
      await mock.waitFor('the alert after the restart', () => mock.pushesTo(subscription).length === 1);
      const [push] = mock.pushesTo(subscription);
      expect(push.at - endsAt).toBeGreaterThanOrEqual(0);
      expect(push.at - endsAt).toBeLessThan(1000);
      expect((push.payload as RestAlertPayload).title).toBe(TITLE);
    });

    it('is sent once when several api processes run a sender on one database', async () => {
      const others = [buildTestApp(database, pushEnv()), buildTestApp(database, pushEnv())].map((other) =>
        other.push.startSender(),
      );
      try {
        const { agent } = await signUp(app);
        const devices = await Promise.all([1, 2, 3, 4, 5].map(() => subscribedDevice(agent)));
        const endsAt = Date.now() + 1000;
        for (const { deviceId } of devices) {
          await agent
            .put('/api/push/rest')
            .send({ deviceId, endsAt: new Date(endsAt).toISOString(), next: NEXT })
            .expect(200);
        }
        await mock.waitFor('every alert', () => devices.every((d) => mock.pushesTo(d.subscription).length >= 1));
        await sentinelAfter(agent, 1500);
        for (const { subscription } of devices) {
          expect(arrivals(subscription)).toHaveLength(1);
          expect(arrivals(subscription)[0] - endsAt).toBeLessThan(1000);
        }
      } finally {
        await Promise.all(others.map((other) => other.stop()));
      }
    });

    it('deletes a subscription the push service answers 404 or 410 for; another failure is logged, not retried, and keeps it', async () => {
      const { agent, user } = await signUp(app);
      const gone = await subscribedDevice(agent);
      const unknown = await subscribedDevice(agent);
      const failing = await subscribedDevice(agent);
      mock.answers.set(gone.subscription.id, 410);
      mock.answers.set(unknown.subscription.id, 404);
      mock.answers.set(failing.subscription.id, 500);
      for (const device of [gone, unknown, failing]) await scheduleIn(agent, device.deviceId, 300);
      await mock.waitFor('the three alerts', () =>
        [gone, unknown, failing].every((d) => mock.pushesTo(d.subscription).length === 1),
      );
      await sentinelAfter(agent, 800);
      const remaining = await subscriptions()
        .find({ userId: new Types.ObjectId(user.id) }, { projection: { deviceId: 1 } })
        .toArray();
      const remainingDevices = remaining.map((s) => s.deviceId);
      expect(remainingDevices).not.toContain(gone.deviceId);
      expect(remainingDevices).not.toContain(unknown.deviceId);
      expect(remainingDevices).toContain(failing.deviceId);
      // Sent once each: a failure is not retried.
      expect(arrivals(failing.subscription)).toHaveLength(1);
      // A gone device cannot schedule any more.
      const response = await agent
        .put('/api/push/rest')
        .send({ deviceId: gone.deviceId, endsAt: new Date(Date.now() + 60_000).toISOString(), next: NEXT })
        .expect(404);
      expect(response.body).toEqual({ message: NO_PUSH_SUBSCRIPTION_MESSAGE });
    });
  });

  describe('PUT /api/push/rest', () => {
    it('refuses a rest that ended over 60 s ago or ends over an hour ahead, naming endsAt', async () => {
      const { agent } = await signUp(app);
      const { deviceId } = await subscribedDevice(agent);
      const put = (endsAt: string) => agent.put('/api/push/rest').send({ deviceId, endsAt, next: NEXT });
      const past = await put(new Date(Date.now() - REST_ALERT_LATE_MS - 5000).toISOString()).expect(400);
      expect(past.body).toEqual({ message: ENDS_AT_PAST_MESSAGE });
      const ahead = await put(new Date(Date.now() + 61 * 60_000).toISOString()).expect(400);
      expect(ahead.body).toEqual({ message: ENDS_AT_AHEAD_MESSAGE });
      const notADate = await put('in a minute').expect(400);
      expect(notADate.body).toEqual({ message: 'endsAt: must be an ISO date-time' });
      const noNext = await agent
        .put('/api/push/rest')
        .send({ deviceId, endsAt: new Date().toISOString(), next: { set: ' ', exercise: 'Dips' } })
        .expect(400);
      expect(noNext.body).toEqual({ message: 'next.set: must not be empty' });
      expect(await scheduled().countDocuments({ deviceId })).toBe(0);
    });

    it(`is limited to ${REST_ALERTS_PER_WINDOW} per user in ${REST_ALERT_WINDOW_MS / 60_000} minutes: then 429 with Retry-After, other users unaffected`, async () => {
      const { agent } = await signUp(app);
      const { deviceId } = await subscribedDevice(agent);
      const body = () => ({ deviceId, endsAt: new Date(Date.now() + 60_000).toISOString(), next: NEXT });
      for (let i = 0; i < REST_ALERTS_PER_WINDOW; i++) await agent.put('/api/push/rest').send(body()).expect(200);
      const limited = await agent.put('/api/push/rest').send(body()).expect(429);
      expect(limited.body).toEqual({ message: REST_ALERT_RATE_LIMITED_MESSAGE });
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(REST_ALERT_WINDOW_MS / 1000);
      // Cancelling is not limited: the rest the lifter skips is never pushed.
      await agent.delete(`/api/push/rest/${deviceId}`).expect(204);
      expect(await scheduled().countDocuments({ deviceId })).toBe(0);

      const other = await signUp(app);
      const otherDevice = await subscribedDevice(other.agent);
      await other.agent
        .put('/api/push/rest')
        .send({ ...body(), deviceId: otherDevice.deviceId })
        .expect(200);
      await other.agent.delete(`/api/push/rest/${otherDevice.deviceId}`).expect(204);
    });

    it('reaches only the user’s own devices: another user’s device id is 404 and their DELETE cancels nothing', async () => {
      const owner = await signUp(app);
      const other = await signUp(app);
      const { deviceId, subscription } = await subscribedDevice(owner.agent);
      const endsAt = await scheduleIn(owner.agent, deviceId, 1200);

      const foreign = await other.agent
        .put('/api/push/rest')
        .send({ deviceId, endsAt: new Date(Date.now() + 500).toISOString(), next: { set: 'Spam', exercise: 'Spam' } })
        .expect(404);
      expect(foreign.body).toEqual({ message: NO_PUSH_SUBSCRIPTION_MESSAGE });
      await other.agent.delete(`/api/push/rest/${deviceId}`).expect(204);
      await other.agent.delete(`/api/push/subscription/${deviceId}`).expect(204);
      await request(app).delete(`/api/push/rest/${deviceId}`).expect(401);

      await mock.waitFor('the owner’s alert', () => mock.pushesTo(subscription).length === 1);
      const [push] = mock.pushesTo(subscription);
      expect((push.payload as RestAlertPayload).title).toBe(TITLE);
      expect(push.at - endsAt).toBeLessThan(1000);
      expect(await subscriptions().countDocuments({ deviceId })).toBe(1);
    });
  });

  describe('a new VAPID key pair (a redeploy with other keys)', () => {
    /** A P-256 pair in the form VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY take. */
    function newVapidEnv() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      return {
        VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url'),
        VAPID_PRIVATE_KEY: Buffer.concat([
          Buffer.alloc(32 - ecdh.getPrivateKey().length),
          ecdh.getPrivateKey(),
        ]).toString('base64url'),
      };
    }

    it('drops a subscription made for the earlier key with a 404, so the device subscribes again with the new one', async () => {
      const { agent, user } = await signUp(app);
      const { deviceId } = await subscribedDevice(agent);
      const keys = newVapidEnv();
      const rotated = buildTestApp(database, pushEnv(keys));
      const phone = request.agent(rotated);
      await phone.post('/api/login').send({ email: user.email, password: TEST_PASSWORD }).expect(200);

      // The push service would refuse every push to it (signed with the new key): the api forgets it.
      const endsAt = new Date(Date.now() + 60_000).toISOString();
      const stale = await phone.put('/api/push/rest').send({ deviceId, endsAt, next: NEXT }).expect(404);
      expect(stale.body).toEqual({ message: NO_PUSH_SUBSCRIPTION_MESSAGE });
      expect(await subscriptions().countDocuments({ deviceId })).toBe(0);
      expect(await scheduled().countDocuments({ deviceId })).toBe(0);

      // The device, told 404, subscribes again with the key the api now answers (platform's restAlerts client).
      expect((await phone.get('/api/push/key').expect(200)).body).toEqual({ publicKey: keys.VAPID_PUBLIC_KEY });
      await phone
        .put('/api/push/subscription')
        .send({ deviceId, subscription: mock.newSubscription().json })
        .expect(204);
      await phone.put('/api/push/rest').send({ deviceId, endsAt, next: NEXT }).expect(200);
      expect(await scheduled().countDocuments({ deviceId })).toBe(1);
    });

    it('a sender still on the earlier key sends nothing to a subscription made for the new one, and drops it', async () => {
      const { agent, user } = await signUp(app);
      const rotated = buildTestApp(database, pushEnv(newVapidEnv()));
      const phone = request.agent(rotated);
      await phone.post('/api/login').send({ email: user.email, password: TEST_PASSWORD }).expect(200);
      const { deviceId, subscription } = await subscribedDevice(phone);
      await scheduleIn(phone, deviceId, 300);

      // This file's sender (the earlier key) takes the alert; an alert after it shows it has passed.
      await sentinelAfter(agent, 1200);
      expect(mock.pushesTo(subscription)).toEqual([]);
      expect(await subscriptions().countDocuments({ deviceId })).toBe(0);
      expect(await scheduled().countDocuments({ deviceId })).toBe(0);
    });
  });

  describe('clean-up', () => {
    it('DELETE /api/push/subscription/:deviceId removes the subscription and its alert', async () => {
      const { agent } = await signUp(app);
      const { deviceId, subscription } = await subscribedDevice(agent);
      await scheduleIn(agent, deviceId, 700);
      await agent.delete(`/api/push/subscription/${deviceId}`).expect(204);
      expect(await subscriptions().countDocuments({ deviceId })).toBe(0);
      expect(await scheduled().countDocuments({ deviceId })).toBe(0);
      await sentinelAfter(agent, 1000);
      expect(arrivals(subscription)).toEqual([]);
      const refused = await agent.delete('/api/push/subscription/not-a-device').expect(400);
      expect(refused.body).toEqual({ message: 'deviceId: must be a device id (a UUID)' });
    });

    it('signing out removes the device’s subscription and alert; the user’s other device keeps its own', async () => {
      const { agent, user } = await signUp(app);
      const phone = await subscribedDevice(agent);
      const laptopAgent = request.agent(app);
      await laptopAgent.post('/api/login').send({ email: user.email, password: TEST_PASSWORD }).expect(200);
      const laptop = await subscribedDevice(laptopAgent);
      await scheduleIn(agent, phone.deviceId, 800);

      await agent.post('/api/logout').expect(200);
      expect(await subscriptions().countDocuments({ deviceId: phone.deviceId })).toBe(0);
      expect(await scheduled().countDocuments({ deviceId: phone.deviceId })).toBe(0);
      expect(await subscriptions().countDocuments({ deviceId: laptop.deviceId })).toBe(1);
      await sentinelAfter(laptopAgent, 1100);
      expect(arrivals(phone.subscription)).toEqual([]);
    });

    it('a password change removes the subscriptions of the sessions it signs out, and keeps this one’s', async () => {
      const { agent, user } = await signUp(app);
      const here = await subscribedDevice(agent);
      const elsewhereAgent = request.agent(app);
      await elsewhereAgent.post('/api/login').send({ email: user.email, password: TEST_PASSWORD }).expect(200);
      const elsewhere = await subscribedDevice(elsewhereAgent);
      await scheduleIn(elsewhereAgent, elsewhere.deviceId, 60_000);

      const newPassword = `${TEST_PASSWORD} changed`;
      await agent.post('/api/user/password').send({ currentPassword: TEST_PASSWORD, newPassword }).expect(200);
      expect(await subscriptions().countDocuments({ deviceId: elsewhere.deviceId })).toBe(0);
      expect(await scheduled().countDocuments({ deviceId: elsewhere.deviceId })).toBe(0);
      expect(await subscriptions().countDocuments({ deviceId: here.deviceId })).toBe(1);
      await elsewhereAgent.get('/api/push/key').expect(401);
    });

    it('a sign-in over a signed-in browser keeps its subscription for the same user and removes it for another', async () => {
      const first = await signUp(app);
      const second = await signUp(app);
      const device = await subscribedDevice(first.agent);
      // The same user signs in again on this browser (a new session id): the device keeps its subscription, and
      // signing out of the new session removes it.
      await first.agent.post('/api/login').send({ email: first.user.email, password: TEST_PASSWORD }).expect(200);
      await scheduleIn(first.agent, device.deviceId, 60_000);
      expect(await subscriptions().countDocuments({ deviceId: device.deviceId })).toBe(1);
      await first.agent.post('/api/logout').expect(200);
      expect(await subscriptions().countDocuments({ deviceId: device.deviceId })).toBe(0);

      // Someone else signs in on a browser where the first user is signed in: the first user's subscription goes.
      const browser = await relogin(first.user.email);
      await browser.agent.post('/api/login').send({ email: second.user.email, password: TEST_PASSWORD }).expect(200);
      expect(await subscriptions().countDocuments({ deviceId: browser.device.deviceId })).toBe(0);
    });

    it('deleting the account removes every subscription and scheduled alert of the user', async () => {
      const { agent, user } = await signUp(app);
      const devices = [await subscribedDevice(agent), await subscribedDevice(agent)];
      for (const { deviceId } of devices) await scheduleIn(agent, deviceId, 60_000);
      const userId = new Types.ObjectId(user.id);
      expect(await subscriptions().countDocuments({ userId })).toBe(2);
      await agent.delete('/api/user').send({ password: TEST_PASSWORD }).expect(200);
      expect(await subscriptions().countDocuments({ userId })).toBe(0);
      expect(await scheduled().countDocuments({ userId })).toBe(0);
    });

    it('alerts only the later of two users who saved the same browser’s endpoint', async () => {
      const before = await signUp(app);
      const after = await signUp(app);
      const browser = mock.newSubscription();
      const earlier = await subscribedDevice(before.agent, browser);
      const later = await subscribedDevice(after.agent, browser);
      await scheduleIn(before.agent, earlier.deviceId, 300, { set: 'Theirs', exercise: 'Dips' });
      await scheduleIn(after.agent, later.deviceId, 700);
      await sentinelAfter(after.agent, 1000);
      expect(mock.pushesTo(browser).map((push) => (push.payload as RestAlertPayload).title)).toEqual([TITLE]);
      expect(await subscriptions().countDocuments({ deviceId: earlier.deviceId })).toBe(0);
    });

    it('keeps at most 20 devices per user: saving another drops the one saved longest ago', async () => {
      const { agent, user } = await signUp(app);
      const devices = [];
      for (let i = 0; i < 21; i++) devices.push(await subscribedDevice(agent));
      const stored = await subscriptions()
        .find({ userId: new Types.ObjectId(user.id) }, { projection: { deviceId: 1 } })
        .toArray();
      expect(stored).toHaveLength(20);
      expect(stored.map((s) => s.deviceId)).not.toContain(devices[0].deviceId);
    });
  });

  /** A new agent signed in as `email`, with a subscribed device. */
  async function relogin(email: string) {
    const agent = request.agent(app);
    await agent.post('/api/login').send({ email, password: TEST_PASSWORD }).expect(200);
    const device = await subscribedDevice(agent);
    return { agent, device };
  }
});
