import { Types } from 'mongoose';
import { databaseOf, nameSessionUsers, SESSION_USER_MAX_AGE_MS } from '../src/auth/sessionUser';
import { deleteSessionsOf } from '../src/services/retention';
import { buildTestApp, changeUser, signUp, startTestDatabase, type TestDatabase } from './helpers';

/**
 * Issue #21: the signed-in user's copy carried with each session (api/src/auth/sessionUser.ts). The two-process
 * tests (reliability/twoProcesses.test.ts) show the api's own changes reaching every session; these show the copy's
 * contract for a change made to the database by hand.
 */
describe("the session's copy of its user", () => {
  let database: TestDatabase;
  let app: ReturnType<typeof buildTestApp>;

  beforeAll(async () => {
    database = await startTestDatabase();
    app = buildTestApp(database);
  });
  afterAll(() => database.close());

  const sessions = () => database.connection.collection<{ userId?: Types.ObjectId; copiedAt?: Date }>('sessions');
  const expired = { $set: { trialEndsAt: new Date(Date.now() - 60_000) } };

  it('is kept in the session document, with no password hash', async () => {
    const { agent, user } = await signUp(app);
    const stored = await sessions().findOne({ userId: new Types.ObjectId(user.id) });
    expect(stored).toMatchObject({ user: { email: user.email }, rev: expect.any(Number) });
    expect(JSON.stringify(stored)).not.toMatch(/passwordHash|scrypt/);
    await agent.get('/api/user').expect(200);
  });

  it('takes a change made by hand on the next request once refreshed (changeUser), in every session of the user', async () => {
    const { agent, user } = await signUp(app);
    await agent.post('/api/sessions/start').send({ dayId: 1 }).expect(201);
    await changeUser(database.connection, { _id: new Types.ObjectId(user.id) }, expired);
    await agent.post('/api/sessions/start').send({ dayId: 1 }).expect(402);
  });

  it(`reads a changed user again once the copy is older than ${SESSION_USER_MAX_AGE_MS / 1000} s, even unrefreshed`, async () => {
    const { agent, user } = await signUp(app);
    const userId = new Types.ObjectId(user.id);
    // A change with no refresh (a process that died before it): the fresh copy still answers...
    await database.connection.collection('users').updateOne({ _id: userId }, expired);
    await agent.post('/api/sessions/start').send({ dayId: 1 }).expect(201);
    // ... until it is older than the limit: then the user is read again, and the copy renewed.
    await sessions().updateMany({ userId }, { $set: { copiedAt: new Date(Date.now() - SESSION_USER_MAX_AGE_MS - 1) } });
    await agent.post('/api/sessions/start').send({ dayId: 1 }).expect(402);
    const renewed = await sessions().findOne({ userId });
    expect(Date.now() - renewed!.copiedAt!.getTime()).toBeLessThan(SESSION_USER_MAX_AGE_MS);
  });

  it('ends a session whose user is gone', async () => {
    const { agent, user } = await signUp(app);
    const userId = new Types.ObjectId(user.id);
    await database.connection.collection('users').deleteOne({ _id: userId });
    await sessions().updateMany({ userId }, { $set: { copiedAt: new Date(0) } });
    await agent.get('/api/user').expect(401);
    expect(await sessions().countDocuments({ userId })).toBe(0);
  });

  it('names the user of a session saved before sessions carried it, so signing out everywhere finds it', async () => {
    const { user } = await signUp(app);
    const legacy = database.connection.collection<{ _id: string }>('sessions');
    await legacy.insertOne({
      _id: 'a-session-from-before',
      expires: new Date(Date.now() + 86_400_000),
      session: JSON.stringify({ cookie: { path: '/' }, passport: { user: user.id } }),
    } as never);
    expect(await nameSessionUsers(databaseOf(database.connection))).toBeGreaterThanOrEqual(1);
    expect(await legacy.findOne({ _id: 'a-session-from-before' })).toMatchObject({
      userId: new Types.ObjectId(user.id),
    });

    await deleteSessionsOf(database.connection, user.id);
    expect(await legacy.findOne({ _id: 'a-session-from-before' })).toBeNull();
  });
});
