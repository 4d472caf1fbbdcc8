/**
 * Issue #24 item 2: numbers compare and change as on mongod. Int32 5, Long 5, Double 5.0 and Decimal128 5.0
 * are equal (in filters, $in, index lookups, unique keys) and keep their own types; comparisons are exact
 * (Decimal128 2.50 > 2, Long 2^53 + 1 > Double 2^53, Decimal128 0.1 < Double 0.1); sorts order all numeric
 * types together, NaN first. $inc, $mul, $min, $max and $bit follow mongod's type rules (int + int is an int
 * until it overflows into a long, a long past int64 is refused, a decimal makes the result a decimal, computed
 * exactly), and a document none of whose values changed is not counted as modified.
 */
import {
  BSON,
  Decimal128,
  Double,
  Int32,
  Long,
  MongoClient,
  MongoServerError,
  type Collection,
  type Db,
  type Document,
} from 'mongodb';
import { startTarget, type Target } from './target';

const { EJSON } = BSON;

let target: Target;
let client: MongoClient;
let db: Db;

beforeAll(async () => {
  target = await startTarget('numbers');
  client = new MongoClient(target.uri);
  await client.connect();
  db = client.db(target.dbName);
});

afterAll(async () => {
  await db.dropDatabase();
  await client.close();
  await target.stop();
});

interface AnyDocument {
  _id: number | string;
  [field: string]: unknown;
}

function collectionOf(name: string): Collection<AnyDocument> {
  return db.collection<AnyDocument>(name);
}

/** Decoding that keeps every type as it is on the wire. */
const STRICT = { promoteValues: false, promoteLongs: false, promoteBuffers: false, bsonRegExp: true } as const;

function canonical(value: unknown): string {
  return EJSON.stringify({ v: value }, { relaxed: false });
}

const int = (value: number) => new Int32(value);
const long = (value: string | number) => (typeof value === 'number' ? Long.fromNumber(value) : Long.fromString(value));
const double = (value: number) => new Double(value);
const decimal = (value: string) => Decimal128.fromString(value);

