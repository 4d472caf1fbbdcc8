/**
 * What an import may cost the api: the file is read in a parser thread with a memory cap, one or two such threads run
 * in the whole process (503 with Retry-After beyond a short line), one import runs at a time per account (409), and
 * the body is never parsed on the api's own thread. The parser's own row limit is in import/parseWorkoutCsv.test.ts.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importPreviewSchema } from '@hit/contracts';
import {
  IMPORT_PARSING,
  IMPORT_PARSING_BUSY_MESSAGE,
  IMPORT_TOO_MUCH_MEMORY_REASON,
  ImportParsingBusyError,
  importParsingStats,
  readImportInWorker,
} from '../src/import/parseInWorker';
import { IMPORT_TOO_MANY_ROWS_MESSAGE, ImportFileError } from '../src/import/parseWorkoutCsv';
import { IMPORT_ALREADY_RUNNING_MESSAGE, IMPORT_BODY_LIMIT_BYTES } from '../src/routes/import';
import { buildTestApp, signUp, startTestDatabase, type TestDatabase } from './helpers';
import { getProgress } from './workoutFixtures';

const STRONG = [
  'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE',
  '2024-01-15 07:41:00,Push,1h 5m,leg press,1,400,10,0,0,,,',
].join('\n');

/** Parsers the thread loads instead of the real one (CommonJS, as the built api's). */
const PARSERS = {
  /** Grows its heap until the thread's limits end it. */
  hog: `
    exports.ImportFileError = class ImportFileError extends Error {};
    exports.parseWorkoutCsv = () => {
      const hoard = [];
      for (;;) hoard.push(new Array(100_000).fill(hoard.length));
    };
  `,
  /** Answers the thread's own limits, as a refusal. */
  limits: `
    const { resourceLimits } = require('node:worker_threads');
    class ImportFileError extends Error {
      constructor(reason) { super(reason); this.reason = reason; }
    }
    exports.ImportFileError = ImportFileError;
    exports.parseWorkoutCsv = () => { throw new ImportFileError(JSON.stringify(resourceLimits)); };
  `,
  /** Parses nothing until the file its "CSV" names exists. */
  slow: `
    const fs = require('node:fs');
    exports.ImportFileError = class ImportFileError extends Error {};
    exports.parseWorkoutCsv = (release) => {
      const sleeper = new Int32Array(new SharedArrayBuffer(4));
      while (!fs.existsSync(release)) Atomics.wait(sleeper, 0, 0, 10);
      return { format: 'strong', statesUnit: false, sets: [], skippedRows: 0 };
    };
  `,
};

let dir: string;
const parser = (name: keyof typeof PARSERS) => path.join(dir, `${name}.cjs`);
let database: TestDatabase;
let app: ReturnType<typeof buildTestApp>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'hit-import-limits-'));
  for (const [name, source] of Object.entries(PARSERS)) await writeFile(path.join(dir, `${name}.cjs`), source);
  database = await startTestDatabase();
  app = buildTestApp(database);
});
afterAll(async () => {
  await database.close();
  await rm(dir, { recursive: true, force: true });
});

