import fc from 'fast-check';
import request from 'supertest';
import {
  commonPasswordsOf,
  NAME_REASONS,
  nameProblem,
  passwordProblem,
  type CommonPasswords,
} from '@hit/contracts/rules';
import commonPasswordList from '@zxcvbn-ts/language-common/src/passwords.json';
import { buildTestApp, signUp, startTestDatabase, TEST_PASSWORD, uniqueEmail, type TestDatabase } from './helpers';

/*
 * Issue #23, items 4 and 5, as properties over generated input: the api refuses a new password (sign-up, change) or
 * a name exactly when the shared rule (@hit/contracts/rules, which the browser forms run before sending) does, with
 * its reason as the message, and stores what it accepts as the rule says. FUZZ_SEED=<seed> replays a failure,
 * FUZZ_RUNS=<factor> scales the runs (as in fuzz.test.ts).
 */

const RUNS_FACTOR = Number(process.env.FUZZ_RUNS ?? 1);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const runs = (count: number) => ({ numRuns: Math.ceil(count * RUNS_FACTOR), seed: SEED, endOnFailure: true });

const commonPasswords: CommonPasswords = commonPasswordsOf(commonPasswordList);

/** Whitespace of every kind String.prototype.trim and \s know, and the line separators. */
const whitespace = fc.constantFrom(' ', '\t', '\n', '\r', '\v', '\f', '\u00a0', '\u2003', '\u3000', '\u2028', '\ufeff');
/** Characters a name may not hold: C0, DEL, C1, the bidirectional controls and the line/paragraph separators. */
const forbiddenInName = fc
  .oneof(
    fc.integer({ min: 0x00, max: 0x1f }),
    fc.integer({ min: 0x7f, max: 0x9f }),
    fc.constantFrom(0x061c, 0x200e, 0x200f, 0x2028, 0x2029, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e),
    fc.constantFrom(0x2066, 0x2067, 0x2068, 0x2069),
  )
  .map((code) => String.fromCharCode(code));

const randomCase = (text: string) =>
  fc
    .array(fc.boolean(), { minLength: text.length, maxLength: text.length })
    .map((upper) => [...text].map((char, index) => (upper[index] ? char.toUpperCase() : char)).join(''));

/** One of the list, in any case, maybe with whitespace around it. */
const commonPassword = fc
  .constantFrom(...commonPasswordList.filter((_password, index) => index % 50 === 0))
  .chain(randomCase)
  .chain((password) =>
    fc
      .tuple(fc.array(whitespace, { maxLength: 3 }), fc.array(whitespace, { maxLength: 3 }))
      .map(([before, after]) => `${before.join('')}${password}${after.join('')}`),
  );

/** Passwords made from the account's e-mail: it or its name, in any case, inside other text. */
const passwordFromEmail = (email: string) =>
  fc
    .tuple(fc.constantFrom(email, email.split('@')[0]), fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }))
    .chain(([part, before, after]) => randomCase(part).map((cased) => `${before}${cased}${after}`));

const anyPassword = (email: string) =>
  fc.oneof(
    commonPassword,
    passwordFromEmail(email),
    fc.array(whitespace, { maxLength: 12 }).map((chars) => chars.join('')),
    fc.string({ unit: 'grapheme', maxLength: 24 }),
    fc.string({ unit: 'binary', maxLength: 24 }),
    fc.string({ minLength: 195, maxLength: 205 }),
  );

/** A name, maybe with a forbidden character somewhere in it, maybe with whitespace around it. */
const anyName = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc
    .tuple(
      fc.string({ unit: 'grapheme', maxLength: 15 }),
      forbiddenInName,
      fc.string({ unit: 'grapheme', maxLength: 15 }),
    )
    .map(([before, forbidden, after]) => `${before}${forbidden}${after}`),
  fc
    .tuple(
      fc.array(whitespace, { maxLength: 3 }),
      fc.string({ unit: 'grapheme', maxLength: 20 }),
      fc.array(whitespace, { maxLength: 3 }),
    )
    .map(([before, name, after]) => `${before.join('')}${name}${after.join('')}`),
);