describe('comparisons across numeric types', () => {
  const values: Record<string, unknown> = {
    int5: int(5),
    long5: long(5),
    double5: double(5),
    decimal5: decimal('5.0'),
    string5: '5',
    array5: [long(5), 'x'],
    double5half: double(5.5),
    decimal2point50: decimal('2.50'),
    int2: int(2),
    longAbove2To53: long('9007199254740993'),
    double2To53: double(9007199254740992),
    nan: double(NaN),
    decimalTenth: decimal('0.1'),
    doubleTenth: double(0.1),
    negativeZero: double(-0),
    zero: int(0),
  };
  let collection: Collection<AnyDocument>;

  beforeAll(async () => {
    collection = collectionOf('compare');
    await collection.insertMany(Object.entries(values).map(([_id, a]) => ({ _id, a })));
  });

  async function ids(filter: Document, on = collection): Promise<string[]> {
    const docs = await on.find(filter).toArray();
    return docs.map((doc) => doc._id as string).sort();
  }

  const fives = ['array5', 'decimal5', 'double5', 'int5', 'long5'];

  test.each([
    ['Int32', int(5)],
    ['Long', long(5)],
    ['Double', double(5)],
    ['Decimal128', decimal('5.00')],
  ])('an equality with %s 5 matches 5 of every numeric type, not the string', async (_type, five) => {
    expect(await ids({ a: five })).toEqual(fives);
    expect(await ids({ a: { $eq: five } })).toEqual(fives);
    expect(await ids({ a: { $in: [five, 'y'] } })).toEqual(fives);
    expect(await ids({ a: { $ne: five } })).not.toEqual(expect.arrayContaining(['int5']));
    expect(await ids({ a: { $all: [five] } })).toEqual(fives);
  });

  test('comparisons are exact across types: Decimal128 2.50 > 2, Long 2^53 + 1 > Double 2^53, Decimal128 0.1 < Double 0.1', async () => {
    expect(await ids({ a: { $gt: int(2), $lt: int(5) } })).toEqual(['decimal2point50']);
    expect(await ids({ a: { $gte: decimal('2.5'), $lte: double(2.5) } })).toEqual(['decimal2point50']);
    expect(await ids({ a: { $gt: double(9007199254740992) } })).toEqual(['longAbove2To53']);
    expect(await ids({ a: double(9007199254740992) })).toEqual(['double2To53']);
    expect(await ids({ a: long('9007199254740993') })).toEqual(['longAbove2To53']);
    expect(await ids({ a: { $lt: double(0.1) } })).toEqual(['decimalTenth', 'negativeZero', 'zero']);
    expect(await ids({ a: double(0.1) })).toEqual(['doubleTenth']);
    expect(await ids({ a: decimal('0.1') })).toEqual(['decimalTenth']);
    expect(await ids({ a: { $gt: decimal('0.1'), $lt: int(1) } })).toEqual(['doubleTenth']);
  });

  test('-0 equals 0, and NaN equals only NaN and is neither above nor below anything', async () => {
    expect(await ids({ a: int(0) })).toEqual(['negativeZero', 'zero']);
    expect(await ids({ a: double(-0) })).toEqual(['negativeZero', 'zero']);
    expect(await ids({ a: double(NaN) })).toEqual(['nan']);
    expect(await ids({ a: decimal('NaN') })).toEqual(['nan']);
    expect(await ids({ a: { $gte: double(NaN) } })).toEqual(['nan']);
    expect(await ids({ a: { $gt: double(NaN) } })).toEqual([]);
    expect(await ids({ a: { $lt: double(-1e308) } })).toEqual([]);
  });

  test('$mod truncates every numeric type, $size takes a count of any numeric type', async () => {
    expect(await ids({ a: { $mod: [long(4), int(1)] } })).toEqual([...fives, 'double5half', 'longAbove2To53'].sort());
    expect(await ids({ a: { $size: double(2) } })).toEqual(['array5']);
  });

  test('with an index, equalities across types find the same documents, and a unique index takes 7 and 7.0 as one key', async () => {
    const indexed = collectionOf('compareIndexed');
    await indexed.insertMany(Object.entries(values).map(([_id, a]) => ({ _id, a })));
    await indexed.createIndex({ a: 1 });
    for (const five of [int(5), long(5), double(5), decimal('5.000')]) {
      expect(await ids({ a: five }, indexed)).toEqual(fives);
      expect(await ids({ a: { $in: [five] } }, indexed)).toEqual(fives);
    }
    expect(await ids({ a: long('9007199254740993') }, indexed)).toEqual(['longAbove2To53']);
    expect(await ids({ a: double(9007199254740992) }, indexed)).toEqual(['double2To53']);

    const unique = collectionOf('uniqueNumbers');
    await unique.createIndex({ n: 1 }, { unique: true });
    await unique.insertOne({ _id: 1, n: long(7) });
    for (const seven of [int(7), double(7), decimal('7.00')]) {
      await expect(unique.insertOne({ _id: 2, n: seven })).rejects.toMatchObject({ code: 11000 });
    }
    await unique.insertOne({ _id: 3, n: long('9007199254740993') });
    // 2^53 is another number than 2^53 + 1.
    await unique.insertOne({ _id: 4, n: double(9007199254740992) });
    await expect(unique.insertOne({ _id: 5, n: decimal('9007199254740993') })).rejects.toMatchObject({ code: 11000 });
  });

  test('index options and key directions may be of any numeric type, and a partial filter compares across types', async () => {
    const reply = await db.command({
      createIndexes: 'numericOptions',
      indexes: [
        { key: { k: double(1) }, name: 'k_1', unique: true },
        { key: { at: long(1) }, name: 'at_1', expireAfterSeconds: long(3600) },
        {
          key: { p: int(1) },
          name: 'p_1',
          unique: true,
          partialFilterExpression: { n: { $gt: double(5) } },
        },
      ],
    });
    expect(reply.ok).toBe(1);
    const collection = collectionOf('numericOptions');
    await collection.insertOne({ _id: 1, k: 'a', p: 'x', n: long(6) });
    // The unique index on k (its direction a Double) holds: a second 'a' is refused.
    await expect(collection.insertOne({ _id: 2, k: 'a' })).rejects.toMatchObject({ code: 11000 });
    // n: Decimal128 6.5 > 5 is in the partial index too, so p: 'x' is taken; n: Int32 5 is not.
    await expect(collection.insertOne({ _id: 3, k: 'b', p: 'x', n: decimal('6.5') })).rejects.toMatchObject({
      code: 11000,
    });
    await collection.insertOne({ _id: 4, k: 'c', p: 'x', n: int(5) });
  });

  test('distinct returns one of each value, with its type', async () => {
    const found = await db.command(
      { distinct: 'compare', key: 'a', query: { _id: { $in: ['int5', 'long5', 'decimal2point50'] } } },
      STRICT,
    );
    const kinds = (found.values as unknown[]).map((value) => canonical(value)).sort();
    expect(kinds).toHaveLength(2);
    expect(kinds).toContain(canonical(decimal('2.50')));
  });
});

