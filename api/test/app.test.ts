import express from 'express';
import request from 'supertest';
import mongoose from 'mongoose';
import { errorBodySchema } from '@hit/contracts';
import { loadConfig } from '../src/config';
import { errorHandler, HttpError } from '../src/errors';
import { SESSION_COOKIE, sessionMiddleware } from '../src/session';
import {
  buildTestApp,
  signUp,
  startTestDatabase,
  TEST_SESSION_SECRET,
  TEST_VAPID_ENV,
  type TestDatabase,
} from './helpers';
import { strictObject } from 'zod/mini';

declare module 'express-session' {
  interface SessionData {
    visits?: number;
  }
}

/** No answer may reveal server internals: only `{ message }`, no stack frames. */
function expectSafeErrorBody(body: unknown) {
  expect(strictObject(errorBodySchema.shape).parse(body)).toBeTruthy();
  expect(JSON.stringify(body)).not.toMatch(/\bat .+\(.+:\d+:\d+\)|\.ts:\d+|node_modules/);
}

/** `"default-src 'self';img-src 'self' data:"` → { 'default-src': "'self'", 'img-src': "'self' data:" } */
function cspDirectives(header: string): Record<string, string> {
  return Object.fromEntries(
    header.split(';').map((directive) => {
      const [name, ...values] = directive.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );
}

describe('app', () => {
  let database: TestDatabase;
  let app: ReturnType<typeof buildTestApp>;

  beforeAll(async () => {
    database = await startTestDatabase();
    app = buildTestApp(database);
  });
  afterAll(() => database.close());

  describe('security headers', () => {
    it('sends helmet headers with a CSP that allows only this origin on pages', async () => {
      const response = await request(app).get('/no-such-page');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['strict-transport-security']).toMatch(/max-age=/);
      expect(response.headers['x-powered-by']).toBeUndefined();
      const csp = cspDirectives(response.headers['content-security-policy']);
      expect(csp).toMatchObject({
        'default-src': "'self'",
        'script-src': "'self'",
        'style-src': "'self' 'unsafe-inline'",
        'img-src': "'self' data:",
        'connect-src': "'self'",
        'object-src': "'none'",
        'frame-ancestors': "'self'",
      });
      expect(csp).not.toHaveProperty('upgrade-insecure-requests');
    });

    it("answers the api's JSON with the policy for APIs: nothing may run or frame it, no document-only headers", async () => {
      const { agent } = await signUp(app);
      for (const response of [await request(app).get('/api/health'), await agent.get('/api/workout-days')]) {
        expect(cspDirectives(response.headers['content-security-policy'])).toEqual({
          'default-src': "'none'",
          'frame-ancestors': "'none'",
        });
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['x-frame-options']).toBe('DENY');
        expect(response.headers['strict-transport-security']).toMatch(/max-age=/);
        expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
        expect(response.headers['x-powered-by']).toBeUndefined();
        for (const documentOnly of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control'])
          expect(response.headers[documentOnly]).toBeUndefined();
      }
    });

    it('allows the dev servers and their hot-reload sockets in dev mode', async () => {
      const response = await request(buildTestApp(database, { REMOTES_MODE: 'dev' })).get('/no-such-page');
      const csp = cspDirectives(response.headers['content-security-policy']);
      for (const port of [3000, 3011, 3012, 3013, 3014]) {
        expect(csp['script-src']).toContain(`http://localhost:${port}`);
        expect(csp['connect-src']).toContain(`http://localhost:${port}`);
        expect(csp['connect-src']).toContain(`ws://localhost:${port}`);
      }
    });

    it('asks browsers to upgrade insecure requests when served over https', async () => {
      const response = await request(buildTestApp(database, { PUBLIC_ORIGIN: 'https://hit.example.com' })).get(
        '/no-such-page',
      );
      expect(cspDirectives(response.headers['content-security-policy'])).toHaveProperty('upgrade-insecure-requests');
    });
  });

  describe('request bodies', () => {
    it('answers invalid JSON with 400 and a clear message', async () => {
      const response = await request(app)
        .post('/api/login')
        .set('Content-Type', 'application/json')
        .send('{"email": "a@b.c", ')
        .expect(400);
      expect(response.body).toEqual({ message: 'Request body is not valid JSON' });
      expectSafeErrorBody(response.body);
    });

    it('answers a body over 100 kB with 413', async () => {
      const response = await request(app)
        .post('/api/login')
        .send({ note: 'x'.repeat(101 * 1024) })
        .expect(413);
      expect(response.body).toEqual({ message: 'Request body is too large (limit 100 kB)' });
      expectSafeErrorBody(response.body);
    });

    it('accepts a body just under the limit (then 404s: no such route)', async () => {
      const response = await request(app)
        .post('/api/no-such-route')
        .send({ note: 'x'.repeat(99 * 1024) })
        .expect(404);
      expect(response.body).toEqual({ message: 'Not found' });
    });
  });

  describe('error handler', () => {
    function appThrowing(error: unknown) {
      const failing = express();
      failing.get('/fail', () => {
        throw error;
      });
      failing.use(errorHandler);
      return failing;
    }

    it('answers an HttpError with its status and message', async () => {
      const response = await request(appThrowing(new HttpError(402, 'Your trial has ended')))
        .get('/fail')
        .expect(402);
      expect(response.body).toEqual({ message: 'Your trial has ended' });
    });

    it('hides unexpected errors behind a 500 without a stack trace', async () => {
      const response = await request(appThrowing(new Error('secret internals at db.ts:12:3')))
        .get('/fail')
        .expect(500);
      expect(response.body).toEqual({ message: 'Internal server error' });
      expectSafeErrorBody(response.body);
    });

    it('answers 503 for queries mongoose refuses while disconnected', async () => {
      const disconnected = mongoose.createConnection();
      const Thing = disconnected.model('Thing', new mongoose.Schema({ name: String }, { bufferCommands: false }));
      const error = await Thing.findOne({ name: 'x' }).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      const response = await request(appThrowing(error)).get('/fail').expect(503);
      expect(response.body).toEqual({ message: 'Service temporarily unavailable: database is down' });
      await disconnected.close();
    });
  });

  describe('session cookie', () => {
    function sessionApp(env: NodeJS.ProcessEnv) {
      const config = loadConfig({ NODE_ENV: 'test', ...env });
      const visited = express();
      visited.set('trust proxy', 'loopback');
      const signing = { isProduction: config.isProduction, sessionSecret: TEST_SESSION_SECRET };
      visited.use(
        sessionMiddleware({ config: signing, mongoClient: database.connection.getClient(), dbName: 'sessions-test' }),
      );
      visited.get('/visit', (req, res) => {
        req.session.visits = (req.session.visits ?? 0) + 1;
        res.json({ visits: req.session.visits });
      });
      return visited;
    }

    function sessionCookie(response: request.Response): string {
      const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
      const cookie = cookies.find((value) => value.startsWith(`${SESSION_COOKIE}=`));
      if (!cookie) throw new Error(`no ${SESSION_COOKIE} cookie in ${JSON.stringify(cookies)}`);
      return cookie;
    }

    it('is httpOnly, SameSite=Lax, lasts 30 days and is stored in MongoDB', async () => {
      const visited = sessionApp({});
      const first = await request(visited).get('/visit').expect(200);
      const cookie = sessionCookie(first);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
      expect(cookie).not.toMatch(/; Secure/);
      const expires = new Date(/Expires=([^;]+)/.exec(cookie)![1]).getTime();
      expect(expires - Date.now()).toBeGreaterThan(29.9 * 24 * 60 * 60 * 1000);

      const second = await request(visited).get('/visit').set('Cookie', cookie.split(';')[0]).expect(200);
      expect(second.body).toEqual({ visits: 2 });
      const stored = await database.connection.getClient().db('sessions-test').collection('sessions').countDocuments();
      expect(stored).toBe(1);
    });

    it('is Secure with the production configuration (behind an https proxy)', async () => {
      const visited = sessionApp({ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32), ...TEST_VAPID_ENV });
      const response = await request(visited).get('/visit').set('X-Forwarded-Proto', 'https').expect(200);
      expect(sessionCookie(response)).toMatch(/; Secure/);
    });
  });
});
