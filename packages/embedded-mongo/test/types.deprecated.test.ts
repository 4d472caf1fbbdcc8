/**
 * Issue #24 item 1, the deprecated BSON types: a Symbol (14), an Undefined (6) and a DBPointer (12) are stored
 * and read back as themselves, byte for byte, at the top level, in embedded documents and in arrays, beside
 * MinKey, MaxKey, Code, Code with scope, Timestamp, a regex and binaries of several subtypes; an update of
 * another field, a pipeline and $type keep and see them as they are. The driver cannot write an Undefined or a
 * DBPointer (its bson has no way to), so the document is sent in an OP_MSG built here, and read back raw.
 */
import net from 'node:net';
import {
  Binary,
  BSON,
  BSONRegExp,
  BSONSymbol,
  Code,
  MaxKey,
  MinKey,
  MongoClient,
  ObjectId,
  Timestamp,
  type Collection,
  type Db,
  type Document,
} from 'mongodb';
import { EmbeddedMongo } from '@hit/embedded-mongo';
import { embeddedOnlyReason, startTarget, type Target } from './target';

const { deserialize, serialize } = BSON;

let target: Target;
let client: MongoClient;
let db: Db;

beforeAll(async () => {
  target = await startTarget('types_deprecated');
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
  _id: number;
  [field: string]: unknown;
}

/* ------------------------------------------------------------------ BSON by hand */

function cstring(text: string): Buffer {
  return Buffer.concat([Buffer.from(text, 'utf8'), Buffer.from([0])]);
}

function int32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeInt32LE(value);
  return bytes;
}

/** One element: type byte, name, value bytes. */
function element(type: number, name: string, value: Buffer = Buffer.alloc(0)): Buffer {
  return Buffer.concat([Buffer.from([type]), cstring(name), value]);
}

/** A document of elements. */
function documentOf(elements: Buffer[]): Buffer {
  const body = Buffer.concat([...elements, Buffer.from([0])]);
  return Buffer.concat([int32(body.length + 4), body]);
}

/** The elements bson writes for a document (for the types it can write). */
function elementsOf(doc: Document): Buffer {
  const bytes = Buffer.from(serialize(doc));
  return bytes.subarray(4, bytes.length - 1);
}

const symbol = (text: string) =>
  element(0x0e, 'symbol', Buffer.concat([int32(Buffer.byteLength(text) + 1), cstring(text)]));
const undefinedElement = (name: string) => element(0x06, name);
const POINTED = new ObjectId('0123456789abcdef01234567');
function dbPointer(name: string, namespace: string, oid: ObjectId): Buffer {
  return element(
    0x0c,
    name,
    Buffer.concat([int32(Buffer.byteLength(namespace) + 1), cstring(namespace), Buffer.from(oid.id)]),
  );
}

/** A document with every deprecated type, at the top level and nested, and the other rare types beside them. */
function rareTypes(id: number): Buffer {
  return documentOf([
    elementsOf({ _id: id }),
    symbol('sym'),
    undefinedElement('undef'),
    dbPointer('pointer', 'db.other', POINTED),
    element(0x03, 'nested', documentOf([undefinedElement('u'), dbPointer('p', 'x.y', POINTED)])),
    element(0x04, 'list', documentOf([undefinedElement('0'), elementsOf({ 1: 5 }), dbPointer('2', 'a.b', POINTED)])),
    elementsOf({
      minKey: new MinKey(),
      maxKey: new MaxKey(),
      code: new Code('function () { return 1; }'),
      codeWithScope: new Code('function () { return x; }', { x: 1 }),
      timestamp: new Timestamp({ t: 1700000000, i: 7 }),
      regex: new BSONRegExp('^a.c$', 'imsux'),
      uuid: new Binary(Buffer.from('0123456789abcdef0123456789abcdef', 'hex'), 4),
      md5: new Binary(Buffer.from('0123456789abcdef0123456789abcdef', 'hex'), 5),
      userDefined: new Binary(Buffer.from('cafe', 'hex'), 0x80),
      generic: new Binary(Buffer.from('00ff', 'hex'), 0),
    }),
  ]);
}

/* ------------------------------------------------------------------ a command sent as bytes */

let requestId = 1;

/** Where a hand-built command goes: the test's target by default. */
interface Destination {
  uri: string;
  dbName: string;
}

/** Sends one OP_MSG whose body is `body` (with $db added) and answers the reply's body. */
function rawCommand(body: Buffer[], to?: Destination): Promise<Document> {
  const { hostname, port } = new URL(to?.uri ?? target.uri);
  const command = documentOf([...body, elementsOf({ $db: to?.dbName ?? db.databaseName })]);
  const header = Buffer.alloc(16);
  header.writeInt32LE(16 + 4 + 1 + command.length, 0);
  header.writeInt32LE(requestId++, 4);
  header.writeInt32LE(2013, 12);
  const message = Buffer.concat([header, int32(0), Buffer.from([0]), command]);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(Number(port), hostname, () => socket.write(message));
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const reply = Buffer.concat(chunks);
      if (reply.length >= 4 && reply.length >= reply.readInt32LE(0)) {
        socket.end();
        resolve(deserialize(reply.subarray(21)));
      }
    });
  });
}

