import Papa from 'papaparse';
import {
  IMPORT_MAX_ROWS,
  IMPORT_TOO_MANY_ROWS_MESSAGE,
  ImportFileError,
  parseWorkoutCsv,
  type ImportedSet,
} from '../../src/import/parseWorkoutCsv';

// Samples shaped like each app's export, written for these tests.
const STRONG = [
  'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE',
  '2024-01-15 07:41:00,"Push, heavy",1h 5m,Bench Press (Barbell),W,95,10,0,0,,,',
  '2024-01-15 07:41:00,"Push, heavy",1h 5m,Bench Press (Barbell),1,185,8,0,0,"felt ""easy""",,8',
  '2024-01-15 07:41:00,"Push, heavy",1h 5m,Bench Press (Barbell),2,185,7,0,0,,,',
  '2024-01-15 07:41:00,"Push, heavy",1h 5m,Running (Treadmill),1,0,0,3.2,1200,,,',
  '2024-01-15 07:41:00,"Push, heavy",1h 5m,Dips,1,,12,0,0,,,',
  '2024-01-17 18:05:00,Pull,58m,Deadlift (Barbell),1,315,6,0,0,,,',
].join('\n');

const STRONG_SEMICOLON = [
  '"Date";"Workout Name";"Duration";"Exercise Name";"Set Order";"Weight (kg)";"Reps";"Distance (km)";"Seconds";"Notes";"Workout Notes";"RPE"',
  '"2024-02-01 06:30:00";"Beine";"58m";"Leg Press";"W";"60";"12";"0";"0";"";"";""',
  '"2024-02-01 06:30:00";"Beine";"58m";"Leg Press";"1";"142,5";"8";"0";"0";"";"";""',
].join('\r\n');

const HEVY = [
  '"title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe"',
  '"Pull Day","15 Jan 2024, 07:41","15 Jan 2024, 08:40","","Deadlift (Barbell)",,"",0,"warmup",60,5,,,',
  '"Pull Day","15 Jan 2024, 07:41","15 Jan 2024, 08:40","","Deadlift (Barbell)",,"",1,"normal",140,6,,,8.5',
  '"Pull Day","15 Jan 2024, 07:41","15 Jan 2024, 08:40","","Deadlift (Barbell)",,"",2,"dropset",100,9,,,',
  '"Pull Day","15 Jan 2024, 07:41","15 Jan 2024, 08:40","","Plank",,"",0,"normal",,,,60,',
].join('\n');

const limits = { maxBytes: 10 * 1024 * 1024, maxWeight: 2000, maxReps: 1000 };
const utc = { unit: 'lbs' as const, timezoneOffsetMinutes: 0, limits };
const brief = (set: ImportedSet) => [
  set.line,
  set.exerciseName,
  set.order,
  set.setType,
  set.weight,
  set.unit,
  set.reps,
];