describe('the new-password and name rules, fuzzed (issue #23)', () => {
  let database: TestDatabase;
  let app: ReturnType<typeof buildTestApp>;

  beforeAll(async () => {
    database = await startTestDatabase();
    app = buildTestApp(database);
  });
  afterAll(() => database.close());

  const users = () => database.connection.collection('users');

  it('sign-up refuses a password exactly when the rule the browser runs does, saying its reason', async () => {
    // One address for every run: an account it creates is deleted before the next.
    const email = uniqueEmail('fuzz');
    await fc.assert(
      fc.asyncProperty(anyPassword(email), async (password) => {
        const reason = passwordProblem(password, { email, commonPasswords });
        const answer = await request(app).post('/api/register').send({ email, password });
        if (reason) {
          expect({ status: answer.status, body: answer.body }).toEqual({
            status: 400,
            body: { message: `password: ${reason}` },
          });
          expect(await users().countDocuments({ email })).toBe(0);
        } else {
          expect(answer.status).toBe(201);
          await users().deleteOne({ email });
        }
      }),
      runs(60),
    );
  });

  it('a password change is refused exactly when the rule is, and then changes nothing', async () => {
    const { agent, user } = await signUp(app);
    let current = TEST_PASSWORD;
    await fc.assert(
      fc.asyncProperty(anyPassword(user.email), async (newPassword) => {
        const reason = passwordProblem(newPassword, { email: user.email, commonPasswords });
        const answer = await agent.post('/api/user/password').send({ currentPassword: current, newPassword });
        if (reason) {
          expect({ status: answer.status, body: answer.body }).toEqual({
            status: 400,
            body: { message: `newPassword: ${reason}` },
          });
        } else {
          expect(answer.status).toBe(200);
          current = newPassword;
        }
      }),
      runs(40),
    );
    await request(app).post('/api/login').send({ email: user.email, password: current }).expect(200);
  });

  it('sign-up refuses a name exactly when the rule does, and stores the ones it takes trimmed, with none of them', async () => {
    await fc.assert(
      fc.asyncProperty(anyName, anyName, async (firstName, lastName) => {
        const email = uniqueEmail('names');
        const answer = await request(app)
          .post('/api/register')
          .send({ email, password: TEST_PASSWORD, firstName, lastName });
        const firstReason = nameProblem(firstName);
        const lastReason = nameProblem(lastName);
        if (firstReason || lastReason) {
          const message = firstReason ? `firstName: ${firstReason}` : `lastName: ${lastReason}`;
          expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: { message } });
          expect(await users().countDocuments({ email })).toBe(0);
          return;
        }
        expect(answer.status).toBe(201);
        expect(answer.body).toMatchObject({ firstName: firstName.trim() || null, lastName: lastName.trim() || null });
        const stored = await users().findOne({ email });
        for (const name of [stored?.firstName, stored?.lastName]) {
          if (name !== null) expect(nameProblem(name)).toBeNull();
          if (name !== null) expect(name).toBe(name.trim());
        }
        await users().deleteOne({ email });
      }),
      runs(60),
    );
  });

  it('refuses any forbidden character between the letters of a name, whatever surrounds it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .string({ unit: 'grapheme', minLength: 1, maxLength: 10 })
          .filter((text) => text.trim() === text && text !== ''),
        forbiddenInName,
        fc
          .string({ unit: 'grapheme', minLength: 1, maxLength: 10 })
          .filter((text) => text.trim() === text && text !== ''),
        async (before, forbidden, after) => {
          const email = uniqueEmail('names');
          const answer = await request(app)
            .post('/api/register')
            .send({ email, password: TEST_PASSWORD, lastName: `${before}${forbidden}${after}` });
          expect({ status: answer.status, body: answer.body }).toEqual({
            status: 400,
            body: { message: `lastName: ${NAME_REASONS.controlCharacters}` },
          });
        },
      ),
      runs(60),
    );
  });
});
