/**
 * Issue #11, horizontal scaling: two api processes behind one load balancer share one database (here the
 * embedded database as its own process). Whichever process answers, a user sees one sign-in, one sign-in rate
 * limit and one sign-out.
 */
import { LOGIN_RATE_LIMITED_MESSAGE } from '../../src/auth/rateLimits';
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
import { openSession, signUp, startDay1 } from './workout';

jest.setTimeout(60_000);

describe('two api processes on one database', () => {
  let dataDir: TempDir;
  let database: DatabaseProcess;
  let a: ApiProcess;
  let b: ApiProcess;

  beforeAll(async () => {
    dataDir = await makeTempDir('two-apis');
    database = await startDatabaseProcess(dataDir.path);
    // Real limits everywhere: these tests sign up three users and fail ten sign-ins.
    const mongodbUri = `${database.uri}/hit-tracker`;
    [a, b] = await Promise.all([startApi({ mongodbUri, name: 'api A' }), startApi({ mongodbUri, name: 'api B' })]);
  });

  afterAll(async () => {
    await stopAllProcesses();
    await dataDir?.remove();
  });

  /** The same user (one cookie) talking to A, then to B, as a load balancer may route each request. */
  const onA = (client: ApiClient) => ((client.baseUrl = a.baseUrl), client);
  const onB = (client: ApiClient) => ((client.baseUrl = b.baseUrl), client);

  it('accepts on B the session created on A, and its writes are seen by both', async () => {
    const client = new ApiClient(a.baseUrl);
    const email = await signUp(client, 'two-apis');
    expect(await onB(client).expect(200, 'GET', '/api/user')).toMatchObject({ email });

    const started = await startDay1(onB(client));
    expect((await openSession(onA(client)))?.id).toBe(started.id);
  });

  it('counts failed sign-ins across both: the 11th attempt, alternating A and B, is refused with 429', async () => {
    const victim = new ApiClient(a.baseUrl);
    const email = await signUp(victim, 'two-apis-victim');
    const attacker = new ApiClient(a.baseUrl);
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
    const client = new ApiClient(a.baseUrl);
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
});