describe('reading a workout export', () => {
  it("reads Strong's comma layout: warm-ups as W, quoted commas and quotes, the lifter's unit, cardio skipped", () => {
    const parsed = parseWorkoutCsv(STRONG, utc);
    expect(parsed).toMatchObject({ format: 'strong', statesUnit: false, skippedRows: 1 });
    expect(parsed.sets.map(brief)).toEqual([
      [2, 'Bench Press (Barbell)', 1, 'warmup', 95, 'lbs', 10],
      [3, 'Bench Press (Barbell)', 2, 'working', 185, 'lbs', 8],
      [4, 'Bench Press (Barbell)', 3, 'working', 185, 'lbs', 7],
      [6, 'Dips', 1, 'working', 0, 'lbs', 12],
      [7, 'Deadlift (Barbell)', 1, 'working', 315, 'lbs', 6],
    ]);
    expect(parsed.sets[0]).toMatchObject({ workoutName: 'Push, heavy', workoutStart: '2024-01-15T07:41:00.000Z' });
    expect(parseWorkoutCsv(STRONG, { ...utc, unit: 'kg' }).sets[0].unit).toBe('kg');
  });

  it("reads Strong's semicolon layout with decimal commas and the unit in the column name", () => {
    const parsed = parseWorkoutCsv(STRONG_SEMICOLON, utc);
    expect(parsed).toMatchObject({ format: 'strong-semicolon', statesUnit: true, skippedRows: 0 });
    expect(parsed.sets.map(brief)).toEqual([
      [2, 'Leg Press', 1, 'warmup', 60, 'kg', 12],
      [3, 'Leg Press', 2, 'working', 142.5, 'kg', 8],
    ]);
  });

  it("reads Hevy's layout: its set types and dates, weight_kg or weight_lbs", () => {
    const parsed = parseWorkoutCsv(HEVY, utc);
    expect(parsed).toMatchObject({ format: 'hevy', statesUnit: true, skippedRows: 1 });
    expect(parsed.sets.map(brief)).toEqual([
      [2, 'Deadlift (Barbell)', 1, 'warmup', 60, 'kg', 5],
      [3, 'Deadlift (Barbell)', 2, 'working', 140, 'kg', 6],
      [4, 'Deadlift (Barbell)', 3, 'working', 100, 'kg', 9],
    ]);
    expect(parsed.sets[0]).toMatchObject({ workoutName: 'Pull Day', workoutStart: '2024-01-15T07:41:00.000Z' });
    const inPounds = parseWorkoutCsv(HEVY.replace('"weight_kg"', '"weight_lbs"'), utc);
    expect(inPounds.sets.map((set) => [set.weight, set.unit])[1]).toEqual([140, 'lbs']);
  });

  it("reads the files' local times in the device's time zone", () => {
    // UTC+1 (getTimezoneOffset -60): 07:41 there is 06:41 UTC.
    expect(parseWorkoutCsv(HEVY, { ...utc, timezoneOffsetMinutes: -60 }).sets[0].workoutStart).toBe(
      '2024-01-15T06:41:00.000Z',
    );
    expect(parseWorkoutCsv(STRONG, { ...utc, timezoneOffsetMinutes: 300 }).sets[0].workoutStart).toBe(
      '2024-01-15T12:41:00.000Z',
    );
  });

  it.each([
    ['wrong columns', 'name,weight,reps\nBench,100,5', /^Line 1: the columns are not a Strong export/],
    ['an empty file', '', /^The file is empty\.$/],
    [
      'a weight that is not a number',
      STRONG.replace(',185,8,', ',one eighty,8,'),
      /^Line 3, column "Weight": expected a weight from 0 to 2000, found "one eighty"$/,
    ],
    [
      'a weight out of range',
      STRONG.replace(',185,8,', ',4000,8,'),
      /^Line 3, column "Weight": expected a weight from 0 to 2000, found "4000"$/,
    ],
    [
      'reps that are not whole',
      STRONG.replace(',185,8,', ',185,8.5,'),
      /^Line 3, column "Reps": expected a whole number of reps from 0 to 1000, found "8.5"$/,
    ],
    [
      'a date Strong does not write',
      STRONG.replace('2024-01-17 18:05:00', '17/01/2024 18:05'),
      /^Line 7, column "Date": expected a date like "2024-01-15 07:41:00", found "17\/01\/2024 18:05"$/,
    ],
    [
      'a day that does not exist',
      STRONG.replace('2024-01-17 18:05:00', '2024-02-30 18:05:00'),
      /^Line 7, column "Date": expected a date/,
    ],
    [
      'a Hevy date in another format',
      HEVY.replace('"15 Jan 2024, 07:41","15 Jan', '"2024-01-15 07:41","15 Jan'),
      /^Line 2, column "start_time": expected a date like "15 Jan 2024, 07:41"/,
    ],
    [
      'an unknown Hevy set type',
      HEVY.replace('"normal",140', '"superset",140'),
      /^Line 3, column "set_type": expected warmup, normal, failure or dropset, found "superset"$/,
    ],
    [
      'a Strong set order that is not a number or W',
      STRONG.replace(',W,95,', ',X,95,'),
      /^Line 2, column "Set Order": expected a set number, or W for a warm-up, found "X"$/,
    ],
    [
      'a quote never closed',
      `${STRONG}\n2024-01-18 07:00:00,"Legs,1h,Squat,1,100,5,0,0,,,`,
      /^Line \d+: a quoted value is not closed$/,
    ],
  ])('refuses %s, saying where and what was expected', (_what, text, message) => {
    expect(() => parseWorkoutCsv(text, utc)).toThrow(message);
  });

  it('refuses a file over 10 MB or over 100,000 rows', () => {
    const row = '\n2024-01-15 07:41:00,Push,1h,Bench Press,1,185,8,0,0,,,';
    const header = STRONG.split('\n')[0];
    expect(IMPORT_TOO_MANY_ROWS_MESSAGE).toBe('The file has more than 100000 rows; at most 100000 can be imported.');
    expect(() => parseWorkoutCsv(header + row.repeat(IMPORT_MAX_ROWS + 1), utc)).toThrow(
      new ImportFileError(IMPORT_TOO_MANY_ROWS_MESSAGE),
    );
    expect(parseWorkoutCsv(header + row.repeat(IMPORT_MAX_ROWS), utc).sets).toHaveLength(IMPORT_MAX_ROWS);
    expect(parseWorkoutCsv(header + row.repeat(1000), utc).sets).toHaveLength(1000);
    expect(() => parseWorkoutCsv(header + `\n${'x'.repeat(10 * 1024 * 1024)}`, utc)).toThrow('The file is over 10 MB.');
  });
});

