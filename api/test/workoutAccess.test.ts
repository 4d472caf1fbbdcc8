import request from 'supertest';
import { lastWorkoutSchema } from '@hit/contracts';
import { ACCESS_DENIED_MESSAGE } from '../src/auth/currentUser';
import { buildTestApp, signUp, startTestDatabase, type TestDatabase } from './helpers';
import {
  completeAll,
  expireTrial,
  getDay,
  getDays,
  getProgress,
  getState,
  snapshotOf,
  startSession,
  type Agent,
} from './workoutFixtures';

const SOME_SESSION_ID = '0123456789abcdef01234567';

/** Every workout, session and progress route, with a body that would be accepted. */
function workoutRoutes(sessionId: string, exercises: unknown[]) {
  return [
    { method: 'get', path: '/api/workout-days', premium: false },
    { method: 'get', path: '/api/workout-state', premium: false },
    { method: 'put', path: '/api/workout-days/1', body: { exercises }, premium: true },
    { method: 'post', path: '/api/workout-days/1/complete', premium: true },
    { method: 'post', path: '/api/workout-days/1/reset', premium: true },
    { method: 'post', path: '/api/reset', premium: true },
    { method: 'post', path: '/api/sessions/start', body: { dayId: 1 }, premium: true },
    { method: 'get', path: '/api/sessions/open', premium: true },
    { method: 'put', path: `/api/sessions/${sessionId}`, body: { exercises }, premium: true },
    { method: 'post', path: `/api/sessions/${sessionId}/end`, premium: true },
    { method: 'get', path: '/api/progress', premium: true },
    { method: 'get', path: '/api/progress/last-workout/101/1', premium: true },
  ] as const;
}

function send(agent: Agent | ReturnType<typeof request>, route: { method: string; path: string; body?: unknown }) {
  const call = (agent as unknown as Record<string, (path: string) => request.Test>)[route.method](route.path);
  return route.body === undefined ? call : call.send(route.body as object);
}

describe('workout access and isolation', () => {
  let database: TestDatabase;
  let app: ReturnType<typeof buildTestApp>;

  beforeAll(async () => {
    database = await startTestDatabase();
    app = buildTestApp(database);
  });
  afterAll(() => database.close());

  it.each(workoutRoutes(SOME_SESSION_ID, []).map((route) => [`${route.method.toUpperCase()} ${route.path}`, route]))(
    'answers 401 to an anonymous %s',
    async (_name, route) => {
      const response = await send(request(app), route).expect(401);
      expect(response.body).toEqual({ message: 'Not authenticated' });
    },
  );

  it('refuses every premium route with 402 once the trial is over, writes nothing, and still shows days and state', async () => {
    const { agent, user } = await signUp(app);
    const session = await startSession(agent, 1);
    const exercises = completeAll(session.exercises.slice(0, 1));
    await agent.put(`/api/sessions/${session.id}`).send({ exercises }).expect(200);
    await expireTrial(database, user.id);
    const before = await snapshotOf(database, user.id);

    for (const route of workoutRoutes(session.id, completeAll(session.exercises))) {
      const response = await send(agent, route);
      if (route.premium) {
        expect([route.path, response.status, response.body]).toEqual([
          route.path,
          402,
          { message: ACCESS_DENIED_MESSAGE },
        ]);
      } else {
        expect([route.path, response.status]).toEqual([route.path, 200]);
      }
    }
    expect(await snapshotOf(database, user.id)).toEqual(before);
    expect((await getDays(agent))[0].exercises[0]).toEqual(exercises[0]);
    expect(await getState(agent)).toEqual({ cycleCount: 0, nextRecommendedDay: 1 });
  });

  it("keeps two users apart: neither can read or change the other's days, sessions or progress", async () => {
    const alice = await signUp(app);
    const bob = await signUp(app);

    // Alice is half way through Day 1, with progress recorded.
    const aliceSession = await startSession(alice.agent, 1);
    const aliceExercises = completeAll(aliceSession.exercises.slice(0, 2));
    await alice.agent.put(`/api/sessions/${aliceSession.id}`).send({ exercises: aliceExercises }).expect(200);
    const aliceBefore = await snapshotOf(database, alice.user.id);
    expect(aliceBefore.progress).toHaveLength(6);

    // Bob sees none of it.
    expect((await getDay(bob.agent, 1)).exercises.flatMap((e) => e.sets).some((set) => set.completed)).toBe(false);
    expect(await getProgress(bob.agent)).toEqual([]);
    expect(lastWorkoutSchema.parse((await bob.agent.get('/api/progress/last-workout/101/1').expect(200)).body)).toEqual(
      {
        workingSet: null,
        warmupSet: null,
      },
    );
    expect((await bob.agent.get('/api/sessions/open').expect(200)).body).toBeNull();

    // Alice's session answers Bob exactly as a session that does not exist (404, never 403).
    const notFound = { message: 'Session not found' };
    expect((await bob.agent.put(`/api/sessions/${aliceSession.id}`).send({ exercises: [] }).expect(404)).body).toEqual(
      notFound,
    );
    expect((await bob.agent.post(`/api/sessions/${aliceSession.id}/end`).expect(404)).body).toEqual(notFound);

    // An id of Alice in the body is refused, never used.
    const smuggled = await bob.agent
      .put('/api/workout-days/1')
      .send({ userId: alice.user.id, exercises: aliceExercises })
      .expect(400);
    expect(smuggled.body.message).toBe('Request: unknown field "userId"');
    await bob.agent.post('/api/sessions/start').send({ dayId: 1, userId: alice.user.id }).expect(400);

    // Everything Bob does to his own program leaves Alice's alone.
    const bobSession = await startSession(bob.agent, 1);
    expect(bobSession.id).not.toBe(aliceSession.id);
    await bob.agent
      .put(`/api/sessions/${bobSession.id}`)
      .send({ exercises: completeAll(bobSession.exercises) })
      .expect(200);
    await bob.agent.post(`/api/sessions/${bobSession.id}/end`).expect(200);
    await bob.agent
      .put('/api/workout-days/1')
      .send({ exercises: completeAll(bobSession.exercises) })
      .expect(200);
    await bob.agent.post('/api/workout-days/1/complete').expect(200);
    await bob.agent.post('/api/workout-days/2/reset').expect(200);
    await bob.agent.post('/api/reset').expect(200);

    expect(await snapshotOf(database, alice.user.id)).toEqual(aliceBefore);
    expect((await alice.agent.get('/api/sessions/open').expect(200)).body.id).toBe(aliceSession.id);
    expect(await getProgress(alice.agent)).toHaveLength(6);
    expect(await getState(alice.agent)).toEqual({ cycleCount: 0, nextRecommendedDay: 1 });
  });
});