describe('sort order across numeric types', () => {
  const ordered: Array<[string, unknown]> = [
    ['nan', double(NaN)],
    ['minusInfinity', double(-Infinity)],
    ['decimalHugeNegative', decimal('-1E+400')],
    ['longMin', Long.MIN_VALUE],
    ['intMinus5', int(-5)],
    ['decimalMinusHalf', decimal('-0.5')],
    ['doubleMinusQuarter', double(-0.25)],
    ['zero', int(0)],
    ['decimalTenth', decimal('0.1')],
    ['doubleTenth', double(0.1)],
    ['int2', int(2)],
    ['decimal2point50', decimal('2.50')],
    ['double3point5', double(3.5)],
    ['long2To53', long('9007199254740992')],
    ['long2To53Plus1', long('9007199254740993')],
    ['double2To53Plus2', double(9007199254740994)],
    ['longMax', Long.MAX_VALUE],
    ['double1e300', double(1e300)],
    ['decimalHuge', decimal('1E+400')],
    ['infinity', double(Infinity)],
    ['string', 'a'],
  ];

  test('ascending and descending sorts put every numeric type in one exact order, NaN first, strings after', async () => {
    const collection = collectionOf('sorted');
    // Inserted shuffled so that the order comes from the sort.
    const shuffled = [...ordered].sort((x, y) => (x[0] < y[0] ? -1 : 1));
    await collection.insertMany(shuffled.map(([_id, n]) => ({ _id, n })));
    const ascending = await collection.find({}).sort({ n: 1 }).toArray();
    expect(ascending.map((doc) => doc._id)).toEqual(ordered.map(([id]) => id));
    const descending = await collection.find({}).sort({ n: -1 }).toArray();
    expect(descending.map((doc) => doc._id)).toEqual(ordered.map(([id]) => id).reverse());
  });

  test('longs beyond 2^53 sort exactly', async () => {
    const collection = collectionOf('sortedLongs');
    const base = 2n ** 60n;
    await collection.insertMany(
      [3n, 0n, 2n, 1n].map((offset) => ({ _id: Number(offset), n: Long.fromBigInt(base + offset) })),
    );
    const ascending = await collection.find({}).sort({ n: 1 }).toArray();
    expect(ascending.map((doc) => doc._id)).toEqual([0, 1, 2, 3]);
  });
});

