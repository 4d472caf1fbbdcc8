/**
 * Reading another app's workout export (issue #20; docs/product-rules.md, "Importing history"): Strong's CSV (the
 * comma layout with a plain `Weight` column, and the newer semicolon layout with `Weight (kg)` or `Weight (lbs)` and
 * decimal commas) and Hevy's CSV (`weight_kg` or `weight_lbs`, `set_type`, dates like `15 Jan 2024, 07:41`). Parsed
 * with papaparse; every value is checked, and the first bad one refuses the whole file with its line and column.
 */
import Papa from 'papaparse';
// Types only from @hit/contracts: this module also runs alone in a worker thread (parseInWorker.ts), with its limits
// passed in.
import type { WeightUnit } from '@hit/contracts';

export const IMPORT_MAX_ROWS = 100_000;
/** The refusal of a file with more rows: the parser stops at the first row too many, so it cannot say how many. */
export const IMPORT_TOO_MANY_ROWS_MESSAGE = `The file has more than ${IMPORT_MAX_ROWS} rows; at most ${IMPORT_MAX_ROWS} can be imported.`;
/** How much of the file's start its line break and delimiter are guessed from (papaparse looks at 10 rows). */
const GUESS_SAMPLE_CHARS = 64 * 1024;

export type ImportFormat = 'strong' | 'strong-semicolon' | 'hevy';

/** One set of the file, as our progress entries need it. */
export interface ImportedSet {
  /** 1-based line of the file (the header is line 1). */
  line: number;
  /** When the workout started (ISO, UTC). */
  workoutStart: string;
  workoutName: string;
  /** As the file names it. */
  exerciseName: string;
  /** 1-based position of the set among the exercise's sets in that workout. */
  order: number;
  setType: 'warmup' | 'working';
  weight: number;
  unit: WeightUnit;
  reps: number;
}

export interface ParsedImport {
  format: ImportFormat;
  /** Whether the file states its unit; Strong's comma layout does not (the lifter says which). */
  statesUnit: boolean;
  sets: ImportedSet[];
  /** Rows that are not sets we can log: no reps (cardio, timed holds). */
  skippedRows: number;
}

/** A file refused: what was wrong, where. */
export class ImportFileError extends Error {
  override name = 'ImportFileError';
  constructor(
    /** What was wrong, without where. */
    readonly reason: string,
    readonly line?: number,
    readonly column?: string,
  ) {
    super(line === undefined ? reason : `Line ${line}${column ? `, column "${column}"` : ''}: ${reason}`);
  }
}

const STRONG_REQUIRED = ['Date', 'Workout Name', 'Exercise Name', 'Set Order', 'Reps'];
const HEVY_REQUIRED = ['title', 'start_time', 'exercise_title', 'set_type', 'reps'];
const EXPECTED_COLUMNS =
  'a Strong export (Date, Workout Name, Exercise Name, Set Order, Weight, Reps) or a Hevy export (title, start_time, exercise_title, set_type, weight_kg or weight_lbs, reps)';

const MONTHS: Record<string, number> = {
  jan: 0,
  feb: 1,
  mar: 2,
  apr: 3,
  may: 4,
  jun: 5,
  jul: 6,
  aug: 7,
  sep: 8,
  oct: 9,
  nov: 10,
  dec: 11,
};

export interface ParseOptions {
  /** The unit of a file that does not state one (Strong's comma layout). */
  unit: WeightUnit;
  /** The device's `Date.getTimezoneOffset()`: the files hold local times without a zone. */
  timezoneOffsetMinutes: number;
  /** IMPORT_MAX_FILE_BYTES, MAX_WEIGHT and MAX_REPS of @hit/contracts. */
  limits: { maxBytes: number; maxWeight: number; maxReps: number };
  /**
   * The latest workout start (ms since the epoch) the file may hold: the server's now plus a device's clock skew
   * (parseInWorker passes it; default: now).
   */
  latest?: number;
}

/** Imported history may predate the account (that is its point), but not 1970: no tracking app's export does. */
export const EARLIEST_IMPORTED_YEAR = 1970;

/** Local wall-clock parts to an ISO instant, given the device's offset (minutes behind UTC, as JavaScript has it). */
function instant(
  [year, month, day, hour, minute, second]: number[],
  timezoneOffsetMinutes: number,
): string | undefined {
  const utc = Date.UTC(year, month, day, hour, minute, second) + timezoneOffsetMinutes * 60_000;
  const check = new Date(Date.UTC(year, month, day, hour, minute, second));
  if (
    Number.isNaN(utc) ||
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month ||
    check.getUTCDate() !== day
  )
    return undefined;
  return new Date(utc).toISOString();
}

