/**
 * Issue #24: numbers an aggregation computes are typed as mongod 7.0 types them. Int32 with Int32 is an Int32
 * until it overflows into a Long; with a Long, an exact Long (a Long above 2^53 keeps its digits); a Double makes
 * a Double (2.5 + 2.5 is Double 5.0, not Int32 5); a Decimal128 makes an exact Decimal128; $divide and $avg give
 * doubles (decimals when one is involved); conversions follow mongod's table. Where the embedded server does not
 * compute as mongod (a Decimal128 mixed with a double, $mod of a decimal, a computation next to an operator it
 * only runs on plain numbers) it answers CommandNotSupported (115) instead; those cases are checked only against
 * the embedded server. Results are decoded without promotion, so each value's BSON type is compared.
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
import { externalUri, startTarget, type Target } from './target';

const { EJSON } = BSON;

let target: Target;
let client: MongoClient;
let db: Db;

interface AnyDocument {
  _id: number | string;
  [field: string]: unknown;
}

let values: Collection<AnyDocument>;

const int = (value: number) => new Int32(value);
const long = (value: string | number) => (typeof value === 'number' ? Long.fromNumber(value) : Long.fromString(value));
const double = (value: number) => new Double(value);
const decimal = (value: string) => Decimal128.fromString(value);

/** Decoding that keeps every type as it is on the wire. */
const STRICT = { promoteValues: false, promoteLongs: false, promoteBuffers: false, bsonRegExp: true } as const;

function canonical(value: unknown): string {
  return EJSON.stringify({ v: value }, { relaxed: false });
}

/** The one document the expressions compute on. */
const VALUES = {
  _id: 1,
  i2: int(2),
  i3: int(3),
  imax: int(2147483647),
  imin: int(-2147483648),
  l3: long(3),
  l5: long(5),
  lbig: long('9007199254740993'),
  lmax: long('9223372036854775807'),
  lmin: long('-9223372036854775808'),
  d0: double(0),
  d2: double(2),
  d25: double(2.5),
  dneg: double(-2.5),
  dec: decimal('2.50'),
  decneg: decimal('-2.50'),
  dec1: decimal('1'),
  s: 'x',
  digits: '12',
  date: new Date(1000),
  n: null,
  t: true,
  list: [int(1), long(2), double(3)],
};

beforeAll(async () => {
  target = await startTarget('aggregation_numbers');
  client = new MongoClient(target.uri);
  await client.connect();
  db = client.db(target.dbName);
  values = db.collection<AnyDocument>('values');
  await values.insertOne(VALUES);
});

afterAll(async () => {
  await db.dropDatabase();
  await client.close();
  await target.stop();
});

/** The value of an expression over VALUES, as stored types. */
async function evaluate(expression: unknown): Promise<unknown> {
  const [doc] = await values.aggregate([{ $project: { _id: 0, r: expression } }], STRICT).toArray();
  return doc.r;
}

async function evaluationError(expression: unknown): Promise<MongoServerError> {
  return values
    .aggregate([{ $project: { _id: 0, r: expression } }])
    .toArray()
    .then(
      () => {
        throw new Error(`expected ${JSON.stringify(expression)} to fail`);
      },
      (error: MongoServerError) => error,
    );
}

