import { performance } from 'node:perf_hooks';
import type { Gzip, ZlibOptions } from 'node:zlib';
import Papa from 'papaparse';
import { Types, type Connection } from 'mongoose';
import type { AccountExport } from '@hit/contracts';
import { WORKOUT_PROGRAM } from '@hit/contracts/rules';
import { EXPORT_BATCH_SIZE } from '../src/services/export';
import { buildTestApp, connectMonitored, signUp, startTestDatabase, type TestDatabase } from './helpers';

/**
 * Issue #20: 30,000 sets (five years of three workouts a week, twelve sets each) download as CSV, and as JSON with
 * their 2,500 sessions, written piece by piece as the response drains. The 2 s budget itself is measured by
 * `npm run bench` on a quiet machine ("Exports of 30k sets": about 0.9 and 1.0 s). Inside `npm test`, jest's other
 * workers and the browsers share the two cores, and no time figure holds: wall-clock ratios against a plain read
 * moved from 1x quietly to over 4x under CI's load, and so did CPU-time ratios (the same export measured 1.0-1.3x
 * quietly and 4.35x in a CI run: a streamed export allocates far more, and garbage collection's threads count in CPU
 * time). So this guard counts what makes an export slow whatever the machine: the database commands each download
 * sends (the batches of a cursor, a lookup of sessions per batch, a few reads of the account), which an export that
 * re-read per set would multiply by a thousand. The times are logged for reading. And the 'drain' listeners of the gzip
 * stream: the response's back-pressure once added one at every wait (MaxListenersExceededWarning).
 */
const SETS = 30_000;
const SETS_PER_WORKOUT = 12;
/** At most two commands per batch of the sets (the cursor's, and the sessions of the batch), and ten more. */
const MAX_COMMANDS = 2 * Math.ceil(SETS / EXPORT_BATCH_SIZE) + 10;

