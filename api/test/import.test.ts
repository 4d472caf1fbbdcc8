import { importPreviewSchema, importResultSchema, lastWorkoutSchema, recordsSchema } from '@hit/contracts';
import { EXERCISE_IDS } from '@hit/contracts/rules';
import { ACCESS_DENIED_MESSAGE } from '../src/auth/currentUser';
import { IMPORT_RATE_LIMITED_MESSAGE, IMPORTS_PER_HOUR } from '../src/routes/import';
import { buildTestApp, signUp, startTestDatabase, type TestDatabase } from './helpers';
import { expireTrial, getProgress, getState, type Agent } from './workoutFixtures';

// A Strong export (comma layout), written for these tests: two workouts, a cardio row, one exercise named as ours.
const STRONG = [
  'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE',
  '2024-01-15 07:41:00,Push,1h 5m,Bench Press (Barbell),W,95,10,0,0,,,',
  '2024-01-15 07:41:00,Push,1h 5m,Bench Press (Barbell),1,185,8,0,0,,,',
  '2024-01-15 07:41:00,Push,1h 5m,Running (Treadmill),1,0,0,3.2,1200,,,',
  '2024-01-15 07:41:00,Push,1h 5m,leg press,1,400,10,0,0,,,',
  '2024-01-17 18:05:00,Pull,58m,DEADLIFTS,W,135,5,0,0,,,',
  '2024-01-17 18:05:00,Pull,58m,Deadlifts,1,315,6,0,0,,,',
  '2024-01-17 18:05:00,Pull,58m,Face Pull,1,40,15,0,0,,,',
].join('\n');

let database: TestDatabase;
let app: ReturnType<typeof buildTestApp>;

beforeAll(async () => {
  database = await startTestDatabase();
  app = buildTestApp(database);
});
afterAll(() => database.close());

const preview = async (agent: Agent, body: object) =>
  importPreviewSchema.parse((await agent.post('/api/import/preview').send(body).expect(200)).body);
const importFile = async (agent: Agent, body: object) =>
  importResultSchema.parse((await agent.post('/api/import').send(body).expect(200)).body);