async function insertRaw(collection: string, doc: Buffer, to?: Destination): Promise<Document> {
  return rawCommand(
    [elementsOf({ insert: collection }), element(0x04, 'documents', documentOf([element(0x03, '0', doc)]))],
    to,
  );
}

async function readRaw(collection: Collection<AnyDocument>, id: number): Promise<Buffer> {
  const [doc] = await collection.find({ _id: id }, { raw: true }).toArray();
  return Buffer.from(doc as unknown as Uint8Array);
}

/* ------------------------------------------------------------------ the tests */

describe('deprecated BSON types', () => {
  let collection: Collection<AnyDocument>;

  beforeAll(async () => {
    collection = db.collection<AnyDocument>('rare');
    const reply = await insertRaw('rare', rareTypes(1));
    expect(reply).toMatchObject({ ok: 1, n: 1 });
  });

  test('read back byte for byte', async () => {
    expect((await readRaw(collection, 1)).equals(rareTypes(1))).toBe(true);
  });

  test('an update of another field keeps them', async () => {
    await insertRaw('rare', rareTypes(2));
    const result = await collection.updateOne({ _id: 2 }, { $set: { touched: 1 } });
    expect(result.modifiedCount).toBe(1);
    const expected = rareTypes(2);
    const withTouched = documentOf([expected.subarray(4, expected.length - 1), elementsOf({ touched: 1 })]);
    expect((await readRaw(collection, 2)).equals(withTouched)).toBe(true);
  });

  test('findAndModify answers them as stored and keeps them', async () => {
    await insertRaw('rare', rareTypes(3));
    const reply = await rawCommand([
      elementsOf({ findAndModify: 'rare', query: { _id: 3 }, update: { $set: { n: 1 } } }),
    ]);
    expect(reply.ok).toBe(1);
    // bson reads an Undefined as undefined (a null would stay null).
    expect(Object.prototype.hasOwnProperty.call(reply.value, 'undef')).toBe(true);
    expect(reply.value.undef).toBeUndefined();
    const expected = rareTypes(3);
    const withN = documentOf([expected.subarray(4, expected.length - 1), elementsOf({ n: 1 })]);
    expect((await readRaw(collection, 3)).equals(withN)).toBe(true);
  });

  test('pipelines pass them through, typed pipelines too', async () => {
    const [matched] = await collection.aggregate([{ $match: { _id: 1 } }], { raw: true }).toArray();
    expect(Buffer.from(matched as unknown as Uint8Array).equals(rareTypes(1))).toBe(true);
    const [computed] = await collection
      .aggregate([{ $match: { _id: 1 } }, { $addFields: { two: { $add: [1, 1] } } }], { raw: true })
      .toArray();
    const expected = rareTypes(1);
    const withTwo = documentOf([expected.subarray(4, expected.length - 1), elementsOf({ two: 2 })]);
    expect(Buffer.from(computed as unknown as Uint8Array).equals(withTwo)).toBe(true);
    const [types] = await collection
      .aggregate([
        { $match: { _id: 1 } },
        { $project: { _id: 0, s: { $type: '$symbol' }, u: { $type: '$undef' }, p: { $type: '$pointer' } } },
      ])
      .toArray();
    expect(types).toEqual({ s: 'symbol', u: 'undefined', p: 'dbPointer' });
  });

  test.each([
    ['symbol', 'symbol', 14],
    ['undef', 'undefined', 6],
    ['pointer', 'dbPointer', 12],
    ['nested.u', 'undefined', 6],
    ['nested.p', 'dbPointer', 12],
    ['list', 'undefined', 6],
    ['list', 'dbPointer', 12],
    ['minKey', 'minKey', -1],
    ['maxKey', 'maxKey', 127],
    ['code', 'javascript', 13],
    ['codeWithScope', 'javascriptWithScope', 15],
    ['timestamp', 'timestamp', 17],
    ['regex', 'regex', 11],
    ['uuid', 'binData', 5],
  ])('$type finds %s as %s (%d)', async (field, alias, code) => {
    expect(await collection.countDocuments({ _id: 1, [field]: { $type: alias } })).toBe(1);
    expect(await collection.countDocuments({ _id: 1, [field]: { $type: code } })).toBe(1);
  });

  test.each([
    ['symbol', 'string'],
    ['undef', 'null'],
    ['pointer', 'object'],
  ])('$type does not take %s for a %s', async (field, alias) => {
    expect(await collection.countDocuments({ _id: 1, [field]: { $type: alias } })).toBe(0);
  });

  test('an equality to null does not match an Undefined (MongoDB 8.0): $eq, $in, $lte / $gte, $lookup', async () => {
    expect(await collection.countDocuments({ _id: 1, undef: null })).toBe(0);
    expect(await collection.countDocuments({ _id: 1, undef: { $eq: null } })).toBe(0);
    expect(await collection.countDocuments({ _id: 1, 'nested.u': { $in: [null] } })).toBe(0);
    expect(await collection.countDocuments({ _id: 1, undef: { $gte: null } })).toBe(0);
    // Nor an array holding one.
    expect(await collection.countDocuments({ _id: 1, list: null })).toBe(0);
    expect(await collection.countDocuments({ _id: 1, undef: { $ne: null } })).toBe(1);
    // A missing field still equals null.
    expect(await collection.countDocuments({ _id: 1, absent: null })).toBe(1);
    expect(await collection.countDocuments({ _id: 1, symbol: null })).toBe(0);
    // A null local field no longer finds a foreign Undefined.
    await db.collection<AnyDocument>('locals').insertOne({ _id: 1, key: null });
    const joined = await db
      .collection('locals')
      .aggregate([
        { $lookup: { from: 'rare', localField: 'key', foreignField: 'undef', as: 'found' } },
        { $project: { 'found._id': 1 } },
      ])
      .toArray();
    expect(joined).toEqual([{ _id: 1, found: [] }]);
  });

  test('a symbol written by the driver reads back as a symbol', async () => {
    const symbols = db.collection<AnyDocument>('symbols');
    await symbols.insertOne({ _id: 1, s: new BSONSymbol('abc') });
    const doc = await symbols.findOne({ _id: 1 }, { promoteValues: false });
    expect(doc?.s).toBeInstanceOf(BSONSymbol);
    expect(String(doc?.s)).toBe('abc');
    expect(await symbols.countDocuments({ s: { $type: 'symbol' } })).toBe(1);
    // A symbol is the string it holds to comparisons: equal to it in a filter, in $in, through an index.
    expect(await symbols.countDocuments({ s: 'abc' })).toBe(1);
    expect(await symbols.countDocuments({ s: { $in: ['x', 'abc'] } })).toBe(1);
    expect(await symbols.countDocuments({ s: { $gte: 'abc', $lt: 'abd' } })).toBe(1);
    await symbols.createIndex({ s: 1 });
    expect(await symbols.countDocuments({ s: 'abc' })).toBe(1);
    expect(await symbols.countDocuments({ s: 'ab' })).toBe(0);
  });
});

