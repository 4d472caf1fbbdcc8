import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { IMPORT_MAX_FILE_BYTES, MAX_REPS, MAX_WEIGHT, type WeightUnit } from '@hit/contracts';
import { SET_TIME_CLOCK_SKEW_MS } from '@hit/contracts/rules';
import { ImportFileError, type ParsedImport } from './parseWorkoutCsv';

/**
 * The worker's code: parses in its own thread and posts the sets or the file's error back. Under the TypeScript
 * sources (the tests) it compiles the parser with @swc/core as it loads, as the bench does; the built api loads the
 * compiled parser.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
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
try {
  parentPort.postMessage({ parsed: parseWorkoutCsv(workerData.text, workerData.options) });
} catch (error) {
  if (!(error instanceof ImportFileError)) throw error;
  parentPort.postMessage({ refused: { reason: error.reason, line: error.line, column: error.column } });
}
`;

const PARSER = path.join(__dirname, `parseWorkoutCsv${path.extname(__filename)}`);

/**
 * Reads a workout export in a worker thread: 100,000 rows take a second or more, which on the api's own thread would
 * stall every other request (issue #21's hot path). Refuses a bad file with the parser's ImportFileError.
 */
export function parseInWorker(
  text: string,
  { unit, timezoneOffsetMinutes }: { unit: WeightUnit; timezoneOffsetMinutes: number },
): Promise<ParsedImport> {
  const options = {
    unit,
    timezoneOffsetMinutes,
    limits: { maxBytes: IMPORT_MAX_FILE_BYTES, maxWeight: MAX_WEIGHT, maxReps: MAX_REPS },
    // A workout may not start in the future, give or take the device's clock (@hit/contracts/rules, setTimes.ts).
    latest: Date.now() + SET_TIME_CLOCK_SKEW_MS,
  };
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { module: PARSER, text, options } });
    worker.once(
      'message',
      (message: { parsed?: ParsedImport; refused?: { reason: string; line?: number; column?: string } }) => {
        if (message.parsed) resolve(message.parsed);
        else if (message.refused) {
          const { reason, line, column } = message.refused;
          reject(new ImportFileError(reason, line, column));
        }
      },
    );
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the import parser stopped with exit code ${code}`));
    });
  });
}