describe('importing history', () => {
  it('previews the workouts, sets and dates found, matching exercise names to ours whatever their case', async () => {
    const { agent } = await signUp(app);
    expect(await preview(agent, { csv: STRONG, unit: 'lbs', timezoneOffsetMinutes: 0 })).toEqual({
      format: 'strong',
      statesUnit: false,
      workouts: 2,
      sets: 6,
      skippedRows: 1,
      from: '2024-01-15T07:41:00.000Z',
      to: '2024-01-17T18:05:00.000Z',
      exercises: [
        { name: 'Bench Press (Barbell)', sets: 2, exerciseId: null },
        { name: 'leg press', sets: 1, exerciseId: EXERCISE_IDS.legPress },
        { name: 'DEADLIFTS', sets: 2, exerciseId: EXERCISE_IDS.deadlifts },
        { name: 'Face Pull', sets: 1, exerciseId: null },
      ],
    });
    // A preview writes nothing.
    expect(await getProgress(agent)).toEqual([]);
  });

  it('imports the mapped sets as progress in sessions, skips the rest, and a second import adds nothing', async () => {
    const { agent } = await signUp(app);
    const body = {
      csv: STRONG,
      unit: 'lbs',
      timezoneOffsetMinutes: 0,
      mapping: { 'bench press (barbell)': EXERCISE_IDS.inclinePress, 'Face Pull': null },
    };
    expect(await importFile(agent, body)).toEqual({ workouts: 2, sets: 5, alreadyImported: 0, skippedSets: 1 });

    const entries = await getProgress(agent);
    expect(
      entries.map((e) => [e.date, e.exerciseName, e.workoutDayId, e.setType, e.weight, e.weightUnit, e.reps]),
    ).toEqual([
      ['2024-01-15T07:41:01.000Z', 'Incline Press', 1, 'warmup', 95, 'lbs', 10],
      ['2024-01-15T07:41:02.000Z', 'Incline Press', 1, 'working', 185, 'lbs', 8],
      ['2024-01-15T07:41:03.000Z', 'Leg Press', 3, 'working', 400, 'lbs', 10],
      ['2024-01-17T18:05:01.000Z', 'Deadlifts', 1, 'warmup', 135, 'lbs', 5],
      ['2024-01-17T18:05:02.000Z', 'Deadlifts', 1, 'working', 315, 'lbs', 6],
    ]);
    // One session per workout and program day: Push spans Day 1 and Day 3.
    expect(new Set(entries.map((e) => e.sessionId)).size).toBe(3);
    expect(entries.every((e) => e.sessionId !== null)).toBe(true);
    const sessions = await database.connection.collection('workoutsessions').find({ importedFrom: 'strong' }).toArray();
    expect(sessions.filter((s) => entries.some((e) => e.sessionId === String(s._id)))).toHaveLength(3);
    expect(sessions.every((s) => s.open === false)).toBe(true);

    // The records and the 'Last time' hints include them; the rotation does not move.
    const records = recordsSchema.parse((await agent.get('/api/records').expect(200)).body);
    expect(records.lbs.find((r) => r.exerciseId === EXERCISE_IDS.deadlifts)?.heaviest).toMatchObject({ weight: 315 });
    const hint = lastWorkoutSchema.parse(
      (await agent.get(`/api/progress/last-workout/${EXERCISE_IDS.deadlifts}/1`).expect(200)).body,
    );
    expect(hint.workingSet).toEqual({ weight: 315, weightUnit: 'lbs', reps: 6 });
    expect(await getState(agent)).toEqual({ cycleCount: 0, nextRecommendedDay: 1 });

    expect(await importFile(agent, body)).toEqual({ workouts: 0, sets: 0, alreadyImported: 5, skippedSets: 1 });
    expect(await getProgress(agent)).toHaveLength(5);
  });

  it('takes the unit a file states, and local times in the device zone', async () => {
    const { agent } = await signUp(app);
    const csv = [
      '"Date";"Workout Name";"Duration";"Exercise Name";"Set Order";"Weight (kg)";"Reps";"Distance (km)";"Seconds";"Notes";"Workout Notes";"RPE"',
      '"2024-02-01 06:30:00";"Beine";"58m";"Leg Press";"1";"142,5";"8";"0";"0";"";"";""',
    ].join('\n');
    await importFile(agent, { csv, unit: 'lbs', timezoneOffsetMinutes: -60 });
    expect((await getProgress(agent)).map((e) => [e.date, e.weight, e.weightUnit])).toEqual([
      ['2024-02-01T05:30:01.000Z', 142.5, 'kg'],
    ]);
  });

  it('refuses a bad file with the line and column and writes nothing', async () => {
    const { agent } = await signUp(app);
    const bad = STRONG.replace('Deadlifts,1,315,6', 'Deadlifts,1,three fifteen,6');
    for (const path of ['/api/import/preview', '/api/import']) {
      const response = await agent.post(path).send({ csv: bad, unit: 'lbs' }).expect(400);
      expect(response.body).toEqual({
        message: 'Line 7, column "Weight": expected a weight from 0 to 2000, found "three fifteen"',
      });
    }
    expect(await getProgress(agent)).toEqual([]);
    expect((await agent.post('/api/import').send({ csv: 'a,b\n1,2', unit: 'lbs' }).expect(400)).body.message).toMatch(
      /^Line 1: the columns are not a Strong export/,
    );
    expect((await agent.post('/api/import').send({ unit: 'lbs' }).expect(400)).body).toEqual({
      message: 'csv: must be the text of a CSV file',
    });
    expect(
      (
        await agent
          .post('/api/import')
          .send({ csv: STRONG, mapping: { Deadlifts: 999 } })
          .expect(400)
      ).body,
    ).toEqual({ message: 'mapping: 999 is not one of your exercises' });
    expect(await getProgress(agent)).toEqual([]);
  });

  it('takes history from before the account existed, but refuses a date before 1970 or in the future', async () => {
    const { agent } = await signUp(app);
    const pad = (n: number) => String(n).padStart(2, '0');
    const strongDate = (date: Date) =>
      `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
      `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:00`;
    const dated = (date: string) => STRONG.replace('2024-01-17 18:05:00', date);
    const inAnHour = strongDate(new Date(Date.now() + 60 * 60_000));
    const outOfRange = 'expected a date from 1970 to now';
    for (const [date, expected] of [
      ['1969-12-31 23:59:00', outOfRange],
      ['1900-01-01 00:00:00', outOfRange],
      // JavaScript's Date reads years 0-99 as 1900-1999: the parser refuses them as no date at all.
      ['0001-01-01 00:00:00', 'expected a date like "2024-01-15 07:41:00"'],
      [inAnHour, outOfRange],
      ['2099-01-01 10:00:00', outOfRange],
    ]) {
      for (const path of ['/api/import/preview', '/api/import']) {
        const response = await agent.post(path).send({ csv: dated(date), unit: 'lbs', timezoneOffsetMinutes: 0 });
        expect([response.status, response.body]).toEqual([
          400,
          { message: `Line 6, column "Date": ${expected}, found "${date}"` },
        ]);
      }
    }
    expect(await getProgress(agent)).toEqual([]);

    // Long before the sign-up, and a moment ago: both taken.
    const aMinuteAgo = strongDate(new Date(Date.now() - 60_000));
    const csv = STRONG.replaceAll('2024-01-15 07:41:00', '1985-06-01 09:00:00').replaceAll(
      '2024-01-17 18:05:00',
      aMinuteAgo,
    );
    const result = await importFile(agent, { csv, unit: 'lbs', timezoneOffsetMinutes: 0 });
    expect(result.workouts).toBe(2);
    const dates = (await getProgress(agent)).map((entry) => entry.date.slice(0, 16));
    expect(dates[0]).toBe('1985-06-01T09:00');
    expect(dates.at(-1)).toBe(aMinuteAgo.replace(' ', 'T').slice(0, 16));
  });

  it('refuses a file over 10 MB, however it is sent', async () => {
    const { agent } = await signUp(app);
    const big = STRONG + `\n${'x'.repeat(10 * 1024 * 1024)}`;
    expect((await agent.post('/api/import').send({ csv: big }).expect(400)).body).toEqual({
      message: 'csv: is over 10 MB',
    });
    const huge = 'x'.repeat(13 * 1024 * 1024);
    const response = await agent.post('/api/import').set('Content-Type', 'application/json').send(`{"csv":"${huge}"}`);
    expect(response.status).toBe(413);
  });

  it('is premium (402 after the trial), signed in only, and limited per user', async () => {
    const { agent } = await signUp(app);
    for (let i = 0; i < IMPORTS_PER_HOUR; i++)
      await agent.post('/api/import/preview').send({ csv: STRONG }).expect(200);
    const limited = await agent.post('/api/import/preview').send({ csv: STRONG }).expect(429);
    expect(limited.body).toEqual({ message: IMPORT_RATE_LIMITED_MESSAGE });
    expect(limited.headers['retry-after']).toBeDefined();
    // Another lifter has their own allowance.
    await (await signUp(app)).agent.post('/api/import/preview').send({ csv: STRONG }).expect(200);

    const expired = await signUp(app);
    await expireTrial(database, expired.user.id);
    const refused = await expired.agent.post('/api/import').send({ csv: STRONG }).expect(402);
    expect(refused.body).toEqual({ message: ACCESS_DENIED_MESSAGE });
    await expired.agent.post('/api/logout').expect(200);
    await expired.agent.post('/api/import').send({ csv: STRONG }).expect(401);
  });
});