const describeEmbedded = embeddedOnlyReason ? describe.skip : describe;

describeEmbedded(
  `a server acting as MongoDB 7.0 (embedded server only${embeddedOnlyReason ? `; skipped: ${embeddedOnlyReason}` : ''})`,
  () => {
    let server: EmbeddedMongo;
    let client7: MongoClient;
    let db7: Db;

    beforeAll(async () => {
      server = await EmbeddedMongo.start({ mongoVersion: '7.0' });
      client7 = await MongoClient.connect(server.uri);
      db7 = client7.db('types_deprecated_7');
      expect(await insertRaw('rare', rareTypes(1), { uri: server.uri, dbName: db7.databaseName })).toMatchObject({
        ok: 1,
        n: 1,
      });
    });

    afterAll(async () => {
      await client7.close();
      await server.stop();
    });

    test('an equality to null matches an Undefined, as before MongoDB 8.0: $eq, $in, $lte / $gte, $lookup', async () => {
      const rare = db7.collection<AnyDocument>('rare');
      expect(await rare.countDocuments({ _id: 1, undef: null })).toBe(1);
      expect(await rare.countDocuments({ _id: 1, undef: { $eq: null } })).toBe(1);
      expect(await rare.countDocuments({ _id: 1, 'nested.u': { $in: [null] } })).toBe(1);
      expect(await rare.countDocuments({ _id: 1, undef: { $gte: null } })).toBe(1);
      // An array holding an Undefined too.
      expect(await rare.countDocuments({ _id: 1, list: null })).toBe(1);
      expect(await rare.countDocuments({ _id: 1, undef: { $ne: null } })).toBe(0);
      expect(await rare.countDocuments({ _id: 1, symbol: null })).toBe(0);
      await db7.collection<AnyDocument>('locals').insertOne({ _id: 1, key: null });
      const joined = await db7
        .collection('locals')
        .aggregate([
          { $lookup: { from: 'rare', localField: 'key', foreignField: 'undef', as: 'found' } },
          { $project: { 'found._id': 1 } },
        ])
        .toArray();
      expect(joined).toEqual([{ _id: 1, found: [{ _id: 1 }] }]);
    });
  },
);