/** Strong: `2024-01-15 07:41:00` (seconds optional). */
function strongDate(text: string, offset: number): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59) return undefined;
  return instant([Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0)], offset);
}

/** Hevy: `15 Jan 2024, 07:41` (also with seconds). */
function hevyDate(text: string, offset: number): string | undefined {
  const match = /^(\d{1,2}) ([A-Za-z]{3})[a-z]* (\d{4}),? (\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!match) return undefined;
  const [, d, mon, y, h, mi, s] = match;
  const month = MONTHS[mon.toLowerCase()];
  if (month === undefined || Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59) return undefined;
  return instant([Number(y), month, Number(d), Number(h), Number(mi), Number(s ?? 0)], offset);
}

/** A number as the layout writes it (the semicolon layout uses decimal commas); undefined when empty. */
function number(text: string | undefined, decimalComma: boolean): number | undefined | 'bad' {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return undefined;
  const normal = decimalComma ? trimmed.replace(',', '.') : trimmed;
  if (!/^-?\d+(\.\d+)?$/.test(normal)) return 'bad';
  return Number(normal);
}

/** How the header says to read the rows. */
interface Layout {
  format: ImportFormat;
  weightColumn: string;
  /** The unit the file states, if it does. */
  fileUnit?: WeightUnit;
  hevy: boolean;
  decimalComma: boolean;
  columns: { date: string; workout: string; exercise: string; order: string; type: string };
  /** A column's index, -1 when the file has none. */
  at: (name: string) => number;
}

function layoutOf(headerRow: string[], delimiter: string): Layout {
  const header = headerRow.map((name) => name.trim());
  const at = (name: string) => header.indexOf(name);
  const has = (names: string[]) => names.every((name) => at(name) >= 0);
  const strong = delimiter === ';' ? 'strong-semicolon' : 'strong';
  let format: ImportFormat;
  let weightColumn: string;
  let fileUnit: WeightUnit | undefined;
  if (has(HEVY_REQUIRED) && (at('weight_kg') >= 0 || at('weight_lbs') >= 0)) {
    format = 'hevy';
    weightColumn = at('weight_kg') >= 0 ? 'weight_kg' : 'weight_lbs';
    fileUnit = weightColumn === 'weight_kg' ? 'kg' : 'lbs';
  } else if (has(STRONG_REQUIRED) && at('Weight (kg)') >= 0) {
    [format, weightColumn, fileUnit] = [strong, 'Weight (kg)', 'kg'];
  } else if (has(STRONG_REQUIRED) && at('Weight (lbs)') >= 0) {
    [format, weightColumn, fileUnit] = [strong, 'Weight (lbs)', 'lbs'];
  } else if (has(STRONG_REQUIRED) && at('Weight') >= 0) {
    [format, weightColumn] = [strong, 'Weight'];
  } else {
    throw new ImportFileError(`the columns are not ${EXPECTED_COLUMNS}`, 1);
  }
  const hevy = format === 'hevy';
  const columns = hevy
    ? { date: 'start_time', workout: 'title', exercise: 'exercise_title', order: 'set_index', type: 'set_type' }
    : { date: 'Date', workout: 'Workout Name', exercise: 'Exercise Name', order: 'Set Order', type: 'Set Order' };
  return { format, weightColumn, fileUnit, hevy, decimalComma: delimiter === ';', columns, at };
}

/**
 * Reads the file row by row (papaparse's `step`), counting the rows as it goes: at the row past IMPORT_MAX_ROWS it
 * stops (`abort()`), so neither the rows nor the time spent grow with what follows. Only the sets are kept, never
 * the rows. The refusals keep their order of precedence whatever comes first in the file: too many rows, then a
 * quote not closed, then the header, then the first bad value (after which the rows are only counted).
 */
