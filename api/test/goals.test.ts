import type { Connection } from 'mongoose';
import type { CommandStartedEvent } from 'mongodb';
import request from 'supertest';
import {
  goalSchema,
  goalsSchema,
  plateSettingsSchema,
  progressEntriesSchema,
  recordsSchema,
  type Exercise,
} from '@hit/contracts';
import { DEFAULT_PLATE_SETTINGS, EXERCISE_IDS, personalRecords } from '@hit/contracts/rules';
import { ACCESS_DENIED_MESSAGE } from '../src/auth/currentUser';
import {
  buildTestApp,
  connectMonitored,
  signUp,
  startTestDatabase,
  TEST_PASSWORD,
  uniqueEmail,
  type TestDatabase,
} from './helpers';
import { completeAll, completed, expireTrial, getDay, performDay, startSession, type Agent } from './workoutFixtures';

const INCLINE = EXERCISE_IDS.inclinePress;
const DEADLIFTS = EXERCISE_IDS.deadlifts;

interface Lift {
  exerciseId: number;
  weight: number;
  reps: number;
  unit?: 'lbs' | 'kg';
  /** Defaults to now: after any goal set before the call. */
  date?: string;
}

/**
 * Performs Day 1 with the given working sets (the warm-ups light, every other exercise's working set untouched at
 * 8 reps of its base weight), then Days 2 and 3, so the next call performs Day 1 again as a new round.
 */
async function liftDay1(agent: Agent, lifts: Lift[]) {
  const day = await getDay(agent, 1);
  const exercises: Exercise[] = completeAll(day.exercises, Date.now() - 3_600_000, 20).map((exercise) => {
    const lift = lifts.find((candidate) => candidate.exerciseId === exercise.id);
    if (!lift) return exercise;
    const sets = exercise.sets.map((set) =>
      set.type === 'working'
        ? completed(set, lift.weight, lift.reps, lift.date ?? new Date().toISOString(), lift.unit ?? 'lbs')
        : set,
    );
    return { ...exercise, sets };
  });
  await agent
    .put('/api/workout-days/1')
    .send({ ...day, exercises })
    .expect(200);
  await agent.post('/api/workout-days/1/complete').expect(200);
  await performDay(agent, 2, 20);
  await performDay(agent, 3, 20);
}

/**
 * Starts Day 1 and answers its autosave of Incline Press: the working set done at `weight` (8 reps) or not done (an
 * undo), the first warm-up done at `warmup`, both at `at`.
 */
async function inclineSaver(agent: Agent, at: string) {
  const session = await startSession(agent, 1);
  const incline = session.exercises.find((exercise) => exercise.id === INCLINE)!;
  const working = incline.sets.findIndex((set) => set.type === 'working');
  return (weight: number | null, warmup: number | null = null) =>
    agent
      .put(`/api/sessions/${session.id}`)
      .send({
        exercises: [
          {
            ...incline,
            sets: incline.sets.map((set, index) => {
              const done = index === working ? weight : index === 0 ? warmup : null;
              return done === null ? set : completed(set, done, 8, at);
            }),
          },
        ],
      })
      .expect(200);
}

const goals = async (agent: Agent) => goalsSchema.parse((await agent.get('/api/goals').expect(200)).body);

let database: TestDatabase;
let app: ReturnType<typeof buildTestApp>;
/** The api's own connection, with command monitoring: the records test counts what a repeat read sends. */
let monitored: Connection;

beforeAll(async () => {
  database = await startTestDatabase();
  monitored = await connectMonitored(database);
  app = buildTestApp({ ...database, connection: monitored });
});
afterAll(async () => {
  await monitored.close(true);
  await database.close();
});

