import Papa from 'papaparse';
import { BSON } from 'mongodb';
import { csvCell, csvHeader, csvLine, exportWeight, strongDate, workoutName } from '../src/services/export';
import { decodeDocument } from '../src/services/rawDocuments';

/** What the library makes of the bytes, in the reader's form: ObjectIds as hex strings, however deep. */
function libraryForm(value: unknown): unknown {
  if (value instanceof BSON.ObjectId) return value.toHexString();
  if (Array.isArray(value)) return value.map(libraryForm);
  if (value && typeof value === 'object' && !(value instanceof Date) && !('_bsontype' in value)) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, libraryForm(inner)]));
  }
  return value;
}

describe('decodeDocument (raw BSON reader of the exports)', () => {
  const id = new BSON.ObjectId('0123456789abcdef01234567');
  it.each<[string, Record<string, unknown>]>([
    [
      'a progress entry',
      {
        _id: id,
        userId: id,
        workoutDayId: 1,
        round: 12,
        exerciseId: 101,
        setId: 'set-1',
        sessionId: null,
        exerciseName: 'Incline Press',
        weight: 102.5,
        weightUnit: 'lbs',
        reps: 8,
        setType: 'working',
        date: new Date('2026-11-20T10:01:00.000Z'),
      },
    ],
    ['text beyond Latin-1 and empty text', { name: 'Développé couché – 卧推 💪', empty: '', 'clé é': 'x' }],
    [
      'numbers of every width',
      { int: -2_147_483_648, big: new BSON.Long('9007199254740991'), small: new BSON.Long('-42'), zero: -0.5 },
    ],
    ['dates before 1970 and far ahead', { old: new Date('1969-07-20T20:17:40.000Z'), ahead: new Date(8.64e15) }],
    ['booleans', { yes: true, no: false }],
    [
      'a session: arrays of documents of arrays',
      {
        exercises: [
          { id: 101, name: 'Incline Press', sets: [{ id: 'a', weight: null, completedAt: null }] },
          { id: 102, name: 'Dumbbell Flys', sets: [] },
        ],
        tags: ['x', 1, [2, [3]]],
        nested: { deeper: { id } },
      },
    ],
  ])('reads %s as the library does', (_name, document) => {
    const bytes = Buffer.from(BSON.serialize(document));
    expect(decodeDocument(bytes)).toEqual(libraryForm(BSON.deserialize(bytes)));
  });

  it.each<[string, Record<string, unknown>]>([
    ['a decimal', { weight: BSON.Decimal128.fromString('102.5'), name: 'x' }],
    ['binary data deep in an array', { list: [{ data: new BSON.Binary(Buffer.from('hi')) }] }],
    ['a regular expression', { pattern: /lift/i }],
  ])('hands %s to the library, whole', (_name, document) => {
    const bytes = Buffer.from(BSON.serialize({ _id: id, ...document }));
    const { _id, ...fields } = BSON.deserialize(bytes);
    expect(decodeDocument(bytes)).toEqual({ _id: id.toHexString(), ...fields });
    expect(decodeDocument(bytes, 'id')).toEqual({ id: id.toHexString(), ...fields });
  });

  it('reads short strings it has seen, and thousands it has not, as they are', () => {
    const texts = Array.from({ length: 6000 }, (_, i) => (i % 3 ? `set-${i}` : i % 2 ? 'lbs' : 'Incline Press é'));
    const decoded = texts.map((text) => decodeDocument(Buffer.from(BSON.serialize({ text, [text]: 1 }))));
    expect(decoded).toEqual(texts.map((text) => ({ text, [text]: 1 })));
  });

  it('names the id as asked', () => {
    const bytes = Buffer.from(BSON.serialize({ _id: id, a: 1 }));
    expect(decodeDocument(bytes, 'id')).toEqual({ id: id.toHexString(), a: 1 });
  });
});

describe('CSV cells', () => {
  it.each<[string | number, string]>([
    ['Incline Press', 'Incline Press'],
    [102.5, '102.5'],
    [0, '0'],
    ['', ''],
    ['Day 1 – Chest & Back', 'Day 1 – Chest & Back'],
    ['Press, close grip', '"Press, close grip"'],
    ['The "big" one', '"The ""big"" one"'],
    ['two\nlines', '"two\nlines"'],
    [' padded ', '" padded "'],
    ['=HYPERLINK("https://evil.example")', `"'=HYPERLINK(""https://evil.example"")"`],
    ['+1', `"'+1"`],
    ['-1', `"'-1"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\t=1', `"'\t=1"`],
    ['\r=1', `"'\r=1"`],
    ['=1\n+2', `"'=1\n+2"`],
    ['a=b', 'a=b'],
  ])('%j is written %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('reads back, through papaparse, as the value (a formula with its leading quote)', () => {
    const values = ['Press, close grip', 'The "big" one', 'two\r\nlines', ' padded ', '=1\n+2', '-2', 'plain'];
    const parsed = Papa.parse<string[]>(csvLine(values)).data[0];
    expect(parsed).toEqual(values.map((value) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value)));
  });

  it("writes Strong's header with the weight's unit", () => {
    expect(csvLine(csvHeader('kg'))).toBe(
      'Date,Workout Name,Duration,Exercise Name,Set Order,Weight (kg),Reps,Distance,Seconds,Notes,Workout Notes,RPE\r\n',
    );
  });
});

describe('CSV values', () => {
  it.each<[string, number, string]>([
    ['UTC', 0, '2026-11-20 10:05:09'],
    ['UTC+1 (offset -60)', -60, '2026-11-20 11:05:09'],
    ['UTC-5 (offset 300)', 300, '2026-11-20 05:05:09'],
    ['UTC-11, across midnight', 660, '2026-11-19 23:05:09'],
  ])("dates in Strong's local form: %s", (_zone, offset, text) => {
    expect(strongDate(new Date('2026-11-20T10:05:09.450Z'), offset)).toBe(text);
  });

  it.each<[number, 'lbs' | 'kg', 'lbs' | 'kg', number]>([
    [100, 'lbs', 'lbs', 100],
    [102.5, 'kg', 'kg', 102.5],
    [100, 'lbs', 'kg', 45.36],
    [100, 'kg', 'lbs', 220.46],
    [0.001, 'kg', 'kg', 0],
    [2.5, 'lbs', 'kg', 1.13],
  ])('%d %s in %s: %d', (weight, from, to, expected) => {
    expect(exportWeight(weight, from, to)).toBe(expected);
  });

  it.each<[{ name: string; muscleGroups: string[] } | undefined, number, string]>([
    [{ name: 'Day 1', muscleGroups: ['Chest', 'Back'] }, 1, 'Day 1 – Chest & Back'],
    [{ name: 'Day 3', muscleGroups: ['Legs'] }, 3, 'Day 3 – Legs'],
    [{ name: 'Day 2', muscleGroups: [] }, 2, 'Day 2'],
    [undefined, 7, 'Day 7'],
  ])('workout name of %j: %s', (day, dayId, name) => {
    expect(workoutName(day, dayId)).toBe(name);
  });
});
