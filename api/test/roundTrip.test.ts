import { Types } from 'mongoose';
import { recordsSchema, type ProgressEntry } from '@hit/contracts';
import { buildTestApp, signUp, startTestDatabase, type TestDatabase } from './helpers';
import { completeAll, getProgress, startSession, type Agent } from './workoutFixtures';

/**
 * Issue #20 item 3: an account exported as CSV and imported into a new account gives the same Progress Analytics. The
 * analytics are a function of the working sets in order (day, exercise, weight, unit, reps), how they group into
 * sessions, and their days; so are the records. This compares exactly those, and the records as the api answers them.
 */
let database: TestDatabase;
let app: ReturnType<typeof buildTestApp>;

beforeAll(async () => {
  database = await startTestDatabase();
  app = buildTestApp(database);
});
afterAll(() => database.close());

const DAY_MS = 24 * 60 * 60 * 1000;

/** Performs `dayId` through a session whose sets start at `start` (a minute apart), as the workout screen does. */
async function workout(agent: Agent, dayId: number, start: number, base: number) {
  const session = await startSession(agent, dayId);
  await agent
    .put(`/api/sessions/${session.id}`)
    .send({ exercises: completeAll(session.exercises, start, base) })
    .expect(200);
  await agent.post(`/api/sessions/${session.id}/end`).expect(200);
  await agent.post(`/api/workout-days/${dayId}/complete`).expect(200);
  // The session as if it had been started then, half an hour long.
  await database.connection
    .collection('workoutsessions')
    .updateOne(
      { _id: new Types.ObjectId(session.id) },
      { $set: { startedAt: new Date(start), endedAt: new Date(start + 30 * 60_000) } },
    );
}

const sets = (entries: ProgressEntry[]) =>
  entries.map((e) => [e.workoutDayId, e.exerciseId, e.exerciseName, e.setType, e.weight, e.weightUnit, e.reps]);

/** The sessions in order: their day, their sets and the calendar day they were on. */
function sessions(entries: ProgressEntry[]) {
  const groups: { key: string | null; dayId: number; sets: number; on: string }[] = [];
  for (const entry of entries) {
    const last = groups.at(-1);
    if (last && last.key === entry.sessionId) last.sets += 1;
    else groups.push({ key: entry.sessionId, dayId: entry.workoutDayId, sets: 1, on: entry.date.slice(0, 10) });
  }
  return groups.map(({ dayId, sets: count, on }) => ({ dayId, sets: count, on }));
}

it('exports an account as CSV, imports the file into a new account, and both have the same history and records', async () => {
  const original = await signUp(app);
  const first = Date.parse('2026-10-01T07:00:00.000Z');
  // Two cycles and a bit, heavier each cycle, every other day.
  for (const [index, [dayId, base]] of (
    [
      [1, 100],
      [2, 40],
      [3, 200],
      [1, 110],
      [2, 45],
      [3, 210],
      [1, 120],
    ] as const
  ).entries()) {
    await workout(original.agent, dayId, first + index * 2 * DAY_MS, base);
  }

  const exported = await original.agent.get('/api/export/csv?timezoneOffsetMinutes=0').expect(200);
  const copy = await signUp(app);
  const imported = await copy.agent
    .post('/api/import')
    .send({ csv: exported.text, timezoneOffsetMinutes: 0 })
    .expect(200);
  const before = await getProgress(original.agent);
  expect(imported.body).toEqual({ workouts: 7, sets: before.length, alreadyImported: 0, skippedSets: 0 });

  const after = await getProgress(copy.agent);
  expect(sets(after)).toEqual(sets(before));
  expect(sessions(after)).toEqual(sessions(before));

  const records = async (agent: Agent) => {
    const answer = recordsSchema.parse((await agent.get('/api/records').expect(200)).body);
    const withoutTime = (point: { date: string }) => ({ ...point, date: point.date.slice(0, 10) });
    return answer.lbs.map((r) => ({
      ...r,
      heaviest: withoutTime(r.heaviest),
      bestEstimate: withoutTime(r.bestEstimate),
    }));
  };
  expect(await records(copy.agent)).toEqual(await records(original.agent));
});
