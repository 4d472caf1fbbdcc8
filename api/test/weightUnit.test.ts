import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Types } from 'mongoose';
import { userSchema, type Exercise, type User, type WeightUnit } from '@hit/contracts';
import { buildTestApp, changeUser, signUp, startTestDatabase, TEST_PASSWORD, type TestDatabase } from './helpers';
import { backdateAccount, sendBatch } from './syncOutbox';
import { completed, getDay, startSession, type Agent } from './workoutFixtures';

// The lifter's remembered unit (docs/product-rules.md, "The lifter's unit"): every answer that is a User carries it,
// the sets the api stores move it, the analytics toggle sets it, and every device of the lifter reads the same.

let database: TestDatabase;
let app: ReturnType<typeof buildTestApp>;

beforeAll(async () => {
  database = await startTestDatabase();
  app = buildTestApp(database);
});
afterAll(async () => {
  await database.close();
});

/** A second device of the same lifter: its own sign-in, its own session. */
async function secondDevice(email: string): Promise<Agent> {
  const agent = request.agent(app);
  await agent.post('/api/login').send({ email, password: TEST_PASSWORD }).expect(200);
  return agent;
}

async function unitOf(agent: Agent): Promise<WeightUnit> {
  return userSchema.strict().parse((await agent.get('/api/user').expect(200)).body).weightUnit;
}

async function storedUser(id: string) {
  return database.connection.collection('users').findOne({ _id: new Types.ObjectId(id) });
}

/** Day 1's first exercise with its first set completed in `unit` at `completedAt`. */
async function firstSetDone(agent: Agent, unit: WeightUnit, completedAt: string): Promise<Exercise[]> {
  const [exercise] = (await getDay(agent, 1)).exercises;
  return [{ ...exercise, sets: [completed(exercise.sets[0], 60, 8, completedAt, unit)] }];
}