describe('expressions give mongod 7.0 types', () => {
  const cases: [string, unknown, unknown][] = [
    ['$add of ints is an int', { $add: ['$i2', '$i3'] }, int(5)],
    ['$add of ints past int32 is a long', { $add: ['$imax', 1] }, long(2147483648)],
    ['$add of a long and an int is a long', { $add: ['$l5', '$i3'] }, long(8)],
    ['$add keeps a long above 2^53 exact', { $add: ['$lbig', 1] }, long('9007199254740994')],
    ['$add past int64 is a double', { $add: ['$lmax', 1] }, double(9223372036854775808)],
    ['$add of doubles that make a whole number is a double', { $add: ['$d25', '$d25'] }, double(5)],
    ['$add of a double and an int is a double', { $add: ['$d2', '$i3'] }, double(5)],
    ['$add of a decimal and an int is an exact decimal', { $add: ['$dec', '$i2'] }, decimal('4.50')],
    ['$add of a decimal and a long', { $add: ['$dec', '$l5'] }, decimal('7.50')],
    ['$add of decimals keeps the exponent', { $add: ['$dec', '$dec1'] }, decimal('3.50')],
    ['$add of a date and an int is a date', { $add: ['$date', '$i2'] }, new Date(1002)],
    ['$add with null is null', { $add: ['$i2', '$n'] }, null],
    ['$add with a missing field is null', { $add: ['$i2', '$missing'] }, null],
    ['$subtract of ints', { $subtract: ['$i3', '$i2'] }, int(1)],
    ['$subtract of ints past int32 is a long', { $subtract: ['$imin', 1] }, long(-2147483649)],
    ['$subtract of longs', { $subtract: ['$l5', '$i3'] }, long(2)],
    ['$subtract keeps a long above 2^53 exact', { $subtract: ['$lbig', 2] }, long('9007199254740991')],
    ['$subtract of a double', { $subtract: ['$d25', '$i2'] }, double(0.5)],
    ['$subtract of a decimal', { $subtract: ['$dec', '$i2'] }, decimal('0.50')],
    ['$subtract of a number from a date', { $subtract: ['$date', 500] }, new Date(500)],
    ['$subtract of dates is a long', { $subtract: ['$date', '$date'] }, long(0)],
    ['$multiply of ints', { $multiply: ['$i2', '$i3'] }, int(6)],
    ['$multiply of ints past int32 is a long', { $multiply: ['$imax', 2] }, long(4294967294)],
    ['$multiply of longs', { $multiply: ['$l5', '$l3'] }, long(15)],
    ['$multiply keeps a long above 2^53 exact', { $multiply: ['$lbig', 1] }, long('9007199254740993')],
    ['$multiply of doubles', { $multiply: ['$d2', '$i3'] }, double(6)],
    ['$multiply of a decimal', { $multiply: ['$dec', '$i2'] }, decimal('5.00')],
    ['$divide of ints is a double', { $divide: [6, 3] }, double(2)],
    ['$divide of a long', { $divide: ['$l5', '$i2'] }, double(2.5)],
    ['$divide of a decimal is a decimal', { $divide: ['$dec', '$i2'] }, decimal('1.25')],
    [
      '$divide of decimals rounds to 34 digits',
      { $divide: ['$dec1', 3] },
      decimal('0.3333333333333333333333333333333333'),
    ],
    ['$mod of ints', { $mod: ['$i3', '$i2'] }, int(1)],
    ['$mod of longs', { $mod: ['$l5', '$i3'] }, long(2)],
    ['$mod of a double', { $mod: ['$d25', '$i2'] }, double(0.5)],
    ['$abs of int32 min is a long', { $abs: '$imin' }, long(2147483648)],
    ['$abs of a long', { $abs: '$l5' }, long(5)],
    ['$abs of a double', { $abs: '$dneg' }, double(2.5)],
    ['$abs of a decimal', { $abs: '$decneg' }, decimal('2.50')],
    ['$ceil of a double', { $ceil: '$d25' }, double(3)],
    ['$ceil of a long', { $ceil: '$l5' }, long(5)],
    ['$floor of a double', { $floor: '$dneg' }, double(-3)],
    ['$floor of an int', { $floor: '$i2' }, int(2)],
    ['$round of a double, half to even', { $round: ['$d25', 0] }, double(2)],
    ['$round of 3.5', { $round: [3.5] }, double(4)],
    ['$round at a decimal place', { $round: [1.2345, 2] }, double(1.23)],
    ['$round of an int', { $round: ['$i3', 0] }, int(3)],
    ['$round of a long', { $round: ['$l5'] }, long(5)],
    ['$trunc of a double', { $trunc: ['$dneg', 0] }, double(-2)],
    ['$trunc at a decimal place', { $trunc: [2.567, 1] }, double(2.5)],
    ['$sqrt is a double', { $sqrt: 4 }, double(2)],
    ['$pow of ints is an int', { $pow: ['$i2', '$i3'] }, int(8)],
    ['$pow of ints past int32 is a long', { $pow: ['$i2', 40] }, long(1099511627776)],
    ['$pow of a long is a long', { $pow: ['$l5', 2] }, long(25)],
    ['$pow of a double', { $pow: ['$d2', 2] }, double(4)],
    ['$exp is a double', { $exp: 0 }, double(1)],
    ['$ln is a double', { $ln: 1 }, double(0)],
    ['$log10 is a double', { $log10: 100 }, double(2)],
    ['$log is a double', { $log: [8, 2] }, double(3)],
    ['$toInt of a double truncates', { $toInt: '$d25' }, int(2)],
    ['$toInt of a long', { $toInt: '$l5' }, int(5)],
    ['$toInt of a string', { $toInt: '$digits' }, int(12)],
    ['$toInt of a decimal truncates', { $toInt: '$dec' }, int(2)],
    ['$toLong of an int', { $toLong: '$i2' }, long(2)],
    ['$toLong of a double', { $toLong: '$d25' }, long(2)],
    ['$toLong of a string above 2^53', { $toLong: '9007199254740993' }, long('9007199254740993')],
    ['$toLong of a date', { $toLong: '$date' }, long(1000)],
    ['$toDouble of an int', { $toDouble: '$i2' }, double(2)],
    ['$toDouble of a long above 2^53', { $toDouble: '$lbig' }, double(9007199254740992)],
    ['$toDouble of a decimal', { $toDouble: '$dec' }, double(2.5)],
    ['$toDouble of true', { $toDouble: '$t' }, double(1)],
    ['$toDecimal of an int', { $toDecimal: '$i2' }, decimal('2')],
    ['$toDecimal of a long above 2^53', { $toDecimal: '$lbig' }, decimal('9007199254740993')],
    ['$toDecimal of a double, 15 digits', { $toDecimal: '$d25' }, decimal('2.50000000000000')],
    ['$toInt of null', { $toInt: '$n' }, null],
    ['$convert with onError', { $convert: { input: '$s', to: 'int', onError: -1 } }, int(-1)],
    ['$convert with onNull', { $convert: { input: '$missing', to: 'long', onNull: '$l5' } }, long(5)],
    ['$convert to a double', { $convert: { input: '$l5', to: 'double' } }, double(5)],
    ['$convert to a type code', { $convert: { input: '$i2', to: 19 } }, decimal('2')],
    ['$sum of ints', { $sum: ['$i2', '$i3'] }, int(5)],
    ['$sum of ints past int32', { $sum: ['$imax', 1] }, long(2147483648)],
    ['$sum of a long', { $sum: ['$l5', 1] }, long(6)],
    ['$sum of doubles', { $sum: ['$d2', '$i3'] }, double(5)],
    ['$sum of a decimal', { $sum: ['$dec', '$i2'] }, decimal('4.50')],
    ['$sum leaves out strings', { $sum: ['$s', '$i2'] }, int(2)],
    ['$sum of an array', { $sum: '$list' }, double(6)],
    ['$avg is a double', { $avg: ['$i2', '$i2'] }, double(2)],
    ['$avg of ints', { $avg: ['$i2', '$i3'] }, double(2.5)],
    ['$avg of a decimal is a decimal', { $avg: ['$dec', '$i2'] }, decimal('2.25')],
    ['$max across types, as it is', { $max: ['$i2', '$l5', '$d25'] }, long(5)],
    ['$min across types, as it is', { $min: ['$dec', '$i3'] }, decimal('2.50')],
    ['a field copied under another name keeps its type', '$lbig', long('9007199254740993')],
    [
      '$map computes on each element in its type',
      { $map: { input: '$list', in: { $add: ['$$this', 1] } } },
      [int(2), long(3), double(4)],
    ],
    [
      '$reduce keeps the accumulated type',
      { $reduce: { input: '$list', initialValue: int(0), in: { $add: ['$$value', '$$this'] } } },
      double(6),
    ],
    ['$let passes a long through', { $let: { vars: { x: '$l5' }, in: { $multiply: ['$$x', 2] } } }, long(10)],
    ['$size is an int', { $size: '$list' }, int(3)],
    [
      '$switch takes the branch of a true case',
      {
        $switch: {
          branches: [
            { case: '$d0', then: 'zero' },
            { case: '$l5', then: { $subtract: ['$l5', 1] } },
          ],
          default: null,
        },
      },
      long(4),
    ],
    ['$arrayElemAt keeps the element', { $arrayElemAt: ['$list', 1] }, long(2)],
    ['$arrayElemAt takes a long index', { $arrayElemAt: ['$list', long(-1)] }, double(3)],
    ['$ifNull keeps the type', { $ifNull: ['$missing', '$d2'] }, double(2)],
    ['$cond of a double zero is false', { $cond: ['$d0', 'yes', 'no'] }, 'no'],
    ['$cond of a decimal is true', { $cond: ['$dec', 'yes', 'no'] }, 'yes'],
    ['$eq across types', { $eq: ['$l5', { $add: [2, 3] }] }, true],
    ['$gt of a long above 2^53 and a double', { $gt: ['$lbig', double(9007199254740992)] }, true],
    ['$type of a long', { $type: '$l5' }, 'long'],
    ['$type of a computed double', { $type: { $add: ['$d25', '$d25'] } }, 'double'],
    ['$type of a decimal', { $type: '$dec' }, 'decimal'],
    ['$type of a missing field', { $type: '$missing' }, 'missing'],
    ['$isNumber of a decimal', { $isNumber: '$dec' }, true],
    ['$toString of a long above 2^53', { $toString: '$lbig' }, '9007199254740993'],
    ['$toString of a decimal keeps its digits', { $toString: '$dec' }, '2.50'],
    ['$toString of a date', { $toString: '$date' }, '1970-01-01T00:00:01.000Z'],
  ];

  test.each(cases)('%s', async (_name, expression, expected) => {
    expect(canonical(await evaluate(expression))).toBe(canonical(expected));
  });

  test.each([
    ['$divide by zero', { $divide: ['$i2', 0] }, 16608],
    ['$mod by zero', { $mod: ['$i2', 0] }, 16610],
    ['$toInt past int32', { $toInt: '$lmax' }, 241],
    ['$toInt of a string that is no integer', { $toInt: '$s' }, 241],
    ['$toLong of NaN', { $toLong: Number.NaN }, 241],
    ['$abs of the smallest long', { $abs: '$lmin' }, 28680],
    ['$add of two dates', { $add: ['$date', '$date'] }, 16612],
  ])('%s is an error', async (_name, expression, code) => {
    expect((await evaluationError(expression)).code).toBe(code);
  });

  test('$add of a string is an error', async () => {
    expect(await evaluationError({ $add: ['$i2', '$s'] })).toBeInstanceOf(MongoServerError);
  });
});

