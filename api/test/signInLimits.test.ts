/**
 * Issue #23, items 1 and 3: nobody can lock a lifter out, and a client cannot pick its own address.
 *
 * The outside probe's attack: ten wrong passwords for the victim's e-mail from ten addresses made the right password
 * answer 429 for 15 minutes, from any address. Now a browser that signed in to the account before carries a signed
 * device cookie (OWASP's device cookies) and is limited by its own failures alone; only browsers without one (a new
 * device, the attacker) share the e-mail's count.
 */
import request from 'supertest';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_MS } from '../src/auth/deviceCookie';
import {
  emailCounterKey,
  LOGIN_RATE_LIMITED_MESSAGE,
  RATE_LIMITS,
  REGISTER_RATE_LIMITED_MESSAGE,
} from '../src/auth/rateLimits';
import { INVALID_CREDENTIALS_MESSAGE } from '../src/auth/passport';
import { SESSION_COOKIE } from '../src/session';
import { buildTestApp, signUp, startTestDatabase, TEST_PASSWORD, uniqueEmail, type TestDatabase } from './helpers';

type App = ReturnType<typeof buildTestApp>;

const WRONG_PASSWORD = 'not the password at all';

let addressCounter = 0;
/** A fresh address each call (198.18.0.0/15, for tests), believed only from a trusted proxy. */
function newAddress(): string {
  addressCounter += 1;
  return `198.18.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

function setCookieOf(response: request.Response, name: string): string | undefined {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  return cookies.find((cookie) => cookie.startsWith(`${name}=`));
}

/** `hit.device=…` as the browser sends it back. */
function deviceCookieOf(response: request.Response): string {
  const cookie = setCookieOf(response, DEVICE_COOKIE);
  if (!cookie) throw new Error(`no ${DEVICE_COOKIE} cookie in ${JSON.stringify(response.headers['set-cookie'])}`);
  return cookie.split(';')[0];
}

describe('sign-in limits (issue #23)', () => {
  let database: TestDatabase;
  /** The real limits, behind a proxy on loopback (TRUST_PROXY), so each request can come from its own address. */
  let app: App;
  /**
   * The same with relaxed limits, for the sign-ups (all from 127.0.0.1, 20 an hour under the real limits); a device
   * cookie it sets is the installation's (one SESSION_SECRET), valid on `app` too.
   */
  let relaxed: App;

  beforeAll(async () => {
    database = await startTestDatabase();
    app = buildTestApp(database, { TRUST_PROXY: 'loopback' }, undefined, RATE_LIMITS);
    relaxed = buildTestApp(database, { TRUST_PROXY: 'loopback' });
  });
  afterAll(() => database.close());

  function logIn(
    email: string,
    password: string,
    { from = newAddress(), device }: { from?: string; device?: string } = {},
    target: App = app,
  ) {
    const call = request(target).post('/api/login').set('X-Forwarded-For', from);
    if (device) call.set('Cookie', device);
    return call.send({ email, password });
  }

  /** The probe's attack: `count` wrong passwords for `email`, each from a new address, each refused with 401. */
  async function attack(email: string, count = RATE_LIMITS.loginFailuresPerEmail) {
    for (let i = 0; i < count; i += 1) {
      const response = await logIn(email, WRONG_PASSWORD);
      expect([i, response.status, response.body]).toEqual([i, 401, { message: INVALID_CREDENTIALS_MESSAGE }]);
    }
  }

  /** A lifter whose phone signed in once (and so holds the account's device cookie). */
  async function lifterWithPhone() {
    const { user } = await signUp(relaxed);
    const phone = deviceCookieOf(await logIn(user.email, TEST_PASSWORD).expect(200));
    return { user, phone };
  }

  describe('the lock-out attack', () => {
    it("after 10 failures from 10 addresses, the owner's phone still signs in, from any address", async () => {
      const { user, phone } = await lifterWithPhone();
      await attack(user.email);

      const signedIn = await logIn(user.email, TEST_PASSWORD, { device: phone }).expect(200);
      expect(signedIn.body.email).toBe(user.email);
      expect(setCookieOf(signedIn, SESSION_COOKIE)).toBeDefined();
      // Again from another address, with the e-mail spelled otherwise: the account is the same, so is the trust.
      await logIn(`  ${user.email.toUpperCase()} `, TEST_PASSWORD, { device: phone }).expect(200);
    });

    it('the browser that created the account is a trusted device too', async () => {
      const email = uniqueEmail();
      const registered = await request(app)
        .post('/api/register')
        .set('X-Forwarded-For', newAddress())
        .send({ email, password: TEST_PASSWORD })
        .expect(201);
      await attack(email);
      await logIn(email, TEST_PASSWORD, { device: deviceCookieOf(registered) }).expect(200);
    });

    it('a new device (no device cookie) is limited: 429 with Retry-After even with the right password, any spelling', async () => {
      const { user } = await lifterWithPhone();
      await attack(user.email);

      const refused = await logIn(user.email, TEST_PASSWORD).expect(429);
      expect(refused.body).toEqual({ message: LOGIN_RATE_LIMITED_MESSAGE });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(RATE_LIMITS.loginWindowMs / 1000);
      expect(setCookieOf(refused, SESSION_COOKIE)).toBeUndefined();
      expect(setCookieOf(refused, DEVICE_COOKIE)).toBeUndefined();
      await logIn(user.email.toUpperCase(), TEST_PASSWORD).expect(429);
    });

    it("the owner's device keeps its own allowance: its typos count neither against the e-mail nor for the attacker", async () => {
      const { user, phone } = await lifterWithPhone();
      // The owner mistypes 9 times on the phone: under the device's 10.
      for (let i = 0; i < RATE_LIMITS.loginFailuresPerDevice - 1; i += 1) {
        await logIn(user.email, WRONG_PASSWORD, { device: phone }).expect(401);
      }
      // The e-mail's count for other browsers is untouched: a new laptop signs in after 9 failures of its own.
      for (let i = 0; i < RATE_LIMITS.loginFailuresPerEmail - 1; i += 1) {
        await logIn(user.email, WRONG_PASSWORD).expect(401);
      }
      const laptop = deviceCookieOf(await logIn(user.email, TEST_PASSWORD).expect(200));
      await logIn(user.email, TEST_PASSWORD, { device: phone }).expect(200);
      expect(laptop).not.toBe(phone);
    });

    it('answers an unknown e-mail exactly like a known one: the same 401s, then the same 429', async () => {
      const { user } = await lifterWithPhone();
      const unknown = uniqueEmail('nobody');
      await attack(user.email);
      await attack(unknown);
      const [known, missing] = [await logIn(user.email, TEST_PASSWORD), await logIn(unknown, TEST_PASSWORD)];
      expect([known.status, known.body]).toEqual([429, { message: LOGIN_RATE_LIMITED_MESSAGE }]);
      expect([missing.status, missing.body]).toEqual([known.status, known.body]);
      const headerNames = (response: request.Response) =>
        Object.keys(response.headers)
          .filter((name) => name !== 'date')
          .sort();
      expect(headerNames(missing)).toEqual(headerNames(known));
    });
  });

  describe('the device cookie', () => {
    it('is HttpOnly, SameSite=Lax, Path=/, kept a year, and holds neither the e-mail nor the user id', async () => {
      const { user } = await signUp(relaxed);
      const response = await logIn(user.email, TEST_PASSWORD).expect(200);
      const [pair, ...attributes] = setCookieOf(response, DEVICE_COOKIE)!
        .split(';')
        .map((part) => part.trim());
      expect(attributes).toEqual(
        expect.arrayContaining([`Max-Age=${DEVICE_COOKIE_MAX_AGE_MS / 1000}`, 'Path=/', 'HttpOnly', 'SameSite=Lax']),
      );
      expect(attributes).not.toContain('Secure');
      const value = pair.slice(DEVICE_COOKIE.length + 1);
      expect(value).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
      for (const secret of [user.email, user.id, emailCounterKey(user.email)]) expect(value).not.toContain(secret);
    });

    it('is Secure in production, like the session cookie', async () => {
      const production = buildTestApp(database, {
        NODE_ENV: 'production',
        SESSION_SECRET: 'p'.repeat(40),
        TRUST_PROXY: 'loopback',
      });
      const response = await request(production)
        .post('/api/register')
        .set('X-Forwarded-Proto', 'https')
        .send({ email: uniqueEmail(), password: TEST_PASSWORD })
        .expect(201);
      expect(setCookieOf(response, DEVICE_COOKIE)).toMatch(/; Secure/);
    });

    it("of another account counts as none: the attacker's own device cookie does not open the victim's door", async () => {
      const { user: victim } = await lifterWithPhone();
      const { phone: attackersDevice } = await lifterWithPhone();
      await attack(victim.email);
      await logIn(victim.email, TEST_PASSWORD, { device: attackersDevice }).expect(429);
    });

    it('tampered, forged or malformed, counts as none', async () => {
      const { user, phone } = await lifterWithPhone();
      await attack(user.email);
      const [account, nonce, mac] = phone.slice(DEVICE_COOKIE.length + 1).split('.');
      const flip = (text: string) => (text[0] === 'A' ? 'B' : 'A') + text.slice(1);
      const forged = [
        `${account}.${flip(nonce)}.${mac}`,
        `${account}.${nonce}.${flip(mac)}`,
        `${flip(account)}.${nonce}.${mac}`,
        `${account}.${nonce}`,
        `${account}.${nonce}.${mac}.x`,
        `${account}..${mac}`,
        '',
        '%',
      ];
      for (const value of forged) {
        const response = await logIn(user.email, TEST_PASSWORD, { device: `${DEVICE_COOKIE}=${value}` });
        expect([value, response.status]).toEqual([value, 429]);
      }
      // A forged one next to the real one: the real one still counts.
      await logIn(user.email, TEST_PASSWORD, { device: `${DEVICE_COOKIE}=${forged[0]}; ${phone}` }).expect(200);
    });

    it("signed with another installation's secret counts as none", async () => {
      const { user } = await signUp(relaxed);
      const elsewhere = buildTestApp(database, { TRUST_PROXY: 'loopback', SESSION_SECRET: 'e'.repeat(40) });
      const foreign = deviceCookieOf(
        await request(elsewhere).post('/api/login').send({ email: user.email, password: TEST_PASSWORD }).expect(200),
      );
      await attack(user.email);
      await logIn(user.email, TEST_PASSWORD, { device: foreign }).expect(429);
    });

    it('a device that fails 10 times itself loses its trust: then the e-mail count applies to it', async () => {
      const { user, phone } = await lifterWithPhone();
      await attack(user.email);
      for (let i = 0; i < RATE_LIMITS.loginFailuresPerDevice; i += 1) {
        await logIn(user.email, WRONG_PASSWORD, { device: phone }).expect(401);
      }
      const refused = await logIn(user.email, TEST_PASSWORD, { device: phone }).expect(429);
      expect(refused.body).toEqual({ message: LOGIN_RATE_LIMITED_MESSAGE });
    });

    it('a device that failed 10 times, with the e-mail not locked, signs in as a new browser and gets a fresh cookie', async () => {
      const { user, phone } = await lifterWithPhone();
      for (let i = 0; i < RATE_LIMITS.loginFailuresPerDevice; i += 1) {
        await logIn(user.email, WRONG_PASSWORD, { device: phone }).expect(401);
      }
      const renewed = deviceCookieOf(await logIn(user.email, TEST_PASSWORD, { device: phone }).expect(200));
      expect(renewed).not.toBe(phone);
      // The new cookie has an allowance of its own again.
      await attack(user.email);
      await logIn(user.email, WRONG_PASSWORD, { device: renewed }).expect(401);
      await logIn(user.email, TEST_PASSWORD, { device: renewed }).expect(200);
    });

    it("a trusted device's counters go with the account when it is deleted", async () => {
      const { agent, user } = await signUp(relaxed);
      const phone = deviceCookieOf(await logIn(user.email, TEST_PASSWORD).expect(200));
      await logIn(user.email, WRONG_PASSWORD, { device: phone }).expect(401);
      await logIn(user.email, WRONG_PASSWORD).expect(401);
      const counters = () =>
        database.connection
          .collection('ratelimits')
          .find({ _id: { $regex: `${emailCounterKey(user.email)}$` } as never })
          .map((counter) => String(counter._id).split(':')[0])
          .toArray();
      expect([...new Set(await counters())].sort()).toEqual(['login-device', 'login-email', 'login-email-ip']);
      await agent.delete('/api/user').send({ password: TEST_PASSWORD }).expect(200);
      expect(await counters()).toEqual([]);
    });
  });

  describe('forwarded headers (TRUST_PROXY)', () => {
    /** Each test its own database: the counters of 127.0.0.1 start at zero. */
    let own: TestDatabase;
    beforeEach(async () => {
      own = await startTestDatabase();
    });
    afterEach(() => own.close());

    const failures = RATE_LIMITS.loginFailuresPerIp;

    it.each([
      ['without TRUST_PROXY (the default)', {}],
      ['with TRUST_PROXY naming another proxy (10.0.0.1)', { TRUST_PROXY: '10.0.0.1' }],
    ])(
      '%s, a spoofed X-Forwarded-For changes no sign-in limit: the 11th failure from one peer is 429',
      async (_name, env) => {
        const direct = buildTestApp(own, env, undefined, RATE_LIMITS);
        for (let i = 0; i < failures; i += 1) {
          await logIn(uniqueEmail('probe'), WRONG_PASSWORD, { from: newAddress() }, direct).expect(401);
        }
        const refused = await logIn(uniqueEmail('probe'), WRONG_PASSWORD, { from: newAddress() }, direct).expect(429);
        expect(refused.body).toEqual({ message: LOGIN_RATE_LIMITED_MESSAGE });
        expect(refused.headers['ratelimit-policy']).toMatch(/"login-ip"; q=10; w=900/);
      },
    );

    it('without TRUST_PROXY, a spoofed X-Forwarded-For does not reset the sign-up limit (the probe saw 429 -> 201)', async () => {
      const direct = buildTestApp(own, {}, undefined, RATE_LIMITS);
      const register = () =>
        request(direct)
          .post('/api/register')
          .set('X-Forwarded-For', newAddress())
          .send({ email: uniqueEmail(), password: TEST_PASSWORD });
      const allowed = RATE_LIMITS.registrationsPerIp;
      const statuses: number[] = [];
      for (let i = 0; i < allowed + 2; i += 1) statuses.push((await register()).status);
      expect(statuses).toEqual([...Array(allowed).fill(201), 429, 429]);
      expect((await register()).body).toEqual({ message: REGISTER_RATE_LIMITED_MESSAGE });
    });

    it('with TRUST_PROXY naming the proxy, what it forwards is the client: other addresses are other clients', async () => {
      const proxied = buildTestApp(own, { TRUST_PROXY: 'loopback' }, undefined, RATE_LIMITS);
      const busy = newAddress();
      for (let i = 0; i < failures; i += 1) {
        await logIn(uniqueEmail('probe'), WRONG_PASSWORD, { from: busy }, proxied).expect(401);
      }
      await logIn(uniqueEmail('probe'), WRONG_PASSWORD, { from: busy }, proxied).expect(429);
      await logIn(uniqueEmail('probe'), WRONG_PASSWORD, { from: newAddress() }, proxied).expect(401);
      // A client behind the proxy that writes its own header is still counted as the address the proxy saw.
      await logIn(uniqueEmail('probe'), WRONG_PASSWORD, { from: `${newAddress()}, ${busy}` }, proxied).expect(429);
    });
  });
});
