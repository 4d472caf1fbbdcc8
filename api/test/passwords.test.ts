import { createHash } from 'node:crypto';
import request from 'supertest';
import { Types } from 'mongoose';
import { FORGOT_PASSWORD_MESSAGE, RESET_LINK_TTL_MS } from '@hit/contracts';
import { DEVICE_COOKIE } from '../src/auth/deviceCookie';
import {
  PASSWORD_CHANGE_RATE_LIMITED_MESSAGE,
  PASSWORD_RESET_RATE_LIMITED_MESSAGE,
  RATE_LIMITS,
  RESET_MAIL_INTERVAL_MS,
} from '../src/auth/rateLimits';
import { loadConfig } from '../src/config';
import { logger } from '../src/logger';
import { EXPIRED_RESET_TOKEN_KEPT_SECONDS } from '../src/models/passwordResetToken';
import {
  CURRENT_PASSWORD_INCORRECT_MESSAGE,
  PASSWORD_CHANGED_MESSAGE,
  RESET_LINK_EXPIRED_MESSAGE,
  RESET_LINK_INVALID_MESSAGE,
  RESET_LINK_USED_MESSAGE,
  RESET_MAIL_SUBJECT,
} from '../src/services/passwords';
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

const NEW_PASSWORD = 'a brand new passphrase';