describe('accumulators', () => {
  let groups: Collection<AnyDocument>;

  beforeAll(async () => {
    groups = db.collection<AnyDocument>('groups');
    await groups.insertMany([
      { _id: 1, key: int(1), i: int(2147483647), d: double(0.1), l: long('9007199254740993'), dec: decimal('0.1') },
      { _id: 2, key: long(1), i: int(1), d: double(0.2), l: long(1), dec: decimal('0.2') },
      { _id: 3, key: double(1), i: int(2), d: double(0.3), l: long(1), dec: decimal('0.30') },
    ]);
  });

  async function group(accumulators: Document): Promise<Document> {
    const results = await groups.aggregate([{ $group: { _id: '$key', ...accumulators } }], STRICT).toArray();
    // Int32 1, Long 1 and Double 1.0 are one key, as on mongod.
    expect(results).toHaveLength(1);
    return results[0];
  }

  test('$sum of ints past int32 is a long', async () => {
    expect(canonical((await group({ r: { $sum: '$i' } })).r)).toBe(canonical(long(2147483650)));
  });

  test('$sum counts as an int', async () => {
    expect(canonical((await group({ r: { $sum: 1 } })).r)).toBe(canonical(int(3)));
  });

  test('$sum of doubles is the correctly rounded sum, as mongod sums', async () => {
    expect(canonical((await group({ r: { $sum: '$d' } })).r)).toBe(canonical(double(0.6)));
  });

  test('$sum of longs above 2^53 stays exact', async () => {
    expect(canonical((await group({ r: { $sum: '$l' } })).r)).toBe(canonical(long('9007199254740995')));
  });

  test('$sum of decimals is an exact decimal', async () => {
    expect(canonical((await group({ r: { $sum: '$dec' } })).r)).toBe(canonical(decimal('0.60')));
  });

  test('$avg of ints is a double, of decimals a decimal', async () => {
    const result = await group({ a: { $avg: '$i' }, b: { $avg: '$dec' } });
    expect(canonical(result.a)).toBe(canonical(double(715827883.3333334)));
    expect(canonical(result.b)).toBe(canonical(decimal('0.20')));
  });

  test('$min and $max keep the type of the value', async () => {
    const result = await group({ min: { $min: '$l' }, max: { $max: '$l' }, first: { $first: '$key' } });
    expect(canonical(result.min)).toBe(canonical(long(1)));
    expect(canonical(result.max)).toBe(canonical(long('9007199254740993')));
    expect(canonical(result.first)).toBe(canonical(int(1)));
  });

  test('$addToSet takes Int32 1, Long 1 and Double 1.0 as one value', async () => {
    const result = await group({ keys: { $addToSet: '$key' }, n: { $sum: '$i' } });
    expect(canonical(result.keys)).toBe(canonical([int(1)]));
  });

  test('$unwind then $group, and $facet, keep the types', async () => {
    const [unwound] = await values
      .aggregate(
        [{ $unwind: '$list' }, { $group: { _id: null, total: { $sum: '$list' }, top: { $max: '$list' } } }],
        STRICT,
      )
      .toArray();
    expect(canonical(unwound)).toBe(canonical({ _id: null, total: double(6), top: double(3) }));
    const [faceted] = await values
      .aggregate(
        [{ $facet: { sums: [{ $group: { _id: null, l: { $sum: '$l5' } } }], count: [{ $count: 'n' }] } }],
        STRICT,
      )
      .toArray();
    expect(canonical(faceted)).toBe(canonical({ sums: [{ _id: null, l: long(5) }], count: [{ n: int(1) }] }));
  });

  test('$sort orders numbers of every type together', async () => {
    const docs = await groups.aggregate([{ $sort: { l: -1, _id: 1 } }, { $project: { l: 1 } }], STRICT).toArray();
    expect(docs.map((doc) => canonical(doc._id))).toEqual([int(1), int(2), int(3)].map(canonical));
  });
});

