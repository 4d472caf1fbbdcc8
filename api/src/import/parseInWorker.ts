import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { IMPORT_MAX_FILE_BYTES, MAX_REPS, MAX_WEIGHT, type WeightUnit } from '@hit/contracts';
import { SET_TIME_CLOCK_SKEW_MS } from '@hit/contracts/rules';
import { HttpError } from '../errors';
import { BoundedGate } from '../http/gate';
import { ImportFileError, type ParsedImport } from './parseWorkoutCsv';

/**
 * How much reading of import files the process does at once. A read takes one core for a second or more (100,000
 * rows) and its thread's memory, in the process that also holds the embedded database: half the cores (at least 1,
 * at most 2) leaves the event loop a core. A few more wait in line, each holding its request's body (12 MB at most);
 * beyond that the answer is 503 at once.
 *
 * Each thread runs under V8 limits (`resourceLimits`): the largest files within the size and row limits need up to
 * about 70 MB of heap (100,000 rows of 10 MB, each of its own workout and exercise, one character beyond Latin-1
 * making the text two bytes a character), and a body that would need more ends its own thread, not the api. Its CPU
 * priority is below the event loop's, as for a sign-in's password check: an import can wait a moment, the lifters'
 * requests cannot.
 */
export const IMPORT_PARSING = {
  concurrent: Math.min(2, Math.max(1, Math.floor(availableParallelism() / 2))),
  queued: 2,
  retryAfterSeconds: 5,
  resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 8, stackSizeMb: 4 },
  nice: 10,
} as const;

export const IMPORT_PARSING_BUSY_MESSAGE =
  'The server is busy reading other imports. Please try again in a few seconds.';
/** A parser thread that reached its memory limits: only a body made to do that gets there. */
export const IMPORT_TOO_MUCH_MEMORY_REASON =
  'The file takes too much memory to read. Please check it is a Strong or Hevy export, or import it in smaller parts.';

/** 503 with Retry-After: the file was not read, so nothing was imported. */
export class ImportParsingBusyError extends HttpError {
  override name = 'ImportParsingBusyError';
  constructor() {
    super(503, IMPORT_PARSING_BUSY_MESSAGE, { 'Retry-After': String(IMPORT_PARSING.retryAfterSeconds) });
  }
}

const gate = new BoundedGate(IMPORT_PARSING.concurrent, () => new ImportParsingBusyError());

/** What the parsing gate holds now (reads running, places waiting). */
export function importParsingStats(): { running: number; pending: number } {
  return gate.stats();
}

/** What an import's body says beside its file, once checked. */
export interface ImportFields {
  unit: WeightUnit;
  timezoneOffsetMinutes: number;
  mapping?: Record<string, number | null>;
}

/**
 * The worker's code. It reads the request's JSON (the body's chunks are moved to the thread, not copied, and its
 * text is not kept once parsed), posts back everything but the file to be checked, and on the go-ahead parses the
 * file and posts the sets or the file's error. Under the TypeScript sources (the tests) it compiles the parser with
 * @swc/core as it loads, as the bench does; the built api loads the compiled parser.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
try { require('node:os').setPriority(workerData.nice); } catch {}
if (workerData.module.endsWith('.ts')) {
  const fs = require('node:fs');
  const swc = require(require.resolve('@swc/core', { paths: [workerData.module] }));
  require('node:module')._extensions['.ts'] = (module, filename) => {
    const { code } = swc.transformSync(fs.readFileSync(filename, 'utf8'), {
      filename,
      jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      module: { type: 'commonjs' },
    });
    module._compile(code, filename);
  };
}
const { parseWorkoutCsv, ImportFileError } = require(workerData.module);

// As express.json() reads a body: an object or an array, else not JSON.
function readBody() {
  const chunks = workerData.chunks;
  workerData.chunks = undefined;
  try {
    const body = JSON.parse(new TextDecoder().decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    return body !== null && typeof body === 'object' ? body : undefined;
  } catch {
    return undefined;
  }
}
// What the checks need of the body's fields: nothing below the mapping's values, which are refused by their type
// alone, so a nested value there goes back as an empty one of its kind (a deep one could not be posted at all).
function shallow(value, depth) {
  if (value === null || typeof value !== 'object') return value;
  if (depth === 0) return Array.isArray(value) ? [] : {};
  if (Array.isArray(value)) return value.map((item) => shallow(item, depth - 1));
  return Object.fromEntries(Object.keys(value).map((key) => [key, shallow(value[key], depth - 1)]));
}
const body = readBody();
if (body === undefined) parentPort.postMessage({ notJson: true });
else if (Array.isArray(body)) parentPort.postMessage({ notAnObject: true });
else {
  const { csv, ...fields } = body;
  const file = typeof csv === 'string' ? { length: csv.length } : { given: csv !== undefined };
  parentPort.postMessage({ fields: shallow(fields, 2), file });
  parentPort.once('message', (options) => {
    try {
      parentPort.postMessage({ parsed: parseWorkoutCsv(csv, options) });
    } catch (error) {
      if (!(error instanceof ImportFileError)) throw error;
      parentPort.postMessage({ refused: { reason: error.reason, line: error.line, column: error.column } });
    }
  });
}
`;

const PARSER = path.join(__dirname, `parseWorkoutCsv${path.extname(__filename)}`);

type WorkerMessage =
  | { notJson: true }
  | { notAnObject: true }
  | { fields: Record<string, unknown>; file: { length?: number; given?: boolean } }
  | { parsed: ParsedImport }
  | { refused: { reason: string; line?: number; column?: string } };

/** What express.json() throws for a body that is not JSON, so the answer is the one every route gives. */
function notJsonError(): Error {
  return Object.assign(new SyntaxError('the import body is not JSON'), {
    type: 'entity.parse.failed',
    status: 400,
    expose: true,
  });
}