describe('reading a file of millions of rows', () => {
  const header = STRONG.split('\n')[0];
  const row = '\n2024-01-15 07:41:00,Push,1h,Bench Press,1,185,8,0,0,,,';

  /** The rows papaparse hands the parser while `read` runs: each one is memory and time spent on the file. */
  function rowsDelivered(read: () => void): number {
    const parse = Papa.parse.bind(Papa);
    let delivered = 0;
    const spy = jest.spyOn(Papa, 'parse').mockImplementation(((input: string, config: Papa.ParseConfig<string[]>) => {
      const step = config?.step;
      if (step) {
        return parse(input, {
          ...config,
          step: (result, parser) => {
            delivered += 1;
            step(result, parser);
          },
        });
      }
      const result = parse(input, config);
      delivered += result.data.length;
      return result;
    }) as typeof Papa.parse);
    try {
      read();
    } finally {
      spy.mockRestore();
    }
    return delivered;
  }

  it('stops at the first row past the limit, whatever follows, and refuses the file with the limit', () => {
    // The file of the report: 4,000,000 one-character lines (8 MB) after a Strong header.
    const lines = `${header}\n${'a\n'.repeat(4_000_000)}`;
    // Valid rows up to one past the limit, then millions of lines more (just under 10 MB in all).
    const rows = `${header}${row.repeat(IMPORT_MAX_ROWS + 1)}\n${'a\n'.repeat(2_000_000)}`;
    for (const text of [lines, rows]) {
      let refusal: unknown;
      const delivered = rowsDelivered(() => {
        try {
          parseWorkoutCsv(text, utc);
        } catch (error) {
          refusal = error;
        }
      });
      // The header, the rows allowed and the one past them; papaparse's guess of the delimiter reads a few more.
      expect(delivered).toBeLessThanOrEqual(1 + IMPORT_MAX_ROWS + 1 + 100);
      expect(refusal).toEqual(new ImportFileError(IMPORT_TOO_MANY_ROWS_MESSAGE));
    }
  });

  it('refuses as before: too many rows first, then an unclosed quote, then the first bad value', () => {
    const bad = row.replace(',185,', ',heavy,');
    const unclosed = '\n2024-01-15 07:41:00,"Push,1h,Bench Press,1,185,8,0,0,,,';
    expect(() => parseWorkoutCsv(header + bad + row.repeat(IMPORT_MAX_ROWS), utc)).toThrow(
      IMPORT_TOO_MANY_ROWS_MESSAGE,
    );
    expect(() => parseWorkoutCsv(header + bad + row.repeat(10) + unclosed, utc)).toThrow(
      /^Line 13: a quoted value is not closed$/,
    );
    expect(() => parseWorkoutCsv(header + row.repeat(10) + bad + row.repeat(IMPORT_MAX_ROWS - 11), utc)).toThrow(
      /^Line 12, column "Weight": expected a weight from 0 to 2000, found "heavy"$/,
    );
    expect(() => parseWorkoutCsv(`name,weight\n${'a\n'.repeat(1000)}`, utc)).toThrow(
      /^Line 1: the columns are not a Strong export/,
    );
  });
});
