/**
 * Issue #23, item 2: password hashing runs under a small concurrency limit with a bounded line, so a flood of wrong
 * sign-ins cannot starve every other request (each failure used to run its own scrypt). Beyond the line, a sign-in
 * is answered 503 with Retry-After at once, before the rate limits count anything. The latency under a real flood is
 * measured against real api processes in reliability/signInFlood.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import request from 'supertest';
import {
  HASHING_WORKER_IDLE_MS,
  hashPassword,
  PASSWORD_HASHING,
  PASSWORD_HASHING_BUSY_MESSAGE,
  PasswordHashingBusyError,
  passwordHashingStats,
  reservePasswordCheck,
  verifyPassword,
  type HashingTicket,
} from '../src/auth/password';
import { RATE_LIMITS } from '../src/auth/rateLimits';
import { SESSION_COOKIE } from '../src/session';
import { buildTestApp, signUp, startTestDatabase, TEST_PASSWORD, uniqueEmail, type TestDatabase } from './helpers';

/** Every place the line of password checks has when nothing runs: the free slots and the line behind them. */
const CHECK_PLACES = PASSWORD_HASHING.concurrent + PASSWORD_HASHING.queuedChecks;

/** The CPU priority (nice) of each thread of this process. */
function niceOfThreads(): number[] {
  return readdirSync('/proc/self/task').flatMap((task) => {
    try {
      // /proc/<pid>/task/<tid>/stat: the fields after "(name) " start with the state; nice is the 19th field.
      const fields = readFileSync(`/proc/self/task/${task}/stat`, 'utf8').split(') ')[1].split(' ');
      return [Number(fields[16])];
    } catch {
      return []; // a thread that ended between the listing and the read
    }
  });
}

/** Takes every place of the line (as a flood's requests would), to be given back by `release`. */
function fillTheLine(): { tickets: HashingTicket[]; release(): void } {
  const tickets: HashingTicket[] = [];
  for (;;) {
    try {
      tickets.push(reservePasswordCheck());
    } catch (error) {
      if (error instanceof PasswordHashingBusyError) break;
      throw error;
    }
  }
  return { tickets, release: () => tickets.forEach((ticket) => ticket.release()) };
}