describe('$inc, $mul, $min, $max and $bit follow mongod’s type rules', () => {
  let next = 0;

  /** Applies `update` to { a: current } and returns the stored `a` with its type, and the modified count. */
  async function apply(current: unknown, update: Document): Promise<{ value: string; modified: number }> {
    const collection = collectionOf('arithmetic');
    const _id = (next += 1);
    await collection.insertOne(current === undefined ? { _id } : { _id, a: current });
    const result = await collection.updateOne({ _id }, update);
    const stored = await collection.findOne({ _id }, STRICT);
    return { value: canonical(stored?.a), modified: result.modifiedCount };
  }

  test.each([
    ['int + int', int(1), int(2), int(3)],
    ['int + int past int32', int(2147483647), int(1), long(2147483648)],
    ['int + int below int32', int(-2147483648), int(-1), long(-2147483649)],
    ['int + long', int(1), long(2), long(3)],
    ['long + int', long(1), int(2), long(3)],
    ['long beyond 2^53 + int, exactly', long('9007199254740993'), int(1), long('9007199254740994')],
    ['int + double', int(1), double(0.5), double(1.5)],
    ['int + an integral double', int(1), double(1), double(2)],
    ['long + double, as doubles', long('9007199254740993'), double(1), double(9007199254740992)],
    ['double + int', double(2.5), int(1), double(3.5)],
    ['decimal + int keeps the exponent', decimal('2.50'), int(1), decimal('3.50')],
    ['decimal + long', decimal('2.50'), long(1), decimal('3.50')],
    ['decimal + double: the double rounded to 15 digits', decimal('0.1'), double(0.2), decimal('0.300000000000000')],
    ['double + decimal', double(0.1), decimal('0.2'), decimal('0.300000000000000')],
    ['int + decimal', int(1), decimal('1E+1'), decimal('11')],
    [
      'decimal rounded to 34 digits',
      decimal('9999999999999999999999999999999999'),
      int(1),
      decimal('1.000000000000000000000000000000000E+34'),
    ],
  ])('$inc %s', async (_name, current, amount, expected) => {
    const { value, modified } = await apply(current, { $inc: { a: amount } });
    expect(value).toBe(canonical(expected));
    expect(modified).toBe(1);
  });

  test.each([
    ['int * int', int(3), int(4), int(12)],
    ['int * int past int32', int(65536), int(65536), long(4294967296)],
    ['int * long', int(3), long(4), long(12)],
    ['int * double', int(3), double(0.5), double(1.5)],
    ['double * int', double(2), int(3), double(6)],
    ['decimal * int', decimal('1.5'), int(2), decimal('3.0')],
    ['decimal * double', decimal('2.50'), double(2), decimal('5.0000000000000000')],
    [
      'decimal * decimal rounded half to even',
      decimal('1.000000000000000000000000000000001'),
      decimal('1.000000000000000000000000000000001'),
      decimal('1.000000000000000000000000000000002'),
    ],
  ])('$mul %s', async (_name, current, factor, expected) => {
    const { value, modified } = await apply(current, { $mul: { a: factor } });
    expect(value).toBe(canonical(expected));
    expect(modified).toBe(1);
  });

  test.each([
    ['$inc', int(5), int(5)],
    ['$inc', long(5), long(5)],
    ['$inc', double(2), double(2)],
    ['$inc', decimal('1.0'), decimal('1.0')],
    ['$mul', int(5), int(0)],
    ['$mul', long(5), long(0)],
    ['$mul', double(2.5), double(0)],
    ['$mul', double(-2.5), double(-0)],
    ['$mul', decimal('2.50'), decimal('0.00')],
  ])('%s of a missing field by %p creates %p', async (operator, amount, expected) => {
    const { value, modified } = await apply(undefined, { [operator]: { a: amount } });
    expect(value).toBe(canonical(expected));
    expect(modified).toBe(1);
  });

  test.each([
    ['$inc', long('9223372036854775807'), int(1), '(NumberLong)9223372036854775807'],
    ['$inc', long('-9223372036854775808'), int(-1), '(NumberLong)-9223372036854775808'],
    ['$inc', int(42), long('9223372036854775807'), '(NumberInt)42'],
    ['$mul', long('4611686018427387904'), int(4), '(NumberLong)4611686018427387904'],
  ])('%s past int64 is refused (BadValue) and changes nothing: %p by %p', async (operator, current, amount, shown) => {
    const collection = collectionOf('overflow');
    const _id = (next += 1);
    await collection.insertOne({ _id, a: current });
    const error: MongoServerError = await collection.updateOne({ _id }, { [operator]: { a: amount } }).then(
      () => {
        throw new Error('the update was not refused');
      },
      (caught: MongoServerError) => caught,
    );
    expect(error.code).toBe(2);
    expect(error.message).toContain(`operations to current value (${shown}) for document {_id: ${_id}}`);
    const stored = await collection.findOne({ _id }, STRICT);
    expect(canonical(stored?.a)).toBe(canonical(current));
  });

  test.each([
    ['$max of an equal double leaves the int', int(5), '$max', double(5), int(5), 0],
    ['$max of a larger long', int(5), '$max', long(6), long(6), 1],
    ['$min of a smaller decimal', int(5), '$min', decimal('4.99'), decimal('4.99'), 1],
    [
      '$max of Double 2^53 below Long 2^53 + 1',
      long('9007199254740993'),
      '$max',
      double(9007199254740992),
      long('9007199254740993'),
      0,
    ],
    [
      '$max of Long 2^53 + 1 above Double 2^53',
      double(9007199254740992),
      '$max',
      long('9007199254740993'),
      long('9007199254740993'),
      1,
    ],
    [
      '$max of an equal double leaves the decimal and its zero',
      decimal('2.50'),
      '$max',
      double(2.5),
      decimal('2.50'),
      0,
    ],
    ['$max of a string (strings sort after numbers)', int(5), '$max', 'a', 'a', 1],
    ['$min of null (null sorts before numbers)', int(5), '$min', null, null, 1],
    ['$min of a larger value', decimal('1'), '$min', int(2), decimal('1'), 0],
  ])('%s', async (_name, current, operator, operand, expected, modifiedCount) => {
    const { value, modified } = await apply(current, { [operator]: { a: operand } });
    expect(value).toBe(canonical(expected));
    expect(modified).toBe(modifiedCount);
  });

  test('$bit keeps an int with int operands and gives a long with a long one', async () => {
    expect((await apply(int(12), { $bit: { a: { and: int(10) } } })).value).toBe(canonical(int(8)));
    expect((await apply(int(1), { $bit: { a: { or: long(2) } } })).value).toBe(canonical(long(3)));
    expect((await apply(long(6), { $bit: { a: { xor: int(3) } } })).value).toBe(canonical(long(5)));
  });
});

