import { Schema, Types, type Model } from 'mongoose';
import { runRetention, RETENTION_HELP } from '../src/retention';
import { deleteInactiveFreeAccounts, findInactiveFreeAccounts, isDueForDeletion } from '../src/services/retention';
import { buildTestApp, changeUser, signUp, startTestDatabase, type TestDatabase } from './helpers';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number, now = new Date()) => new Date(now.getTime() - days * DAY_MS);

interface NoteFields {
  userId: Types.ObjectId;
  text: string;
}
type RuleCase = [description: string, deleted: boolean, user: Parameters<typeof isDueForDeletion>[0]];

describe('retention', () => {
  let database: TestDatabase;
  let app: ReturnType<typeof buildTestApp>;
  /** A stand-in for any feature's per-user collection (workout days, sessions, progress…), unknown to the script. */
  let Note: Model<NoteFields>;

  beforeAll(async () => {
    database = await startTestDatabase();
    app = buildTestApp(database);
    const noteSchema = new Schema<NoteFields>({ userId: Schema.Types.ObjectId, text: String });
    Note = database.connection.model<NoteFields>('RetentionTestNote', noteSchema);
  });
  afterAll(() => database.close());

  const users = () => database.connection.collection('users');

  /** A signed-in account whose last activity (and anything else stored) is then set as given, with one note. */
  async function account(fields: Record<string, unknown>) {
    const { agent, user } = await signUp(app);
    await changeUser(database.connection, { email: user.email }, { $set: fields });
    await Note.create({ userId: new Types.ObjectId(user.id), text: `note of ${user.email}` });
    return { agent, user };
  }

  async function sessionsOf(userId: string): Promise<number> {
    const sessions = await database.connection.collection('sessions').find().toArray();
    return sessions.filter((doc) => JSON.parse(doc.session as string).passport?.user === userId).length;
  }

  describe('the rule', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    it.each<RuleCase>([
      ['a free account inactive 366 days', true, { lastActiveAt: daysAgo(366, now) }],
      ['a free account active 300 days ago', false, { lastActiveAt: daysAgo(300, now) }],
      ['a free account active yesterday', false, { lastActiveAt: daysAgo(1, now) }],
      ['a free account inactive exactly 365 days', false, { lastActiveAt: daysAgo(365, now) }],
      ['an account that paid, inactive 2 years', false, { lastActiveAt: daysAgo(730, now), hasPaid: true }],
      ...(['active', 'cancelled', 'past_due', 'ended'] as const).map((status): RuleCase => [
        `an account with subscription status ${status}, inactive 2 years`,
        false,
        { lastActiveAt: daysAgo(730, now), subscription: { status } },
      ]),
    ])('%s → deleted: %s', (_case, deleted, user) => {
      expect(isDueForDeletion(user, now)).toBe(deleted);
    });
  });

  describe('listing and deleting', () => {
    it('lists a free account inactive 366 days in a dry run, and deletes nothing', async () => {
      const inactive = await account({ lastActiveAt: daysAgo(366) });
      const listed = await findInactiveFreeAccounts(database.connection, new Date());
      expect(listed).toContainEqual({
        id: inactive.user.id,
        email: inactive.user.email,
        lastActiveAt: expect.any(Date),
      });
      expect(await users().countDocuments({ email: inactive.user.email })).toBe(1);
      expect(await Note.countDocuments({ userId: inactive.user.id })).toBe(1);
    });

    it('deletes inactive free accounts with all their data and sessions, and keeps recent and paid ones', async () => {
      const inactive = await account({ lastActiveAt: daysAgo(366) });
      const recent = await account({ lastActiveAt: daysAgo(300) });
      const paid = await account({ lastActiveAt: daysAgo(730), hasPaid: true });
      const ended = await account({ lastActiveAt: daysAgo(730), 'subscription.status': 'ended' });
      expect(await sessionsOf(inactive.user.id)).toBe(1);

      const run = await deleteInactiveFreeAccounts(database.connection, new Date());

      expect(run.deleted.map((deleted) => deleted.email)).toContain(inactive.user.email);
      expect(run.documents.RetentionTestNote).toBeGreaterThanOrEqual(1);
      expect(await users().countDocuments({ email: inactive.user.email })).toBe(0);
      expect(await Note.countDocuments({ userId: inactive.user.id })).toBe(0);
      expect(await sessionsOf(inactive.user.id)).toBe(0);
      // Its old cookie no longer signs anyone in.
      await inactive.agent.get('/api/user').expect(401);

      for (const kept of [recent, paid, ended]) {
        expect(await users().countDocuments({ email: kept.user.email })).toBe(1);
        expect(await Note.countDocuments({ userId: kept.user.id })).toBe(1);
        // Reading the user records activity today: the last-active date moves, nothing else changes.
        await kept.agent.get('/api/user').expect(200);
      }
      expect(await findInactiveFreeAccounts(database.connection, new Date())).toEqual([]);
    });
  });

  describe('npm run retention', () => {
    let output: string[];
    const print = (line: string) => output.push(line);
    beforeEach(() => {
      output = [];
    });
    const env = () => {
      const { host, port, name } = database.connection;
      return { NODE_ENV: 'test', MONGODB_URI: `mongodb://${host}:${port}/${name}` };
    };

    it('prints each inactive free account with its last-active date and a count, and changes nothing without --apply', async () => {
      const inactive = await account({ lastActiveAt: new Date('2024-03-01T10:00:00Z') });
      await account({ lastActiveAt: daysAgo(10) });
      expect(await runRetention([], { env: env(), print })).toBe(0);
      expect(output).toContain(`${inactive.user.email}\tlast active 2024-03-01`);
      expect(output.at(-1)).toMatch(
        /^1 free account\(s\) with no activity since \d{4}-\d{2}-\d{2} would be deleted\. Run with --apply/,
      );
      expect(await users().countDocuments({ email: inactive.user.email })).toBe(1);
    });

    it('deletes them with --apply', async () => {
      // One instant for the account and the expected line: computed twice, the date could differ across midnight.
      const lastActiveAt = daysAgo(400);
      const inactive = await account({ lastActiveAt });
      const due = (await findInactiveFreeAccounts(database.connection, new Date())).length;
      expect(await runRetention(['--apply'], { env: env(), print })).toBe(0);
      expect(output).toContain(
        `deleted ${inactive.user.email}\tlast active ${lastActiveAt.toISOString().slice(0, 10)}`,
      );
      expect(output.at(-1)).toMatch(
        new RegExp(
          `^${due} free account\\(s\\) with no activity since .* deleted \\(User: ${due}, .*sessions: ${due}\\)\\.$`,
        ),
      );
      expect(await users().countDocuments({ email: inactive.user.email })).toBe(0);
      expect(await sessionsOf(inactive.user.id)).toBe(0);
    });

    it('explains itself with --help and refuses unknown options', async () => {
      expect(await runRetention(['--help'], { env: env(), print })).toBe(0);
      expect(output).toEqual([RETENTION_HELP]);
      expect(RETENTION_HELP).toMatch(/--apply +delete/);
      expect(RETENTION_HELP).toMatch(/rebuilds the api/);
      expect(await runRetention(['--aply'], { env: env(), print })).toBe(2);
      expect(output[1]).toMatch(/^Unknown option --aply/);
    });
  });

  describe('activity tracking', () => {
    it('records the day of an authenticated request, at most once a day', async () => {
      const { agent, user } = await signUp(app);
      const lastActive = async () => (await users().findOne({ email: user.email }))!.lastActiveAt as Date;

      await changeUser(database.connection, { email: user.email }, { $set: { lastActiveAt: daysAgo(2) } });
      const before = Date.now();
      await agent.get('/api/user').expect(200);
      expect((await lastActive()).getTime()).toBeGreaterThanOrEqual(before - 1000);

      // Within the day: no write for every request.
      const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
      await changeUser(database.connection, { email: user.email }, { $set: { lastActiveAt: hourAgo } });
      await agent.get('/api/user').expect(200);
      expect(await lastActive()).toEqual(hourAgo);
    });
  });
});