describe('password hashing limit (issue #23)', () => {
  afterEach(() => {
    // Whatever a test took, it gave back: the next one starts from an idle gate.
    expect(passwordHashingStats()).toEqual({ running: 0, pending: 0 });
  });

  describe('the gate', () => {
    it(`runs at most ${PASSWORD_HASHING.concurrent} scrypt computations at once; the others wait their turn`, async () => {
      const stored = await hashPassword(TEST_PASSWORD);
      const checks = Array.from({ length: 10 }, (_, i) => verifyPassword(i === 3 ? TEST_PASSWORD : 'wrong', stored));
      expect(passwordHashingStats()).toEqual({
        running: PASSWORD_HASHING.concurrent,
        pending: 10 - PASSWORD_HASHING.concurrent,
      });
      const seen: number[] = [];
      const sampler = setInterval(() => seen.push(passwordHashingStats().running), 1);
      const results = await Promise.all(checks);
      clearInterval(sampler);
      expect(Math.max(...seen)).toBeLessThanOrEqual(PASSWORD_HASHING.concurrent);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(results[3]).toBe(true);
    });

    it("checks a sign-in's password in a thread of its own at a low CPU priority, never on the event loop", async () => {
      const stored = await hashPassword(TEST_PASSWORD);
      expect(niceOfThreads()).toContain(PASSWORD_HASHING.newPasswordNice);
      expect(await verifyPassword(TEST_PASSWORD, stored)).toBe(true);
      expect(niceOfThreads()).toContain(PASSWORD_HASHING.checkNice);
      // This thread (the event loop's) keeps its priority.
      expect(getPriority()).toBe(0);
    });

    it(`ends a hashing thread idle for ${HASHING_WORKER_IDLE_MS / 1000} s (its memory goes back), and starts one again when a password comes`, async () => {
      const checkThreads = () => niceOfThreads().filter((nice) => nice === PASSWORD_HASHING.checkNice).length;
      const stored = await hashPassword(TEST_PASSWORD);
      expect(await verifyPassword(TEST_PASSWORD, stored)).toBe(true);
      expect(checkThreads()).toBeGreaterThan(0);
      const idleSince = Date.now();
      while (checkThreads() > 0 && Date.now() - idleSince < HASHING_WORKER_IDLE_MS + 5_000) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(checkThreads()).toBe(0);
      expect(Date.now() - idleSince).toBeGreaterThanOrEqual(HASHING_WORKER_IDLE_MS - 200);
      expect(await verifyPassword('wrong', stored)).toBe(false);
      expect(await verifyPassword(TEST_PASSWORD, stored)).toBe(true);
      expect(checkThreads()).toBeGreaterThan(0);
    }, 30_000);

    it(`admits ${CHECK_PLACES} password checks at once (${PASSWORD_HASHING.queuedChecks} waiting), then refuses at once with 503 and Retry-After`, () => {
      const line = fillTheLine();
      try {
        expect(line.tickets).toHaveLength(CHECK_PLACES);
        let refusal: unknown;
        try {
          reservePasswordCheck();
        } catch (error) {
          refusal = error;
        }
        expect(refusal).toBeInstanceOf(PasswordHashingBusyError);
        expect(refusal).toMatchObject({
          status: 503,
          message: PASSWORD_HASHING_BUSY_MESSAGE,
          headers: { 'Retry-After': String(PASSWORD_HASHING.retryAfterSeconds) },
        });
      } finally {
        line.release();
      }
      // Given back: there is room again.
      reservePasswordCheck().release();
    });

    it('refuses a check over the line without computing anything, and a new password waits in its longer line', async () => {
      const line = fillTheLine();
      try {
        await expect(verifyPassword(TEST_PASSWORD, await hashPassword(TEST_PASSWORD))).rejects.toBeInstanceOf(
          PasswordHashingBusyError,
        );
        // A new password (sign-up, change, reset) is limited where it comes from: it still gets its turn.
        expect(await hashPassword(TEST_PASSWORD)).toMatch(/^scrypt\$/);
        expect(passwordHashingStats().running).toBe(0);
      } finally {
        line.release();
      }
    });

    it('gives the place of a check that went away back to the line (its scrypt never runs)', async () => {
      const stored = await hashPassword(TEST_PASSWORD);
      const running = Array.from({ length: PASSWORD_HASHING.concurrent }, () => verifyPassword('wrong', stored));
      const ticket = reservePasswordCheck();
      const waiting = ticket.run(async () => {
        throw new Error('the work of a request that went away must not run');
      });
      expect(passwordHashingStats()).toEqual({ running: PASSWORD_HASHING.concurrent, pending: 1 });
      ticket.release();
      await expect(waiting).rejects.toBeInstanceOf(PasswordHashingBusyError);
      expect(passwordHashingStats()).toEqual({ running: PASSWORD_HASHING.concurrent, pending: 0 });
      expect(await Promise.all(running)).toEqual(Array(PASSWORD_HASHING.concurrent).fill(false));
    });
  });

  describe('POST /api/login with the line full', () => {
    let database: TestDatabase;
    let app: ReturnType<typeof buildTestApp>;
    beforeAll(async () => {
      database = await startTestDatabase();
      app = buildTestApp(database, {}, undefined, RATE_LIMITS);
    });
    afterAll(() => database.close());

    const counters = () => database.connection.collection('ratelimits').find().sort({ _id: 1 }).toArray();

    it('answers 503 with Retry-After and the message, signs nobody in and counts nothing; with room, signs in', async () => {
      const { user } = await signUp(buildTestApp(database));
      const before = await counters();
      const line = fillTheLine();
      try {
        for (const password of [TEST_PASSWORD, 'wrong password', 'another wrong one']) {
          for (const email of [user.email, user.email.toUpperCase(), uniqueEmail('nobody'), uniqueEmail('nobody')]) {
            const refused = await request(app).post('/api/login').send({ email, password });
            expect([email, password, refused.status, refused.body]).toEqual([
              email,
              password,
              503,
              { message: PASSWORD_HASHING_BUSY_MESSAGE },
            ]);
            expect(refused.headers['retry-after']).toBe(String(PASSWORD_HASHING.retryAfterSeconds));
            expect(refused.headers['set-cookie']).toBeUndefined();
          }
        }
        // Twelve refusals from one address, six for the user's e-mail: not one counted (the limits are 10).
        expect(await counters()).toEqual(before);
        // A malformed sign-in is still told what is wrong with it (the body is checked first).
        await request(app).post('/api/login').send({ email: user.email }).expect(400);
      } finally {
        line.release();
      }
      const signedIn = await request(app).post('/api/login').send({ email: user.email, password: TEST_PASSWORD });
      expect(signedIn.status).toBe(200);
      expect(String(signedIn.headers['set-cookie'])).toContain(`${SESSION_COOKIE}=`);
    });

    it('still signs up a new account while sign-in checks are refused', async () => {
      const line = fillTheLine();
      try {
        await request(buildTestApp(database))
          .post('/api/register')
          .send({ email: uniqueEmail(), password: TEST_PASSWORD })
          .expect(201);
      } finally {
        line.release();
      }
    });
  });
});
