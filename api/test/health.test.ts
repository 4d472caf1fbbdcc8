import request from 'supertest';
import { errorBodySchema, healthSchema } from '@hit/contracts';
import { buildTestApp, startTestDatabase, type TestDatabase } from './helpers';
import { signedSessionCookie } from './routeCalls';
import { strictObject } from 'zod/mini';

describe('GET /api/health', () => {
  let database: TestDatabase;
  let app: ReturnType<typeof buildTestApp>;

  beforeAll(async () => {
    database = await startTestDatabase();
    app = buildTestApp(database);
  });
  afterAll(() => database.close());

  it('answers 200 ok while the database is up', async () => {
    const response = await request(app).get('/api/health').expect(200);
    expect(healthSchema.parse(response.body)).toEqual({ status: 'ok', database: 'up' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 degraded within 2 seconds once the database has stopped', async () => {
    await database.stopServer();
    const started = Date.now();
    const response = await request(app).get('/api/health').expect(503);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(healthSchema.parse(response.body)).toEqual({ status: 'degraded', database: 'down' });
  });

  it('answers other requests that need the database with 503 and a clear message, not a hang', async () => {
    const started = Date.now();
    const response = await request(app)
      .get('/api/remotes')
      .set('Cookie', signedSessionCookie('some-session'))
      .expect(503);
    expect(Date.now() - started).toBeLessThan(2500);
    expect(strictObject(errorBodySchema.shape).parse(response.body)).toEqual({
      message: 'Service temporarily unavailable: database is down',
    });
  });

  it('answers 200 again once the database is back, without a restart of the api', async () => {
    await database.restartServer();
    const deadline = Date.now() + 5000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      ({ status } = await request(app).get('/api/health'));
    }
    expect(status).toBe(200);
    // The session store works again too (its first failure was not cached).
    await request(app).get('/api/remotes').set('Cookie', signedSessionCookie('some-session')).expect(200);
  });
});