/**
 * A value the body schema's checks of the file (a string, not empty, not over the limit) answer as they would the
 * file itself, without the file (a repeated string is a few linked pieces, not 10 MB).
 */
function fileStandIn({ length, given }: { length?: number; given?: boolean }): unknown {
  if (length === undefined) return given ? null : undefined;
  return length === 0 ? '' : 'x'.repeat(Math.min(length, IMPORT_MAX_FILE_BYTES + 1));
}

/** The refusal `check` gives a body that holds no file (the schema requires one). */
async function refuseWithoutFile(check: (body: unknown) => ImportFields, body: unknown): Promise<never> {
  check(body);
  throw new ImportFileError('The file is empty.');
}

/**
 * Reads an import's request: its JSON body (its bytes, in one or more chunks; undefined when it was not JSON) and the
 * workout export it holds, in a worker thread: 100,000 rows take a second or more, which on the api's own thread
 * would stall every other request (issue #21's hot path), and a 12 MB body parsed there leaves tens of MB of text on
 * its heap until V8 next collects it, while the thread's memory goes back when it ends. `check` checks the body with
 * the file stood in for (fileStandIn), and returns everything but the file or throws (a 400).
 *
 * Waits for its turn (IMPORT_PARSING); ImportParsingBusyError when the line is full. Refuses a bad file, or one that
 * takes too much memory, with an ImportFileError. `module` is the parser the thread loads: tests give one that
 * misbehaves.
 */
export async function readImportInWorker(
  body: Uint8Array[] | undefined,
  check: (body: unknown) => ImportFields,
  module = PARSER,
): Promise<{ fields: ImportFields; parsed: ParsedImport }> {
  if (body === undefined || body.every((chunk) => chunk.byteLength === 0)) {
    // As express.json(): a body of another type is left out, and an empty one is an empty object.
    return refuseWithoutFile(check, body === undefined ? undefined : {});
  }
  const ticket = gate.admit(IMPORT_PARSING.queued);
  // Only a buffer of its own can be moved (Node's pool is shared by small buffers): copy any other.
  const chunks = body.map((chunk) =>
    chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength ? chunk : new Uint8Array(chunk),
  );
  return ticket.run(
    () =>
      new Promise((resolve, reject) => {
        const worker = new Worker(WORKER_SOURCE, {
          eval: true,
          name: 'import parser',
          workerData: { module, chunks, nice: IMPORT_PARSING.nice },
          transferList: chunks.map((chunk) => chunk.buffer as ArrayBuffer),
          resourceLimits: IMPORT_PARSING.resourceLimits,
        });
        let fields: ImportFields | undefined;
        // Settled once the thread has exited, so the gate's place is free only when its memory is gone too.
        let outcome: { parsed: ParsedImport } | { error: unknown } | undefined;
        const stop = (error: unknown) => {
          outcome ??= { error };
          void worker.terminate();
        };
        worker.on('message', (message: WorkerMessage) => {
          if ('notJson' in message) stop(notJsonError());
          else if ('notAnObject' in message) refuseWithoutFile(check, []).catch(stop);
          else if ('fields' in message) {
            try {
              fields = check({ ...message.fields, csv: fileStandIn(message.file) });
            } catch (error) {
              stop(error);
              return;
            }
            worker.postMessage({
              unit: fields.unit,
              timezoneOffsetMinutes: fields.timezoneOffsetMinutes,
              limits: { maxBytes: IMPORT_MAX_FILE_BYTES, maxWeight: MAX_WEIGHT, maxReps: MAX_REPS },
              // A workout may not start in the future, give or take the device's clock (@hit/contracts/rules,
              // setTimes.ts).
              latest: Date.now() + SET_TIME_CLOCK_SKEW_MS,
            });
          } else if ('parsed' in message) outcome ??= { parsed: message.parsed };
          else {
            const { reason, line, column } = message.refused;
            outcome ??= { error: new ImportFileError(reason, line, column) };
          }
        });
        worker.once('error', (error: Error & { code?: string }) => {
          outcome ??= {
            error:
              error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ImportFileError(IMPORT_TOO_MUCH_MEMORY_REASON) : error,
          };
        });
        worker.once('exit', (code) => {
          if (outcome && 'parsed' in outcome) resolve({ fields: fields!, parsed: outcome.parsed });
          else reject(outcome ? outcome.error : new Error(`the import parser stopped with exit code ${code}`));
        });
      }),
  );
}
