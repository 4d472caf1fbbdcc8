/**
 * Issue #24 item 1: every BSON type a client stores reads back as the same type, byte for byte, whichever way it
 * was written (insert in a document sequence or in the command body, replacement, $set, upsert with
 * $setOnInsert or from the query, findAndModify, aggregation output), and $type tells the types apart.
 * Documents are read raw (their bytes) or decoded without promotion, so an Int32 5, a Long 5 and a Double 5.0
 * stay distinguishable.
 */
import {
  Binary,
  BSON,
  BSONRegExp,
  Code,
  Decimal128,
  Double,
  Int32,
  Long,
  MaxKey,
  MinKey,
  MongoClient,
  ObjectId,
  Timestamp,
  UUID,
  type Collection,
  type Db,
  type Document,
} from 'mongodb';
import { startTarget, type Target } from './target';

const { deserialize, serialize, EJSON } = BSON;

let target: Target;
let client: MongoClient;
let db: Db;

beforeAll(async () => {
  target = await startTarget('types');
  client = new MongoClient(target.uri);
  await client.connect();
  db = client.db(target.dbName);
});

afterAll(async () => {
  await db.dropDatabase();
  await client.close();
  await target.stop();
});

/** Test documents: any _id, any fields. */
interface AnyDocument {
  _id: number | string;
  [field: string]: unknown;
}

function collectionOf(name: string): Collection<AnyDocument> {
  return db.collection<AnyDocument>(name);
}

/** Decoding that keeps every type as it is on the wire. */
const STRICT = { promoteValues: false, promoteLongs: false, promoteBuffers: false, bsonRegExp: true } as const;

/** Canonical extended JSON: tells $numberInt, $numberLong, $numberDouble and $numberDecimal apart. */
function canonical(value: unknown): string {
  return EJSON.stringify(value as Document, { relaxed: false });
}

/** One field of every type, several values where the type has edges. */
function everyType(): Document {
  return {
    int: new Int32(5),
    intMin: new Int32(-2147483648),
    long: Long.fromNumber(5),
    longAbove2To53: Long.fromString('9007199254740993'),
    longMax: Long.MAX_VALUE,
    longMin: Long.MIN_VALUE,
    double: new Double(2),
    doubleFraction: new Double(2.5),
    doubleNegativeZero: new Double(-0),
    doubleNaN: new Double(NaN),
    doubleInfinity: new Double(Infinity),
    doubleMinusInfinity: new Double(-Infinity),
    doubleLarge: new Double(2 ** 40),
    decimal: Decimal128.fromString('2.50'),
    decimalExponent: Decimal128.fromString('1.20E+10'),
    decimalNegativeZero: Decimal128.fromString('-0.00'),
    decimalNaN: Decimal128.fromString('NaN'),
    decimalMinusInfinity: Decimal128.fromString('-Infinity'),
    decimalTiny: Decimal128.fromString('1E-6176'),
    string: 'héllo 𝄞',
    emptyString: '',
    binary: new Binary(Buffer.from([1, 2, 3]), 0),
    binaryFunction: new Binary(Buffer.from([4, 5]), 1),
    binaryOld: new Binary(Buffer.from([6, 7, 8]), 2),
    uuidOld: new Binary(Buffer.alloc(16, 3), 3),
    uuid: new UUID('0e3e6a2c-6f4b-4a39-9b4c-5a2f9f6f0d11'),
    md5: new Binary(Buffer.alloc(16, 5), 5),
    userDefined: new Binary(Buffer.from('user'), 0x80),
    objectId: new ObjectId('65a1b2c3d4e5f60718293a4b'),
    yes: true,
    no: false,
    date: new Date('2024-02-29T12:34:56.789Z'),
    dateBefore1970: new Date('1969-07-20T20:17:40Z'),
    nothing: null,
    regex: new BSONRegExp('^a b # comment', 'imsux'),
    timestamp: new Timestamp({ t: 1_700_000_000, i: 7 }),
    minKey: new MinKey(),
    maxKey: new MaxKey(),
    code: new Code('function () { return 1; }'),
    nested: {
      int: new Int32(1),
      double: new Double(1),
      long: Long.fromNumber(1),
      decimal: Decimal128.fromString('1.0'),
      deeper: { values: [new Double(3), new Int32(3), Long.fromNumber(3)] },
    },
    array: [
      new Int32(1),
      new Double(1),
      Long.fromNumber(1),
      Decimal128.fromString('1'),
      'x',
      null,
      [new Double(0), new Double(-0)],
      { d: new Double(4) },
    ],
  };
}

