import request from 'supertest';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { RATE_LIMITS, LOGIN_RATE_LIMITED_MESSAGE, REGISTER_RATE_LIMITED_MESSAGE } from '../src/auth/rateLimits';
import { MongoRateLimitStore } from '../src/http/rateLimitStore';
import { logger } from '../src/logger';
import { rateLimitCounterModel } from '../src/models/rateLimitCounter';
import { SESSION_COOKIE } from '../src/session';
import { buildTestApp, signUp, startTestDatabase, TEST_PASSWORD, uniqueEmail, type TestDatabase } from './helpers';

type App = ReturnType<typeof buildTestApp>;

function sessionCookie(response: request.Response): string | undefined {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  return cookies.find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
}

// The apps here trust X-Forwarded-For from a proxy on loopback (TRUST_PROXY), so a test can speak from any address.
const BEHIND_LOOPBACK_PROXY = { TRUST_PROXY: 'loopback' };
let addressCounter = 0;
function newAddress(): string {
  addressCounter += 1;
  return `203.0.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

function logIn(app: App, email: string, password: string, ip: string) {
  return request(app).post('/api/login').set('X-Forwarded-For', ip).send({ email, password });
}

async function failLogins(app: App, count: number, email: () => string, ip: () => string) {
  for (let i = 0; i < count; i += 1) {
    const response = await logIn(app, email(), 'wrong password', ip());
    expect(response.status).toBe(401);
  }
}

describe('security', () => {
  let database: TestDatabase;
  /** The app with the real limits, as in production. */
  let app: App;

  beforeAll(async () => {
    database = await startTestDatabase();
    app = buildTestApp(database, BEHIND_LOOPBACK_PROXY, undefined, RATE_LIMITS);
  });
  afterAll(() => database.close());

  const sessionCount = () => database.connection.collection('sessions').countDocuments();

  describe('sign-in rate limit', () => {
    it('after 10 failed sign-ins for one e-mail, from any addresses, refuses the 11th with 429 even with the right password', async () => {
      const { user } = await signUp(app);
      await failLogins(app, 10, () => user.email, newAddress);
      const sessionsBefore = await sessionCount();

      const refused = await logIn(app, user.email, TEST_PASSWORD, newAddress()).expect(429);
      expect(refused.body).toEqual({ message: LOGIN_RATE_LIMITED_MESSAGE });
      expect(sessionCookie(refused)).toBeUndefined();
      expect(await sessionCount()).toBe(sessionsBefore);
      // The e-mail is normalized as the sign-in route does it.
      await logIn(app, `  ${user.email.toUpperCase()} `, TEST_PASSWORD, newAddress()).expect(429);
    });

    it('answers the 429 as JSON with draft-8 RateLimit headers and a Retry-After', async () => {
      const { user } = await signUp(app);
      await failLogins(app, 10, () => user.email, newAddress);
      const refused = await logIn(app, user.email, TEST_PASSWORD, newAddress()).expect(429);
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
      expect(refused.headers['ratelimit-policy']).toMatch(/"login-email"; q=10; w=900; pk=:[^:]+:/);
      expect(refused.headers['ratelimit']).toMatch(/"login-email"; r=0; t=\d+/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(900);
      expect(refused.headers['x-ratelimit-limit']).toBeUndefined();
    });

    it('after 10 failed sign-ins from one address, refuses the 11th from it whatever the e-mail', async () => {
      const { user } = await signUp(app);
      const attacker = newAddress();
      await failLogins(
        app,
        10,
        () => uniqueEmail('probe'),
        () => attacker,
      );

      const refused = await logIn(app, user.email, TEST_PASSWORD, attacker).expect(429);
      expect(refused.body).toEqual({ message: LOGIN_RATE_LIMITED_MESSAGE });
      // The account itself is not locked: its owner elsewhere signs in.
      await logIn(app, user.email, TEST_PASSWORD, newAddress()).expect(200);
    });

    it('limits a different e-mail from the same address only by the address count', async () => {
      const [{ user: victim }, { user: neighbour }] = [await signUp(app), await signUp(app)];
      const shared = newAddress();
      await failLogins(
        app,
        5,
        () => victim.email,
        () => shared,
      );
      await failLogins(app, 5, () => victim.email, newAddress);
      await logIn(app, victim.email, TEST_PASSWORD, shared).expect(429); // the victim's e-mail: 10 failures

      // The shared address has 5 failures: a neighbour on it signs in, then fails 5 times, which ends the address's allowance.
      await logIn(app, neighbour.email, TEST_PASSWORD, shared).expect(200);
      await failLogins(
        app,
        5,
        () => neighbour.email,
        () => shared,
      );
      await logIn(app, neighbour.email, TEST_PASSWORD, shared).expect(429);
      await logIn(app, neighbour.email, TEST_PASSWORD, newAddress()).expect(200);
    });

    it('counts only failed sign-ins: successful ones and malformed requests give their hit back', async () => {
      const { user } = await signUp(app);
      const home = newAddress();
      for (let i = 0; i < 12; i += 1) await logIn(app, user.email, TEST_PASSWORD, home).expect(200);
      for (let i = 0; i < 12; i += 1) {
        await request(app).post('/api/login').set('X-Forwarded-For', home).send({ email: user.email }).expect(400);
      }
      await failLogins(
        app,
        10,
        () => user.email,
        () => home,
      );
      await logIn(app, user.email, TEST_PASSWORD, home).expect(429);
    });

    it('keeps one count for several api processes on the same database', async () => {
      const { user } = await signUp(app);
      const [first, second] = [
        buildTestApp(database, BEHIND_LOOPBACK_PROXY, undefined, RATE_LIMITS),
        buildTestApp(database, BEHIND_LOOPBACK_PROXY, undefined, RATE_LIMITS),
      ];
      await failLogins(first, 5, () => user.email, newAddress);
      await failLogins(second, 5, () => user.email, newAddress);
      await logIn(first, user.email, TEST_PASSWORD, newAddress()).expect(429);
      await logIn(second, user.email, TEST_PASSWORD, newAddress()).expect(429);
    });
  });

  describe('sign-up rate limit', () => {
    it('refuses the 21st sign-up attempt from one address within an hour, and no other address', async () => {
      const busy = newAddress();
      const register = (ip: string) =>
        request(app)
          .post('/api/register')
          .set('X-Forwarded-For', ip)
          .send({ email: uniqueEmail(), password: TEST_PASSWORD });
      for (let i = 0; i < 20; i += 1) await register(busy).expect(201);

      const refused = await register(busy).expect(429);
      expect(refused.body).toEqual({ message: REGISTER_RATE_LIMITED_MESSAGE });
      expect(refused.headers['ratelimit-policy']).toMatch(/"register-ip"; q=20; w=3600/);
      await register(newAddress()).expect(201);
    });

    it('answers a known e-mail 409 User already exists (the decision on enumeration), and counts it like any attempt', async () => {
      // The spec's message for a taken e-mail; probing with it costs a sign-up attempt, 20 an hour per address.
      const { user } = await signUp(app);
      const prober = newAddress();
      const probe = (email: string) =>
        request(app).post('/api/register').set('X-Forwarded-For', prober).send({ email, password: TEST_PASSWORD });
      const known = await probe(user.email.toUpperCase()).expect(409);
      expect(known.body).toEqual({ message: 'User already exists' });
      expect(sessionCookie(known)).toBeUndefined();
      for (let i = 1; i < RATE_LIMITS.registrationsPerIp; i += 1) await probe(user.email).expect(409);
      const refused = await probe(user.email).expect(429);
      expect(refused.body).toEqual({ message: REGISTER_RATE_LIMITED_MESSAGE });
      // Known or not, the 21st answer is the same 429: the limit says nothing of the e-mail.
      expect((await probe(uniqueEmail()).expect(429)).body).toEqual(refused.body);
    });

    it('follows REGISTRATIONS_PER_IP_PER_HOUR when the operator sets it', async () => {
      const strict = createApp({
        config: loadConfig({ NODE_ENV: 'test', ...BEHIND_LOOPBACK_PROXY, REGISTRATIONS_PER_IP_PER_HOUR: '2' }),
        connection: database.connection,
        mongoClient: database.connection.getClient(),
      });
      const address = newAddress();
      const register = () =>
        request(strict)
          .post('/api/register')
          .set('X-Forwarded-For', address)
          .send({ email: uniqueEmail(), password: TEST_PASSWORD });
      await register().expect(201);
      await register().expect(201);
      const refused = await register().expect(429);
      expect(refused.headers['ratelimit-policy']).toMatch(/"register-ip"; q=2; w=3600/);
    });
  });

  describe('MongoDB rate-limit store', () => {
    function store(prefix: string, windowMs: number) {
      const counters = rateLimitCounterModel(database.connection);
      const created = new MongoRateLimitStore(counters, prefix);
      created.init({ windowMs } as Parameters<MongoRateLimitStore['init']>[0]);
      return created;
    }

    it('counts hits in a window, gives hits back, forgets a key on reset', async () => {
      const counter = store('unit:', 60_000);
      const before = Date.now();
      const first = await counter.increment('a');
      expect(first.totalHits).toBe(1);
      expect(first.resetTime!.getTime()).toBeGreaterThanOrEqual(before + 60_000);
      expect((await counter.increment('a')).totalHits).toBe(2);
      expect((await counter.increment('b')).totalHits).toBe(1);
      await counter.decrement('a');
      expect(await counter.get('a')).toEqual({ totalHits: 1, resetTime: first.resetTime });
      await counter.resetKey('a');
      expect(await counter.get('a')).toBeUndefined();
      // Decrementing an unknown key creates nothing and never goes below zero.
      await counter.decrement('c');
      expect(await counter.get('c')).toBeUndefined();
    });

    it('starts a new window once the old one has ended, even before the TTL sweep removes it', async () => {
      const counter = store('short:', 150);
      await counter.increment('a');
      await counter.increment('a');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await counter.get('a')).toBeUndefined();
      const fresh = await counter.increment('a');
      expect(fresh.totalHits).toBe(1);
      expect(fresh.resetTime!.getTime()).toBeGreaterThan(Date.now());
    });

    it('never loses a hit when two processes count the same new key at once', async () => {
      const [one, two] = [store('race:', 60_000), store('race:', 60_000)];
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? one : two).increment('shared')),
      );
      expect(results.map((result) => result.totalHits).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
      expect(new Set(results.map((result) => result.resetTime!.getTime())).size).toBe(1);
    });

    it('keeps its counters in a collection with a TTL index on the window end', async () => {
      await rateLimitCounterModel(database.connection).init();
      const indexes = await database.connection.collection('ratelimits').listIndexes().toArray();
      expect(indexes).toContainEqual(expect.objectContaining({ key: { resetAt: 1 }, expireAfterSeconds: 0 }));
    });
  });

  describe('Origin check', () => {
    it('refuses a sign-in posted from another site, with no session', async () => {
      const { user } = await signUp(app);
      const sessionsBefore = await sessionCount();
      const response = await request(app)
        .post('/api/login')
        .set('Origin', 'https://evil.example')
        .send({ email: user.email, password: TEST_PASSWORD })
        .expect(403);
      expect(response.body).toEqual({ message: 'Cross-origin request refused' });
      expect(sessionCookie(response)).toBeUndefined();
      expect(await sessionCount()).toBe(sessionsBefore);
    });

    it('allows a sign-in from the page’s own origin', async () => {
      const { user } = await signUp(app);
      await request(app)
        .post('/api/login')
        .set('Host', 'hit.example.com:8080')
        .set('Origin', 'http://hit.example.com:8080')
        .send({ email: user.email, password: TEST_PASSWORD })
        .expect(200);
    });

    it('refuses every state-changing method from another origin, before any route', async () => {
      const { agent } = await signUp(app);
      for (const method of ['post', 'put', 'patch', 'delete'] as const) {
        const response = await agent[method]('/api/anything').set('Origin', 'https://evil.example');
        expect([method, response.status, response.body]).toEqual([
          method,
          403,
          { message: 'Cross-origin request refused' },
        ]);
      }
      // A forged sign-out does not sign the user out.
      await agent.post('/api/logout').set('Origin', 'https://evil.example').expect(403);
      await agent.get('/api/user').expect(200);
    });

    it('lets reads through from any origin (they change nothing)', async () => {
      const { agent } = await signUp(app);
      await agent.get('/api/user').set('Origin', 'https://evil.example').expect(200);
    });

    it('falls back to Referer when there is no Origin, and allows requests with neither (non-browser clients)', async () => {
      const { user } = await signUp(app);
      const body = { email: user.email, password: TEST_PASSWORD };
      await request(app).post('/api/login').set('Referer', 'https://evil.example/attack.html').send(body).expect(403);
      await request(app)
        .post('/api/login')
        .set('Host', 'hit.example.com')
        .set('Referer', 'http://hit.example.com/auth?next=home')
        .send(body)
        .expect(200);
      await request(app).post('/api/login').send(body).expect(200);
    });

    it('refuses an opaque origin ("null", e.g. a sandboxed frame) and a malformed Referer', async () => {
      await request(app).post('/api/logout').set('Origin', 'null').expect(403);
      await request(app).post('/api/logout').set('Referer', 'not a url').expect(403);
    });

    it('allows PUBLIC_ORIGIN, as seen behind a proxy that rewrites the host', async () => {
      const proxied = buildTestApp(database, { PUBLIC_ORIGIN: 'https://hit.example.com' });
      await request(proxied)
        .post('/api/logout')
        .set('Host', 'api:3000')
        .set('Origin', 'https://hit.example.com')
        .expect(200);
      await request(proxied)
        .post('/api/logout')
        .set('Host', 'api:3000')
        .set('Origin', 'https://other.example')
        .expect(403);
    });

    it('allows the webpack dev servers only in dev mode', async () => {
      const dev = buildTestApp(database, { REMOTES_MODE: 'dev' });
      await request(dev).post('/api/logout').set('Origin', 'http://localhost:3000').expect(200);
      await request(dev).post('/api/logout').set('Origin', 'http://localhost:3011').expect(200);
      await request(app).post('/api/logout').set('Origin', 'http://localhost:3000').expect(403);
    });

    it('never blocks the Stripe webhook (server to server, verified by its signature)', async () => {
      for (const path of ['/api/stripe/webhook', '/api/stripe/webhook/']) {
        const response = await request(app)
          .post(path)
          .set('Origin', 'https://stripe.example')
          .set('Content-Type', 'application/json')
          .send('{}');
        expect([path, response.status]).not.toEqual([path, 403]);
      }
    });
  });

  describe('headers', () => {
    it('sends the origin on same-origin requests (a no-referrer policy would make form posts say Origin: null)', async () => {
      const response = await request(app).get('/api/health');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    });

    it('marks every /api answer no-store, except the remote map (private, no-cache)', async () => {
      const { agent } = await signUp(app);
      const answers = {
        user: await agent.get('/api/user'),
        anonymous: await request(app).get('/api/user'),
        unknownRoute: await request(app).get('/api/no-such-thing'),
        health: await request(app).get('/api/health'),
        login: await request(app).post('/api/login').send({ email: uniqueEmail(), password: 'wrong password' }),
      };
      for (const [name, answer] of Object.entries(answers)) {
        expect([name, answer.headers['cache-control']]).toEqual([name, 'no-store']);
      }
      expect((await request(app).get('/api/remotes')).headers['cache-control']).toBe('private, no-cache');
    });

    it('never sends X-Powered-By', async () => {
      const { agent } = await signUp(app);
      for (const answer of [
        await agent.get('/api/user'),
        await request(app).get('/api/no-such-thing'),
        await request(app).get('/no-such-page'),
        await request(app).post('/api/login').send({}),
      ]) {
        expect(answer.headers['x-powered-by']).toBeUndefined();
      }
    });
  });
});

describe('logs', () => {
  /** Runs `action` with the logger on (it is silent under NODE_ENV=test) and answers everything it wrote. */
  async function captureLogs(action: () => Promise<void>): Promise<string> {
    const lines: string[] = [];
    const capture = (chunk: unknown) => {
      lines.push(String(chunk));
      return true;
    };
    const stdout = jest.spyOn(process.stdout, 'write').mockImplementation(capture);
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(capture);
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'development';
    try {
      await action();
    } finally {
      process.env.NODE_ENV = nodeEnv;
      stdout.mockRestore();
      stderr.mockRestore();
    }
    return lines.join('');
  }

  it('redact passwords, hashes, secrets and cookies, however deep, and reduce documents to their fields', async () => {
    const database = await startTestDatabase();
    try {
      const { user } = await signUp(buildTestApp(database));
      const User = database.connection.models.User;
      const stored = await User.findOne({ email: user.email }).orFail();
      const output = await captureLogs(async () => {
        logger.error('everything at once', {
          body: { email: user.email, password: TEST_PASSWORD, nested: { newPassword: TEST_PASSWORD } },
          user: stored,
          headers: { cookie: 'hit.sid=abc', authorization: 'Bearer xyz' },
          sessionSecret: 'x'.repeat(40),
        });
      });
      expect(output).toContain('everything at once');
      expect(output).toContain(user.email);
      expect(output).not.toContain(TEST_PASSWORD);
      expect(output).not.toContain((stored.toObject() as { passwordHash: string }).passwordHash);
      expect(output).not.toMatch(/scrypt\$|hit\.sid=abc|Bearer xyz|xxxxxxxx/);
    } finally {
      await database.close();
    }
  });

  it('never contain a password or a password hash through sign-up, sign-in, rate limiting and failures', async () => {
    const database = await startTestDatabase();
    try {
      const app = buildTestApp(database, {}, undefined, RATE_LIMITS);
      const email = uniqueEmail();
      let passwordHash = '';
      const output = await captureLogs(async () => {
        await request(app).post('/api/register').send({ email, password: TEST_PASSWORD }).expect(201);
        await request(app).post('/api/login').send({ email, password: TEST_PASSWORD }).expect(200);
        for (let i = 0; i < 11; i += 1)
          await request(app)
            .post('/api/login')
            .send({ email, password: `${TEST_PASSWORD}!` });
        passwordHash = (await database.connection.collection('users').findOne({ email }))!.passwordHash as string;
        await database.stopServer();
        await request(app).post('/api/login').send({ email, password: TEST_PASSWORD }).expect(503);
        await request(app).post('/api/register').send({ email: uniqueEmail(), password: TEST_PASSWORD }).expect(503);
      });
      // Things did get logged: the rate limit and the failed requests.
      expect(output).toContain('rate limit reached');
      expect(output).toContain('request failed');
      expect(output).not.toContain(TEST_PASSWORD);
      expect(output).not.toContain(passwordHash);
      expect(output).not.toContain('scrypt$');
    } finally {
      await database.restartServer();
      await database.close();
    }
  });
});