describe("the lifter's unit", () => {
  it('is lbs for a new lifter in the sign-up, sign-in and current-user answers', async () => {
    const { agent, user } = await signUp(app);
    expect(userSchema.strict().parse(user).weightUnit).toBe('lbs');
    expect(await unitOf(agent)).toBe('lbs');
    const login = await request(app)
      .post('/api/login')
      .send({ email: user.email, password: TEST_PASSWORD })
      .expect(200);
    expect(userSchema.strict().parse(login.body)).toEqual({ ...user, weightUnit: 'lbs' } satisfies User);
  });

  it('reads as lbs for an account stored before the field existed', async () => {
    const { agent, user } = await signUp(app);
    await changeUser(database.connection, { _id: new Types.ObjectId(user.id) }, { $unset: { weightUnit: '' } });
    expect(await storedUser(user.id)).not.toHaveProperty('weightUnit');
    expect(await unitOf(agent)).toBe('lbs');
    expect(await unitOf(await secondDevice(user.email))).toBe('lbs');
  });

  it('follows the newest completed set of an autosave, on every device of the lifter', async () => {
    const { agent, user } = await signUp(app);
    const phone = await secondDevice(user.email);
    const session = await startSession(agent, 1);
    const exercises = await firstSetDone(agent, 'kg', new Date().toISOString());
    await agent.put(`/api/sessions/${session.id}`).send({ exercises }).expect(200);
    expect(await unitOf(agent)).toBe('kg');
    expect(await unitOf(phone)).toBe('kg');
    expect(await unitOf(await secondDevice(user.email))).toBe('kg');
  });

  it('follows the sets of a day saved whole (PUT /api/workout-days/:id)', async () => {
    const { agent, user } = await signUp(app);
    const day = await getDay(agent, 1);
    const exercises = await firstSetDone(agent, 'kg', new Date().toISOString());
    await agent
      .put('/api/workout-days/1')
      .send({ ...day, exercises })
      .expect(200);
    expect(await unitOf(await secondDevice(user.email))).toBe('kg');
  });

  it('follows the newest set of a sync, and a set older than the last choice leaves it alone', async () => {
    const { agent, user } = await signUp(app);
    // Sets of an hour ago are the account's own: it was made a day ago, its trial running.
    await backdateAccount(database, user.id, 1, 29);
    const sessionId = new Types.ObjectId().toHexString();
    const start = Date.now() - 60 * 60_000;
    const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
    const [exercise] = (await getDay(agent, 1)).exercises;
    const [first, second] = exercise.sets;
    // Two sets in one batch: the newer one's unit (lbs, typed after a kg set) is the one remembered...
    const answer = await sendBatch(agent, [
      { opId: randomUUID(), type: 'start', at: at(0), dayId: 1, sessionId },
      {
        opId: randomUUID(),
        type: 'save',
        at: at(2),
        dayId: 1,
        sessionId,
        exercises: [
          { ...exercise, sets: [completed(first, 60, 8, at(1), 'kg'), completed(second, 140, 8, at(2), 'lbs')] },
        ],
      },
    ]);
    expect(answer.results.map((result) => result.status)).toEqual(['applied', 'applied']);
    expect(await unitOf(agent)).toBe('lbs');

    // ...then kg on the analytics toggle, after which a set synced late from an offline device, done before the
    // choice, changes nothing.
    await agent.put('/api/user/weight-unit').send({ weightUnit: 'kg' }).expect(200);
    await sendBatch(agent, [
      {
        opId: randomUUID(),
        type: 'save',
        at: at(3),
        dayId: 1,
        sessionId,
        exercises: [{ ...exercise, sets: [completed(exercise.sets[2] ?? second, 150, 8, at(3), 'lbs')] }],
      },
    ]);
    expect(await unitOf(await secondDevice(user.email))).toBe('kg');
  });

  it('costs no write when a set is logged in the unit already remembered', async () => {
    const { agent, user } = await signUp(app);
    const session = await startSession(agent, 1);
    const before = await storedUser(user.id);
    const exercises = await firstSetDone(agent, 'lbs', new Date().toISOString());
    await agent.put(`/api/sessions/${session.id}`).send({ exercises }).expect(200);
    // No write of the user and no refresh of its sessions' copies (each refresh numbers a new copy).
    expect(await storedUser(user.id)).toEqual(before);
  });

  describe('PUT /api/user/weight-unit', () => {
    it('remembers the analytics choice for every device and answers the User', async () => {
      const { agent, user } = await signUp(app);
      const tablet = await secondDevice(user.email);
      const answer = await agent.put('/api/user/weight-unit').send({ weightUnit: 'kg' }).expect(200);
      expect(userSchema.strict().parse(answer.body)).toEqual({ ...user, weightUnit: 'kg' });
      expect(await unitOf(tablet)).toBe('kg');
      await tablet.put('/api/user/weight-unit').send({ weightUnit: 'lbs' }).expect(200);
      expect(await unitOf(agent)).toBe('lbs');
    });

    it.each([
      ['another unit', { weightUnit: 'stone' }, 'weightUnit: must be lbs or kg'],
      ['no unit', {}, 'weightUnit: must be lbs or kg'],
      ['a unit in another case', { weightUnit: 'KG' }, 'weightUnit: must be lbs or kg'],
      ['an unknown field', { weightUnit: 'kg', userId: 'someone' }, 'Weight unit: unknown field "userId"'],
      ['a list', ['kg'], 'Weight unit: Invalid input: expected object, received array'],
    ])('refuses %s with 400 saying why, changing nothing', async (_case, body, message) => {
      const { agent } = await signUp(app);
      const answer = await agent.put('/api/user/weight-unit').send(body).expect(400);
      expect(answer.body).toEqual({ message });
      expect(await unitOf(agent)).toBe('lbs');
    });

    it('is refused to a page of another origin (CSRF) and to a signed-out visitor', async () => {
      const { agent } = await signUp(app);
      await agent
        .put('/api/user/weight-unit')
        .set('Origin', 'https://evil.example')
        .send({ weightUnit: 'kg' })
        .expect(403);
      await request(app).put('/api/user/weight-unit').send({ weightUnit: 'kg' }).expect(401);
      expect(await unitOf(agent)).toBe('lbs');
    });
  });
});