describe('other ways of computing', () => {
  test('a pipeline update computes with the same types', async () => {
    const collection = db.collection<AnyDocument>('pipelineUpdate');
    await collection.insertOne({ _id: 1, l: long('9007199254740993'), d: double(2.5) });
    await collection.updateOne({ _id: 1 }, [{ $set: { l: { $add: ['$l', 1] }, d: { $multiply: ['$d', 2] } } }]);
    const doc = await collection.findOne({ _id: 1 }, STRICT);
    expect(canonical(doc)).toBe(canonical({ _id: int(1), l: long('9007199254740994'), d: double(5) }));
  });

  test('a find projection computes with the same types', async () => {
    const doc = await values.findOne({ _id: 1 }, { ...STRICT, projection: { _id: 0, r: { $add: ['$d2', 1] } } });
    expect(canonical(doc)).toBe(canonical({ r: double(3) }));
  });

  test('a filter computes $expr with the same types, and let variables in theirs', async () => {
    const found = await values.countDocuments({ $expr: { $eq: [{ $add: ['$lbig', 1] }, long('9007199254740994')] } });
    expect(found).toBe(1);
    const missed = await values.countDocuments({ $expr: { $eq: [{ $add: ['$lbig', 1] }, long('9007199254740993')] } });
    expect(missed).toBe(0);
    const withLet = await values.find({ $expr: { $eq: ['$l5', '$$five'] } }, { let: { five: long(5) } }).toArray();
    expect(withLet).toHaveLength(1);
    // A variable given as an expression is computed in its types too: 2^53 + 1 as a Long, plus 1, is exact.
    const computed = await values
      .find({ $expr: { $eq: ['$lbig', '$$next'] } }, { let: { next: { $add: [long('9007199254740992'), int(1)] } } })
      .toArray();
    expect(computed).toHaveLength(1);
    // With an operator only mingo has, the variables are plain numbers as the documents are.
    const plain = await values
      .find(
        { $expr: { $and: [{ $eq: ['$l5', '$$five'] }, { $eq: [{ $strLenCP: '$s' }, 1] }] } },
        { let: { five: long(5) } },
      )
      .toArray();
    expect(plain).toHaveLength(1);
  });

  test('a $group key of a computed number', async () => {
    const [doc] = await values
      .aggregate([{ $group: { _id: { $multiply: ['$d25', 2] }, n: { $sum: 1 } } }], STRICT)
      .toArray();
    expect(canonical(doc)).toBe(canonical({ _id: double(5), n: int(1) }));
  });
});