export function parseWorkoutCsv(text: string, options: ParseOptions): ParsedImport {
  const { unit, timezoneOffsetMinutes, limits } = options;
  const { maxBytes, maxWeight, maxReps } = limits;
  const latest = options.latest ?? Date.now();
  if (Buffer.byteLength(text, 'utf8') > maxBytes)
    throw new ImportFileError(`The file is over ${Math.round(maxBytes / 1024 / 1024)} MB.`);
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // Papaparse guesses the line break and delimiter from 10 rows, but when no value is quoted it first splits the whole
  // input into lines, once per delimiter it tries (millions of strings for a file of short lines); guessed from the
  // file's start, they are the same.
  const guessed = Papa.parse<string[]>(input.slice(0, GUESS_SAMPLE_CHARS), { preview: 10, skipEmptyLines: 'greedy' });

  let rows = 0;
  let tooMany = false;
  let quoteLine: number | undefined;
  let refusal: ImportFileError | undefined;
  let layout: Layout | undefined;
  const sets: ImportedSet[] = [];
  let skippedRows = 0;
  /** Sets per exercise per workout so far, for the order of a set. */
  const counts = new Map<string, number>();

  function readRow(row: string[], line: number, { weightColumn, fileUnit, hevy, decimalComma, columns, at }: Layout) {
    const cell = (column: string) => (row[at(column)] ?? '').trim();
    function fail(column: string, expected: string): never {
      const value = cell(column);
      throw new ImportFileError(
        `expected ${expected}, found ${value === '' ? 'nothing' : `"${value.slice(0, 40)}"`}`,
        line,
        column,
      );
    }

    const workoutStart = hevy
      ? hevyDate(cell(columns.date), timezoneOffsetMinutes)
      : strongDate(cell(columns.date), timezoneOffsetMinutes);
    if (!workoutStart)
      fail(columns.date, hevy ? 'a date like "15 Jan 2024, 07:41"' : 'a date like "2024-01-15 07:41:00"');
    const startsAt = Date.parse(workoutStart);
    if (new Date(startsAt).getUTCFullYear() < EARLIEST_IMPORTED_YEAR || startsAt > latest)
      fail(columns.date, `a date from ${EARLIEST_IMPORTED_YEAR} to now`);
    const exerciseName = cell(columns.exercise);
    if (!exerciseName) fail(columns.exercise, 'an exercise name');

    const repsValue = number(cell(hevy ? 'reps' : 'Reps'), decimalComma);
    if (
      repsValue === 'bad' ||
      (repsValue !== undefined && (!Number.isInteger(repsValue) || repsValue < 0 || repsValue > maxReps))
    )
      fail(hevy ? 'reps' : 'Reps', `a whole number of reps from 0 to ${maxReps}`);
    const weight = number(cell(weightColumn), decimalComma);
    if (weight === 'bad' || (weight !== undefined && (weight < 0 || weight > maxWeight)))
      fail(weightColumn, `a weight from 0 to ${maxWeight}`);

    let setType: ImportedSet['setType'];
    const typeText = cell(columns.type).toLowerCase();
    if (hevy) {
      if (typeText === 'warmup') setType = 'warmup';
      else if (['normal', 'failure', 'dropset'].includes(typeText)) setType = 'working';
      else fail(columns.type, 'warmup, normal, failure or dropset');
    } else if (typeText === 'w') setType = 'warmup';
    else if (/^\d+$/.test(typeText) || typeText === 'd' || typeText === 'f') setType = 'working';
    else fail(columns.type, 'a set number, or W for a warm-up');

    // A row without reps is not a set to log (cardio, a timed hold): counted as skipped, not refused.
    if (repsValue === undefined || repsValue === 0) {
      skippedRows++;
      return;
    }
    const workoutName = cell(columns.workout);
    const key = `${workoutStart}\u0000${workoutName}\u0000${exerciseName.toLowerCase()}`;
    const order = (counts.get(key) ?? 0) + 1;
    counts.set(key, order);
    sets.push({
      line,
      workoutStart: workoutStart!,
      workoutName,
      exerciseName,
      order,
      setType: setType!,
      weight: weight ?? 0,
      unit: fileUnit ?? unit,
      reps: repsValue,
    });
  }

  Papa.parse<string[]>(input, {
    delimiter: guessed.meta.delimiter,
    newline: guessed.meta.linebreak as '\n' | '\r' | '\r\n' | undefined,
    skipEmptyLines: 'greedy',
    // The quote-aware loop for every file: the fast one (no quotes in the file) splits all of it into lines first.
    fastMode: false,
    step: (result, parser) => {
      rows++;
      if (rows - 1 > IMPORT_MAX_ROWS) {
        tooMany = true;
        parser.abort();
        return;
      }
      if (quoteLine === undefined && result.errors.some((error) => error.type === 'Quotes')) quoteLine = rows;
      if (quoteLine !== undefined || refusal) return;
      try {
        if (rows === 1) layout = layoutOf(result.data, result.meta.delimiter);
        else readRow(result.data, rows, layout!);
      } catch (error) {
        if (!(error instanceof ImportFileError)) throw error;
        refusal = error;
      }
    },
  });
  if (rows === 0) throw new ImportFileError('The file is empty.');
  if (tooMany) throw new ImportFileError(IMPORT_TOO_MANY_ROWS_MESSAGE);
  if (quoteLine !== undefined) throw new ImportFileError('a quoted value is not closed', quoteLine);
  if (refusal) throw refusal;
  return { format: layout!.format, statesUnit: layout!.fileUnit !== undefined, sets, skippedRows };
}