describe('a document whose values did not change is not modified', () => {
  let next = 1000;

  async function modifiedCount(current: unknown, update: Document): Promise<{ modified: number; value: string }> {
    const collection = collectionOf('noop');
    const _id = (next += 1);
    await collection.insertOne({ _id, a: current });
    const result = await collection.updateOne({ _id }, update);
    expect(result.matchedCount).toBe(1);
    const stored = await collection.findOne({ _id }, STRICT);
    return { modified: result.modifiedCount, value: canonical(stored?.a) };
  }

  test.each([
    ['$inc of int 0 on an int', int(5), { $inc: { a: int(0) } }, 0, int(5)],
    ['$inc of double 0 on a double', double(2.5), { $inc: { a: double(0) } }, 0, double(2.5)],
    [
      '$inc of int 0 on -0.0 (the sum is 0.0, identical to -0.0 for mongod)',
      double(-0),
      { $inc: { a: int(0) } },
      0,
      double(-0),
    ],
    [
      '$inc of decimal 0.000 on 2.50 (2.500 equals 2.50)',
      decimal('2.50'),
      { $inc: { a: decimal('0.000') } },
      0,
      decimal('2.50'),
    ],
    ['$inc of int 0 on a decimal', decimal('2.50'), { $inc: { a: int(0) } }, 0, decimal('2.50')],
    ['$mul by int 1 on an int', int(7), { $mul: { a: int(1) } }, 0, int(7)],
    ['$set of the same value and type', double(5), { $set: { a: double(5) } }, 0, double(5)],
    ['$set of the same decimal', decimal('2.50'), { $set: { a: decimal('2.50') } }, 0, decimal('2.50')],
    ['$max of a smaller value', int(5), { $max: { a: int(4) } }, 0, int(5)],
    ['$min of a larger value', int(5), { $min: { a: long(6) } }, 0, int(5)],
    ['$inc of double 0 on an int: the int becomes a double', int(5), { $inc: { a: double(0) } }, 1, double(5)],
    ['$inc of long 0 on an int: the int becomes a long', int(5), { $inc: { a: long(0) } }, 1, long(5)],
    ['$mul by double 1 on an int', int(7), { $mul: { a: double(1) } }, 1, double(7)],
    ['$set of int 5 over double 5.0 (the type changes)', double(5), { $set: { a: int(5) } }, 1, int(5)],
    ['$set of -0.0 over 0.0', double(0), { $set: { a: double(-0) } }, 1, double(-0)],
    ['$set of decimal 2.5 over 2.50', decimal('2.50'), { $set: { a: decimal('2.5') } }, 1, decimal('2.5')],
  ])('%s', async (_name, current, update, expectedModified, expectedValue) => {
    const { modified, value } = await modifiedCount(current, update);
    expect(modified).toBe(expectedModified);
    expect(value).toBe(canonical(expectedValue));
  });

  test('the update command counts in nModified only the documents that changed', async () => {
    const collection = collectionOf('nModified');
    await collection.insertMany([
      { _id: 1, a: int(5) },
      { _id: 2, a: double(5) },
      { _id: 3, a: long(5) },
      { _id: 4, a: decimal('5.0') },
    ]);
    const reply = await db.command({
      update: 'nModified',
      updates: [
        { q: {}, u: { $max: { a: int(5) } }, multi: true },
        { q: {}, u: { $set: { a: int(5) } }, multi: true },
        { q: { _id: 1 }, u: { $inc: { a: int(0) } } },
      ],
    });
    expect(reply.n).toBe(9);
    expect(reply.nModified).toBe(3);
  });

  test('findAndModify reports the document as updatedExisting and returns it, changed or not', async () => {
    const collection = collectionOf('findAndModifyNoop');
    await collection.insertOne({ _id: 1, a: double(2) });
    const unchanged = await db.command(
      { findAndModify: 'findAndModifyNoop', query: { _id: 1 }, update: { $inc: { a: int(0) } }, new: true },
      STRICT,
    );
    expect(unchanged.lastErrorObject).toMatchObject({ n: new Int32(1), updatedExisting: true });
    expect(canonical(unchanged.value.a)).toBe(canonical(double(2)));
    const changed = await db.command(
      { findAndModify: 'findAndModifyNoop', query: { _id: 1 }, update: { $inc: { a: long(1) } }, new: true },
      STRICT,
    );
    expect(canonical(changed.value.a)).toBe(canonical(double(3)));
  });
});