/** The same fields in the order mongod's update operators create them: by name. */
function sortedFields(doc: Document): Document {
  const out: Document = {};
  for (const key of Object.keys(doc).sort()) out[key] = doc[key];
  return out;
}

async function rawDocument(collection: Collection<AnyDocument>, id: number | string): Promise<Buffer> {
  const [raw] = await collection.find({ _id: id }, { raw: true }).toArray();
  expect(raw).toBeDefined();
  return Buffer.from(raw as unknown as Uint8Array);
}

/** The stored document is exactly `expected`: same fields, order, types and bytes. */
async function expectStored(collection: Collection<AnyDocument>, expected: Document): Promise<void> {
  const raw = await rawDocument(collection, expected._id as number);
  expect(canonical(deserialize(raw, STRICT))).toBe(canonical(expected));
  expect(raw.equals(Buffer.from(serialize(expected)))).toBe(true);
}

describe('every type is stored as sent', () => {
  test('insertOne (a document sequence) stores every type as it is', async () => {
    const collection = collectionOf('insertOne');
    const doc: AnyDocument = { _id: 1, ...everyType() };
    await collection.insertOne(doc);
    await expectStored(collection, doc);
  });

  test('an insert command with its documents in the body stores every type as it is', async () => {
    const doc = { _id: 2, ...everyType() };
    await db.command({ insert: 'inBody', documents: [doc] });
    await expectStored(collectionOf('inBody'), doc);
  });

  test('insertMany stores each document as it is', async () => {
    const collection = collectionOf('insertMany');
    const docs = [
      { _id: 1, ...everyType() },
      { _id: 2, only: new Double(7) },
      { _id: 3, only: Long.fromNumber(7) },
    ];
    await collection.insertMany(docs);
    for (const doc of docs) await expectStored(collection, doc);
  });

  test('a replacement stores every type as it is', async () => {
    const collection = collectionOf('replace');
    await collection.insertOne({ _id: 1, before: 1 });
    const result = await collection.replaceOne({ _id: 1 }, everyType());
    expect(result.modifiedCount).toBe(1);
    await expectStored(collection, { _id: 1, ...everyType() });
  });

  test('$set of each value stores it with its type, new fields by name', async () => {
    const collection = collectionOf('set');
    await collection.insertOne({ _id: 1 });
    const result = await collection.updateOne({ _id: 1 }, { $set: everyType() });
    expect(result.modifiedCount).toBe(1);
    await expectStored(collection, { _id: 1, ...sortedFields(everyType()) });
  });

  test('an upsert stores the $setOnInsert values and the query equalities with their types', async () => {
    const collection = collectionOf('upsert');
    await collection.updateOne({ _id: 1 }, { $setOnInsert: everyType() }, { upsert: true });
    await expectStored(collection, { _id: 1, ...sortedFields(everyType()) });

    // The query's equalities are added in order of their names, then the update's fields.
    const query = { _id: 2, long: Long.fromNumber(5), double: new Double(2), decimal: Decimal128.fromString('2.50') };
    await collection.updateOne(query, { $set: { int: new Int32(1) } }, { upsert: true });
    await expectStored(collection, {
      _id: 2,
      decimal: query.decimal,
      double: query.double,
      long: query.long,
      int: new Int32(1),
    });
  });

  test('findAndModify returns and stores the values with their types', async () => {
    const collection = collectionOf('findAndModify');
    await collection.insertOne({ _id: 1 });
    const reply = await db.command(
      { findAndModify: 'findAndModify', query: { _id: 1 }, update: { $set: everyType() }, new: true },
      STRICT,
    );
    const expected = { _id: new Int32(1), ...sortedFields(everyType()) };
    expect(canonical(reply.value)).toBe(canonical(expected));
    await expectStored(collection, { _id: 1, ...sortedFields(everyType()) });

    const upserted = await db.command(
      {
        findAndModify: 'findAndModify',
        query: { _id: 2 },
        update: { $setOnInsert: everyType() },
        upsert: true,
        new: true,
      },
      STRICT,
    );
    expect(canonical(upserted.value)).toBe(canonical({ _id: new Int32(2), ...sortedFields(everyType()) }));
  });

  test('aggregation returns the stored types through $match, $sort, $project and $unwind', async () => {
    const collection = collectionOf('aggregate');
    const doc: AnyDocument = { _id: 1, ...everyType() };
    await collection.insertOne(doc);
    const [matched] = await collection.aggregate([{ $match: { _id: 1 } }], { raw: true }).toArray();
    expect(Buffer.from(matched as unknown as Uint8Array).equals(Buffer.from(serialize(doc)))).toBe(true);

    const projected = await collection
      .aggregate([{ $sort: { _id: 1 } }, { $project: { double: 1, long: 1, decimal: 1, int: 1, nested: 1 } }], STRICT)
      .toArray();
    expect(canonical(projected)).toBe(
      canonical([
        {
          _id: new Int32(1),
          int: doc.int,
          long: doc.long,
          double: doc.double,
          decimal: doc.decimal,
          nested: doc.nested,
        },
      ]),
    );

    const unwound = await collection
      .aggregate(
        [{ $match: { _id: 1 } }, { $unwind: '$nested.deeper.values' }, { $project: { v: '$nested.deeper.values' } }],
        STRICT,
      )
      .toArray();
    expect(unwound).toHaveLength(3);
  });
});