const fields = { unit: 'kg' as const, timezoneOffsetMinutes: 0 };
const check = () => fields;
/** A request body as the api receives one: its chunks. */
const bodyOf = (value: unknown) => [Buffer.from(JSON.stringify(value))];
const waitFor = async (condition: () => boolean) => {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`still not ${String(condition)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

/** Imports held in the parser threads until `release()`: each takes a thread of the process-wide limit. */
function holdParsers(count: number) {
  const release = path.join(dir, `release-${Date.now()}-${Math.random()}`);
  const held = Array.from({ length: count }, () => readImportInWorker(bodyOf({ csv: release }), check, parser('slow')));
  return {
    held,
    release: async () => {
      await writeFile(release, '');
      await Promise.all(held);
    },
  };
}

describe('the parser thread', () => {
  it('runs under V8 limits of its own', async () => {
    const refusal = await readImportInWorker(bodyOf({ csv: 'x' }), check, parser('limits')).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ImportFileError);
    expect(JSON.parse((refusal as ImportFileError).message)).toMatchObject(IMPORT_PARSING.resourceLimits);
  });

  it('that runs out of memory ends alone, refusing the file in a sentence; the api and the next import go on', async () => {
    const before = process.memoryUsage().heapUsed;
    await expect(readImportInWorker(bodyOf({ csv: 'x' }), check, parser('hog'))).rejects.toEqual(
      new ImportFileError(IMPORT_TOO_MUCH_MEMORY_REASON),
    );
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(32 * 1024 * 1024);
    expect(importParsingStats()).toEqual({ running: 0, pending: 0 });
    const { parsed } = await readImportInWorker(bodyOf({ csv: STRONG }), check);
    expect(parsed.sets).toHaveLength(1);
  });

  it('is handed the body: its buffers are moved to the thread, not copied', async () => {
    const body = Buffer.concat([Buffer.from(JSON.stringify({ csv: STRONG })), Buffer.alloc(8192, ' ')]);
    expect(body.buffer.byteLength).toBe(body.byteLength);
    const read = readImportInWorker([body], check);
    expect(body.byteLength).toBe(0);
    expect((await read).parsed.sets).toHaveLength(1);
  });

  it('stops at the row limit, and refuses the file naming it', async () => {
    const csv = `${STRONG.split('\n')[0]}\n${'a\n'.repeat(4_000_000)}`;
    await expect(readImportInWorker(bodyOf({ csv }), check)).rejects.toEqual(
      new ImportFileError(IMPORT_TOO_MANY_ROWS_MESSAGE),
    );
  });
});

describe('imports at once', () => {
  it(`reads at most ${IMPORT_PARSING.concurrent} at a time in the process, ${IMPORT_PARSING.queued} more wait, the rest get 503 with Retry-After`, async () => {
    const { release } = holdParsers(IMPORT_PARSING.concurrent + IMPORT_PARSING.queued);
    await waitFor(() => importParsingStats().running === IMPORT_PARSING.concurrent);
    expect(importParsingStats()).toEqual({ running: IMPORT_PARSING.concurrent, pending: IMPORT_PARSING.queued });

    const busy = await readImportInWorker(bodyOf({ csv: STRONG }), check).catch((e: unknown) => e);
    expect(busy).toBeInstanceOf(ImportParsingBusyError);
    expect(busy).toMatchObject({ status: 503, headers: { 'Retry-After': String(IMPORT_PARSING.retryAfterSeconds) } });

    const { agent } = await signUp(app);
    const response = await agent.post('/api/import').send({ csv: STRONG }).expect(503);
    expect(response.body).toEqual({ message: IMPORT_PARSING_BUSY_MESSAGE });
    expect(response.headers['retry-after']).toBe(String(IMPORT_PARSING.retryAfterSeconds));
    expect(await getProgress(agent)).toEqual([]);

    await release();
    expect(importParsingStats()).toEqual({ running: 0, pending: 0 });
    await agent.post('/api/import').send({ csv: STRONG }).expect(200);
    expect(await getProgress(agent)).toHaveLength(1);
  });

  it('runs one import per account at a time: another one meanwhile gets 409 before its body is read', async () => {
    // The threads are busy, so the lifter's first import waits for one, in the line.
    const { release } = holdParsers(IMPORT_PARSING.concurrent);
    await waitFor(() => importParsingStats().running === IMPORT_PARSING.concurrent);
    const lifter = await signUp(app);
    const first = lifter.agent
      .post('/api/import/preview')
      .send({ csv: STRONG })
      .then((response) => response);
    await waitFor(() => importParsingStats().pending === 1);

    for (const route of ['/api/import/preview', '/api/import']) {
      const again = await lifter.agent.post(route).send({ csv: STRONG }).expect(409);
      expect(again.body).toEqual({ message: IMPORT_ALREADY_RUNNING_MESSAGE });
    }
    // Refused before its body is read: a body over the limit gets the same answer.
    const huge = `{"csv":"${'x'.repeat(IMPORT_BODY_LIMIT_BYTES)}"}`;
    await lifter.agent.post('/api/import').set('Content-Type', 'application/json').send(huge).expect(409);
    // Another lifter is not held up by it.
    const other = await signUp(app);
    const second = other.agent
      .post('/api/import/preview')
      .send({ csv: STRONG })
      .then((response) => response);
    await waitFor(() => importParsingStats().pending === 2);

    await release();
    for (const response of [await first, await second]) {
      expect(response.status).toBe(200);
      expect(importPreviewSchema.parse(response.body).sets).toBe(1);
    }
    // Once it is done, the lifter imports again.
    await lifter.agent.post('/api/import').send({ csv: STRONG }).expect(200);
  });
});

describe('the import body', () => {
  it('is JSON in UTF-8 within the limit; anything else is refused in a sentence', async () => {
    const { agent } = await signUp(app);
    const post = (body: string, headers: Record<string, string> = {}) =>
      agent
        .post('/api/import/preview')
        .set({ 'Content-Type': 'application/json', ...headers })
        .send(body);
    const answers = async (body: string, headers?: Record<string, string>) => {
      const response = await post(body, headers);
      return [response.status, response.body] as const;
    };
    expect(await answers('{"csv": "Date')).toEqual([400, { message: 'Request body is not valid JSON' }]);
    expect(await answers('"just a string"')).toEqual([400, { message: 'Request body is not valid JSON' }]);
    expect(await answers('[1, 2]')).toEqual([400, { message: expect.stringMatching(/^Import: /) }]);
    expect(await answers('')).toEqual([400, { message: 'csv: must be the text of a CSV file' }]);
    expect(await answers('{"csv": 42}')).toEqual([400, { message: 'csv: must be the text of a CSV file' }]);
    expect(await answers('{"csv": ""}')).toEqual([400, { message: 'csv: is empty' }]);
    expect(await answers(JSON.stringify({ csv: STRONG, unit: 'stone' }))).toEqual([
      400,
      { message: expect.stringMatching(/^unit: /) },
    ]);
    expect(await answers(JSON.stringify({ csv: STRONG, extra: 1 }))).toEqual([
      400,
      { message: 'Import: unknown field "extra"' },
    ]);
    expect(
      await answers(JSON.stringify({ csv: STRONG }), { 'Content-Type': 'application/json; charset=utf-16' }),
    ).toEqual([415, { message: 'unsupported charset "UTF-16"' }]);
    expect(await answers(JSON.stringify({ csv: STRONG }), { 'Content-Encoding': 'gzip' })).toEqual([
      415,
      { message: 'unsupported content encoding "gzip"' },
    ]);
    // However deep its other fields, as express.json() and the schema answer them.
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    expect(await answers(`{"csv": ${JSON.stringify(STRONG)}, "junk": ${deep}}`)).toEqual([
      400,
      { message: 'Import: unknown field "junk"' },
    ]);
    expect(await answers(`{"csv": ${JSON.stringify(STRONG)}, "mapping": {"leg press": ${deep}}}`)).toEqual([
      400,
      { message: 'mapping.leg press: must be an exercise id or null' },
    ]);
    // A body of another type is not read: the file is missing.
    const text = await agent.post('/api/import/preview').set('Content-Type', 'text/plain').send(STRONG);
    expect([text.status, text.body.message]).toEqual([400, expect.stringMatching(/^Import: /)]);

    // Accepted: UTF-8 said or not, a byte order mark.
    const ok = JSON.stringify({ csv: STRONG.replace('Push', 'Übung 💪') });
    for (const [body, headers] of [
      [ok, { 'Content-Type': 'application/json; charset=UTF-8' }],
      [`\uFEFF${ok}`, {}],
    ] as const) {
      const response = await post(body, headers).expect(200);
      expect(importPreviewSchema.parse(response.body).sets).toBe(1);
    }
    expect(await getProgress(agent)).toEqual([]);
  });

  it('is read in chunks when its length is not said, and refused with 413 as it arrives over the limit', async () => {
    const { agent } = await signUp(app);
    const chunked = agent.post('/api/import/preview').set('Content-Type', 'application/json');
    const json = Buffer.from(JSON.stringify({ csv: STRONG.replace('Push', 'Übung') }));
    // Split inside the two bytes of the Ü: the thread joins the bytes before it reads them.
    const split = json.indexOf('Ü') + 1;
    chunked.write(json.subarray(0, split));
    chunked.write(json.subarray(split));
    const read = await chunked;
    expect([read.status, importPreviewSchema.safeParse(read.body).success]).toEqual([200, true]);

    const request = agent.post('/api/import/preview').set('Content-Type', 'application/json');
    const chunk = Buffer.alloc(1024 * 1024, 'x');
    request.write('{"csv":"');
    for (let sent = 0; sent <= IMPORT_BODY_LIMIT_BYTES; sent += chunk.length) request.write(chunk);
    request.write('"}');
    const response = await request;
    expect(response.status).toBe(413);
    expect(response.body).toEqual({
      message: `Request body is too large (limit ${Math.round(IMPORT_BODY_LIMIT_BYTES / 1024)} kB)`,
    });
  });
});
