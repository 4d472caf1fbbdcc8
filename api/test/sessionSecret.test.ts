/**
 * No public default secret: without SESSION_SECRET a process outside production signs its cookies with a secret made
 * at random for its data folder, never with a value from the source. Before, development signed with a constant
 * anyone could read, so a forged device cookie turned every guess into a "trusted device" guess.
 */
import { createHmac } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Response } from 'express';
import request from 'supertest';
import { DEVICE_COOKIE, deviceCookies } from '../src/auth/deviceCookie';
import { LOGIN_RATE_LIMITED_MESSAGE, RATE_LIMITS } from '../src/auth/rateLimits';
import { INVALID_CREDENTIALS_MESSAGE } from '../src/auth/passport';
import { loadConfig } from '../src/config';
import { loadSessionSecret } from '../src/sessionSecret';
import { SESSION_COOKIE } from '../src/session';
import { buildTestApp, startTestDatabase, TEST_PASSWORD, uniqueEmail, type TestDatabase } from './helpers';

/** The constant development used to sign with, as it stood in the public source. */
const OLD_PUBLIC_SECRET = 'hit-tracker-development-only-session-secret';
const WRONG_PASSWORD = 'not the password at all';

let addressCounter = 0;
/** A fresh address each call (198.18.0.0/15, for tests), believed only from a trusted proxy. */
function newAddress(): string {
  addressCounter += 1;
  return `198.18.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

/** The device cookie `secret` would sign for `email`, made by the api's own code. */
function deviceCookieSignedWith(secret: string, email: string): string {
  let value = '';
  const res = {
    cookie: (_name: string, cookie: string) => {
      value = cookie;
    },
  } as unknown as Response;
  deviceCookies({ sessionSecret: secret, isProduction: false }).issue(res, email);
  return `${DEVICE_COOKIE}=${value}`;
}

/** express-session's signed cookie value (`s:` + id + '.' + HMAC-SHA256 in base64 without padding). */
function sessionCookieSignedWith(secret: string, sessionId: string): string {
  const signature = createHmac('sha256', secret).update(sessionId).digest('base64').replace(/=+$/, '');
  return `${SESSION_COOKIE}=${encodeURIComponent(`s:${sessionId}.${signature}`)}`;
}

describe('the session secret', () => {
  let folder: string;

  beforeEach(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'hit-session-secret-'));
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  it('is made at random for a data folder on its first start, readable by its owner only, and kept after', async () => {
    const config = loadConfig({ DATA_DIR: folder });
    expect(config.sessionSecret).toBeUndefined();

    const first = loadSessionSecret(config);
    expect(first.source).toBe('generated');
    expect(first.secret.length).toBeGreaterThanOrEqual(32);
    expect(first.secret).not.toBe(OLD_PUBLIC_SECRET);
    const file = path.join(folder, 'session-secret');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toBe(first.secret);

    // A restart reads the same secret: sessions and device cookies survive it.
    expect(loadSessionSecret(loadConfig({ DATA_DIR: folder }))).toEqual({ secret: first.secret, source: 'file' });

    // Another folder, another secret.
    const other = await mkdtemp(path.join(tmpdir(), 'hit-session-secret-'));
    try {
      expect(loadSessionSecret(loadConfig({ DATA_DIR: other })).secret).not.toBe(first.secret);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  it('is SESSION_SECRET when set, and no file is made', async () => {
    const secret = 'an-operator-secret-of-at-least-32-characters';
    expect(loadSessionSecret(loadConfig({ DATA_DIR: folder, SESSION_SECRET: secret }))).toEqual({
      secret,
      source: 'environment',
    });
    await expect(stat(path.join(folder, 'session-secret'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a secret file that holds too little, saying how to mend it', async () => {
    await writeFile(path.join(folder, 'session-secret'), 'short\n', { mode: 0o600 });
    expect(() => loadSessionSecret(loadConfig({ DATA_DIR: folder }))).toThrow(
      /session-secret does not hold a session secret of at least 32 characters: delete it/,
    );
  });

  describe('cookies forged with the old public constant', () => {
    let database: TestDatabase;
    /** A development install as `npm start` runs it: no SESSION_SECRET, the real sign-in limits. */
    let app: ReturnType<typeof buildTestApp>;

    beforeAll(async () => {
      database = await startTestDatabase();
    });
    afterAll(() => database.close());
    beforeEach(() => {
      app = buildTestApp(
        database,
        { NODE_ENV: 'development', SESSION_SECRET: '', DATA_DIR: folder, TRUST_PROXY: 'loopback' },
        undefined,
        RATE_LIMITS,
      );
    });

    const logIn = (email: string, password: string, cookie?: string) => {
      const call = request(app).post('/api/login').set('X-Forwarded-For', newAddress());
      if (cookie) call.set('Cookie', cookie);
      return call.send({ email, password });
    };

    it('a forged device cookie is worthless: the 11th guess from a new address is refused like any other', async () => {
      const email = uniqueEmail();
      await request(app)
        .post('/api/register')
        .set('X-Forwarded-For', newAddress())
        .send({ email, password: TEST_PASSWORD })
        .expect(201);
      // Thirty guesses, each from a new address with a newly forged cookie (a device of its own each, were they
      // trusted): only the first ten are even checked.
      const statuses: number[] = [];
      for (let i = 0; i < 30; i += 1) {
        const response = await logIn(email, WRONG_PASSWORD, deviceCookieSignedWith(OLD_PUBLIC_SECRET, email));
        statuses.push(response.status);
        if (response.status === 401) expect(response.body).toEqual({ message: INVALID_CREDENTIALS_MESSAGE });
        else expect(response.body).toEqual({ message: LOGIN_RATE_LIMITED_MESSAGE });
      }
      expect(statuses).toEqual([...Array(10).fill(401), ...Array(20).fill(429)]);
    });

    it('a session cookie signed with it signs no one in', async () => {
      const agent = request.agent(app);
      await agent
        .post('/api/register')
        .set('X-Forwarded-For', newAddress())
        .send({ email: uniqueEmail(), password: TEST_PASSWORD })
        .expect(201);
      await agent.get('/api/user').expect(200);
      const sessions = await database.connection.db!.collection('sessions').find({}).toArray();
      expect(sessions.length).toBeGreaterThan(0);
      for (const { _id } of sessions) {
        await request(app)
          .get('/api/user')
          .set('Cookie', sessionCookieSignedWith(OLD_PUBLIC_SECRET, String(_id)))
          .expect(401);
      }
    });
  });
});