describe('what the embedded server refuses rather than answer differently', () => {
  const refusals: [string, Document[]][] = [
    ['a Decimal128 added to a double', [{ $project: { r: { $add: ['$dec', '$d25'] } } }]],
    ['$mod of a Decimal128', [{ $project: { r: { $mod: ['$dec', 2] } } }]],
    ['$round of a Decimal128', [{ $project: { r: { $round: ['$dec', 1] } } }]],
    ['$multiply past int64 (mongod 7.0 wraps it around)', [{ $project: { r: { $multiply: ['$lmax', 2] } } }]],
    ['$sum of decimals and doubles', [{ $project: { r: { $sum: ['$dec', '$d25'] } } }]],
    ['$stdDevPop, which computes on plain numbers here', [{ $group: { _id: null, r: { $stdDevPop: '$i2' } } }]],
    ['a computation beside $substrCP', [{ $project: { a: { $add: ['$i2', 1] }, b: { $substrCP: ['$s', 0, 1] } } }]],
    ['$toString of a double', [{ $project: { r: { $toString: '$d25' } } }]],
    ['$convert to a string', [{ $project: { r: { $convert: { input: '$i2', to: 'string' } } } }]],
    // A stage only mingo runs, over documents holding a Long, a Decimal128 or an integral Double: a value it copies
    // under another name, or from another document, would come back an Int32 or a Double.
    ['$unionWith of documents holding a Long', [{ $unionWith: 'values' }]],
  ];

  test.each(refusals)('%s answers CommandNotSupported', async (_name, pipeline) => {
    if (externalUri) return; // mongod computes these; only the embedded server refuses them.
    await expect(values.aggregate(pipeline).toArray()).rejects.toMatchObject({ code: 115 });
  });

  test('$lookup over documents of Int32s and fractional doubles runs, every value in its type', async () => {
    const plain = db.collection<AnyDocument>('plainValues');
    await plain.insertMany([
      { _id: 1, i: int(7), d: double(2.5), s: 'a' },
      { _id: 2, i: int(8), d: double(0.5), s: 'b' },
    ]);
    const joined = await plain
      .aggregate(
        [
          { $match: { _id: 1 } },
          { $lookup: { from: 'plainValues', localField: 'i', foreignField: 'i', as: 'same' } },
          { $project: { copy: '$i', same: 1 } },
        ],
        STRICT,
      )
      .toArray();
    expect(joined).toHaveLength(1);
    expect(canonical(joined[0].same)).toBe(canonical([{ _id: int(1), i: int(7), d: double(2.5), s: 'a' }]));
    expect(canonical(joined[0].copy)).toBe(canonical(int(7)));
    // Once a looked-up document holds a Long: the $lookup from a collection (lookup.ts) keeps it, the general path
    // (from a view) refuses rather than retype it.
    await plain.insertOne({ _id: 3, i: int(7), l: long(5) });
    const lookup = { $lookup: { from: 'plainValues', localField: 'i', foreignField: 'i', as: 'same' } };
    const [withLong] = await plain.aggregate([{ $match: { _id: 1 } }, lookup], STRICT).toArray();
    expect(canonical(withLong.same[1])).toBe(canonical({ _id: int(3), i: int(7), l: long(5) }));
    if (externalUri) return;
    await db.createCollection('plainValuesView', { viewOn: 'plainValues', pipeline: [] });
    const fromView = { $lookup: { ...lookup.$lookup, from: 'plainValuesView' } };
    await expect(plain.aggregate([{ $match: { _id: 1 } }, fromView]).toArray()).rejects.toMatchObject({ code: 115 });
  });
});
