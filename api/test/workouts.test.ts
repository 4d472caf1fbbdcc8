import {
  completeWorkoutDayResponseSchema,
  progressEntriesSchema,
  resetProgressResponseSchema,
  workoutDaySchema,
} from '@hit/contracts';
import { buildTestApp, signUp, startTestDatabase, type TestDatabase } from './helpers';
import { stopBeforeWritesTo } from './stoppedWrites';
import {
  completeAll,
  completed,
  getDay,
  getDays,
  getProgress,
  getState,
  performDay,
  snapshotOf,
  startSession,
} from './workoutFixtures';

describe('workout days and state', () => {
  let database: TestDatabase;
  let app: ReturnType<typeof buildTestApp>;

  // MongoDB 7.0 has no bulkWrite command: the api's writes to several collections go one command per collection.
  let database7: TestDatabase;
  let app7: ReturnType<typeof buildTestApp>;

  beforeAll(async () => {
    database = await startTestDatabase();
    app = buildTestApp(database);
    database7 = await startTestDatabase({ mongoVersion: '7.0' });
    app7 = buildTestApp(database7);
  });
  afterAll(async () => {
    await database.close();
    await database7.close();
  });

  it('seeds three template days at registration, Day 1 next and nothing completed', async () => {
    const { agent, user } = await signUp(app);
    // Seeded by the sign-up itself, not by the first read.
    expect((await snapshotOf(database, user.id)).days).toHaveLength(3);

    const days = await getDays(agent);
    expect(
      days.map((day) => [day.id, day.name, day.muscleGroups, day.canPerform, day.isCompleted, day.lastCompleted]),
    ).toEqual([
      [1, 'Day 1', ['Chest', 'Back'], true, false, null],
      [2, 'Day 2', ['Shoulders', 'Arms'], false, false, null],
      [3, 'Day 3', ['Legs', 'Abs'], false, false, null],
    ]);
    expect(days[1].exercises.map((exercise) => [exercise.id, exercise.name])).toEqual([
      [201, 'Side Raises'],
      [202, 'Rear Delt Raises'],
      [203, 'Bicep Curls'],
      [204, 'Tricep Press Downs'],
      [205, 'Dips'],
    ]);
    expect(days[0].exercises[0]).toEqual({
      id: 101,
      name: 'Incline Press',
      sets: [
        {
          id: '101-w1',
          type: 'warmup',
          completed: false,
          weight: null,
          reps: null,
          weightUnit: 'lbs',
          completedAt: null,
        },
        {
          id: '101-w2',
          type: 'warmup',
          completed: false,
          weight: null,
          reps: null,
          weightUnit: 'lbs',
          completedAt: null,
        },
        {
          id: '101-work',
          type: 'working',
          completed: false,
          weight: null,
          reps: null,
          weightUnit: 'lbs',
          completedAt: null,
        },
      ],
    });
    for (const day of days) workoutDaySchema.strict().parse(day);
    expect(await getState(agent)).toEqual({ cycleCount: 0, nextRecommendedDay: 1 });
  });

  it('answers the days gzipped to a client that accepts gzip, as they are to one that does not, under one tag', async () => {
    const { agent } = await signUp(app);
    const read = (encodings: string) => agent.get('/api/workout-days').set('Accept-Encoding', encodings).expect(200);
    const browser = await read('gzip, deflate, br, zstd');
    expect(browser.headers['content-encoding']).toBe('gzip');
    expect(browser.headers.vary).toMatch(/Accept-Encoding/);
    const plain = await read('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toEqual(browser.body);
    expect(plain.headers.etag).toBe(browser.headers.etag);
    // The answer kept by the process (the days unchanged): the same, gzipped again for the browser.
    const again = await read('gzip');
    expect([again.headers['content-encoding'], again.body]).toEqual(['gzip', browser.body]);
    await agent.get('/api/workout-days').set('If-None-Match', browser.headers.etag).expect(304);

    // A change shows in both.
    await performDay(agent, 1);
    const changed = await read('gzip');
    expect(changed.headers.etag).not.toBe(browser.headers.etag);
    expect(changed.body).toEqual((await read('identity')).body);
    expect(workoutDaySchema.array().parse(changed.body)[0].isCompleted).toBe(true);
  });

  it('seeds on first read an account that has no days yet', async () => {
    const { agent, user } = await signUp(app);
    const { Types } = await import('mongoose');
    await database.connection.collection('workoutdays').deleteMany({ userId: new Types.ObjectId(user.id) });
    await database.connection.collection('workoutstates').deleteMany({ userId: new Types.ObjectId(user.id) });
    expect((await getDays(agent)).map((day) => day.id)).toEqual([1, 2, 3]);
    expect(await getState(agent)).toEqual({ cycleCount: 0, nextRecommendedDay: 1 });
  });

  it("rotates 1 -> 2 -> 3 -> 1, counting a cycle after day 3 and clearing the previous cycle's marks", async () => {
    const { agent } = await signUp(app);
    const first = completeWorkoutDayResponseSchema.parse((await performDay(agent, 1)).body);
    expect(first.workoutState).toEqual({ cycleCount: 0, nextRecommendedDay: 2 });
    expect(first.workoutDay).toMatchObject({ id: 1, isCompleted: true, canPerform: false });
    expect(Date.now() - Date.parse(first.workoutDay.lastCompleted!)).toBeLessThan(10_000);
    // The set state is cleared for next time (the sets are progress now).
    expect(first.workoutDay.exercises.flatMap((e) => e.sets).every((set) => !set.completed && set.reps === null)).toBe(
      true,
    );

    let days = await getDays(agent);
    expect(days.map((day) => [day.id, day.isCompleted, day.canPerform])).toEqual([
      [1, true, false],
      [2, false, true],
      [3, false, false],
    ]);

    await performDay(agent, 2);
    expect(await getState(agent)).toEqual({ cycleCount: 0, nextRecommendedDay: 3 });
    const third = completeWorkoutDayResponseSchema.parse((await performDay(agent, 3)).body);
    expect(third.workoutState).toEqual({ cycleCount: 1, nextRecommendedDay: 1 });

    days = await getDays(agent);
    // A new cycle: no day is completed in it yet, but lastCompleted stays for the 48-hour rest rule.
    expect(days.map((day) => [day.id, day.isCompleted, day.canPerform, day.lastCompleted !== null])).toEqual([
      [1, false, true, true],
      [2, false, false, true],
      [3, false, false, true],
    ]);
    await performDay(agent, 1);
    expect(await getState(agent)).toEqual({ cycleCount: 1, nextRecommendedDay: 2 });
  });

  it('answers 409 for completing a day that is not the recommended one, and changes nothing', async () => {
    const { agent, user } = await signUp(app);
    const before = await snapshotOf(database, user.id);
    const response = await agent.post('/api/workout-days/2/complete').expect(409);
    expect(response.body).toEqual({ message: 'Day 2 is not the next workout day: complete Day 1 first' });
    expect(await snapshotOf(database, user.id)).toEqual(before);

    // Completing the same day twice (a double click): the second one is refused the same way.
    await performDay(agent, 1);
    const again = await agent.post('/api/workout-days/1/complete').expect(409);
    expect(again.body.message).toBe('Day 1 is not the next workout day: complete Day 2 first');
    expect(await getState(agent)).toEqual({ cycleCount: 0, nextRecommendedDay: 2 });
  });

  it('completes a day once when two completions arrive at the same moment', async () => {
    const { agent } = await signUp(app);
    const statuses = await Promise.all([
      agent.post('/api/workout-days/1/complete'),
      agent.post('/api/workout-days/1/complete'),
    ]).then((responses) => responses.map((response) => response.status).sort());
    expect(statuses).toEqual([200, 409]);
    expect(await getState(agent)).toEqual({ cycleCount: 0, nextRecommendedDay: 2 });
  });

  it('answers 404 with a message for a day id the user does not have', async () => {
    const { agent } = await signUp(app);
    const day = await getDay(agent, 1);
    expect((await agent.post('/api/workout-days/4/complete').expect(404)).body).toEqual({
      message: 'Workout day 4 not found',
    });
    expect((await agent.post('/api/workout-days/99/reset').expect(404)).body).toEqual({
      message: 'Workout day 99 not found',
    });
    await agent.put('/api/workout-days/7').send({ exercises: day.exercises }).expect(404);
    await agent.post('/api/sessions/start').send({ dayId: 5 }).expect(404);
  });

  it("saves a day's set state, records each completed set once, and removes it again on undo", async () => {
    const { agent } = await signUp(app);
    const day = await getDay(agent, 1);
    const [incline] = day.exercises;
    const sets = [completed(incline.sets[0], 95, 10, '2026-11-20T10:01:00.000Z'), incline.sets[1], incline.sets[2]];
    const body = { ...day, exercises: [{ ...incline, sets }] };

    const saved = workoutDaySchema.parse((await agent.put('/api/workout-days/1').send(body).expect(200)).body);
    expect(saved.exercises[0].sets[0]).toMatchObject({ completed: true, weight: 95, reps: 10 });
    // The other exercises were not sent: they keep their state.
    expect(saved.exercises.slice(1)).toEqual(day.exercises.slice(1));
    await agent.put('/api/workout-days/1').send(body).expect(200);
    expect(await getProgress(agent)).toEqual([
      {
        date: '2026-11-20T10:01:00.000Z',
        sessionId: null,
        workoutDayId: 1,
        exerciseId: 101,
        exerciseName: 'Incline Press',
        weight: 95,
        weightUnit: 'lbs',
        reps: 10,
        setType: 'warmup',
      },
    ]);
    expect((await getDay(agent, 1)).exercises[0].sets[0].completed).toBe(true);

    await agent
      .put('/api/workout-days/1')
      .send({ exercises: [{ ...incline, sets: [incline.sets[0]] }] })
      .expect(200);
    expect(await getProgress(agent)).toEqual([]);
  });

  it.each([
    ['MongoDB 8.0, one command', false],
    ['MongoDB 7.0, a command per collection', true],
  ] as const)(
    "(%s) a day save stopped between the progress entries and the day's write is completed by the same save sent again",
    async (_version, onMongo7) => {
      const { agent } = await signUp(onMongo7 ? app7 : app);
      const [incline] = (await getDay(agent, 1)).exercises;
      const saved = {
        ...incline,
        sets: [incline.sets[0], incline.sets[1], completed(incline.sets[2], 40, 8, '2026-11-20T10:05:00.000Z')],
      };
      expect(await getProgress(agent)).toEqual([]); // cached at the version before the save

      // The process dies after the entries' write: the day's own write is never applied (stoppedWrites.ts).
      const stop = stopBeforeWritesTo(onMongo7 ? database7 : database, 'workoutdays', onMongo7);
      try {
        await agent
          .put('/api/workout-days/1')
          .send({ exercises: [saved] })
          .expect(500);
      } finally {
        stop.restore();
      }
      expect(stop.stopped()).toBe(true);
      await agent
        .put('/api/workout-days/1')
        .send({ exercises: [saved] })
        .expect(200);

      expect((await getDay(agent, 1)).exercises[0]).toEqual(saved);
      expect((await getProgress(agent)).map((entry) => [entry.setType, entry.weight, entry.reps])).toEqual([
        ['working', 40, 8],
      ]);
    },
  );

  it('completing a day records the sets saved in it exactly once', async () => {
    const { agent } = await signUp(app);
    await agent
      .put('/api/workout-days/1')
      .send({ exercises: completeAll((await getDay(agent, 1)).exercises) })
      .expect(200);
    await agent.post('/api/workout-days/1/complete').send({ lastCompleted: new Date().toISOString() }).expect(200);
    const entries = progressEntriesSchema.parse((await agent.get('/api/progress').expect(200)).body);
    expect(entries).toHaveLength(4 * 3);
    expect(entries.filter((entry) => entry.setType === 'working').map((entry) => entry.exerciseName)).toEqual([
      'Incline Press',
      'Dumbbell Flys',
      'Underhand Pulldowns',
      'Deadlifts',
    ]);
  });

  it('resets one day: its set state is cleared, its open session ended, recorded progress kept', async () => {
    const { agent } = await signUp(app);
    const session = await startSession(agent, 1);
    const exercises = completeAll(session.exercises.slice(0, 1));
    await agent.put(`/api/sessions/${session.id}`).send({ exercises }).expect(200);
    expect((await getDay(agent, 1)).exercises[0].sets.every((set) => set.completed)).toBe(true);

    const reset = workoutDaySchema.parse((await agent.post('/api/workout-days/1/reset').expect(200)).body);
    expect(reset.exercises.flatMap((e) => e.sets).every((set) => !set.completed && set.weight === null)).toBe(true);
    expect(reset).toMatchObject({ id: 1, canPerform: true, isCompleted: false });
    expect((await agent.get('/api/sessions/open').expect(200)).body).toBeNull();
    expect(await getProgress(agent)).toHaveLength(3);

    // The next performance of the day writes new entries instead of overwriting the first one's.
    const next = await startSession(agent, 1);
    expect(next.id).not.toBe(session.id);
    await agent
      .put(`/api/sessions/${next.id}`)
      .send({ exercises: completeAll(next.exercises.slice(0, 1), Date.parse('2026-11-21T10:00:00.000Z')) })
      .expect(200);
    expect(await getProgress(agent)).toHaveLength(6);
  });

  it('resets all progress of the user: days re-seeded, state 0 / Day 1, sessions and progress gone; another user untouched', async () => {
    const { agent, user } = await signUp(app);
    const other = await signUp(app);
    for (const { agent: lifter } of [{ agent }, other]) {
      await performDay(lifter, 1);
      await performDay(lifter, 2);
      await startSession(lifter, 3);
    }
    const otherBefore = await snapshotOf(database, other.user.id);
    expect(otherBefore.progress.length).toBeGreaterThan(0);

    const response = await agent.post('/api/reset').expect(200);
    expect(resetProgressResponseSchema.parse(response.body)).toEqual({ message: 'Progress reset' });
    expect(await getState(agent)).toEqual({ cycleCount: 0, nextRecommendedDay: 1 });
    const days = await getDays(agent);
    expect(days.map((day) => [day.id, day.isCompleted, day.lastCompleted, day.canPerform])).toEqual([
      [1, false, null, true],
      [2, false, null, false],
      [3, false, null, false],
    ]);
    expect(days.flatMap((day) => day.exercises.flatMap((e) => e.sets)).every((set) => !set.completed)).toBe(true);
    expect(await getProgress(agent)).toEqual([]);
    const after = await snapshotOf(database, user.id);
    expect(after.sessions).toEqual([]);
    expect(after.progress).toEqual([]);
    expect(await snapshotOf(database, other.user.id)).toEqual(otherBefore);
  });
});
