/**
 * Issue #23, property-based (fast-check, as the fuzz suite): whatever a client puts in its device cookie, only the
 * cookie the api itself issued to a browser for this account makes it a trusted device. Any mutation of a real one
 * (a character changed, cut, lengthened, its parts swapped), another account's, random text or several cookies of
 * that name: with the account's e-mail locked for browsers without a device cookie, the right password still gets
 * 429, never a sign-in and never a 5xx.
 */
import fc from 'fast-check';
import request from 'supertest';
import { DEVICE_COOKIE } from '../src/auth/deviceCookie';
import { LOGIN_RATE_LIMITED_MESSAGE, RATE_LIMITS } from '../src/auth/rateLimits';
import { buildTestApp, signUp, startTestDatabase, TEST_PASSWORD, type TestDatabase } from './helpers';

const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const RUNS = 60 * Number(process.env.FUZZ_RUNS ?? 1);

function deviceCookieOf(response: request.Response): string {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  return cookies.find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`))!.split(';')[0];
}

describe('device cookie (fuzz, issue #23)', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await startTestDatabase();
  });
  afterAll(() => database.close());

  it('counts every cookie the api did not issue for this account as none', async () => {
    const app = buildTestApp(database, { TRUST_PROXY: 'loopback' }, undefined, RATE_LIMITS);
    const relaxed = buildTestApp(database, { TRUST_PROXY: 'loopback' });
    const { user } = await signUp(relaxed);
    const { user: other } = await signUp(relaxed);
    const real = deviceCookieOf(
      await request(relaxed).post('/api/login').send({ email: user.email, password: TEST_PASSWORD }).expect(200),
    );
    const othersCookie = deviceCookieOf(
      await request(relaxed).post('/api/login').send({ email: other.email, password: TEST_PASSWORD }).expect(200),
    );
    let address = 0;
    const logIn = (cookie: string | undefined, password: string) => {
      address += 1;
      const call = request(app)
        .post('/api/login')
        .set('X-Forwarded-For', `198.19.${address >> 8}.${address & 255}`);
      if (cookie !== undefined) call.set('Cookie', cookie);
      return call.send({ email: user.email, password });
    };
    for (let i = 0; i < RATE_LIMITS.loginFailuresPerEmail; i += 1) await logIn(undefined, 'wrong').expect(401);

    const value = real.slice(DEVICE_COOKIE.length + 1);
    const base64url = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.');
    const mutated = fc.oneof(
      // One character replaced.
      fc
        .tuple(fc.nat({ max: value.length - 1 }), base64url)
        .filter(([at, char]) => value[at] !== char)
        .map(([at, char]) => value.slice(0, at) + char + value.slice(at + 1)),
      // Cut, or lengthened.
      fc.nat({ max: value.length - 1 }).map((length) => value.slice(0, length)),
      fc.string({ unit: base64url, minLength: 1, maxLength: 8 }).map((tail) => value + tail),
      // Its parts in another order, or another account's parts mixed in.
      fc.constantFrom(
        value.split('.').reverse().join('.'),
        [othersCookie.split('=')[1].split('.')[0], ...value.split('.').slice(1)].join('.'),
        [value.split('.')[0], ...othersCookie.split('=')[1].split('.').slice(1)].join('.'),
      ),
      fc.string({ unit: base64url, maxLength: 100 }),
      fc.string({ maxLength: 100 }).map((text) => encodeURIComponent(text)),
    );
    const header = fc.oneof(
      mutated.map((forged) => `${DEVICE_COOKIE}=${forged}`),
      mutated.map((forged) => `${DEVICE_COOKIE}=${forged}; ${DEVICE_COOKIE}=${forged}x`),
      fc.constant(othersCookie),
      mutated.map((forged) => `hit.sid=${forged}; ${DEVICE_COOKIE.toUpperCase()}=${value}`),
    );

    await fc.assert(
      fc.asyncProperty(header, async (cookie) => {
        const response = await logIn(cookie, TEST_PASSWORD);
        expect([cookie, response.status, response.body]).toEqual([
          cookie,
          429,
          { message: LOGIN_RATE_LIMITED_MESSAGE },
        ]);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    // The real one still opens the door.
    await logIn(real, TEST_PASSWORD).expect(200);
  });
});
