import request from 'supertest';
import { userSchema } from '@hit/contracts';
import { SESSION_COOKIE } from '../src/session';
import { buildTestApp, signUp, startTestDatabase, TEST_PASSWORD, uniqueEmail, type TestDatabase } from './helpers';

function sessionCookie(response: request.Response): string | undefined {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  return cookies.find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
}
const cookieValue = (cookie: string | undefined) => cookie?.split(';')[0];

describe('auth', () => {
  let database: TestDatabase;
  let app: ReturnType<typeof buildTestApp>;

  beforeAll(async () => {
    database = await startTestDatabase();
    app = buildTestApp(database);
  });
  afterAll(() => database.close());

  describe('POST /api/register', () => {
    it('creates the account, signs it in and answers 201 with the public user', async () => {
      const email = uniqueEmail();
      const agent = request.agent(app);
      const response = await agent
        .post('/api/register')
        .send({ email: `  ${email.toUpperCase()} `, password: TEST_PASSWORD, firstName: 'Ada', lastName: 'Lovelace' })
        .expect(201);
      expect(userSchema.strict().parse(response.body)).toEqual({
        id: expect.any(String),
        email,
        firstName: 'Ada',
        lastName: 'Lovelace',
        // A new lifter starts in lbs, as the spec says.
        weightUnit: 'lbs',
      });
      const me = await agent.get('/api/user').expect(200);
      expect(me.body).toEqual(response.body);
    });

    it('keeps names optional', async () => {
      const response = await request(app)
        .post('/api/register')
        .send({ email: uniqueEmail(), password: TEST_PASSWORD })
        .expect(201);
      expect(response.body).toMatchObject({ firstName: null, lastName: null });
    });

    it('starts a 30-day trial', async () => {
      const { agent, user } = await signUp(app);
      const stored = await database.connection.collection('users').findOne({ email: user.email });
      const trialDays = (stored!.trialEndsAt.getTime() - stored!.createdAt.getTime()) / (24 * 60 * 60 * 1000);
      expect(trialDays).toBeCloseTo(30, 3);
      expect(agent).toBeDefined();
    });

    it('stores only a salted scrypt hash of the password', async () => {
      const { user } = await signUp(app);
      const stored = await database.connection.collection('users').findOne({ email: user.email });
      expect(stored!.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
      expect(stored!.passwordHash).not.toContain(TEST_PASSWORD);
    });

    it.each([
      ['an invalid e-mail', { email: 'not-an-email', password: TEST_PASSWORD }, /^email: /],
      ['a missing e-mail', { password: TEST_PASSWORD }, /^email: /],
      ['a short password', { email: 'short@example.com', password: 'seven77' }, /^password: must be at least 8/],
      ['an operator instead of an e-mail', { email: { $gt: '' }, password: TEST_PASSWORD }, /^email: /],
      [
        'an unknown field',
        { email: 'x@example.com', password: TEST_PASSWORD, isAdmin: true },
        /unknown field "isAdmin"/,
      ],
    ])('answers 400 naming the field for %s, and creates nothing', async (_case, body, message) => {
      const before = await database.connection.collection('users').countDocuments();
      const response = await request(app).post('/api/register').send(body).expect(400);
      expect(response.body.message).toMatch(message);
      expect(await database.connection.collection('users').countDocuments()).toBe(before);
    });

    it('answers 409 User already exists for an e-mail in use, whatever its case', async () => {
      const { user } = await signUp(app);
      const response = await request(app)
        .post('/api/register')
        .send({ email: user.email.toUpperCase(), password: TEST_PASSWORD })
        .expect(409);
      expect(response.body).toEqual({ message: 'User already exists' });
    });
  });

  describe('POST /api/login', () => {
    it('signs in with the right password, answering the user and a new session id', async () => {
      const { user } = await signUp(app);
      const agent = request.agent(app);
      // (Session fixation, with a live session held before sign-in, is in hardening.test.ts.)
      const response = await agent.post('/api/login').send({ email: user.email, password: TEST_PASSWORD }).expect(200);
      expect(response.body).toEqual(user);
      const cookie = sessionCookie(response);
      expect(cookie).toBeDefined();

      // Log in again: the session id changes every time.
      const again = await agent.post('/api/login').send({ email: user.email, password: TEST_PASSWORD }).expect(200);
      expect(cookieValue(sessionCookie(again))).not.toEqual(cookieValue(cookie));
    });

    it('answers 401 Invalid email or password for a wrong password and for an unknown e-mail alike', async () => {
      const { user } = await signUp(app);
      const wrongPassword = await request(app)
        .post('/api/login')
        .send({ email: user.email, password: 'wrong password' });
      const unknownEmail = await request(app)
        .post('/api/login')
        .send({ email: uniqueEmail(), password: TEST_PASSWORD });
      expect([wrongPassword.status, unknownEmail.status]).toEqual([401, 401]);
      expect(wrongPassword.body).toEqual({ message: 'Invalid email or password' });
      expect(unknownEmail.body).toEqual(wrongPassword.body);
    });

    it('takes about as long for an unknown e-mail as for a wrong password', async () => {
      const { user } = await signUp(app);
      const time = async (email: string) => {
        const started = process.hrtime.bigint();
        await request(app).post('/api/login').send({ email, password: 'wrong password' });
        return Number(process.hrtime.bigint() - started) / 1e6;
      };
      await time(uniqueEmail()); // warm-up
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        known.push(await time(user.email));
        unknown.push(await time(uniqueEmail()));
      }
      const median = (values: number[]) => values.sort((a, b) => a - b)[2];
      // Both pay for one scrypt; an early return for unknown e-mails would be several times faster.
      expect(median(unknown) / median(known)).toBeGreaterThan(0.5);
    });

    it('answers 400 for a malformed body and never treats an operator as a match', async () => {
      await request(app)
        .post('/api/login')
        .send({ email: { $ne: null }, password: { $ne: null } })
        .expect(400);
      await request(app).post('/api/login').send({ email: 'a@example.com' }).expect(400);
    });
  });

  describe('POST /api/logout and GET /api/user', () => {
    it('answers 401 to an anonymous visitor', async () => {
      const response = await request(app).get('/api/user').expect(401);
      expect(response.body).toEqual({ message: 'Not authenticated' });
    });

    it('destroys the session server-side and clears the cookie', async () => {
      const agent = request.agent(app);
      const registered = await agent
        .post('/api/register')
        .send({ email: uniqueEmail(), password: TEST_PASSWORD })
        .expect(201);
      await agent.get('/api/user').expect(200);
      const stolenCookie = cookieValue(sessionCookie(registered));
      expect(stolenCookie).toBeDefined();
      const sessionsBefore = await database.connection.collection('sessions').countDocuments();

      const response = await agent.post('/api/logout').expect(200);
      expect(sessionCookie(response)).toMatch(/Expires=Thu, 01 Jan 1970/);
      expect(await database.connection.collection('sessions').countDocuments()).toBe(sessionsBefore - 1);
      await agent.get('/api/user').expect(401);
      // Replaying the old cookie gets nothing either.
      await request(app).get('/api/user').set('Cookie', stolenCookie!).expect(401);
    });

    it('never sends a password hash in any auth answer', async () => {
      const email = uniqueEmail();
      const agent = request.agent(app);
      const answers = [
        await agent.post('/api/register').send({ email, password: TEST_PASSWORD }),
        await agent.get('/api/user'),
        await agent.post('/api/login').send({ email, password: TEST_PASSWORD }),
      ];
      for (const answer of answers) expect(JSON.stringify(answer.body)).not.toMatch(/passwordHash|scrypt/);
    });
  });
});
