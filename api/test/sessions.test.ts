import { Types } from 'mongoose';
import { recordsSchema, sessionSchema, type Exercise } from '@hit/contracts';
import { buildTestApp, signUp, startTestDatabase, type TestDatabase } from './helpers';
import { stopBeforeWritesTo } from './stoppedWrites';
import { completeAll, completed, getDay, getProgress, performDay, snapshotOf, startSession } from './workoutFixtures';

describe('workout sessions', () => {
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

  it("starts a session with the day's exercises, blank for a first workout", async () => {
    const { agent } = await signUp(app);
    const session = await startSession(agent, 1);
    sessionSchema.strict().parse(session);
    expect(session).toMatchObject({ dayId: 1, endedAt: null });
    expect(session.exercises).toEqual((await getDay(agent, 1)).exercises);
    expect(session.exercises.flatMap((e) => e.sets).every((set) => set.weight === null && set.reps === null)).toBe(
      true,
    );
  });

  it('prefills each set with the weight and unit of the last workout of that exercise, reps empty', async () => {
    const { agent } = await signUp(app);
    // Cycle 1: Day 1 at 100/110/120 lbs; the Incline Press working set in kg.
    const day = await getDay(agent, 1);
    const exercises = completeAll(day.exercises);
    exercises[0].sets[2] = { ...exercises[0].sets[2], weight: 60, weightUnit: 'kg' };
    await agent.put('/api/workout-days/1').send({ exercises }).expect(200);
    await agent.post('/api/workout-days/1/complete').expect(200);
    await performDay(agent, 2);
    await performDay(agent, 3);

    const session = await startSession(agent, 1);
    expect(
      session.exercises[0].sets.map((set) => [set.id, set.weight, set.weightUnit, set.reps, set.completed]),
    ).toEqual([
      ['101-w1', 100, 'lbs', null, false],
      ['101-w2', 110, 'lbs', null, false],
      ['101-work', 60, 'kg', null, false],
    ]);
    expect(session.exercises[3].sets.map((set) => set.weight)).toEqual([100, 110, 120]);
  });

  it('resumes the open session of a day (same id, saved sets) instead of starting a duplicate', async () => {
    const { agent, user } = await signUp(app);
    const first = await startSession(agent, 1);
    const exercises = completeAll(first.exercises.slice(0, 2));
    await agent.put(`/api/sessions/${first.id}`).send({ exercises }).expect(200);

    const open = sessionSchema.parse((await agent.get('/api/sessions/open').expect(200)).body);
    expect(open.id).toBe(first.id);
    const again = await startSession(agent, 1, 200);
    expect(again.id).toBe(first.id);
    expect(again.exercises.slice(0, 2)).toEqual(exercises);
    expect((await snapshotOf(database, user.id)).sessions).toHaveLength(1);
  });

  it('answers one session to two starts at the same moment', async () => {
    const { agent, user } = await signUp(app);
    const responses = await Promise.all([1, 2, 3].map(() => agent.post('/api/sessions/start').send({ dayId: 1 })));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(responses.map((response) => response.body.id)).size).toBe(1);
    expect((await snapshotOf(database, user.id)).sessions).toHaveLength(1);
  });

  it('ends an open session left on another day before starting a new one', async () => {
    const { agent } = await signUp(app);
    const dayOne = await startSession(agent, 1);
    await performDay(agent, 1); // completing Day 1 ends its session
    expect((await agent.post(`/api/sessions/${dayOne.id}/end`).expect(200)).body.endedAt).not.toBeNull();

    // A session left open on a day that is no longer current (e.g. by an older client) is ended by the next start.
    const dayTwo = await startSession(agent, 2);
    await database.connection.collection('workoutsessions').updateOne({ dayId: 2 }, { $set: { dayId: 3 } });
    const fresh = await startSession(agent, 2);
    expect(fresh.id).not.toBe(dayTwo.id);
    const stale = sessionSchema.parse((await agent.post(`/api/sessions/${dayTwo.id}/end`).expect(200)).body);
    expect(stale.endedAt).not.toBeNull();
    expect((await agent.get('/api/sessions/open').expect(200)).body.id).toBe(fresh.id);
  });

  it('answers 409 for starting a day that is not the recommended one', async () => {
    const { agent, user } = await signUp(app);
    const response = await agent.post('/api/sessions/start').send({ dayId: 3 }).expect(409);
    expect(response.body).toEqual({ message: 'Day 3 is not the next workout day: complete Day 1 first' });
    expect((await snapshotOf(database, user.id)).sessions).toEqual([]);
  });

  it('autosave is idempotent: the same payload twice, or out of order, gives one entry per completed set; undo removes one', async () => {
    const { agent } = await signUp(app);
    const session = await startSession(agent, 1);
    const [incline] = session.exercises;
    const twoSets: Exercise = {
      ...incline,
      sets: [
        completed(incline.sets[0], 15, 10, '2026-11-20T10:01:00.000Z'),
        completed(incline.sets[1], 20, 9, '2026-11-20T10:03:00.000Z'),
        incline.sets[2],
      ],
    };
    const oneSet: Exercise = { ...twoSets, sets: [twoSets.sets[0], incline.sets[1], incline.sets[2]] };
    await Promise.all([
      agent
        .put(`/api/sessions/${session.id}`)
        .send({ exercises: [twoSets] })
        .expect(200),
      agent
        .put(`/api/sessions/${session.id}`)
        .send({ exercises: [twoSets] })
        .expect(200),
    ]);
    const saved = sessionSchema.parse(
      (
        await agent
          .put(`/api/sessions/${session.id}`)
          .send({ exercises: [twoSets] })
          .expect(200)
      ).body,
    );
    expect(saved.exercises[0]).toEqual(twoSets);

    let entries = await getProgress(agent);
    expect(
      entries.map((entry) => [entry.exerciseName, entry.setType, entry.weight, entry.reps, entry.sessionId]),
    ).toEqual([
      ['Incline Press', 'warmup', 15, 10, session.id],
      ['Incline Press', 'warmup', 20, 9, session.id],
    ]);

    // Undo of the second set.
    await agent
      .put(`/api/sessions/${session.id}`)
      .send({ exercises: [oneSet] })
      .expect(200);
    entries = await getProgress(agent);
    expect(entries.map((entry) => entry.weight)).toEqual([15]);
    // The day shows the same set state (its card counts completed sets).
    expect((await getDay(agent, 1)).exercises[0]).toEqual(oneSet);

    // Correcting a set updates its entry in place.
    const corrected = {
      ...oneSet,
      sets: [{ ...oneSet.sets[0], weight: 17.5, weightUnit: 'kg' as const }, ...oneSet.sets.slice(1)],
    };
    await agent
      .put(`/api/sessions/${session.id}`)
      .send({ exercises: [corrected] })
      .expect(200);
    entries = await getProgress(agent);
    expect(entries.map((entry) => [entry.weight, entry.weightUnit])).toEqual([[17.5, 'kg']]);
  });

  it('saves the exit payload ({ workoutDay, exercises }), and the day save then complete of the same workout do not duplicate', async () => {
    const { agent } = await signUp(app);
    const session = await startSession(agent, 1);
    const day = await getDay(agent, 1);
    const exercises = completeAll(session.exercises);
    await agent.put(`/api/sessions/${session.id}`).send({ workoutDay: day, exercises }).expect(200);
    await agent.post(`/api/sessions/${session.id}/end`).expect(200);
    // The client's completion: save the session, end it, save the day, complete it.
    await agent
      .put(`/api/workout-days/1`)
      .send({ ...day, exercises })
      .expect(200);
    await agent.post('/api/workout-days/1/complete').expect(200);

    const entries = await getProgress(agent);
    expect(entries).toHaveLength(12);
    expect(new Set(entries.map((entry) => entry.sessionId))).toEqual(new Set([session.id]));
  });

  it('answers 400 when the exit payload names another day, and writes nothing', async () => {
    const { agent, user } = await signUp(app);
    const session = await startSession(agent, 1);
    const before = await snapshotOf(database, user.id);
    const response = await agent
      .put(`/api/sessions/${session.id}`)
      .send({ workoutDay: { id: 2, name: 'Day 2' }, exercises: completeAll(session.exercises) })
      .expect(400);
    expect(response.body.message).toBe("workoutDay.id: must be the session's day (1)");
    expect(await snapshotOf(database, user.id)).toEqual(before);
  });

  it('ends a session; ending it twice is harmless and keeps the first end time', async () => {
    const { agent } = await signUp(app);
    const session = await startSession(agent, 1);
    const ended = sessionSchema.parse((await agent.post(`/api/sessions/${session.id}/end`).expect(200)).body);
    expect(ended.endedAt).not.toBeNull();
    const again = sessionSchema.parse((await agent.post(`/api/sessions/${session.id}/end`).send({}).expect(200)).body);
    expect(again.endedAt).toBe(ended.endedAt);
    expect((await agent.get('/api/sessions/open').expect(200)).body).toBeNull();
    // A late autosave of the ended session still records its sets.
    await agent
      .put(`/api/sessions/${session.id}`)
      .send({ exercises: completeAll(session.exercises.slice(0, 1)) })
      .expect(200);
    expect(await getProgress(agent)).toHaveLength(3);
  });

  // The api process can die between the autosave's writes, or the database in the middle of the one command that
  // sends them all (MongoDB 8.0 applies its writes in order, each on its own, not as a transaction): the client then
  // has no answer and sends the same save again (stoppedWrites.ts).
  describe.each([
    ['the progress entries', 'progressentries'],
    ["the day's set state", 'workoutdays'],
    ["the session's set state", 'workoutsessions'],
  ] as const)('an autosave stopped before %s', (_what, stoppedAt) => {
    it.each([
      ['MongoDB 8.0, one command', false],
      ['MongoDB 7.0, a command per collection', true],
    ] as const)(
      '(%s) is completed by the same save sent again: the session, the day and the progress all show it',
      async (_version, onMongo7) => {
        const { agent } = await signUp(onMongo7 ? app7 : app);
        const session = await startSession(agent, 1);
        const [incline] = session.exercises;
        const saved: Exercise = {
          ...incline,
          sets: [
            completed(incline.sets[0], 15, 10, '2026-11-20T10:01:00.000Z'),
            incline.sets[1],
            completed(incline.sets[2], 40, 8, '2026-11-20T10:05:00.000Z'),
          ],
        };
        // The answers are now cached, at the versions before the save.
        expect(await getProgress(agent)).toEqual([]);
        expect(recordsSchema.parse((await agent.get('/api/records').expect(200)).body).lbs).toEqual([]);

        const stop = stopBeforeWritesTo(onMongo7 ? database7 : database, stoppedAt, onMongo7);
        try {
          await agent
            .put(`/api/sessions/${session.id}`)
            .send({ exercises: [saved] })
            .expect(500);
        } finally {
          stop.restore();
        }
        expect(stop.stopped()).toBe(true);
        const answer = sessionSchema.parse(
          (
            await agent
              .put(`/api/sessions/${session.id}`)
              .send({ exercises: [saved] })
              .expect(200)
          ).body,
        );

        expect(answer.exercises[0]).toEqual(saved);
        const open = sessionSchema.parse((await agent.get('/api/sessions/open').expect(200)).body);
        expect(open.exercises[0]).toEqual(saved);
        expect((await getDay(agent, 1)).exercises[0]).toEqual(saved);
        expect(
          (await getProgress(agent)).map((entry) => [entry.setType, entry.weight, entry.reps, entry.sessionId]),
        ).toEqual([
          ['warmup', 15, 10, session.id],
          ['working', 40, 8, session.id],
        ]);
        expect(recordsSchema.parse((await agent.get('/api/records').expect(200)).body).lbs).toEqual([
          expect.objectContaining({
            exerciseId: incline.id,
            heaviest: expect.objectContaining({ weight: 40, reps: 8 }),
          }),
        ]);
      },
    );
  });

  it('moves no progress version for a weight typed into a set not yet completed', async () => {
    const { agent, user } = await signUp(app);
    const session = await startSession(agent, 1);
    const [incline] = session.exercises;
    const versions = async () =>
      (await snapshotOf(database, user.id)).days.map(({ progressVersion, rev }) => [progressVersion ?? 0, rev]);
    const before = await versions();

    await agent
      .put(`/api/sessions/${session.id}`)
      .send({ exercises: [{ ...incline, sets: [{ ...incline.sets[0], weight: 20 }, ...incline.sets.slice(1)] }] })
      .expect(200);

    const after = await versions();
    expect(after.map(([progressVersion]) => progressVersion)).toEqual(
      before.map(([progressVersion]) => progressVersion),
    );
    expect(after[0][1]).not.toEqual(before[0][1]); // the day's set state was written
  });

  // The autosave reads its workout session in the session store's command (auth/sessionUser.ts SessionJoin), by the
  // session document's `userId`; what that join finds is used only when it is the signed-in user's session.
  describe("the autosave's read joined to the session's", () => {
    const storedSessions = () => database.connection.collection<{ userId?: unknown }>('sessions');

    it('saves also when the session document names no user (one stored before sessions carried it)', async () => {
      const { agent, user } = await signUp(app);
      const session = await startSession(agent, 1);
      const userId = new Types.ObjectId(user.id);
      expect((await storedSessions().updateMany({ userId }, { $unset: { userId: '' } })).modifiedCount).toBe(1);

      const exercises = completeAll(session.exercises.slice(0, 1));
      await agent.put(`/api/sessions/${session.id}`).send({ exercises }).expect(200);
      expect((await getProgress(agent)).map((entry) => entry.exerciseId)).toEqual(
        exercises.flatMap((exercise) => exercise.sets.map(() => exercise.id)),
      );
    });

    it("never uses another user's workout session, even when the session document names that user", async () => {
      const alice = await signUp(app);
      const bob = await signUp(app);
      const aliceSession = await startSession(alice.agent, 1);
      const aliceId = new Types.ObjectId(alice.user.id);
      const before = await snapshotOf(database, alice.user.id);
      // Bob's stored session document made to name Alice: its join then finds her workout session.
      const bobId = new Types.ObjectId(bob.user.id);
      expect((await storedSessions().updateMany({ userId: bobId }, { $set: { userId: aliceId } })).modifiedCount).toBe(
        1,
      );

      const answer = await bob.agent
        .put(`/api/sessions/${aliceSession.id}`)
        .send({ exercises: completeAll(aliceSession.exercises.slice(0, 1)) })
        .expect(404);
      expect(answer.body).toEqual({ message: 'Session not found' });
      expect(await snapshotOf(database, alice.user.id)).toEqual(before);
    });
  });

  it('answers 404 for a session id that does not exist', async () => {
    const { agent } = await signUp(app);
    const missing = '0123456789abcdef01234567';
    expect((await agent.put(`/api/sessions/${missing}`).send({ exercises: [] }).expect(404)).body).toEqual({
      message: 'Session not found',
    });
    await agent.post(`/api/sessions/${missing}/end`).expect(404);
  });
});