test('a regex _id is refused however the document arrives', async () => {
  const bodyInsert = await db.command({ insert: 'regexId', documents: [{ _id: new BSONRegExp('a', 'i') }] });
  expect(bodyInsert.writeErrors?.[0]?.code).toBe(53);
  await expect(collectionOf('regexId').insertOne({ _id: new BSONRegExp('a', 'i') } as never)).rejects.toMatchObject({
    code: 53,
  });
});

describe('$type', () => {
  let collection: Collection<AnyDocument>;
  beforeAll(async () => {
    collection = collectionOf('type');
    const values = everyType();
    await collection.insertMany(Object.entries(values).map(([name, value]) => ({ _id: name as never, value })));
  });

  async function idsOfType(type: unknown): Promise<string[]> {
    const docs = await collection.find({ value: { $type: type as never } }).toArray();
    return docs.map((doc) => doc._id as unknown as string).sort();
  }

  test.each([
    ['int', 16, ['array', 'int', 'intMin']],
    ['long', 18, ['array', 'long', 'longAbove2To53', 'longMax', 'longMin']],
    [
      'double',
      1,
      [
        'array',
        'double',
        'doubleFraction',
        'doubleInfinity',
        'doubleLarge',
        'doubleMinusInfinity',
        'doubleNaN',
        'doubleNegativeZero',
      ],
    ],
    [
      'decimal',
      19,
      [
        'array',
        'decimal',
        'decimalExponent',
        'decimalMinusInfinity',
        'decimalNaN',
        'decimalNegativeZero',
        'decimalTiny',
      ],
    ],
    ['string', 2, ['array', 'emptyString', 'string']],
    ['binData', 5, ['binary', 'binaryFunction', 'binaryOld', 'md5', 'userDefined', 'uuid', 'uuidOld']],
    ['objectId', 7, ['objectId']],
    ['bool', 8, ['no', 'yes']],
    ['date', 9, ['date', 'dateBefore1970']],
    ['null', 10, ['array', 'nothing']],
    ['regex', 11, ['regex']],
    ['javascript', 13, ['code']],
    ['timestamp', 17, ['timestamp']],
    ['minKey', -1, ['minKey']],
    ['maxKey', 127, ['maxKey']],
    ['object', 3, ['array', 'nested']],
    ['array', 4, ['array']],
  ])('$type %s (and %d) matches exactly its type', async (alias, code, ids) => {
    expect(await idsOfType(alias)).toEqual(ids);
    expect(await idsOfType(code)).toEqual(ids);
    // A numeric code may come as any numeric type.
    expect(await idsOfType(new Double(code as number))).toEqual(ids);
    expect(await idsOfType(Long.fromNumber(code as number))).toEqual(ids);
  });

  test("$type 'number' matches int, long, double and decimal, and a list of types matches any of them", async () => {
    const numbers = await idsOfType('number');
    expect(numbers).toEqual(
      ['array', ...Object.keys(everyType()).filter((name) => /^(int|long|double|decimal)/.test(name))].sort(),
    );
    expect(await idsOfType(['int', 'long'])).toEqual([
      'array',
      'int',
      'intMin',
      'long',
      'longAbove2To53',
      'longMax',
      'longMin',
    ]);
  });

  test('an unknown alias or code is refused', async () => {
    await expect(idsOfType('integer')).rejects.toMatchObject({ code: 2 });
    await expect(idsOfType(100)).rejects.toMatchObject({ code: 2 });
  });

  test('a number keeps its type through an update that leaves it alone', async () => {
    const other = collectionOf('typeAfterUpdate');
    await other.insertOne({ _id: 1, d: new Double(2), l: Long.fromNumber(3), n: 0 });
    await other.updateOne({ _id: 1 }, { $inc: { n: 1 } } as never);
    expect(await other.countDocuments({ d: { $type: 'double' }, l: { $type: 'long' }, n: { $type: 'int' } })).toBe(1);
  });
});
