import request from 'supertest';
import { PASSWORD_REASONS } from '@hit/contracts/rules';
import { buildTestApp, signUp, startTestDatabase, TEST_PASSWORD, uniqueEmail, type TestDatabase } from './helpers';
import { resetLinkIn, startMailbox, type Mailbox } from './mailbox';

/*
 * Issue #23, items 4 and 5: an outside probe signed up with `password`, `12345678`, eight spaces and the account's own
 * e-mail, and names kept control and bidi-override characters. Each is refused now with one sentence saying why, on
 * sign-up, password change and reset, and nothing is stored.
 */

type App = ReturnType<typeof buildTestApp>;

const { common: COMMON, onlySpaces: ONLY_SPACES, email: EMAIL } = PASSWORD_REASONS;
const CONTROL = 'must not contain control or text-direction characters';

describe('the new-password rule and the name rule at the api', () => {
  let database: TestDatabase;
  let mailbox: Mailbox;
  let app: App;

  beforeAll(async () => {
    database = await startTestDatabase();
    mailbox = await startMailbox();
    app = buildTestApp(database, { SMTP_URL: mailbox.url, PUBLIC_ORIGIN: 'https://hit.example.com' });
  });
  afterAll(async () => {
    await mailbox.close();
    await database.close();
  });

  const users = () => database.connection.collection('users');
  const logIn = (email: string, password: string) => request(app).post('/api/login').send({ email, password });

  describe('sign-up (POST /api/register)', () => {
    it.each([
      ['password', () => 'password', COMMON],
      ['12345678', () => '12345678', COMMON],
      ['Password1 (a common one in another case)', () => 'Password1', COMMON],
      ['eight spaces', () => '        ', ONLY_SPACES],
      ['tabs and newlines', () => '\t\n\t\n\t\n\t\n', ONLY_SPACES],
      ['its own e-mail', (email: string) => email, EMAIL],
      ['its own e-mail in capitals', (email: string) => email.toUpperCase(), EMAIL],
      ["the e-mail's name with digits", (email: string) => `${email.split('@')[0]}2026`, EMAIL],
    ])('refuses %s with 400 saying why, and creates no account', async (_case, passwordFor, reason) => {
      const email = uniqueEmail('probe');
      const refused = await request(app)
        .post('/api/register')
        .send({ email, password: passwordFor(email) });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ message: `password: ${reason}` });
      expect(await users().countDocuments({ email })).toBe(0);
    });

    it('takes a passphrase', async () => {
      const email = uniqueEmail();
      await request(app).post('/api/register').send({ email, password: TEST_PASSWORD }).expect(201);
      await logIn(email, TEST_PASSWORD).expect(200);
    });

    it('stores the names trimmed', async () => {
      const email = uniqueEmail();
      const created = await request(app)
        .post('/api/register')
        .send({ email, password: TEST_PASSWORD, firstName: ' \tAda\n', lastName: '  Lovelace  ' })
        .expect(201);
      expect(created.body).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
      expect(await users().findOne({ email })).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
    });

    it('stores a name of only whitespace as no name', async () => {
      const email = uniqueEmail();
      const created = await request(app)
        .post('/api/register')
        .send({ email, password: TEST_PASSWORD, firstName: ' \t ', lastName: 'Lovelace' })
        .expect(201);
      expect(created.body).toMatchObject({ firstName: null, lastName: 'Lovelace' });
    });

    it.each([
      ['firstName', 'the right-to-left override', 'Ada\u202Egnp.exe'],
      ['lastName', 'isolates', '\u2066Lovelace\u2069'],
      ['firstName', 'the right-to-left mark', 'Ada\u200F'],
      ['lastName', 'NUL', 'Love\u0000lace'],
      ['firstName', 'a terminal escape', 'Ada\u001B[2J'],
      ['lastName', 'a C1 control', 'Love\u0085lace'],
      ['firstName', 'a line break inside', 'Ada\nLovelace'],
    ])('refuses a %s with %s with 400, creating no account', async (field, _what, name) => {
      const email = uniqueEmail();
      const refused = await request(app)
        .post('/api/register')
        .send({ email, password: TEST_PASSWORD, [field]: name });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ message: `${field}: ${CONTROL}` });
      expect(await users().countDocuments({ email })).toBe(0);
    });
  });

  describe('password change (POST /api/user/password)', () => {
    it.each([
      ['password', () => 'password', COMMON],
      ['12345678', () => '12345678', COMMON],
      ['eight spaces', () => '        ', ONLY_SPACES],
      ['its own e-mail', (email: string) => email, EMAIL],
      ["the e-mail's name", (email: string) => `my ${email.split('@')[0]} pass`, EMAIL],
    ])('refuses %s with 400 saying why, and keeps the password', async (_case, passwordFor, reason) => {
      const { agent, user } = await signUp(app);
      const refused = await agent
        .post('/api/user/password')
        .send({ currentPassword: TEST_PASSWORD, newPassword: passwordFor(user.email) });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ message: `newPassword: ${reason}` });
      await logIn(user.email, TEST_PASSWORD).expect(200);
    });

    it('checks the current password first: a wrong one is 401 whatever the new one', async () => {
      const { agent, user } = await signUp(app);
      await agent
        .post('/api/user/password')
        .send({ currentPassword: 'not my password', newPassword: user.email })
        .expect(401);
    });
  });

  describe('reset (POST /api/password/reset)', () => {
    async function resetTokenFor(email: string): Promise<string> {
      const before = mailbox.to(email).length;
      await request(app).post('/api/password/forgot').send({ email }).expect(200);
      return resetLinkIn(await mailbox.waitFor(email, before + 1)).token;
    }

    it.each([
      ['password', () => 'password', COMMON],
      ['12345678', () => '12345678', COMMON],
      ['eight spaces', () => '        ', ONLY_SPACES],
      ['its own e-mail', (email: string) => email, EMAIL],
      ["the e-mail's name", (email: string) => `${email.split('@')[0].toUpperCase()}!`, EMAIL],
    ])('refuses %s with 400 saying why, and the link still works', async (_case, passwordFor, reason) => {
      const { user } = await signUp(app);
      const token = await resetTokenFor(user.email);
      const refused = await request(app)
        .post('/api/password/reset')
        .send({ token, password: passwordFor(user.email) });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ message: `password: ${reason}` });
      await logIn(user.email, TEST_PASSWORD).expect(200);

      await request(app).post('/api/password/reset').send({ token, password: 'a brand new passphrase' }).expect(200);
      await logIn(user.email, 'a brand new passphrase').expect(200);
    });
  });
});
