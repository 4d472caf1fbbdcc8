/**
 * Issue #22: a scheduled rest-over alert survives the api process itself. The real server (api/src/server.ts, which
 * reads the VAPID keys at start and runs the sender) schedules an alert, is killed with SIGKILL, and a new process on
 * the same data folder sends it on time, signed with the same keys: the pair made into DATA_DIR/vapid.json on the
 * first start is the one every later start uses, so the browser's subscription stays valid.
 */
import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { restOverTitle, type PushKey, type RestAlertPayload } from '@hit/contracts';
import { MockPushService } from './mockPushService';
import { TEST_VAPID_ENV } from './vapidTestKeys';
import { ApiClient } from './reliability/client';
import { makeTempDir, startApi, stopAllProcesses, type TempDir } from './reliability/processes';
import { signUp } from './reliability/workout';

// Two starts of a real process, compiled on load.
jest.setTimeout(90_000);

/** Long enough for a kill and a start on a busy machine; if the start takes longer, the alert is due at once. */
const REST_MS = 6000;

/**
 * NODE_ENV=test with the mock named as the push service it may reach (nothing on loopback is otherwise), and no VAPID
 * variables: the keys are the data folder's.
 */
const envFor = (mock: MockPushService) => ({
  NODE_ENV: 'test',
  VAPID_PUBLIC_KEY: '',
  VAPID_PRIVATE_KEY: '',
  VAPID_SUBJECT: '',
  PUSH_TEST_SERVICE: mock.service,
});

describe('a scheduled alert across an api restart', () => {
  let dataDir: TempDir;
  let mock: MockPushService | undefined;

  beforeAll(async () => {
    dataDir = await makeTempDir('push-restart');
  });
  afterAll(async () => {
    await stopAllProcesses();
    await mock?.close();
    await dataDir?.remove();
  });

  it('is sent within 1 s of the rest’s end by the process started after the one that scheduled it was killed', async () => {
    // Started first, so the api is told its port; it accepts the api's key once the api has made it.
    mock = await MockPushService.start(TEST_VAPID_ENV.VAPID_PUBLIC_KEY);
    const env = envFor(mock);
    const first = await startApi({ dataDir: dataDir.path, env, name: 'api (first start)' });
    const client = new ApiClient(first.baseUrl);
    await signUp(client, 'push-restart');
    const { publicKey } = await client.expect<PushKey>(200, 'GET', '/api/push/key');
    const keyFile = await stat(path.join(dataDir.path, 'vapid.json'));
    expect(keyFile.mode & 0o777).toBe(0o600);
    mock.acceptVapidKey(publicKey);
    const subscription = mock.newSubscription();
    const deviceId = randomUUID();
    await client.expect(204, 'PUT', '/api/push/subscription', { deviceId, subscription: subscription.json });
    const endsAt = Date.now() + REST_MS;
    const next = { set: 'Working set', exercise: 'Leg Press' };
    await client.expect(200, 'PUT', '/api/push/rest', { deviceId, endsAt: new Date(endsAt).toISOString(), next });

    await first.process.kill();
    expect(mock.received).toEqual([]);

    const second = await startApi({ dataDir: dataDir.path, env, name: 'api (after the crash)' });
    const upAt = Date.now();
    client.baseUrl = second.baseUrl;
    // The same keys, read back from the data folder; the user is still signed in.
    expect(await client.expect<PushKey>(200, 'GET', '/api/push/key')).toEqual({ publicKey });

    await mock.waitFor(
      'the alert after the restart',
      () => mock!.pushesTo(subscription).length === 1,
      REST_MS + 30_000,
    );
    const [push] = mock.pushesTo(subscription);
    console.log(
      `push restart: the new api was up ${endsAt - upAt} ms before the rest's end; ` +
        `the alert arrived ${push.at - endsAt} ms after it`,
    );
    expect(mock.problems).toEqual([]);
    expect(push.payload).toEqual({
      type: 'rest-over',
      title: restOverTitle(next.set, next.exercise),
      endsAt: new Date(endsAt).toISOString(),
      url: '/home',
    } satisfies RestAlertPayload);
    // Never early; within 1 s of the rest's end, or of the new process being up if it came up after the end.
    expect(push.at).toBeGreaterThanOrEqual(endsAt);
    expect(push.at - Math.max(endsAt, upAt)).toBeLessThan(1000);
    await second.process.stop();
  });
});