describe('exports of 30k sets', () => {
  let database: TestDatabase;
  let app: ReturnType<typeof buildTestApp>;

  /** The api's own connection, with command monitoring: the test counts what each download sends. */
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

  it(`sends at most ${MAX_COMMANDS} database commands per download of 30k sets, streamed`, async () => {
    const { agent, user } = await signUp(app);
    const userId = new Types.ObjectId(user.id);
    const start = Date.parse('2021-01-04T07:00:00.000Z');
    const sessions = [];
    const entries = [];
    for (let workout = 0; workout < SETS / SETS_PER_WORKOUT; workout++) {
      const day = WORKOUT_PROGRAM[workout % 3];
      const startedAt = new Date(start + workout * 2.3 * 86_400_000);
      const sessionId = new Types.ObjectId();
      // As the app keeps a session: its exercises with their sets, as the lifter left them.
      const exercises = day.exercises.map((exercise) => ({
        id: exercise.id,
        name: exercise.name,
        sets: [] as object[],
      }));
      sessions.push({
        _id: sessionId,
        userId,
        dayId: day.dayId,
        round: Math.floor(workout / 3),
        exercises,
        startedAt,
        endedAt: new Date(startedAt.getTime() + 50 * 60_000),
        open: false,
      });
      for (let set = 0; set < SETS_PER_WORKOUT; set++) {
        const exercise = day.exercises[Math.floor(set / 3) % day.exercises.length];
        exercises
          .find((e) => e.id === exercise.id)!
          .sets.push({
            id: `${exercise.id}-${set}`,
            type: set % 3 === 2 ? 'working' : 'warmup',
            completed: true,
            weight: 100,
            reps: 8,
            weightUnit: 'lbs',
            completedAt: new Date(startedAt.getTime() + (set + 1) * 3 * 60_000),
          });
        entries.push({
          userId,
          workoutDayId: day.dayId,
          round: Math.floor(workout / 3),
          exerciseId: exercise.id,
          setId: `${exercise.id}-${set}`,
          sessionId,
          exerciseName: exercise.name,
          weight: 100 + (set % 3) * 20 + (workout % 40),
          weightUnit: set % 5 === 0 ? 'kg' : 'lbs',
          reps: 8,
          setType: set % 3 === 2 ? 'working' : 'warmup',
          date: new Date(startedAt.getTime() + (set + 1) * 3 * 60_000),
        });
      }
    }
    await database.connection.collection('workoutsessions').insertMany(sessions);
    for (let i = 0; i < entries.length; i += 5000) {
      await database.connection.collection('progressentries').insertMany(entries.slice(i, i + 5000));
    }

    /**
     * The fastest of five downloads, logged with the others: the time to receive the whole file (unzipped as a
     * browser does), as text; reading the JSON into objects is the test's business, not the download's. Each is
     * preceded by `read`, reading from the database what the export writes.
     */
    const readEntries = () =>
      database.connection.collection('progressentries').find({ userId }).sort({ date: 1 }).toArray();
    const readSessionsAndEntries = async () => {
      await database.connection.collection('workoutsessions').find({ userId }).sort({ startedAt: 1 }).toArray();
      await readEntries();
    };
    // compression()'s gzip streams, whose 'drain' listeners the test counts: one was once added at every wait for the
    // response to drain, hundreds a download (and Node's MaxListenersExceededWarning).
    const gzips: Gzip[] = [];
    // On the module object itself (compression's), whose functions are read-only but configurable.
    const zlib = jest.requireActual<typeof import('node:zlib')>('node:zlib');
    const createGzip = zlib.createGzip;
    Object.defineProperty(zlib, 'createGzip', {
      configurable: true,
      value: (options?: ZlibOptions) => {
        const gzip = createGzip(options);
        gzips.push(gzip);
        return gzip;
      },
    });
    // Every database command the api sends, counted per download: an export that re-read per set would send 30,000.
    let commandsSent = 0;
    monitored.getClient().on('commandStarted', () => (commandsSent += 1));
    async function timed(path: string, read: () => Promise<unknown>) {
      const commands: number[] = [];
      const times: number[] = [];
      const cpu: number[] = [];
      const reads: number[] = [];
      const cpuOfReads: number[] = [];
      const cpuMs = () => {
        const { user, system } = process.cpuUsage();
        return (user + system) / 1000;
      };
      let response: Awaited<ReturnType<typeof agent.get>> | undefined;
      for (let run = 0; run < 5; run++) {
        const readBegan = performance.now();
        const readCpu = cpuMs();
        await read();
        cpuOfReads.push(cpuMs() - readCpu);
        reads.push(performance.now() - readBegan);
        const began = performance.now();
        const beganCpu = cpuMs();
        const commandsBefore = commandsSent;
        response = await agent
          .get(path)
          .buffer(true)
          .parse((res, done) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
          })
          .expect(200);
        cpu.push(cpuMs() - beganCpu);
        times.push(performance.now() - began);
        commands.push(commandsSent - commandsBefore);
      }
      const fastest = Math.min(...times);
      const ratio = Math.min(...cpu) / Math.min(...cpuOfReads);
      const text = response!.body as string;
      const runs = times.map((t) => Math.round(t)).join(', ');
      console.log(
        `${path}, ${SETS} sets (${(text.length / 1e6).toFixed(1)} MB): ${runs} ms; fastest ${Math.round(fastest)} ms ` +
          `(the read: ${Math.round(Math.min(...reads))} ms); CPU ${Math.round(Math.min(...cpu))} ms, ` +
          `${ratio.toFixed(2)}x the read's ${Math.round(Math.min(...cpuOfReads))} ms; database commands ${commands.join(', ')}`,
      );
      return { text, headers: response!.headers as Record<string, string>, ratio, commands: Math.max(...commands) };
    }

    const downloads = async () => [
      await timed('/api/export/csv', readEntries),
      await timed('/api/export/json', readSessionsAndEntries),
    ];
    const [csv, json] = await downloads().finally(() =>
      Object.defineProperty(zlib, 'createGzip', { configurable: true, value: createGzip }),
    );
    const { text, headers } = csv;

    // Sent as it is written, gzipped as a browser asks (as supertest does): no length known in advance.
    expect(headers['content-encoding']).toBe('gzip');
    expect(headers['content-length']).toBeUndefined();
    expect(headers['transfer-encoding']).toBe('chunked');
    const rows = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    expect(rows).toHaveLength(SETS + 1);
    expect(rows[1]).toEqual([
      '2021-01-04 07:00:00',
      'Day 1 – Chest & Back',
      '3000',
      'Incline Press',
      'W',
      '220.46',
      '8',
      '0',
      '0',
      '',
      '',
      '',
    ]);
    expect(rows.at(-1)![4]).toBe('1');
    expect(csv.commands).toBeLessThanOrEqual(MAX_COMMANDS);

    const exported = JSON.parse(json.text) as AccountExport;
    expect(exported.progress).toHaveLength(SETS);
    expect(exported.sessions).toHaveLength(SETS / SETS_PER_WORKOUT);
    expect(exported.sessions[0].exercises).toEqual(
      sessions[0].exercises.map((e) => ({
        ...e,
        sets: e.sets.map((set) => ({ ...set, completedAt: (set as { completedAt: Date }).completedAt.toISOString() })),
      })),
    );
    expect(json.commands).toBeLessThanOrEqual(MAX_COMMANDS);
    expect(gzips).toHaveLength(10);
    expect(gzips.map((gzip) => gzip.listenerCount('drain'))).toEqual(Array(10).fill(1));
  }, 120_000);
});
