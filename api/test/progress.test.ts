import { Types, type Connection } from 'mongoose';
import type { CommandStartedEvent } from 'mongodb';
import { lastWorkoutSchema, progressEntriesSchema, progressEntrySchema } from '@hit/contracts';
import { buildTestApp, connectMonitored, signUp, startTestDatabase, type TestDatabase } from './helpers';
import { completeAll, completed, getDay, getProgress, performDay, startSession } from './workoutFixtures';

describe('progress', () => {
  let database: TestDatabase;
  let app: ReturnType<typeof buildTestApp>;
  /** The api's own connection, with command monitoring: the 30k test counts what each read sends. */
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

  /**
   * The database commands a request sends, each as its name and collection ('find sessions'); a bulkWrite (MongoDB
   * 8.0: writes to several collections in one command) with the collections of its writes in their order.
   */
  async function commandsOf(send: () => Promise<unknown>): Promise<string[]> {
    const commands: CommandStartedEvent[] = [];
    const listener = (event: CommandStartedEvent) => commands.push(event);
    monitored.getClient().on('commandStarted', listener);
    try {
      await send();
    } finally {
      monitored.getClient().off('commandStarted', listener);
    }
    return commands.map(({ commandName, command }) => {
      if (commandName !== 'bulkWrite') return `${commandName} ${String(command[commandName])}`;
      const namespaces = (command.nsInfo as { ns: string }[]).map(({ ns }) => ns.slice(ns.indexOf('.') + 1));
      const collections = (command.ops as { insert?: number; update?: number; delete?: number }[]).map(
        (op) => namespaces[op.insert ?? op.update ?? op.delete ?? -1],
      );
      return `bulkWrite ${collections.filter((name, i) => name !== collections[i - 1]).join(', ')}`;
    });
  }

  it("lists the user's entries oldest first, whatever order the sets were saved in", async () => {
    const { agent } = await signUp(app);
    const session = await startSession(agent, 1);
    const [incline, flys] = session.exercises;
    // Flys are saved first but were done later.
    await agent
      .put(`/api/sessions/${session.id}`)
      .send({ exercises: [{ ...flys, sets: [completed(flys.sets[0], 30, 10, '2026-11-20T10:30:00.000Z')] }] })
      .expect(200);
    await agent
      .put(`/api/sessions/${session.id}`)
      .send({
        exercises: [
          {
            ...incline,
            sets: [
              completed(incline.sets[0], 95, 10, '2026-11-20T10:00:00.000Z'),
              completed(incline.sets[1], 115, 8, '2026-11-20T10:04:00.000Z'),
              completed(incline.sets[2], 135, 7, '2026-11-20T10:08:00.000Z'),
            ],
          },
        ],
      })
      .expect(200);

    const entries = await getProgress(agent);
    for (const entry of entries) progressEntrySchema.strict().parse(entry);
    expect(entries.map((entry) => [entry.date, entry.exerciseId, entry.weight, entry.setType])).toEqual([
      ['2026-11-20T10:00:00.000Z', 101, 95, 'warmup'],
      ['2026-11-20T10:04:00.000Z', 101, 115, 'warmup'],
      ['2026-11-20T10:08:00.000Z', 101, 135, 'working'],
      ['2026-11-20T10:30:00.000Z', 102, 30, 'warmup'],
    ]);
    expect(entries[0]).toEqual({
      date: '2026-11-20T10:00:00.000Z',
      sessionId: session.id,
      workoutDayId: 1,
      exerciseId: 101,
      exerciseName: 'Incline Press',
      weight: 95,
      weightUnit: 'lbs',
      reps: 10,
      setType: 'warmup',
    });
  });

  it('answers the working set and the warm-up sets of the most recent performance of an exercise on a day', async () => {
    const { agent } = await signUp(app);
    const lastWorkout = async (exerciseId: number, dayId: number) =>
      lastWorkoutSchema.parse((await agent.get(`/api/progress/last-workout/${exerciseId}/${dayId}`).expect(200)).body);

    expect(await lastWorkout(101, 1)).toEqual({ workingSet: null, warmupSet: null });
    await performDay(agent, 1, 100); // 100, 110, 120
    await performDay(agent, 2);
    await performDay(agent, 3);
    await performDay(agent, 1, 150); // the next cycle: 150, 160, 170

    expect(await lastWorkout(101, 1)).toEqual({
      workingSet: { weight: 170, weightUnit: 'lbs', reps: 8 },
      warmupSet: { weight: 160, weightUnit: 'lbs', reps: 8 },
      warmupSets: [
        { weight: 150, weightUnit: 'lbs', reps: 8 },
        { weight: 160, weightUnit: 'lbs', reps: 8 },
      ],
    });
    // A warm-up done in the current performance (being done, or resumed after a reload) is not the last workout:
    // the one before it is.
    const day = await getDay(agent, 2);
    const [raises] = day.exercises;
    await agent
      .put('/api/workout-days/2')
      .send({ exercises: [{ ...raises, sets: [completed(raises.sets[0], 12.5, 12, new Date().toISOString(), 'kg')] }] })
      .expect(200);
    expect(await lastWorkout(raises.id, 2)).toEqual({
      workingSet: { weight: 120, weightUnit: 'lbs', reps: 8 },
      warmupSet: { weight: 110, weightUnit: 'lbs', reps: 8 },
      warmupSets: [
        { weight: 100, weightUnit: 'lbs', reps: 8 },
        { weight: 110, weightUnit: 'lbs', reps: 8 },
      ],
    });
    // An exercise of another day, and an exercise that does not exist: no last workout.
    expect(await lastWorkout(101, 2)).toEqual({ workingSet: null, warmupSet: null });
    expect(await lastWorkout(999, 1)).toEqual({ workingSet: null, warmupSet: null });
  });

  /*
   * ARCHITECTURE's budget (30k entries in under 150 ms, tightened to 50) is measured by `npm run bench` on a quiet
   * machine (about 10 ms). Inside `npm test`, jest's other workers and the browsers share the two cores and a CI run
   * measured a median of 154 ms here, most of it the test's own gunzip and parse. So this test checks what keeps the
   * read fast on any machine: the answer is complete and in order, and a repeat read is served from the cache,
   * sending a handful of commands and never reading the 30k entries again. The times are logged for reading.
   */
  it('answers 30k entries (5 years of workouts) oldest first, and repeat reads never read them again', async () => {
    const { agent, user } = await signUp(app);
    const userId = new Types.ObjectId(user.id);
    const start = Date.parse('2021-11-01T09:00:00.000Z');
    const days = [1, 2, 3].map((dayId) => ({
      dayId,
      exercises: dayId === 2 ? [201, 202, 203, 204, 205] : dayId === 1 ? [101, 102, 103, 104] : [301, 302, 303],
    }));
    const entries: object[] = [];
    for (let round = 0; entries.length < 30_000; round += 1) {
      const { dayId, exercises } = days[round % 3];
      const sessionId = new Types.ObjectId();
      const date = start + round * 2 * 24 * 3600_000;
      exercises.forEach((exerciseId, e) => {
        ['w1', 'w2', 'work'].forEach((set, s) => {
          entries.push({
            userId,
            workoutDayId: dayId,
            round: Math.floor(round / 3),
            exerciseId,
            setId: `${exerciseId}-${set}`,
            sessionId,
            exerciseName: `Exercise ${exerciseId}`,
            weight: 50 + (round % 40) * 2.5,
            weightUnit: 'lbs',
            reps: 6 + (s % 5),
            setType: set === 'work' ? 'working' : 'warmup',
            date: new Date(date + (e * 3 + s) * 180_000),
          });
        });
      });
    }
    // Out of date order on disk: the answer must still come back oldest first.
    entries.reverse();
    await database.connection.collection('progressentries').insertMany(entries.slice(0, 30_000));

    // The answer as a client receives it (decompressed), timed to its last byte; parsed apart, untimed.
    const fetchRaw = () =>
      agent
        .get('/api/progress')
        .buffer(true)
        .parse((res, callback) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => callback(null, Buffer.concat(chunks)));
        })
        .expect(200);
    const first = progressEntriesSchema.parse(JSON.parse(String((await fetchRaw()).body)));
    expect(first).toHaveLength(30_000);
    const dates = first.map((entry) => Date.parse(entry.date));
    expect(dates.every((date, j) => j === 0 || dates[j - 1] <= date)).toBe(true);

    // Every command the api sends during each repeat read, and those that read the entries themselves.
    const commands: CommandStartedEvent[] = [];
    const listener = (event: CommandStartedEvent) => commands.push(event);
    monitored.getClient().on('commandStarted', listener);
    const durations: number[] = [];
    const perRead: number[] = [];
    try {
      for (let i = 0; i < 5; i += 1) {
        const before = commands.length;
        const started = process.hrtime.bigint();
        const response = await fetchRaw();
        durations.push(Number(process.hrtime.bigint() - started) / 1e6);
        perRead.push(commands.length - before);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(progressEntriesSchema.parse(JSON.parse(String(response.body)))).toEqual(first);
      }
    } finally {
      monitored.getClient().off('commandStarted', listener);
    }
    const entryReads = commands.filter(
      ({ command }) => command.find === 'progressentries' || command.aggregate === 'progressentries',
    );
    durations.sort((a, b) => a - b);
    console.log(
      `GET /api/progress 30k, repeat reads: median ${durations[2].toFixed(1)} ms; database commands ${perRead.join(', ')}`,
    );
    expect(entryReads).toEqual([]);
    expect(Math.max(...perRead)).toBeLessThanOrEqual(5);
  }, 60_000);

  it('an autosave that changes a set sends two database commands, a repeat one; the progress read follows each write', async () => {
    const { agent } = await signUp(app);
    const session = await startSession(agent, 1);
    const [first] = session.exercises;
    const save = (reps: number) => ({
      exercises: [{ ...first, sets: [completed(first.sets[0], 50, reps, '2026-11-20T10:00:00.000Z')] }],
    });
    const repsShown = async () => (await getProgress(agent)).map((entry) => entry.reps);
    await agent.put(`/api/sessions/${session.id}`).send(save(8)).expect(200);
    expect(await repsShown()).toEqual([8]);
    expect(await repsShown()).toEqual([8]); // from the cache now

    const sentBy = (body: object) => commandsOf(() => agent.put(`/api/sessions/${session.id}`).send(body).expect(200));
    // The session with the workout session and its performance's entries, in one read (the session store's join:
    // auth/sessionUser.ts); then one write of the changed entry, the day's set state with the progress version's
    // bump, and the session's set state last (the mark that the save is complete: services/sessions.ts).
    const changing = await sentBy(save(9));
    expect(changing).toEqual(['aggregate sessions', 'bulkWrite progressentries, workoutdays, workoutsessions']);
    expect(await repsShown()).toEqual([9]);
    // The same save again: nothing to write.
    expect(await sentBy(save(9))).toEqual(['aggregate sessions']);
    expect(await repsShown()).toEqual([9]);

    // A late autosave of the ended session, after the day moved on, still records its set, and the read shows it.
    await agent.post(`/api/sessions/${session.id}/end`).send({}).expect(200);
    await agent.put('/api/workout-days/1').send({ exercises: [] }).expect(200);
    await agent.post('/api/workout-days/1/complete').expect(200);
    await agent.put(`/api/sessions/${session.id}`).send(save(10)).expect(200);
    expect(await repsShown()).toEqual([10]);
  });

  it("GET /api/workout-days answered from the process's copy sends one database command, and a change shows", async () => {
    const { agent } = await signUp(app);
    const first = (await agent.get('/api/workout-days').expect(200)).body as unknown[];
    // The session with the days' revisions, in one read (the session store's join): the copy is still the answer.
    expect(await commandsOf(() => agent.get('/api/workout-days').expect(200))).toEqual(['aggregate sessions']);
    expect((await agent.get('/api/workout-days').expect(200)).body).toEqual(first);

    const session = await startSession(agent, 1);
    const [incline] = session.exercises;
    const exercises = [{ ...incline, sets: [completed(incline.sets[0], 60, 9, '2026-11-20T10:00:00.000Z')] }];
    await agent.put(`/api/sessions/${session.id}`).send({ exercises }).expect(200);
    const days = (await agent.get('/api/workout-days').expect(200)).body as { exercises: { sets: unknown[] }[] }[];
    expect(days[0].exercises[0].sets[0]).toMatchObject({ weight: 60, reps: 9, completed: true });
  });

  it('a set logged through POST /api/sync (as the browser sends it) sends seven database commands', async () => {
    const { agent } = await signUp(app);
    const session = await startSession(agent, 1);
    const [first] = session.exercises;
    const justNow = new Date(Date.now() - 60_000).toISOString();
    const logged = (reps: number) => ({
      operations: [
        {
          opId: `set-${reps}-${new Types.ObjectId().toHexString()}`,
          type: 'save',
          at: justNow,
          dayId: 1,
          sessionId: session.id,
          exercises: [{ ...first, sets: [completed(first.sets[0], 50, reps, justNow)] }],
        },
      ],
    });
    const firstAnswer = await agent.post('/api/sync').send(logged(8)).expect(200);
    expect(firstAnswer.body.results).toMatchObject([{ status: 'applied' }]);

    let answer: {
      results?: unknown;
      workoutState?: unknown;
      openSession?: { exercises: { sets: { reps: number | null }[] }[] };
    } = {};
    const sent = await commandsOf(async () => {
      answer = (await agent.post('/api/sync').send(logged(9)).expect(200)).body as typeof answer;
    });
    // The session; the user's sync lock; the operation's earlier answer, if any; the autosave's read and write (see
    // above); the operation's answer recorded and the lock freed, in one write; then the days for the answer. The rotation is the session's copy
    // (saves do not move it), and the open session the one just saved (open, its day's current performance).
    expect(sent).toEqual([
      'find sessions',
      'update synclocks',
      'find syncoperations',
      'aggregate workoutsessions',
      'bulkWrite progressentries, workoutdays, workoutsessions',
      'bulkWrite syncoperations, synclocks',
      'find workoutdays',
    ]);
    expect(answer.results).toMatchObject([{ status: 'applied' }]);
    expect(answer.workoutState).toEqual({ cycleCount: 0, nextRecommendedDay: 1 });
    expect(answer.openSession?.exercises[0].sets[0].reps).toBe(9);
    expect((await getProgress(agent)).map((entry) => entry.reps)).toEqual([9]);
  });

  it("keeps a user's session entries grouped under one session when the day is saved too", async () => {
    const { agent } = await signUp(app);
    const session = await startSession(agent, 1);
    const exercises = completeAll(session.exercises);
    await agent.put(`/api/sessions/${session.id}`).send({ exercises }).expect(200);
    await agent.put('/api/workout-days/1').send({ exercises }).expect(200);
    const entries = await getProgress(agent);
    expect(entries).toHaveLength(12);
    expect(entries.every((entry) => entry.sessionId === session.id)).toBe(true);
  });
});
