import request from 'supertest';
import { SIGNED_IN_COOKIE } from '../src/auth/signedInHint';
import { SESSION_COOKIE, SESSION_RENEW_AFTER_MS, SESSIONS_COLLECTION } from '../src/session';
import {
  buildTestApp,
  makeStaticRoot,
  signUp,
  startTestDatabase,
  TEST_PASSWORD,
  TEST_VAPID_ENV,
  uniqueEmail,
  type TestDatabase,
} from './helpers';
import { resetLinkIn, startMailbox, type Mailbox } from './mailbox';

type App = ReturnType<typeof buildTestApp>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every Set-Cookie of `name` in the answer. */
function setCookiesOf(response: request.Response, name: string): string[] {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  return cookies.filter((cookie) => cookie.startsWith(`${name}=`));
}

/** The one Set-Cookie of `name` in the answer (fails when there is none or two). */
function setCookieOf(response: request.Response, name: string): string {
  const cookies = setCookiesOf(response, name);
  if (cookies.length !== 1) throw new Error(`expected one ${name} cookie in ${JSON.stringify(cookies)}`);
  return cookies[0];
}

const expiresOf = (cookie: string) => new Date(/; Expires=([^;]+)/i.exec(cookie)![1]).getTime();

/** The hint as set: value 1, for the session cookie's 30 days, path /, SameSite=Lax, readable by scripts. */
function expectHintSet(response: request.Response, { secure = false } = {}) {
  const hint = setCookieOf(response, SIGNED_IN_COOKIE);
  const session = setCookieOf(response, SESSION_COOKIE);
  expect(hint.split(';')[0]).toBe(`${SIGNED_IN_COOKIE}=1`);
  expect(hint).toMatch(/; Max-Age=2592000(;|$)/);
  expect(hint).toMatch(/; Path=\/(;|$)/);
  expect(hint).toMatch(/; SameSite=Lax(;|$)/);
  expect(hint).not.toMatch(/HttpOnly/i);
  if (secure) expect(hint).toMatch(/; Secure(;|$)/);
  else expect(hint).not.toMatch(/Secure/i);
  // In step with the session cookie sent with it: both expire 30 days from now, within the answer's own time.
  expect(session).toMatch(/; HttpOnly/);
  expect(Math.abs(expiresOf(hint) - expiresOf(session))).toBeLessThanOrEqual(2000);
  expect(expiresOf(hint) - Date.now()).toBeGreaterThan(29.9 * DAY_MS);
}

/** The hint cleared: empty, expired, with the path and flags it was set with (a browser drops only that one). */
function expectHintCleared(response: request.Response) {
  const hint = setCookieOf(response, SIGNED_IN_COOKIE);
  expect(hint.split(';')[0]).toBe(`${SIGNED_IN_COOKIE}=`);
  expect(expiresOf(hint)).toBeLessThan(Date.now());
  expect(hint).toMatch(/; Path=\/(;|$)/);
  expect(hint).toMatch(/; SameSite=Lax(;|$)/);
  expect(hint).not.toMatch(/HttpOnly/i);
}

const STALE_HINT = `${SIGNED_IN_COOKIE}=1`;