describe('aggregation over numbers', () => {
  test('a pipeline computing on doubles and ints gives their sums; on Decimal128 values an exact decimal', async () => {
    const collection = collectionOf('aggregateNumbers');
    await collection.insertMany([
      { _id: 1, n: int(2), d: decimal('0.1') },
      { _id: 2, n: double(2.5), d: decimal('0.2') },
    ]);
    const [sums] = await collection.aggregate([{ $group: { _id: null, n: { $sum: '$n' } } }]).toArray();
    expect(sums.n).toBe(4.5);
    const [result] = await collection.aggregate([{ $group: { _id: null, d: { $sum: '$d' } } }], STRICT).toArray();
    expect(canonical(result.d)).toBe(canonical(decimal('0.3')));
  });

  test('stage arguments may be of any numeric type', async () => {
    const collection = collectionOf('aggregateArguments');
    await collection.insertMany([1, 2, 3, 4].map((n) => ({ _id: n, n: int(n) })));
    const docs = await collection
      .aggregate([{ $sort: { n: double(-1) } }, { $skip: long(1) }, { $limit: double(2) }])
      .toArray();
    expect(docs.map((doc) => doc._id)).toEqual([3, 2]);
  });

  test('documents passed through a pipeline keep their numbers as they are, Decimal128 included', async () => {
    const collection = collectionOf('aggregatePassThrough');
    await collection.insertOne({ _id: 1, d: decimal('2.50'), l: long('9007199254740993'), x: double(3) });
    const [doc] = await collection
      .aggregate([{ $match: { d: { $gt: int(2) } } }, { $sort: { x: -1 } }, { $project: { d: 1, l: 1, x: 1 } }], STRICT)
      .toArray();
    expect(canonical(doc)).toBe(
      canonical({ _id: int(1), d: decimal('2.50'), l: long('9007199254740993'), x: double(3) }),
    );
  });
});