describe('goals api', () => {
  it('creates a goal with 6 reps by default and no target date, and lists it with its progress', async () => {
    const { agent } = await signUp(app);
    expect(await goals(agent)).toEqual([]);

    const created = await agent
      .post('/api/goals')
      .send({ exerciseId: DEADLIFTS, weight: 315, unit: 'lbs' })
      .expect(201);
    const goal = goalSchema.strict().parse(created.body);
    expect(goal).toMatchObject({
      exerciseId: DEADLIFTS,
      exerciseName: 'Deadlifts',
      weight: 315,
      unit: 'lbs',
      reps: 6,
      targetDate: null,
      achievedAt: null,
      percent: 0,
      bestEstimate: 0,
      targetEstimate: 315 * 1.2,
    });
    expect(Date.parse(goal.createdAt)).toBeLessThanOrEqual(Date.now());

    const withDate = await agent
      .post('/api/goals')
      .send({ exerciseId: INCLINE, weight: 100, unit: 'kg', reps: 8, targetDate: '2027-03-01' })
      .expect(201);
    expect(withDate.body).toMatchObject({
      exerciseName: 'Incline Press',
      unit: 'kg',
      reps: 8,
      targetDate: '2027-03-01',
    });
    expect((await goals(agent)).map((g) => g.exerciseName)).toEqual(['Deadlifts', 'Incline Press']);
  });

  it.each([
    [{ exerciseId: DEADLIFTS, weight: 0, unit: 'lbs' }, 'weight: must be above 0'],
    [{ exerciseId: DEADLIFTS, weight: 2001, unit: 'lbs' }, 'weight: must be at most 2000'],
    [{ exerciseId: DEADLIFTS, weight: '300', unit: 'lbs' }, 'weight: must be a number'],
    [{ exerciseId: DEADLIFTS, weight: 300, unit: 'stone' }, 'unit: must be lbs or kg'],
    [{ exerciseId: DEADLIFTS, weight: 300, unit: 'lbs', reps: 5 }, 'reps: must be 6 to 10'],
    [{ exerciseId: DEADLIFTS, weight: 300, unit: 'lbs', reps: 11 }, 'reps: must be 6 to 10'],
    [{ exerciseId: DEADLIFTS, weight: 300, unit: 'lbs', reps: 6.5 }, 'reps: must be a whole number'],
    [
      { exerciseId: DEADLIFTS, weight: 300, unit: 'lbs', targetDate: '01/03/2027' },
      'targetDate: must be a date (YYYY-MM-DD)',
    ],
    [{ exerciseId: DEADLIFTS, weight: 300, unit: 'lbs', userId: 'someone' }, 'Goal: unknown field "userId"'],
    [{ weight: 300, unit: 'lbs' }, 'exerciseId: must be an exercise id'],
    [{ exerciseId: 999, weight: 300, unit: 'lbs' }, 'exerciseId: is not one of your exercises'],
  ])('refuses %j with 400 "%s" and stores nothing', async (body, message) => {
    const { agent } = await signUp(app);
    const response = await agent.post('/api/goals').send(body).expect(400);
    expect(response.body).toEqual({ message });
    expect(await goals(agent)).toEqual([]);
  });

  it('keeps one open goal per exercise (409), and allows the next once one is achieved', async () => {
    const { agent } = await signUp(app);
    await agent.post('/api/goals').send({ exerciseId: DEADLIFTS, weight: 200, unit: 'lbs' }).expect(201);
    const again = await agent.post('/api/goals').send({ exerciseId: DEADLIFTS, weight: 250, unit: 'lbs' }).expect(409);
    expect(again.body).toEqual({ message: 'There is already an open goal for Deadlifts: edit or delete it first' });
    // At the same moment from two tabs: one wins, the other is told.
    const [a, b] = await Promise.all([
      agent.post('/api/goals').send({ exerciseId: INCLINE, weight: 150, unit: 'lbs' }),
      agent.post('/api/goals').send({ exerciseId: INCLINE, weight: 160, unit: 'lbs' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);

    await liftDay1(agent, [{ exerciseId: DEADLIFTS, weight: 205, reps: 6 }]);
    await agent.post('/api/goals').send({ exerciseId: DEADLIFTS, weight: 250, unit: 'lbs' }).expect(201);
    const listed = await goals(agent);
    expect(listed.filter((goal) => goal.exerciseId === DEADLIFTS).map((goal) => [goal.weight, goal.percent])).toEqual([
      [200, 100],
      [250, 82], // 205 × 1.2 = 246 of 250 × 1.2 = 300
    ]);
  });

  it('shows progress against the best estimate, achieved only by a working set since the goal with the weight and reps', async () => {
    const { agent } = await signUp(app);
    // Before the goal: heavier than the target, yet it does not achieve a goal set later.
    await liftDay1(agent, [
      { exerciseId: DEADLIFTS, weight: 210, reps: 6, date: new Date(Date.now() - 60_000).toISOString() },
    ]);
    const { body } = await agent
      .post('/api/goals')
      .send({ exerciseId: DEADLIFTS, weight: 200, unit: 'lbs', reps: 8 })
      .expect(201);
    expect(body).toMatchObject({
      achievedAt: null,
      percent: 99,
      bestEstimate: 252,
      targetEstimate: 200 * (1 + 8 / 30),
    });

    // The weight for fewer reps: not yet.
    await liftDay1(agent, [{ exerciseId: DEADLIFTS, weight: 200, reps: 7 }]);
    expect((await goals(agent))[0]).toMatchObject({ achievedAt: null, percent: 99 });

    const when = new Date().toISOString();
    await liftDay1(agent, [{ exerciseId: DEADLIFTS, weight: 200, reps: 8, date: when }]);
    expect((await goals(agent))[0]).toMatchObject({ achievedAt: when, percent: 100 });
    // Achieved stays achieved, with the first set that met it.
    await liftDay1(agent, [{ exerciseId: DEADLIFTS, weight: 205, reps: 9 }]);
    expect((await goals(agent))[0]).toMatchObject({ achievedAt: when, percent: 100 });
  });

  it('compares sets in either unit with the goal, and ignores warm-ups', async () => {
    const { agent } = await signUp(app);
    await agent.post('/api/goals').send({ exerciseId: INCLINE, weight: 100, unit: 'kg', reps: 6 }).expect(201);
    // Warm-ups at 300 lbs would meet it; they do not count. The working set: 180 lbs = 81.6 kg.
    await liftDay1(agent, [{ exerciseId: INCLINE, weight: 180, reps: 6 }]);
    const [goal] = await goals(agent);
    expect(goal.achievedAt).toBeNull();
    expect(goal.bestEstimate).toBeCloseTo(180 * 0.453592 * 1.2, 6);
    expect(goal.percent).toBe(81);
    await liftDay1(agent, [{ exerciseId: INCLINE, weight: 225, reps: 6 }]); // 102.1 kg
    expect((await goals(agent))[0]).toMatchObject({ percent: 100 });
    expect((await goals(agent))[0].achievedAt).not.toBeNull();
  });

  it('edits an open goal, refuses to edit an achieved one, and deletes', async () => {
    const { agent } = await signUp(app);
    const { body: goal } = await agent
      .post('/api/goals')
      .send({ exerciseId: DEADLIFTS, weight: 300, unit: 'lbs' })
      .expect(201);
    const edited = await agent
      .patch(`/api/goals/${goal.id}`)
      .send({ weight: 140, unit: 'kg', targetDate: '2027-01-31' })
      .expect(200);
    expect(edited.body).toMatchObject({ id: goal.id, weight: 140, unit: 'kg', reps: 6, targetDate: '2027-01-31' });
    expect(
      (await agent.patch(`/api/goals/${goal.id}`).send({ targetDate: null }).expect(200)).body.targetDate,
    ).toBeNull();

    expect((await agent.patch(`/api/goals/${goal.id}`).send({}).expect(400)).body).toEqual({
      message: 'Goal: send at least one of weight, unit, reps, targetDate',
    });
    expect((await agent.patch(`/api/goals/${goal.id}`).send({ exerciseId: INCLINE }).expect(400)).body).toEqual({
      message: 'Goal: unknown field "exerciseId"',
    });
    expect((await agent.patch(`/api/goals/${goal.id}`).send({ reps: 12 }).expect(400)).body).toEqual({
      message: 'reps: must be 6 to 10',
    });
    expect((await agent.patch('/api/goals/not-an-id').send({ reps: 8 }).expect(400)).body).toEqual({
      message: 'id: is not a valid id',
    });
    expect((await agent.patch('/api/goals/0123456789abcdef01234567').send({ reps: 8 }).expect(404)).body).toEqual({
      message: 'Goal not found',
    });

    await agent.patch(`/api/goals/${goal.id}`).send({ weight: 100, unit: 'lbs' }).expect(200);
    await liftDay1(agent, [{ exerciseId: DEADLIFTS, weight: 100, reps: 6 }]);
    expect((await agent.patch(`/api/goals/${goal.id}`).send({ weight: 120 }).expect(409)).body).toEqual({
      message: 'This goal is already achieved: set a new goal for the exercise instead',
    });

    await agent.delete(`/api/goals/${goal.id}`).expect(204);
    expect(await goals(agent)).toEqual([]);
    expect((await agent.delete(`/api/goals/${goal.id}`).expect(404)).body).toEqual({ message: 'Goal not found' });
  });

  it("never shows, edits or deletes another lifter's goal", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const { body: goal } = await owner.agent
      .post('/api/goals')
      .send({ exerciseId: DEADLIFTS, weight: 300, unit: 'lbs' })
      .expect(201);

    expect(await goals(other.agent)).toEqual([]);
    await other.agent.patch(`/api/goals/${goal.id}`).send({ weight: 1 }).expect(404);
    await other.agent.delete(`/api/goals/${goal.id}`).expect(404);
    // The other lifter's own goal on the same exercise is theirs alone: no 409 from the owner's.
    await other.agent.post('/api/goals').send({ exerciseId: DEADLIFTS, weight: 100, unit: 'lbs' }).expect(201);
    expect((await goals(owner.agent)).map((g) => [g.id, g.weight])).toEqual([[goal.id, 300]]);
  });

  it('answers 402 for goals and records after the trial, 401 anonymously; plate settings stay the lifter’s own', async () => {
    const { agent, user } = await signUp(app);
    const { body: goal } = await agent
      .post('/api/goals')
      .send({ exerciseId: DEADLIFTS, weight: 300, unit: 'lbs' })
      .expect(201);
    await expireTrial(database, user.id);
    for (const call of [
      agent.get('/api/goals'),
      agent.post('/api/goals').send({ exerciseId: INCLINE, weight: 100, unit: 'lbs' }),
      agent.patch(`/api/goals/${goal.id}`).send({ weight: 310 }),
      agent.delete(`/api/goals/${goal.id}`),
      agent.get('/api/records'),
    ]) {
      const response = await call;
      expect([response.status, response.body]).toEqual([402, { message: ACCESS_DENIED_MESSAGE }]);
    }
    await agent.get('/api/settings/plates').expect(200);

    const anonymous = (await signUp(app)).agent;
    await anonymous.post('/api/logout').expect(200);
    for (const path of ['/api/goals', '/api/records', '/api/settings/plates']) await anonymous.get(path).expect(401);
  });
});

describe('records api', () => {
  it('answers each exercise’s heaviest set and best estimate from working sets, in lbs and in kg', async () => {
    const { agent } = await signUp(app);
    expect(recordsSchema.parse((await agent.get('/api/records').expect(200)).body)).toEqual({ lbs: [], kg: [] });

    const first = new Date(Date.now() - 120_000).toISOString();
    await liftDay1(agent, [{ exerciseId: DEADLIFTS, weight: 100, reps: 10, unit: 'kg', date: first }]);
    const second = new Date(Date.now() - 60_000).toISOString();
    await liftDay1(agent, [{ exerciseId: DEADLIFTS, weight: 225, reps: 6, date: second }]);

    const records = recordsSchema.parse((await agent.get('/api/records').expect(200)).body);
    const deadlifts = (unit: 'lbs' | 'kg') => records[unit].find((r) => r.exerciseId === DEADLIFTS)!;
    // 225 lbs (102.06 kg) is the heaviest; 100 kg × 10 (133.3 kg estimated) the best estimate, above 225 × 1.2 lbs.
    expect(deadlifts('kg').heaviest).toEqual({ weight: 225 * 0.453592, reps: 6, date: second });
    expect(deadlifts('kg').bestEstimate).toMatchObject({ weight: 100, reps: 10, date: first });
    expect(deadlifts('kg').bestEstimate.estimate).toBeCloseTo(100 * (1 + 10 / 30), 9);
    expect(deadlifts('lbs').heaviest).toEqual({ weight: 225, reps: 6, date: second });
    expect(deadlifts('lbs').bestEstimate).toMatchObject({ weight: 100 * 2.20462, reps: 10, date: first });
    // The other exercises' working sets (at 20 + 20 lbs, 8 reps) are there too; no warm-up is (they were 20 and 30).
    expect(records.lbs.find((r) => r.exerciseId === INCLINE)!.heaviest).toMatchObject({ weight: 40, reps: 8 });
  });
});

describe('records api, cached', () => {
  it('follows each change of the working sets at once, and reads the entries again only after one', async () => {
    const { agent } = await signUp(app);
    const save = await inclineSaver(agent, new Date(Date.now() - 60_000).toISOString());
    const heaviest = async () =>
      recordsSchema.parse((await agent.get('/api/records').expect(200)).body).lbs.find((r) => r.exerciseId === INCLINE)
        ?.heaviest.weight ?? null;

    expect(await heaviest()).toBeNull();
    await save(100);
    expect(await heaviest()).toBe(100);
    await save(110);
    expect(await heaviest()).toBe(110);
    await save(null);
    expect(await heaviest()).toBeNull();
    await save(120);
    expect(await heaviest()).toBe(120);

    // Repeat reads with nothing changed, and reads after a warm-up was saved (records are of working sets): no read
    // of the entries for the records.
    const commands: CommandStartedEvent[] = [];
    const listener = (event: CommandStartedEvent) => commands.push(event);
    const entryReads = () => commands.filter(({ command }) => command.find === 'progressentries').length;
    monitored.getClient().on('commandStarted', listener);
    try {
      expect(await heaviest()).toBe(120);
      expect(await heaviest()).toBe(120);
      expect(entryReads()).toBe(0);
      await save(120, 60);
      const bySave = entryReads(); // the autosave's own read of the performance's entries
      expect(await heaviest()).toBe(120);
      expect(entryReads()).toBe(bySave);
      // Warm-ups are in the progress answer at once all the same.
      const { body: entries } = await agent.get('/api/progress').expect(200);
      expect(entries).toContainEqual(expect.objectContaining({ exerciseId: INCLINE, setType: 'warmup', weight: 60 }));
    } finally {
      monitored.getClient().off('commandStarted', listener);
    }

    // A reset of all progress empties them at once too.
    await agent.post('/api/reset').send({}).expect(200);
    expect(await heaviest()).toBeNull();
  });
});

describe('goals api, cached', () => {
  it('follows each change of the working sets and of the goals at once, and reads the entries again only after one', async () => {
    const { agent } = await signUp(app);
    const { body: goal } = await agent
      .post('/api/goals')
      .send({ exerciseId: INCLINE, weight: 100, unit: 'lbs', reps: 8 })
      .expect(201);
    // After the goal was set, so its sets count for it.
    const at = new Date().toISOString();
    const save = await inclineSaver(agent, at);
    const estimate = (weight: number) => weight * (1 + 8 / 30);

    expect(await goals(agent)).toMatchObject([{ id: goal.id, bestEstimate: 0, achievedAt: null, percent: 0 }]);
    await save(80);
    expect(await goals(agent)).toMatchObject([{ bestEstimate: estimate(80), achievedAt: null, percent: 80 }]);

    const commands: CommandStartedEvent[] = [];
    const listener = (event: CommandStartedEvent) => commands.push(event);
    const entryReads = () => commands.filter(({ command }) => command.find === 'progressentries').length;
    monitored.getClient().on('commandStarted', listener);
    try {
      // Repeat reads, and a read after a warm-up was saved: the same answer, without reading the entries.
      expect(await goals(agent)).toMatchObject([{ bestEstimate: estimate(80), percent: 80 }]);
      expect(await goals(agent)).toMatchObject([{ bestEstimate: estimate(80), percent: 80 }]);
      expect(entryReads()).toBe(0);
      await save(80, 40);
      const bySave = entryReads(); // the autosave's own read of the performance's entries
      expect(await goals(agent)).toMatchObject([{ bestEstimate: estimate(80), percent: 80 }]);
      expect(entryReads()).toBe(bySave);

      // A working set: read again, at once.
      await save(90, 40);
      expect(await goals(agent)).toMatchObject([{ bestEstimate: estimate(90), achievedAt: null, percent: 90 }]);
    } finally {
      monitored.getClient().off('commandStarted', listener);
    }

    // The goal edited, the sets unchanged: the answer follows the goal.
    await agent.patch(`/api/goals/${goal.id}`).send({ weight: 95 }).expect(200);
    expect(await goals(agent)).toMatchObject([
      { weight: 95, bestEstimate: estimate(90), achievedAt: null, percent: 94 },
    ]);
    // Lowered below the set already done: achieved by it, and closed (it can no longer be edited).
    await agent.patch(`/api/goals/${goal.id}`).send({ weight: 85 }).expect(200);
    expect(await goals(agent)).toMatchObject([{ weight: 85, achievedAt: at, percent: 100 }]);
    expect(await goals(agent)).toMatchObject([{ weight: 85, achievedAt: at, percent: 100 }]);
    await agent.patch(`/api/goals/${goal.id}`).send({ weight: 80 }).expect(409);

    // A second goal, then the first deleted: each shows at once.
    await agent.post('/api/goals').send({ exerciseId: DEADLIFTS, weight: 300, unit: 'lbs' }).expect(201);
    expect((await goals(agent)).map(({ exerciseId }) => exerciseId)).toEqual([INCLINE, DEADLIFTS]);
    await agent.delete(`/api/goals/${goal.id}`).expect(204);
    expect((await goals(agent)).map(({ exerciseId }) => exerciseId)).toEqual([DEADLIFTS]);

    // A reset of all progress empties the progress at once too.
    await agent.post('/api/reset').send({}).expect(200);
    expect(await goals(agent)).toMatchObject([{ exerciseId: DEADLIFTS, bestEstimate: 0, percent: 0 }]);
  });
});

describe('records and goals of a lifter with a history', () => {
  it('read only the sets of the current performances after a working set of the workout, and answer after every kind of change what an api that kept nothing answers', async () => {
    const email = uniqueEmail();
    const { agent } = await signUp(app, { email });
    // Two rounds of every day behind the lifter, then goals on two of Day 1's exercises.
    await liftDay1(agent, [{ exerciseId: INCLINE, weight: 140, reps: 10, unit: 'kg' }]);
    await liftDay1(agent, [{ exerciseId: INCLINE, weight: 150, reps: 8 }]);
    await agent.post('/api/goals').send({ exerciseId: INCLINE, weight: 320, unit: 'lbs', reps: 8 }).expect(201);
    await agent.post('/api/goals').send({ exerciseId: DEADLIFTS, weight: 200, unit: 'kg' }).expect(201);

    /** The records and the goals from this api, which keeps the history, and from a new one, which keeps nothing. */
    const answers = async () => {
      const kept = {
        records: recordsSchema.parse((await agent.get('/api/records').expect(200)).body),
        goals: await goals(agent),
      };
      const cold = request.agent(buildTestApp(database));
      await cold.post('/api/login').send({ email, password: TEST_PASSWORD }).expect(200);
      const fresh = {
        records: recordsSchema.parse((await cold.get('/api/records').expect(200)).body),
        goals: await goals(cold),
      };
      expect(kept).toEqual(fresh);
      // The records are those of every working set the progress holds.
      const entries = progressEntriesSchema.parse((await agent.get('/api/progress').expect(200)).body);
      for (const unit of ['lbs', 'kg'] as const) {
        const expected = [...personalRecords(entries, unit).values()].sort((a, b) => a.exerciseId - b.exerciseId);
        expect(kept.records[unit]).toEqual(expected);
      }
      return kept;
    };
    const inclineRecord = async () => (await answers()).records.lbs.find((r) => r.exerciseId === INCLINE)!;

    expect((await inclineRecord()).heaviest).toMatchObject({ weight: 140 * 2.20462, reps: 10 });
    const save = await inclineSaver(agent, new Date().toISOString());

    // The workout's working sets, an undo and a warm-up: each read of the records or the goals sends one read of the
    // entries, of the days' current performances only.
    const commands: CommandStartedEvent[] = [];
    const listener = (event: CommandStartedEvent) => commands.push(event);
    const entryReads = () => commands.filter(({ command }) => command.find === 'progressentries');
    monitored.getClient().on('commandStarted', listener);
    try {
      for (const [weight, warmup] of [
        [320, null],
        [330, 100],
        [null, 100],
        [325, 100],
      ] as const) {
        await save(weight, warmup);
        commands.length = 0;
        await agent.get('/api/records').expect(200);
        await goals(agent);
        expect(entryReads()).toHaveLength(2);
        for (const { command } of entryReads()) {
          expect(command.filter).toMatchObject({ workoutDayId: { $in: [1, 2, 3] }, round: { $in: [2] } });
        }
      }
    } finally {
      monitored.getClient().off('commandStarted', listener);
    }
    expect((await inclineRecord()).heaviest).toMatchObject({ weight: 325, reps: 8 });
    expect((await answers()).goals[0]).toMatchObject({ exerciseId: INCLINE, achievedAt: expect.any(String) });

    // The workout completed: its sets join the history. Then another day's sets saved through the day (the app's
    // other way to log), and a late autosave of the completed workout (a phone that was offline) lowering its
    // working set: a change of an earlier performance.
    await agent.post('/api/workout-days/1/complete').expect(200);
    expect((await inclineRecord()).heaviest).toMatchObject({ weight: 325 });
    const day2 = await getDay(agent, 2);
    await agent
      .put('/api/workout-days/2')
      .send({ ...day2, exercises: completeAll(day2.exercises, Date.now() - 3_600_000, 180) })
      .expect(200);
    expect((await inclineRecord()).heaviest).toMatchObject({ weight: 325 });
    await save(310, 100);
    expect((await inclineRecord()).heaviest).toMatchObject({ weight: 310 });

    // Years of history imported.
    const csv = [
      'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE',
      '2023-03-01 07:00:00,Push,1h,Bench Press (Barbell),1,345,9,0,0,,,',
      '2023-03-03 07:00:00,Pull,1h,Deadlifts,1,455,6,0,0,,,',
    ].join('\n');
    await agent
      .post('/api/import')
      .send({ csv, unit: 'lbs', timezoneOffsetMinutes: 0, mapping: { 'bench press (barbell)': INCLINE } })
      .expect(200);
    expect((await inclineRecord()).heaviest).toMatchObject({ weight: 345, reps: 9 });

    // Everything reset.
    await agent.post('/api/reset').send({}).expect(200);
    expect((await answers()).records).toEqual({ lbs: [], kg: [] });
  });
});

describe('plate settings api', () => {
  it('answers the defaults until the lifter saves their own, then theirs alone', async () => {
    const { agent } = await signUp(app);
    const other = await signUp(app);
    expect((await agent.get('/api/settings/plates').expect(200)).body).toEqual(DEFAULT_PLATE_SETTINGS);

    const mine = {
      lbs: {
        bar: 35,
        sled: 110,
        plates: [
          { weight: 45, pairs: 2 },
          { weight: 10, pairs: 3 },
          { weight: 1.25, pairs: 1 },
        ],
      },
      kg: { bar: 15, sled: 50, plates: [{ weight: 20, pairs: 3 }] },
    };
    expect((await agent.put('/api/settings/plates').send(mine).expect(200)).body).toEqual(mine);
    expect(plateSettingsSchema.parse((await agent.get('/api/settings/plates').expect(200)).body)).toEqual(mine);
    expect((await other.agent.get('/api/settings/plates').expect(200)).body).toEqual(DEFAULT_PLATE_SETTINGS);
  });

  it.each([
    [{ lbs: DEFAULT_PLATE_SETTINGS.lbs }, 'kg: must be the bar, sled and plates of the unit'],
    [{ ...DEFAULT_PLATE_SETTINGS, lbs: { bar: -1, sled: 0, plates: [] } }, 'lbs.bar: must not be negative'],
    [
      { ...DEFAULT_PLATE_SETTINGS, kg: { bar: 20, sled: 0, plates: [{ weight: 0, pairs: 1 }] } },
      'kg.plates.0.weight: must be above 0',
    ],
    [
      { ...DEFAULT_PLATE_SETTINGS, kg: { bar: 20, sled: 0, plates: [{ weight: 2.5, pairs: 1.5 }] } },
      'kg.plates.0.pairs: must be a whole number',
    ],
    [
      { ...DEFAULT_PLATE_SETTINGS, kg: { bar: 20, sled: 0, plates: [{ weight: 2.513, pairs: 1 }] } },
      'kg.plates.0.weight: must be a multiple of 0.05',
    ],
    [{ ...DEFAULT_PLATE_SETTINGS, stones: {} }, 'Plate settings: unknown field "stones"'],
  ])('refuses %j with 400 "%s" and keeps what was stored', async (body, message) => {
    const { agent } = await signUp(app);
    expect((await agent.put('/api/settings/plates').send(body).expect(400)).body).toEqual({ message });
    expect((await agent.get('/api/settings/plates').expect(200)).body).toEqual(DEFAULT_PLATE_SETTINGS);
  });
});