describe('the "signed in" hint cookie (issue #25)', () => {
  let database: TestDatabase;
  let mailbox: Mailbox;
  let app: App;

  const sessionsCollection = () =>
    database.connection.getClient().db(database.connection.name).collection(SESSIONS_COLLECTION);

  /** Moves the stored cookie of the user's sessions `ms` into the past: as if it had been set that long ago. */
  async function ageSessionCookie(userId: string, ms: number): Promise<void> {
    const stored = await sessionsCollection()
      .find({ session: { $regex: userId } })
      .toArray();
    expect(stored).toHaveLength(1);
    for (const { _id, session } of stored) {
      const data = JSON.parse(session as string) as { cookie: { expires: string } };
      data.cookie.expires = new Date(Date.now() + 30 * DAY_MS - ms).toISOString();
      await sessionsCollection().updateOne({ _id }, { $set: { session: JSON.stringify(data) } });
    }
  }

  /** When the store lets the user's session expire. */
  async function storedExpiry(userId: string): Promise<number> {
    const [stored] = await sessionsCollection()
      .find({ session: { $regex: userId } })
      .toArray();
    return (stored.expires as Date).getTime();
  }

  beforeAll(async () => {
    database = await startTestDatabase();
    mailbox = await startMailbox();
    app = buildTestApp(database, { SMTP_URL: mailbox.url, PUBLIC_ORIGIN: 'https://hit.example.com' });
  });
  afterAll(async () => {
    await mailbox.close();
    await database.close();
  });

  describe('is set', () => {
    it('by a sign-up', async () => {
      const response = await request(app)
        .post('/api/register')
        .send({ email: uniqueEmail(), password: TEST_PASSWORD })
        .expect(201);
      expectHintSet(response);
    });

    it('by a sign-in', async () => {
      const { user } = await signUp(app);
      const response = await request(app)
        .post('/api/login')
        .send({ email: user.email, password: TEST_PASSWORD })
        .expect(200);
      expectHintSet(response);
    });

    it('by the sign-in that ends a password reset', async () => {
      const { user } = await signUp(app);
      await request(app).post('/api/password/forgot').send({ email: user.email }).expect(200);
      const { token } = resetLinkIn(await mailbox.waitFor(user.email));
      const response = await request(app)
        .post('/api/password/reset')
        .send({ token, password: 'a brand new passphrase' })
        .expect(200);
      expectHintSet(response);
    });

    it('again with the session cookie when an hour of activity renews its 30 days, and not in between', async () => {
      const { agent, user } = await signUp(app);
      for (const path of ['/api/user', '/api/workout-days', '/api/remotes']) {
        const response = await agent.get(path).expect(200);
        expect(setCookiesOf(response, SESSION_COOKIE)).toEqual([]);
        expect(setCookiesOf(response, SIGNED_IN_COOKIE)).toEqual([]);
      }
      // An hour after the cookie was set, the next answer renews both, and the stored session's expiry with them.
      await ageSessionCookie(user.id, SESSION_RENEW_AFTER_MS);
      const renewed = await agent.get('/api/workout-days').expect(200);
      expectHintSet(renewed);
      expect((await storedExpiry(user.id)) - Date.now()).toBeGreaterThan(29.9 * DAY_MS);
      const next = await agent.get('/api/user').expect(200);
      expect(setCookiesOf(next, SESSION_COOKIE)).toEqual([]);
      expect(setCookiesOf(next, SIGNED_IN_COOKIE)).toEqual([]);
      // A minute short of the hour: not yet.
      await ageSessionCookie(user.id, SESSION_RENEW_AFTER_MS - 60_000);
      expect(setCookiesOf(await agent.get('/api/user').expect(200), SESSION_COOKIE)).toEqual([]);
    });

    it("again with the session cookie on a page's HTML, which loads the session for its preloads", async () => {
      const root = await makeStaticRoot({
        'shell/dist/index.html': '<!doctype html><html><head></head><body>shell</body></html>',
      });
      try {
        const withPages = buildTestApp(
          database,
          { SMTP_URL: mailbox.url, PUBLIC_ORIGIN: 'https://hit.example.com' },
          root.root,
        );
        const { agent, user } = await signUp(withPages);
        await ageSessionCookie(user.id, SESSION_RENEW_AFTER_MS);
        const page = await agent.get('/home').set('Accept', 'text/html').expect(200);
        expect(page.text).toContain('<body>shell</body>');
        expectHintSet(page);
      } finally {
        await root.remove();
      }
    });

    it('Secure with the production configuration (behind an https proxy)', async () => {
      const production = buildTestApp(database, {
        NODE_ENV: 'production',
        SESSION_SECRET: 's'.repeat(32),
        TRUST_PROXY: 'loopback',
        ...TEST_VAPID_ENV,
      });
      const response = await request(production)
        .post('/api/register')
        .set('X-Forwarded-Proto', 'https')
        .send({ email: uniqueEmail(), password: TEST_PASSWORD })
        .expect(201);
      expectHintSet(response, { secure: true });
    });
  });

  describe('is cleared', () => {
    it('by signing out, and the next page load is anonymous', async () => {
      const { agent } = await signUp(app);
      const response = await agent.post('/api/logout').expect(200);
      expectHintCleared(response);
      // The agent's cookie jar, like a browser's, now holds neither cookie.
      const after = await agent.get('/api/user').expect(401);
      expect(setCookiesOf(after, SIGNED_IN_COOKIE)).toEqual([]);
    });

    it('by signing out with no session (a browser holding only a stale hint)', async () => {
      const response = await request(app).post('/api/logout').set('Cookie', STALE_HINT).expect(200);
      expectHintCleared(response);
    });

    it('by deleting the account', async () => {
      const { agent } = await signUp(app);
      const response = await agent.delete('/api/user').send({ password: TEST_PASSWORD }).expect(200);
      expectHintCleared(response);
    });

    it('by a 401 to a request that carried it without a session', async () => {
      const response = await request(app).get('/api/user').set('Cookie', STALE_HINT).expect(401);
      expect(response.body).toEqual({ message: 'Not authenticated' });
      expectHintCleared(response);
    });

    it('by a 401 once the session is gone from the store (expired, or ended elsewhere)', async () => {
      const { agent, user } = await signUp(app);
      await agent.get('/api/user').expect(200);
      await database.connection
        .getClient()
        .db(database.connection.name)
        .collection(SESSIONS_COLLECTION)
        .deleteMany({ session: { $regex: user.id } });
      const response = await agent.get('/api/progress').expect(401);
      expectHintCleared(response);
      const again = await agent.get('/api/user').expect(401);
      expect(setCookiesOf(again, SIGNED_IN_COOKIE)).toEqual([]);
    });

    it('by a 401 once the session is ended by a password reset elsewhere', async () => {
      const { agent, user } = await signUp(app);
      await request(app).post('/api/password/forgot').send({ email: user.email }).expect(200);
      const { token } = resetLinkIn(await mailbox.waitFor(user.email));
      await request(app).post('/api/password/reset').send({ token, password: 'a brand new passphrase' }).expect(200);
      expectHintCleared(await agent.get('/api/user').expect(401));
    });
  });

  describe('is left alone', () => {
    it('by a 401 to a signed-in user (a wrong password when deleting the account): it renews with the session', async () => {
      const { agent, user } = await signUp(app);
      const response = await agent.delete('/api/user').send({ password: 'not it at all' }).expect(401);
      expect(setCookiesOf(response, SIGNED_IN_COOKIE)).toEqual([]);
      await ageSessionCookie(user.id, SESSION_RENEW_AFTER_MS);
      const renewing = await agent.delete('/api/user').send({ password: 'not it either' }).expect(401);
      expectHintSet(renewing);
      await agent.get('/api/user').expect(200);
    });

    it('for an anonymous visitor without it: GET /api/user still answers 401, and sets no cookie', async () => {
      const response = await request(app).get('/api/user').expect(401);
      expect(response.body).toEqual({ message: 'Not authenticated' });
      expect(response.headers['set-cookie']).toBeUndefined();
    });

    it('by a failed sign-in without it', async () => {
      const { user } = await signUp(app);
      const response = await request(app)
        .post('/api/login')
        .send({ email: user.email, password: 'not it at all' })
        .expect(401);
      expect(setCookiesOf(response, SIGNED_IN_COOKIE)).toEqual([]);
    });

    it('by an anonymous answer that is not a 401, even with a stale hint', async () => {
      const response = await request(app).get('/api/remotes').set('Cookie', STALE_HINT).expect(200);
      expect(setCookiesOf(response, SIGNED_IN_COOKIE)).toEqual([]);
    });
  });
});
