import type { Exercise, WorkoutSet } from '@hit/contracts';
import { buildTestApp, signUp, startTestDatabase, type TestDatabase } from './helpers';
import { completed, getDay, snapshotOf, startSession, type Agent } from './workoutFixtures';

const MINUTE = 60_000;

type Case = [name: string, method: 'put' | 'post' | 'get', path: string, body: unknown, message: RegExp];

describe('workout input validation', () => {
  let database: TestDatabase;
  let app: ReturnType<typeof buildTestApp>;
  let agent: Agent;
  let userId: string;
  let sessionId: string;
  let incline: Exercise;

  beforeAll(async () => {
    database = await startTestDatabase();
    app = buildTestApp(database);
    const account = await signUp(app);
    agent = account.agent;
    userId = account.user.id;
    const session = await startSession(agent, 1);
    sessionId = session.id;
    incline = (await getDay(agent, 1)).exercises[0];
    // Some state to protect: one set already recorded.
    await agent
      .put(`/api/sessions/${sessionId}`)
      .send({ exercises: [{ ...incline, sets: [completed(incline.sets[0], 95, 10, '2026-11-20T10:00:00.000Z')] }] })
      .expect(200);
  });
  afterAll(() => database.close());

  /** Incline Press with its working set replaced by `set` fields (on top of a valid completed set). */
  const withWorkingSet = (fields: Record<string, unknown>) => ({
    exercises: [
      {
        ...incline,
        sets: [{ ...completed(incline.sets[2], 135, 8, '2026-11-20T10:08:00.000Z'), ...fields } as WorkoutSet],
      },
    ],
  });

  // Both set-saving routes get the same set cases.
  const setCases: [string, Record<string, unknown>, RegExp][] = [
    ['a negative weight', { weight: -5 }, /^exercises\.0\.sets\.0\.weight: must not be negative$/],
    ['an absurd weight', { weight: 2000.5 }, /^exercises\.0\.sets\.0\.weight: must be at most 2000$/],
    ['a weight as text', { weight: '135' }, /^exercises\.0\.sets\.0\.weight: must be a number$/],
    ['an operator as weight', { weight: { $gt: 0 } }, /^exercises\.0\.sets\.0\.weight: must be a number$/],
    ['zero reps on a completed set', { reps: 0 }, /^exercises\.0\.sets\.0\.reps: must be above 0$/],
    ['negative reps', { reps: -3 }, /^exercises\.0\.sets\.0\.reps: must be above 0$/],
    ['fractional reps', { reps: 8.5 }, /^exercises\.0\.sets\.0\.reps: must be a whole number$/],
    ['a completed set without reps', { reps: null }, /^exercises\.0\.sets\.0\.reps: is required on a completed set$/],
    [
      'a completed set without completedAt',
      { completedAt: null },
      /^exercises\.0\.sets\.0\.completedAt: is required on a completed set$/,
    ],
    [
      'a completion time that is not a date',
      { completedAt: 'yesterday' },
      /^exercises\.0\.sets\.0\.completedAt: must be an ISO date$/,
    ],
    [
      'a completion time in the future',
      { completedAt: '2999-01-01T00:00:00.000Z' },
      /^exercises\.0\.sets\.0\.completedAt: must not be in the future \(more than 5 minutes ahead of the server's clock\)$/,
    ],
    [
      'a completion time 6 minutes ahead of the server',
      { completedAt: new Date(Date.now() + 6 * MINUTE).toISOString() },
      /^exercises\.0\.sets\.0\.completedAt: must not be in the future/,
    ],
    [
      'a completion time in year 1',
      { completedAt: '0001-01-01T00:00:00.000Z' },
      /^exercises\.0\.sets\.0\.completedAt: must not be before 2000-01-01$/,
    ],
    [
      'a completion time from a clock reset to 1970',
      { completedAt: '1970-01-01T00:00:05.000Z' },
      /^exercises\.0\.sets\.0\.completedAt: must not be before 2000-01-01$/,
    ],
    ['an unknown unit', { weightUnit: 'stone' }, /^exercises\.0\.sets\.0\.weightUnit: must be lbs or kg$/],
    ['an unknown set type', { type: 'cooldown' }, /^exercises\.0\.sets\.0\.type: must be warmup or working$/],
    ['completed as text', { completed: 'yes' }, /^exercises\.0\.sets\.0\.completed: must be true or false$/],
    ['an unknown set id', { id: '999-work' }, /^exercises\.0\.sets\.0\.id: unknown set "999-work" for Incline Press$/],
    ['an extra set field', { userId: '0123456789abcdef01234567' }, /^exercises\.0\.sets\.0: unknown field "userId"$/],
  ];

  const cases = (): Case[] => [
    ['a missing dayId', 'post', '/api/sessions/start', {}, /^dayId: must be a workout day id$/],
    ['a dayId as text', 'post', '/api/sessions/start', { dayId: '1' }, /^dayId: must be a workout day id$/],
    ['an operator as dayId', 'post', '/api/sessions/start', { dayId: { $gt: 0 } }, /^dayId: must be a workout day id$/],
    ['a fractional dayId', 'post', '/api/sessions/start', { dayId: 1.5 }, /^dayId: must be a workout day id$/],
    ['a body that is a list', 'post', '/api/sessions/start', [1], /^Request: /],
    ['a missing exercises list', 'put', '/api/workout-days/1', {}, /^exercises: must be a list of exercises$/],
    [
      'exercises that are not a list',
      'put',
      '/api/workout-days/1',
      { exercises: { $set: {} } },
      /^exercises: must be a list of exercises$/,
    ],
    [
      'an unknown exercise',
      'put',
      '/api/workout-days/1',
      { exercises: [{ ...incline, id: 301 }] },
      /^exercises\.0\.id: unknown exercise 301 for this day$/,
    ],
    [
      'an operator field in the day body',
      'put',
      '/api/workout-days/1',
      { exercises: [], $where: '1' },
      /^Request: unknown field "\$where"$/,
    ],
    [
      "a day id in the body that is not the path's",
      'put',
      '/api/workout-days/1',
      { id: 2, exercises: [] },
      /^id: must be the day in the path \(1\)$/,
    ],
    [
      'a day id that is not a number',
      'put',
      '/api/workout-days/one',
      { exercises: [] },
      /^id: must be a workout day id$/,
    ],
    ['a day id of 0', 'post', '/api/workout-days/0/complete', undefined, /^id: must be a workout day id$/],
    [
      'a completion body with unknown fields',
      'post',
      '/api/workout-days/1/complete',
      { cycleCount: 9 },
      /^Request: unknown field "cycleCount"$/,
    ],
    [
      'a completion time that is not a date',
      'post',
      '/api/workout-days/1/complete',
      { lastCompleted: 'now' },
      /^lastCompleted: must be an ISO date$/,
    ],
    ['a reset body with fields', 'post', '/api/workout-days/1/reset', { all: true }, /^Request: unknown field "all"$/],
    [
      'a reset-all body with fields',
      'post',
      '/api/reset',
      { userId: '0123456789abcdef01234567' },
      /^Request: unknown field "userId"$/,
    ],
    ['a session id that is not an id', 'put', '/api/sessions/not-an-id', { exercises: [] }, /^id: is not a valid id$/],
    ['a session end with a bad id', 'post', '/api/sessions/%24ne/end', undefined, /^id: is not a valid id$/],
    [
      'a session save with unknown fields',
      'put',
      '/api/sessions/:session',
      { exercises: [], endedAt: null },
      /^Request: unknown field "endedAt"$/,
    ],
    [
      'a session save naming no day',
      'put',
      '/api/sessions/:session',
      { exercises: [], workoutDay: 'Day 1' },
      /^workoutDay: must be a workout day$/,
    ],
    [
      'an exercise id that is not a number',
      'get',
      '/api/progress/last-workout/bench/1',
      undefined,
      /^exerciseId: must be an exercise id$/,
    ],
    [
      'a day id that is negative',
      'get',
      '/api/progress/last-workout/101/-1',
      undefined,
      /^workoutDayId: must be a workout day id$/,
    ],
    ...setCases.map(([name, fields, message]): Case => [
      `${name} (day save)`,
      'put',
      '/api/workout-days/1',
      withWorkingSet(fields),
      message,
    ]),
    ...setCases.map(([name, fields, message]): Case => [
      `${name} (session save)`,
      'put',
      '/api/sessions/:session',
      withWorkingSet(fields),
      message,
    ]),
  ];

  it('answers 400 naming the field, and writes nothing, for each bad input', async () => {
    const before = await snapshotOf(database, userId);
    expect(before.progress).toHaveLength(1);
    const failures: string[] = [];
    for (const [name, method, path, body, message] of cases()) {
      const call = agent[method](path.replace(':session', sessionId));
      const response = await (body === undefined ? call : call.send(body as object));
      if (response.status !== 400 || !message.test(response.body.message)) {
        failures.push(`${name}: ${response.status} ${JSON.stringify(response.body)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshotOf(database, userId)).toEqual(before);
  });

  it("takes a completion time up to 5 minutes ahead of the server's clock (a phone's clock is not exact) and from 2000-01-01 on, as sent", async () => {
    const ahead = new Date(Date.now() + 4 * MINUTE).toISOString();
    const earliest = '2000-01-01T00:00:00.000Z';
    const account = await signUp(app);
    const session = await startSession(account.agent, 1);
    const [first] = (await getDay(account.agent, 1)).exercises;
    const save = (completedAt: string) => ({
      exercises: [{ ...first, sets: [completed(first.sets[2], 135, 8, completedAt)] }],
    });

    await account.agent.put(`/api/sessions/${session.id}`).send(save(ahead)).expect(200);
    expect((await account.agent.get('/api/progress').expect(200)).body).toEqual([
      expect.objectContaining({ date: ahead, weight: 135 }),
    ]);
    const day = await account.agent.put('/api/workout-days/1').send(save(earliest)).expect(200);
    expect(day.body.exercises[0].sets[2]).toMatchObject({ completed: true, completedAt: earliest });
    expect((await account.agent.get('/api/progress').expect(200)).body).toEqual([
      expect.objectContaining({ date: earliest, weight: 135 }),
    ]);
  });

  it('accepts the same payloads once they are valid (the cases fail for the named reason only)', async () => {
    await agent.put('/api/workout-days/1').send(withWorkingSet({})).expect(200);
    await agent
      .put(`/api/sessions/${sessionId}`)
      .send(withWorkingSet({ weight: 2000, weightUnit: 'kg' }))
      .expect(200);
    const entries = (await agent.get('/api/progress').expect(200)).body;
    expect(entries.map((entry: { weight: number; setType: string }) => [entry.weight, entry.setType])).toEqual([
      [95, 'warmup'],
      [2000, 'working'],
    ]);
  });
});