// The apps here trust X-Forwarded-For from a proxy on loopback (TRUST_PROXY), so a test can speak from any address.
let addressCounter = 0;
function newAddress(): string {
  addressCounter += 1;
  return `198.51.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

/** Where the mailed links lead: PUBLIC_ORIGIN, required with SMTP_URL. */
const PUBLIC_ORIGIN = 'https://hit.example.com';

describe('passwords', () => {
  let database: TestDatabase;
  let mailbox: Mailbox;
  /** E-mail through the in-process SMTP server, links on PUBLIC_ORIGIN, behind a proxy on loopback. */
  let MAIL_ENV: NodeJS.ProcessEnv;
  /** Relaxed limits (helpers.ts), e-mail through the in-process SMTP server. */
  let app: App;
  /** The same with the real limits, as in production. */
  let limitedApp: App;

  beforeAll(async () => {
    database = await startTestDatabase();
    mailbox = await startMailbox();
    MAIL_ENV = { SMTP_URL: mailbox.url, PUBLIC_ORIGIN, TRUST_PROXY: 'loopback' };
    app = buildTestApp(database, MAIL_ENV);
    limitedApp = buildTestApp(database, MAIL_ENV, undefined, RATE_LIMITS);
  });
  afterAll(async () => {
    await mailbox.close();
    await database.close();
  });

  const logIn = (email: string, password: string, target: App = app) =>
    request(target).post('/api/login').set('X-Forwarded-For', newAddress()).send({ email, password });

  /** Another device signed in as `email`: an agent keeping its own session cookie (on `target`). */
  async function anotherDevice(email: string, password = TEST_PASSWORD, target: App = app) {
    const device = request.agent(target);
    await device.post('/api/login').send({ email, password }).expect(200);
    await device.get('/api/user').expect(200);
    return device;
  }

  /** A new account signed in on limitedApp (signed up on the relaxed one: every sign-up here is from 127.0.0.1). */
  async function limitedAccount() {
    const { user } = await signUp(app);
    return { user, agent: await anotherDevice(user.email, TEST_PASSWORD, limitedApp) };
  }

  const forgot = (email: string, target: App = app, address = newAddress()) =>
    request(target).post('/api/password/forgot').set('X-Forwarded-For', address).send({ email });

  /** Asks for a link for `email` and answers the token of the `nth` e-mail it has received. */
  async function resetTokenFor(email: string): Promise<string> {
    const before = mailbox.to(email).length;
    await forgot(email).expect(200);
    return resetLinkIn(await mailbox.waitFor(email, before + 1)).token;
  }

  const tokens = () => database.connection.collection('passwordresettokens');

  describe('change password (POST /api/user/password)', () => {
    it('stores the new password: it signs in, the old one no longer does', async () => {
      const { agent, user } = await signUp(app);
      const changed = await agent
        .post('/api/user/password')
        .send({ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD })
        .expect(200);
      expect(changed.body).toEqual({ message: PASSWORD_CHANGED_MESSAGE });

      await logIn(user.email, TEST_PASSWORD).expect(401);
      await logIn(user.email, NEW_PASSWORD).expect(200);
    });

    it('keeps this session signed in and signs out every other one', async () => {
      const { agent, user } = await signUp(app);
      const phone = await anotherDevice(user.email);
      const laptop = await anotherDevice(user.email);

      await agent
        .post('/api/user/password')
        .send({ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD })
        .expect(200);

      expect((await agent.get('/api/user').expect(200)).body.id).toBe(user.id);
      await phone.get('/api/user').expect(401);
      await laptop.get('/api/user').expect(401);
    });

    it('signs the other sessions out before it stores the new password: a failure in between leaves none of them', async () => {
      const { agent, user } = await signUp(app);
      const phone = await anotherDevice(user.email);
      const token = await resetTokenFor(user.email);
      const User = database.connection.models.User;
      const failure = jest.spyOn(User, 'updateOne').mockRejectedValueOnce(new Error('the database went away'));
      const logged = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
      try {
        await agent
          .post('/api/user/password')
          .send({ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD })
          .expect(500);
      } finally {
        failure.mockRestore();
        logged.mockRestore();
      }
      await phone.get('/api/user').expect(401);
      // The password is the old one, and the link asked for before is gone; trying again works.
      await logIn(user.email, TEST_PASSWORD).expect(200);
      expect((await request(app).post('/api/password/reset').send({ token, password: NEW_PASSWORD })).status).toBe(400);
      await agent
        .post('/api/user/password')
        .send({ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD })
        .expect(200);
      await logIn(user.email, NEW_PASSWORD).expect(200);
    });

    it("leaves other users' sessions alone", async () => {
      const { agent } = await signUp(app);
      const other = await signUp(app);
      await agent
        .post('/api/user/password')
        .send({ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD })
        .expect(200);
      await other.agent.get('/api/user').expect(200);
    });

    it('refuses a wrong current password with 401, changing nothing and signing nobody out', async () => {
      const { agent, user } = await signUp(app);
      const phone = await anotherDevice(user.email);

      const refused = await agent
        .post('/api/user/password')
        .send({ currentPassword: 'not my password', newPassword: NEW_PASSWORD })
        .expect(401);
      expect(refused.body).toEqual({ message: CURRENT_PASSWORD_INCORRECT_MESSAGE });

      await agent.get('/api/user').expect(200);
      await phone.get('/api/user').expect(200);
      await logIn(user.email, TEST_PASSWORD).expect(200);
      await logIn(user.email, NEW_PASSWORD).expect(401);
    });

    it.each([
      [{ currentPassword: TEST_PASSWORD, newPassword: 'short' }, 'newPassword: must be at least 8 characters long'],
      [{ currentPassword: TEST_PASSWORD, newPassword: 'x'.repeat(201) }, 'newPassword: must be at most 200 characters'],
      [{ currentPassword: '', newPassword: NEW_PASSWORD }, 'currentPassword: is required'],
      [{ newPassword: NEW_PASSWORD }, 'currentPassword: is required'],
      [{ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, email: 'x@y.z' }, 'unknown field "email"'],
    ])('refuses %j with 400 naming the field', async (body, message) => {
      const { agent, user } = await signUp(app);
      const refused = await agent.post('/api/user/password').send(body).expect(400);
      expect(refused.body.message).toContain(message);
      await logIn(user.email, TEST_PASSWORD).expect(200);
    });

    it('answers 401 to a visitor who is not signed in', async () => {
      const refused = await request(app)
        .post('/api/user/password')
        .send({ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD })
        .expect(401);
      expect(refused.body).toEqual({ message: 'Not authenticated' });
    });

    it('after 10 wrong current passwords refuses the 11th try with 429, even the right one, for that user only', async () => {
      const { agent, user } = await limitedAccount();
      const tryWith = (currentPassword: string) =>
        agent.post('/api/user/password').set('X-Forwarded-For', newAddress()).send({
          currentPassword,
          newPassword: NEW_PASSWORD,
        });
      for (let i = 0; i < RATE_LIMITS.passwordChangeFailuresPerUser; i += 1) {
        await tryWith('wrong password').expect(401);
      }

      const refused = await tryWith(TEST_PASSWORD).expect(429);
      expect(refused.body).toEqual({ message: PASSWORD_CHANGE_RATE_LIMITED_MESSAGE });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      await logIn(user.email, TEST_PASSWORD).expect(200);

      const other = await limitedAccount();
      await other.agent
        .post('/api/user/password')
        .send({ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD })
        .expect(200);
    });

    it('counts only wrong passwords: changes that work and malformed bodies give their hit back', async () => {
      const { agent } = await limitedAccount();
      let current = TEST_PASSWORD;
      for (let i = 0; i < RATE_LIMITS.passwordChangeFailuresPerUser + 2; i += 1) {
        const next = `${NEW_PASSWORD} ${i}`;
        await agent.post('/api/user/password').send({ currentPassword: current, newPassword: next }).expect(200);
        await agent.post('/api/user/password').send({ currentPassword: next, newPassword: 'short' }).expect(400);
        current = next;
      }
    });

    it('ends the reset links asked for before the change', async () => {
      const { agent, user } = await signUp(app);
      const token = await resetTokenFor(user.email);
      await agent
        .post('/api/user/password')
        .send({ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD })
        .expect(200);

      const refused = await request(app).post('/api/password/reset').send({ token, password: 'attacker choice 1' });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ message: RESET_LINK_INVALID_MESSAGE });
      await logIn(user.email, NEW_PASSWORD).expect(200);
    });
  });

  describe('forgot password (POST /api/password/forgot)', () => {
    it('answers a known and an unknown e-mail with the same status, headers and neutral sentence', async () => {
      const { user } = await signUp(app);
      const known = await forgot(user.email).expect(200);
      const unknown = await forgot(uniqueEmail('nobody')).expect(200);

      expect(known.body).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
      expect(unknown.body).toEqual(known.body);
      const headerNames = (response: request.Response) => Object.keys(response.headers).sort();
      expect(headerNames(unknown)).toEqual(headerNames(known));
      expect(known.headers['set-cookie']).toBeUndefined();
    });

    it('e-mails a link to a known address, and nothing to an unknown one', async () => {
      const { user } = await signUp(app);
      const nobody = uniqueEmail('nobody');
      await forgot(nobody).expect(200);
      await forgot(`  ${user.email.toUpperCase()} `).expect(200);

      const mail = await mailbox.waitFor(user.email);
      expect(mail.subject).toBe(RESET_MAIL_SUBJECT);
      expect(mail.from?.value).toEqual([{ name: 'HIT Tracker', address: 'no-reply@hit.example.com' }]);
      expect(mail.text).toContain('within one hour');
      const { link, token } = resetLinkIn(mail);
      expect(link.origin).toBe(PUBLIC_ORIGIN);
      expect(link.pathname).toBe('/reset-password');
      // The account's id, then 256 random bits.
      expect(token).toMatch(/^[0-9a-f]{24}[A-Za-z0-9_-]{43}$/);
      expect(mail.html).toContain(`href="${link.href}"`);
      // Sent before the known one: had it been e-mailed, it would be here by now.
      expect(mailbox.to(nobody)).toHaveLength(0);
    });

    it('builds the link on PUBLIC_ORIGIN, whatever Host and Origin the request says, in every mode', async () => {
      for (const NODE_ENV of ['development', 'test']) {
        const publicApp = buildTestApp(database, { NODE_ENV, SMTP_URL: mailbox.url, PUBLIC_ORIGIN });
        const { user } = await signUp(publicApp);
        await request(publicApp)
          .post('/api/password/forgot')
          .set('Host', 'evil.example')
          .set('Origin', 'http://evil.example')
          .set('X-Forwarded-Host', 'evil.example')
          .send({ email: user.email })
          .expect(200);
        const mail = await mailbox.waitFor(user.email);
        expect([NODE_ENV, resetLinkIn(mail).link.origin]).toEqual([NODE_ENV, PUBLIC_ORIGIN]);
        expect(mail.from?.value).toEqual([{ name: 'HIT Tracker', address: 'no-reply@hit.example.com' }]);
      }
    });

    it('cannot be configured to e-mail links without PUBLIC_ORIGIN, in any mode', () => {
      for (const NODE_ENV of ['development', 'test', 'production']) {
        expect(() => buildTestApp(database, { NODE_ENV, SMTP_URL: mailbox.url, PUBLIC_ORIGIN: '' })).toThrow(
          /PUBLIC_ORIGIN: required with SMTP_URL/,
        );
      }
    });

    it('stores only a SHA-256 of the token, with the user and an expiry one hour away', async () => {
      const { user } = await signUp(app);
      const asked = Date.now();
      const token = await resetTokenFor(user.email);

      const stored = await tokens()
        .find({ userId: new Types.ObjectId(user.id) })
        .toArray();
      expect(stored).toHaveLength(1);
      expect(stored[0]._id).toBe(createHash('sha256').update(token).digest('base64url'));
      expect(JSON.stringify(stored)).not.toContain(token);
      expect(stored[0].usedAt).toBeNull();
      const expiresAt = (stored[0].expiresAt as Date).getTime();
      expect(expiresAt).toBeGreaterThanOrEqual(asked + RESET_LINK_TTL_MS);
      expect(expiresAt).toBeLessThanOrEqual(Date.now() + RESET_LINK_TTL_MS);
    });

    it('lets the database drop a link a day after it expires (TTL index)', async () => {
      const indexes = await tokens().indexes();
      expect(indexes).toContainEqual(
        expect.objectContaining({ key: { expiresAt: 1 }, expireAfterSeconds: EXPIRED_RESET_TOKEN_KEPT_SECONDS }),
      );
      expect(indexes).toContainEqual(expect.objectContaining({ key: { userId: 1 } }));
    });

    it('refuses a body without a valid e-mail with 400, as every other route', async () => {
      const refused = await forgot('not an e-mail').expect(400);
      expect(refused.body.message).toMatch(/^email: /);
    });

    describe('without SMTP_URL', () => {
      /**
       * Asks for a link for a new account from an app configured by `env`, with the logger on (it is silent under
       * NODE_ENV=test), until the log matches `logged`: the answer comes first, the link after it.
       */
      async function forgotAndLog(env: NodeJS.ProcessEnv, logged: RegExp) {
        const bareApp = buildTestApp(database, env);
        const { user } = await signUp(app);
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
          await request(bareApp).post('/api/password/forgot').send({ email: user.email }).expect(200);
          const deadline = Date.now() + 5000;
          while (!logged.test(lines.join('')) && Date.now() < deadline) {
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        } finally {
          process.env.NODE_ENV = nodeEnv;
          stdout.mockRestore();
          stderr.mockRestore();
        }
        return { output: lines.join(''), user };
      }

      it('prints the link in the log in development, and sends nothing', async () => {
        const before = mailbox.received.length;
        const { output, user } = await forgotAndLog({ NODE_ENV: 'development' }, /reset-password\?token=/);
        expect(output).toMatch(/"level":"info","message":"password reset link \(SMTP_URL is not set/);
        expect(output).toContain(user.email);
        const token = /reset-password\?token=([\w-]+)/.exec(output)![1];
        await request(app).post('/api/password/reset').send({ token, password: NEW_PASSWORD }).expect(200);
        expect(mailbox.received.length).toBe(before);
      });

      it('warns at a production start, and logs no link when asked for one', async () => {
        const production = { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32), ...TEST_VAPID_ENV };
        expect(loadConfig(production).warnings).toContainEqual(expect.stringContaining('SMTP_URL is not set'));
        const { output } = await forgotAndLog(production, /SMTP_URL is not set: no e-mail sent/);
        expect(output).toContain('"level":"warn"');
        expect(output).not.toContain('token=');
      });
    });
  });

  describe('reset (POST /api/password/reset)', () => {
    const reset = (token: string, password = NEW_PASSWORD, agent = request.agent(app)) =>
      agent.post('/api/password/reset').send({ token, password });

    it('sets the new password, signs out every session and signs the resetting browser in', async () => {
      const { agent, user } = await signUp(app);
      const phone = await anotherDevice(user.email);
      const token = await resetTokenFor(user.email);

      const browser = request.agent(app);
      const answer = await reset(token, NEW_PASSWORD, browser).expect(200);
      expect(answer.body).toEqual({
        id: user.id,
        email: user.email,
        firstName: null,
        lastName: null,
        weightUnit: 'lbs',
      });
      // Signed in, the browser earns the account's device cookie as a sign-in does (issue #23: its own allowance).
      const cookies = ([] as string[]).concat(answer.headers['set-cookie'] ?? []);
      expect(cookies.find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`))).toMatch(/; HttpOnly/i);

      expect((await browser.get('/api/user').expect(200)).body.id).toBe(user.id);
      await agent.get('/api/user').expect(401);
      await phone.get('/api/user').expect(401);
      await logIn(user.email, TEST_PASSWORD).expect(401);
      await logIn(user.email, NEW_PASSWORD).expect(200);
    });

    it('signs every session out before it stores the new password: a failure in between leaves none of them', async () => {
      const { agent, user } = await signUp(app);
      const phone = await anotherDevice(user.email);
      const token = await resetTokenFor(user.email);
      const User = database.connection.models.User;
      const failure = jest.spyOn(User, 'findOneAndUpdate').mockRejectedValueOnce(new Error('the database went away'));
      const logged = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
      try {
        await reset(token).expect(500);
      } finally {
        failure.mockRestore();
        logged.mockRestore();
      }
      await agent.get('/api/user').expect(401);
      await phone.get('/api/user').expect(401);
      // The password is unchanged; the link is spent, and a new one works.
      await logIn(user.email, TEST_PASSWORD).expect(200);
      expect((await reset(token).expect(400)).body).toEqual({ message: RESET_LINK_USED_MESSAGE });
      await reset(await resetTokenFor(user.email)).expect(200);
      await logIn(user.email, NEW_PASSWORD).expect(200);
    });

    it('signs in the account of the link even on a browser signed in as someone else', async () => {
      const { user } = await signUp(app);
      const someoneElse = await signUp(app);
      const token = await resetTokenFor(user.email);
      await reset(token, NEW_PASSWORD, someoneElse.agent).expect(200);
      expect((await someoneElse.agent.get('/api/user').expect(200)).body.id).toBe(user.id);
    });

    it('works once: the same link again is refused as used, and changes nothing', async () => {
      const { user } = await signUp(app);
      const token = await resetTokenFor(user.email);
      await reset(token).expect(200);

      const again = await reset(token, 'a second new password').expect(400);
      expect(again.body).toEqual({ message: RESET_LINK_USED_MESSAGE });
      await logIn(user.email, NEW_PASSWORD).expect(200);
      await logIn(user.email, 'a second new password').expect(401);
    });

    it('works once when two resets with one link race: one wins, the other is told it was used', async () => {
      const { user } = await signUp(app);
      const token = await resetTokenFor(user.email);
      const answers = await Promise.all([reset(token, 'first racer password'), reset(token, 'second racer password')]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
      const lost = answers.find((answer) => answer.status === 400)!;
      expect(lost.body).toEqual({ message: RESET_LINK_USED_MESSAGE });
      const winner = answers[0].status === 200 ? 'first racer password' : 'second racer password';
      await logIn(user.email, winner).expect(200);
    });

    it('refuses an expired link and changes nothing', async () => {
      const { agent, user } = await signUp(app);
      const token = await resetTokenFor(user.email);
      const hash = createHash('sha256').update(token).digest('base64url');
      await tokens().updateOne({ _id: hash as never }, { $set: { expiresAt: new Date(Date.now() - 1000) } });

      const refused = await reset(token).expect(400);
      expect(refused.body).toEqual({ message: RESET_LINK_EXPIRED_MESSAGE });
      await logIn(user.email, TEST_PASSWORD).expect(200);
      await agent.get('/api/user').expect(200);
    });

    it.each([
      ['one character changed', (token: string) => `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`],
      ['cut short', (token: string) => token.slice(0, 30)],
      ['made up', () => 'x'.repeat(43)],
    ])('refuses a tampered link (%s) as not valid, and changes nothing', async (_name, tamper) => {
      const { user } = await signUp(app);
      const token = await resetTokenFor(user.email);
      const refused = await reset(tamper(token)).expect(400);
      expect(refused.body).toEqual({ message: RESET_LINK_INVALID_MESSAGE });
      await logIn(user.email, TEST_PASSWORD).expect(200);
      // The real link still works.
      await reset(token).expect(200);
    });

    it.each([
      [{ token: 'short', password: NEW_PASSWORD }, 'token: is not a valid link'],
      [{ password: NEW_PASSWORD }, 'token: is required'],
      [{ token: 'x'.repeat(43), password: 'short' }, 'password: must be at least 8 characters long'],
      [{ token: 'x'.repeat(43), password: NEW_PASSWORD, userId: 'someone' }, 'unknown field "userId"'],
    ])('refuses %j with 400 naming the field', async (body, message) => {
      const refused = await request(app).post('/api/password/reset').send(body).expect(400);
      expect(refused.body.message).toContain(message);
    });

    it('keeps the link usable after a new password that breaks the sign-up rules', async () => {
      const { user } = await signUp(app);
      const token = await resetTokenFor(user.email);
      const refused = await reset(token, 'short').expect(400);
      expect(refused.body.message).toBe('password: must be at least 8 characters long');
      await reset(token).expect(200);
      await logIn(user.email, NEW_PASSWORD).expect(200);
    });

    it('ends the other links of the account once one is used', async () => {
      const { user } = await signUp(app);
      const first = await resetTokenFor(user.email);
      const second = await resetTokenFor(user.email);
      await reset(second).expect(200);
      const refused = await reset(first, 'another new password').expect(400);
      expect(refused.body).toEqual({ message: RESET_LINK_INVALID_MESSAGE });
    });

    it('never logs the token or the new password', async () => {
      const { user } = await signUp(app);
      const token = await resetTokenFor(user.email);
      const error = jest.spyOn(logger, 'error');
      const warn = jest.spyOn(logger, 'warn');
      const info = jest.spyOn(logger, 'info');
      try {
        await reset(token).expect(200);
        await reset(token).expect(400);
        const logged = JSON.stringify([error.mock.calls, warn.mock.calls, info.mock.calls]);
        expect(logged).not.toContain(token);
        expect(logged).not.toContain(NEW_PASSWORD);
      } finally {
        error.mockRestore();
        warn.mockRestore();
        info.mockRestore();
      }
    });
  });

  describe('how often links are sent', () => {
    const reset = (token: string) => request(app).post('/api/password/reset').send({ token, password: NEW_PASSWORD });

    it('sends one e-mail per account in five minutes, answering every request the same 200: no 429 to spend', async () => {
      const { user } = await signUp(app);
      const nobody = uniqueEmail('nobody');
      // A stranger asks over and over, each time from a new address, for a known and an unknown e-mail.
      for (const email of [user.email, nobody]) {
        for (let i = 0; i < 8; i += 1) {
          const answer = await forgot(i % 2 ? ` ${email.toUpperCase()}` : email, limitedApp).expect(200);
          expect(answer.body).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
          expect(answer.headers['retry-after']).toBeUndefined();
        }
      }
      await mailbox.waitFor(user.email, 1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(mailbox.to(user.email)).toHaveLength(1);
      expect(mailbox.to(nobody)).toHaveLength(0);
      // The one link sent still works: the stranger's requests spent nothing of the owner's.
      const { token } = resetLinkIn(mailbox.to(user.email)[0]);
      await reset(token).expect(200);
    });

    it('sends one e-mail when two requests for one account arrive at once', async () => {
      const { user } = await signUp(app);
      await Promise.all(Array.from({ length: 6 }, () => forgot(user.email, limitedApp).expect(200)));
      await mailbox.waitFor(user.email, 1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(mailbox.to(user.email)).toHaveLength(1);
      expect(await tokens().countDocuments({ userId: new Types.ObjectId(user.id) })).toBe(1);
    });

    it('keeps one link live at a time: a new one ends the one sent before', async () => {
      const { user } = await signUp(app);
      const first = await resetTokenFor(user.email);
      const second = await resetTokenFor(user.email);
      expect(await tokens().countDocuments({ userId: new Types.ObjectId(user.id) })).toBe(1);
      expect((await reset(first).expect(400)).body).toEqual({ message: RESET_LINK_INVALID_MESSAGE });
      await reset(second).expect(200);
    });

    it('sends again once five minutes have passed since the last e-mail', async () => {
      const { user } = await signUp(app);
      await forgot(user.email, limitedApp).expect(200);
      await mailbox.waitFor(user.email, 1);
      // As if the e-mail had gone out five minutes ago.
      await database.connection
        .collection('users')
        .updateOne(
          { _id: new Types.ObjectId(user.id) },
          { $set: { passwordResetMailedAt: new Date(Date.now() - RESET_MAIL_INTERVAL_MS) } },
        );
      await forgot(user.email, limitedApp).expect(200);
      await mailbox.waitFor(user.email, 2);
    });

    it('after 20 requests from one address refuses the 21st from it, whatever the e-mail', async () => {
      const address = newAddress();
      for (let i = 0; i < RATE_LIMITS.passwordResetsPerIp; i += 1) {
        await forgot(uniqueEmail('spray'), limitedApp, address).expect(200);
      }
      const { user } = await signUp(app);
      const refused = await forgot(user.email, limitedApp, address).expect(429);
      expect(refused.body).toEqual({ message: PASSWORD_RESET_RATE_LIMITED_MESSAGE });
      // Another address is still served.
      await forgot(user.email, limitedApp).expect(200);
    });
  });

  it('serves the shell at /reset-password, where the link leads', async () => {
    const root = await makeStaticRoot({
      'shell/dist/index.html': '<!doctype html><html><head></head><body>shell</body></html>',
    });
    try {
      const page = await request(buildTestApp(database, {}, root.root))
        .get('/reset-password?token=abc')
        .set('Accept', 'text/html')
        .expect(200);
      // The shell's page, rendered as every page is (pages.ts: the visitor's remote map in its head).
      expect(page.text).toMatch(
        /^<!doctype html><html><head>.*id="hit-remotes".*<\/head><body>shell<\/body><\/html>$/s,
      );
    } finally {
      await root.remove();
    }
  });
});
