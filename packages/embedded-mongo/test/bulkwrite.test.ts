/**
 * The bulkWrite command (MongoDB 8.0): inserts, updates and deletes on several namespaces in one command, through
 * the driver's MongoClient.bulkWrite() (ops and nsInfo as document sequences) and as db.admin().command() with arrays
 * in the body. Each op runs as the statement of the insert, update or delete command would; the results come back in
 * a cursor on admin.$cmd.bulkWrite. Against a real MongoDB, it must be 8.0 or later.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  MongoClient,
  MongoClientBulkWriteError,
  MongoServerError,
  ObjectId,
  type AnyClientBulkWriteModel,
  type Db,
  type Document,
} from 'mongodb';
import { EmbeddedMongo } from '@hit/embedded-mongo';
import { embeddedOnlyReason, startTarget, type Target } from './target';

let target: Target;
let client: MongoClient;
let db: Db;
let other: Db;

beforeAll(async () => {
  target = await startTarget('bulkwrite');
  client = new MongoClient(target.uri);
  await client.connect();
  db = client.db(target.dbName);
  // A second database: one command writes to both.
  other = client.db(`${target.dbName}_other`);
});

afterAll(async () => {
  await db.dropDatabase();
  await other.dropDatabase();
  await client.close();
  await target.stop();
});

/** Documents of any shape, with the _id types the tests use. */
interface AnyDocument extends Document {
  _id: number | string | ObjectId;
}

/** Every namespace holds such documents. */
type Schemas = Record<string, AnyDocument>;

/** A write model without its namespace (each kind of model on its own, as the union is). */
type Model =
  AnyClientBulkWriteModel<AnyDocument> extends infer M ? (M extends unknown ? Omit<M, 'namespace'> : never) : never;

/** A model for MongoClient.bulkWrite on a collection of the test database. */
function on(collection: string, model: Model): AnyClientBulkWriteModel<AnyDocument> {
  return { ...model, namespace: `${db.databaseName}.${collection}` } as AnyClientBulkWriteModel<AnyDocument>;
}

async function bulkWriteFailure(promise: Promise<unknown>): Promise<MongoClientBulkWriteError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MongoClientBulkWriteError) return error;
    throw error;
  }
  throw new Error('the bulk write succeeded');
}

async function commandFailure(promise: Promise<unknown>): Promise<MongoServerError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MongoServerError) return error;
    throw error;
  }
  throw new Error('the command succeeded');
}

const admin = () => client.db('admin');

describe('MongoClient.bulkWrite', () => {
  test('inserts, updates and deletes across namespaces and databases in one command, with verbose results', async () => {
    await db.collection('sets').insertMany([
      { _id: 1, reps: 8 },
      { _id: 2, reps: 10 },
      { _id: 3, reps: 12 },
    ] as Document[]);
    await db.collection('days').insertOne({ _id: 'mon', done: false } as Document);
    const result = await client.bulkWrite<Schemas>(
      [
        on('sets', { name: 'insertOne', document: { _id: 4, reps: 6 } }),
        on('days', { name: 'updateOne', filter: { _id: 'mon' }, update: { $set: { done: true } } }),
        on('sets', { name: 'updateMany', filter: { reps: { $gte: 10 } }, update: { $inc: { reps: 1 } } }),
        { namespace: `${other.databaseName}.log`, name: 'insertOne', document: { _id: 'entry', at: 1 } },
        on('sets', { name: 'deleteOne', filter: { _id: 1 } }),
        on('days', { name: 'replaceOne', filter: { _id: 'tue' }, replacement: { done: false }, upsert: true }),
        on('sets', { name: 'deleteMany', filter: { reps: { $lt: 7 } } }),
        on('days', { name: 'updateOne', filter: { _id: 'mon' }, update: { $set: { done: true } } }),
      ],
      { verboseResults: true },
    );
    expect(result).toMatchObject({
      acknowledged: true,
      insertedCount: 2,
      matchedCount: 4,
      modifiedCount: 3,
      upsertedCount: 1,
      deletedCount: 2,
    });
    expect([...result.insertResults!]).toEqual([
      [0, { insertedId: 4 }],
      [3, { insertedId: 'entry' }],
    ]);
    expect([...result.updateResults!]).toEqual([
      [1, { matchedCount: 1, modifiedCount: 1, didUpsert: false }],
      [2, { matchedCount: 2, modifiedCount: 2, didUpsert: false }],
      [5, { matchedCount: 1, modifiedCount: 0, didUpsert: true, upsertedId: 'tue' }],
      [7, { matchedCount: 1, modifiedCount: 0, didUpsert: false }],
    ]);
    expect([...result.deleteResults!]).toEqual([
      [4, { deletedCount: 1 }],
      [6, { deletedCount: 1 }],
    ]);
    expect(await db.collection('sets').find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 2, reps: 11 },
      { _id: 3, reps: 13 },
    ]);
    expect(await db.collection('days').find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 'mon', done: true },
      { _id: 'tue', done: false },
    ]);
    expect(await other.collection('log').findOne()).toEqual({ _id: 'entry', at: 1 });
  });

  test('without verboseResults only the summary comes back', async () => {
    const result = await client.bulkWrite<Schemas>([
      on('summary', { name: 'insertOne', document: { _id: 1 } }),
      on('summary', { name: 'updateOne', filter: { _id: 1 }, update: { $set: { a: 1 } } }),
    ]);
    expect(result).toEqual({
      acknowledged: true,
      insertedCount: 1,
      upsertedCount: 0,
      matchedCount: 1,
      modifiedCount: 1,
      deletedCount: 0,
      insertResults: undefined,
      updateResults: undefined,
      deleteResults: undefined,
    });
  });

  test('ordered (the default): stops at a duplicate key, with the writes before it in the partial result', async () => {
    await db.collection('ordered').insertOne({ _id: 'taken' } as Document);
    const error = await bulkWriteFailure(
      client.bulkWrite<Schemas>(
        [
          on('ordered', { name: 'insertOne', document: { _id: 'a' } }),
          on('ordered', { name: 'updateOne', filter: { _id: 'taken' }, update: { $set: { seen: true } } }),
          on('ordered', { name: 'insertOne', document: { _id: 'taken' } }),
          on('ordered', { name: 'insertOne', document: { _id: 'never' } }),
        ],
        { verboseResults: true },
      ),
    );
    expect([...error.writeErrors.keys()]).toEqual([2]);
    expect(error.writeErrors.get(2)).toEqual({
      code: 11000,
      message: `E11000 duplicate key error collection: ${db.databaseName}.ordered index: _id_ dup key: { _id: "taken" }`,
    });
    expect(error.partialResult).toMatchObject({ insertedCount: 1, matchedCount: 1, modifiedCount: 1 });
    expect([...error.partialResult!.insertResults!.keys()]).toEqual([0]);
    expect((await db.collection('ordered').find().toArray()).map((doc) => doc._id).sort()).toEqual(['a', 'taken']);
  });

  test('unordered: carries on after an error and reports each failed op by its index', async () => {
    await db.collection('unordered').createIndex({ email: 1 }, { unique: true });
    await db.collection('unordered').insertOne({ _id: 1, email: 'ada@example.com' } as Document);
    const error = await bulkWriteFailure(
      client.bulkWrite<Schemas>(
        [
          on('unordered', { name: 'insertOne', document: { _id: 2, email: 'ada@example.com' } }),
          on('unordered', { name: 'insertOne', document: { _id: 3, email: 'bob@example.com' } }),
          on('unordered', { name: 'updateOne', filter: { _id: 3 }, update: { $set: { email: 'ada@example.com' } } }),
          on('unordered', { name: 'deleteOne', filter: { _id: 1 } }),
        ],
        { ordered: false },
      ),
    );
    expect([...error.writeErrors.keys()]).toEqual([0, 2]);
    expect(error.writeErrors.get(0)?.code).toBe(11000);
    expect(error.writeErrors.get(2)?.message).toMatch(
      /^E11000 duplicate key error .* index: email_1 dup key: \{ email: "ada@example.com" \}$/,
    );
    expect(error.partialResult).toMatchObject({ insertedCount: 1, matchedCount: 0, modifiedCount: 0, deletedCount: 1 });
    expect(await db.collection('unordered').find().toArray()).toEqual([{ _id: 3, email: 'bob@example.com' }]);
  });

  test('upserts report the ids they inserted, generated ones too, seeded from the filter', async () => {
    const result = await client.bulkWrite<Schemas>(
      [
        on('upserts', { name: 'updateOne', filter: { day: 1 }, update: { $set: { reps: 8 } }, upsert: true }),
        on('upserts', { name: 'updateOne', filter: { _id: 'fixed' }, update: { $inc: { n: 1 } }, upsert: true }),
        on('upserts', { name: 'replaceOne', filter: { day: 2 }, replacement: { day: 2, reps: 9 }, upsert: true }),
        on('upserts', { name: 'updateMany', filter: { day: 3 }, update: { $set: { reps: 1 } }, upsert: true }),
      ],
      { verboseResults: true },
    );
    expect(result).toMatchObject({ upsertedCount: 4, matchedCount: 0, modifiedCount: 0 });
    const ids = [0, 1, 2, 3].map((i) => result.updateResults!.get(i)!.upsertedId);
    expect(ids[0]).toBeInstanceOf(ObjectId);
    expect(ids[1]).toBe('fixed');
    expect(await db.collection('upserts').findOne({ _id: ids[0] })).toEqual({ _id: ids[0], day: 1, reps: 8 });
    expect(await db.collection('upserts').findOne({ _id: ids[2] })).toEqual({ _id: ids[2], day: 2, reps: 9 });
    expect(await db.collection('upserts').findOne({ _id: ids[3] })).toEqual({ _id: ids[3], day: 3, reps: 1 });
  });

  test('let variables, a collation per op, arrayFilters and a hint', async () => {
    const people = db.collection('people');
    await people.insertMany([
      { _id: 1, name: 'Ada', sets: [{ reps: 8 }, { reps: 12 }] },
      { _id: 2, name: 'bob', sets: [{ reps: 5 }] },
      { _id: 3, name: 'Cy', sets: [] },
    ] as Document[]);
    await people.createIndex({ name: 1 }, { name: 'name_1' });
    const result = await client.bulkWrite<Schemas>(
      [
        on('people', {
          name: 'updateMany',
          filter: { $expr: { $eq: ['$name', '$$who'] } },
          update: { $set: { picked: true } },
        }),
        on('people', {
          name: 'updateOne',
          filter: { name: 'ADA' },
          update: { $set: { found: 'case-insensitive' } },
          collation: { locale: 'en', strength: 2 },
        }),
        on('people', {
          name: 'updateOne',
          filter: { _id: 1 },
          update: { $set: { 'sets.$[heavy].heavy': true } },
          arrayFilters: [{ 'heavy.reps': { $gte: 10 } }],
        }),
        on('people', { name: 'deleteOne', filter: { name: 'CY' }, collation: { locale: 'en', strength: 1 } }),
        on('people', { name: 'updateOne', filter: { name: 'bob' }, update: { $set: { hinted: 1 } }, hint: 'name_1' }),
      ],
      { verboseResults: true, let: { who: 'bob' } },
    );
    expect(result).toMatchObject({ matchedCount: 4, modifiedCount: 4, deletedCount: 1 });
    expect(await people.find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, name: 'Ada', sets: [{ reps: 8 }, { reps: 12, heavy: true }], found: 'case-insensitive' },
      { _id: 2, name: 'bob', sets: [{ reps: 5 }], picked: true, hinted: 1 },
    ]);
    // A hint that names no index fails its op only.
    const error = await bulkWriteFailure(
      client.bulkWrite<Schemas>([
        on('people', { name: 'updateOne', filter: {}, update: { $set: { x: 1 } }, hint: 'nope_1' }),
      ]),
    );
    expect(error.writeErrors.get(0)?.code).toBe(2);
  });

  test("updateOne's and replaceOne's sort pick which of the matching documents changes", async () => {
    const queue = db.collection('queue');
    await queue.insertMany([
      { _id: 1, priority: 2 },
      { _id: 2, priority: 9 },
      { _id: 3, priority: 5 },
    ] as Document[]);
    await client.bulkWrite<Schemas>([
      on('queue', { name: 'updateOne', filter: {}, update: { $set: { taken: 'first' } }, sort: { priority: -1 } }),
      on('queue', {
        name: 'replaceOne',
        filter: { taken: { $exists: false } },
        replacement: { priority: 0 },
        sort: { priority: 1 },
      }),
    ]);
    expect(await queue.find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, priority: 0 },
      { _id: 2, priority: 9, taken: 'first' },
      { _id: 3, priority: 5 },
    ]);
  });

  test('a view is refused op by op, as each statement refuses it', async () => {
    await db.createCollection('viewed');
    await db.createCollection('aView', { viewOn: 'viewed', pipeline: [] });
    const error = await bulkWriteFailure(
      client.bulkWrite<Schemas>(
        [
          on('aView', { name: 'insertOne', document: { _id: 1 } }),
          on('viewed', { name: 'insertOne', document: { _id: 1 } }),
        ],
        { ordered: false },
      ),
    );
    expect(error.writeErrors.get(0)).toEqual({
      code: 166,
      message: `Namespace ${db.databaseName}.aView is a view, not a collection`,
    });
    expect(error.partialResult?.insertedCount).toBe(1);
  });
});

describe('the bulkWrite command', () => {
  test('ops and nsInfo as arrays in the body: the reply and its cursor of results', async () => {
    await db.collection('pizzas').insertMany([
      { _id: 1, size: 'medium', price: 10 },
      { _id: 2, size: 'small', price: 6 },
    ] as Document[]);
    const reply = await admin().command({
      bulkWrite: 1,
      ops: [
        { insert: 0, document: { _id: 3, size: 'small', price: 7 } },
        { update: 0, filter: { size: 'medium' }, updateMods: { $set: { price: 15 } } },
        { update: 1, filter: { _id: 'x' }, updateMods: { $set: { n: 1 } }, upsert: true },
        { delete: 0, filter: { _id: 2 } },
        { insert: 0, document: { _id: 1 } },
      ],
      nsInfo: [{ ns: `${db.databaseName}.pizzas` }, { ns: `${other.databaseName}.orders` }],
      ordered: false,
    });
    expect(reply).toEqual({
      cursor: {
        id: 0,
        firstBatch: [
          { ok: 1, idx: 0, n: 1 },
          { ok: 1, idx: 1, n: 1, nModified: 1 },
          { ok: 1, idx: 2, n: 1, nModified: 0, upserted: { _id: 'x' } },
          { ok: 1, idx: 3, n: 1 },
          {
            ok: 0,
            idx: 4,
            code: 11000,
            errmsg: `E11000 duplicate key error collection: ${db.databaseName}.pizzas index: _id_ dup key: { _id: 1 }`,
            keyPattern: { _id: 1 },
            keyValue: { _id: 1 },
            n: 0,
          },
        ],
        ns: 'admin.$cmd.bulkWrite',
      },
      nErrors: 1,
      nInserted: 1,
      nMatched: 1,
      nModified: 1,
      nUpserted: 1,
      nDeleted: 1,
      ok: 1,
    });
  });

  test('errorsOnly: the cursor holds the failed ops only; an update that fails reports nModified 0', async () => {
    await db.collection('errorsOnly').insertOne({ _id: 1, n: 'text' } as Document);
    const reply = await admin().command({
      bulkWrite: 1,
      ops: [
        { insert: 0, document: { _id: 2 } },
        { update: 0, filter: { _id: 1 }, updateMods: { $inc: { n: 1 } } },
        { delete: 0, filter: { _id: 2 } },
      ],
      nsInfo: [{ ns: `${db.databaseName}.errorsOnly` }],
      errorsOnly: true,
      ordered: false,
    });
    expect(reply.cursor.firstBatch).toEqual([
      {
        ok: 0,
        idx: 1,
        code: 14,
        errmsg:
          "Cannot apply $inc to a value of non-numeric type. {_id: 1} has the field 'n' of non-numeric type string",
        n: 0,
        nModified: 0,
      },
    ]);
    expect(reply).toMatchObject({ nErrors: 1, nInserted: 1, nDeleted: 1, nMatched: 0, nModified: 0 });
    const clean = await admin().command({
      bulkWrite: 1,
      ops: [{ insert: 0, document: { _id: 3 } }],
      nsInfo: [{ ns: `${db.databaseName}.errorsOnly` }],
      errorsOnly: true,
    });
    expect(clean.cursor).toEqual({ id: 0, firstBatch: [], ns: 'admin.$cmd.bulkWrite' });
  });

  test('cursor.batchSize: the rest of the results through getMore on admin.$cmd.bulkWrite', async () => {
    const reply = await admin().command({
      bulkWrite: 1,
      ops: [1, 2, 3, 4, 5].map((i) => ({ insert: 0, document: { _id: i } })),
      nsInfo: [{ ns: `${db.databaseName}.batched` }],
      cursor: { batchSize: 2 },
    });
    expect(reply.cursor.firstBatch.map((result: Document) => result.idx)).toEqual([0, 1]);
    expect(reply.cursor.id).not.toBe(0);
    const more = await admin().command({ getMore: reply.cursor.id, collection: '$cmd.bulkWrite', batchSize: 2 });
    expect(more.cursor.nextBatch).toEqual([
      { ok: 1, idx: 2, n: 1 },
      { ok: 1, idx: 3, n: 1 },
    ]);
    const rest = await admin().command({ getMore: reply.cursor.id, collection: '$cmd.bulkWrite' });
    expect(rest.cursor).toMatchObject({ id: 0, nextBatch: [{ ok: 1, idx: 4, n: 1 }] });
  });

  test('an update with sort and multi fails that op (FailedToParse); the update command refuses the whole command', async () => {
    const reply = await admin().command({
      bulkWrite: 1,
      ops: [{ update: 0, filter: {}, updateMods: { $set: { a: 1 } }, multi: true, sort: { a: 1 } }],
      nsInfo: [{ ns: `${db.databaseName}.sortMulti` }],
    });
    expect(reply.cursor.firstBatch).toEqual([
      { ok: 0, idx: 0, code: 9, errmsg: 'Cannot specify sort with multi=true', n: 0, nModified: 0 },
    ]);
    const refused = await commandFailure(
      db.command({ update: 'sortMulti', updates: [{ q: {}, u: { $set: { a: 1 } }, multi: true, sort: { a: 1 } }] }),
    );
    expect(refused).toMatchObject({ code: 9, message: 'Cannot specify sort with multi=true' });
  });

  test('runs against admin only', async () => {
    const refused = await commandFailure(
      db.command({
        bulkWrite: 1,
        ops: [{ insert: 0, document: { _id: 1 } }],
        nsInfo: [{ ns: `${db.databaseName}.notAdmin` }],
      }),
    );
    expect(refused).toMatchObject({
      code: 13,
      codeName: 'Unauthorized',
      message: 'bulkWrite may only be run against the admin database.',
    });
    expect(await db.collection('notAdmin').countDocuments()).toBe(0);
  });

  test('malformed commands are refused as mongod parses them', async () => {
    const nsInfo = [{ ns: `${db.databaseName}.malformed` }];
    const cases: Array<[Document, number, string]> = [
      [
        { ops: [{ insert: 0, document: {} }], nsInfo, bogus: 1 },
        40415,
        "BSON field 'bulkWrite.bogus' is an unknown field.",
      ],
      [
        { ops: [{ insert: 0, document: {}, bogus: 1 }], nsInfo },
        40415,
        "BSON field 'bulkWrite.ops.bogus' is an unknown field.",
      ],
      [{ ops: [{ frobnicate: 0 }], nsInfo }, 40415, "BSON field 'bulkWrite.frobnicate' is an unknown field."],
      [
        { ops: [{ insert: 0, document: {} }], nsInfo: [{ ns: 'a.b', x: 1 }] },
        40415,
        "BSON field 'bulkWrite.nsInfo.x' is an unknown field.",
      ],
      [{ ops: [{ insert: 0, document: {} }] }, 40414, "BSON field 'bulkWrite.nsInfo' is missing but a required field"],
      [{ ops: [{ insert: 0 }], nsInfo }, 40414, "BSON field 'bulkWrite.ops.document' is missing but a required field"],
      [
        { ops: [{ update: 0, updateMods: { $set: { a: 1 } } }], nsInfo },
        40414,
        "BSON field 'bulkWrite.ops.filter' is missing but a required field",
      ],
      [{ ops: [], nsInfo: 5 }, 14, "BSON field 'bulkWrite.nsInfo' is the wrong type 'int', expected type 'array'"],
      [
        { ops: [{ insert: 0, document: 5 }], nsInfo },
        14,
        "BSON field 'bulkWrite.ops.document' is the wrong type 'int', expected type 'object'",
      ],
      [{ ops: [{ insert: -1, document: {} }], nsInfo }, 2, "BSON field 'insert' value must be >= 0, actual value '-1'"],
      [{ ops: [], nsInfo }, 16, 'Write batch sizes must be between 1 and 100000. Got 0 operations.'],
      [
        { ops: [{ insert: 0, document: {} }], nsInfo: [{ ns: 'nodot' }] },
        73,
        "Invalid namespace specified for bulkWrite: 'nodot'",
      ],
    ];
    for (const [fields, code, message] of cases) {
      const refused = await commandFailure(admin().command({ bulkWrite: 1, ...fields }));
      expect([fields, refused.code, refused.message]).toEqual([fields, code, message]);
    }
    const outOfRange = await commandFailure(
      admin().command({ bulkWrite: 1, ops: [{ insert: 2, document: { a: 1 } }], nsInfo }),
    );
    expect(outOfRange.code).toBe(2);
    expect(outOfRange.message).toMatch(/^BulkWrite ops entry .* has an invalid nsInfo index\.$/);
    expect(await db.collection('malformed').countDocuments()).toBe(0);
  });
});

const describeEmbedded = embeddedOnlyReason ? describe.skip : describe;

describeEmbedded(
  `durability and cost (embedded server only${embeddedOnlyReason ? `; skipped: ${embeddedOnlyReason}` : ''})`,
  () => {
    test('one bulkWrite across three collections is made durable by one journal flush before it is acknowledged', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-bulkwrite-'));
      const server = await EmbeddedMongo.start({ dbPath: dir });
      const journaled = await MongoClient.connect(server.uri);
      try {
        const name = (collection: string) => `journaled.${collection}`;
        await journaled
          .db('journaled')
          .collection('sets')
          .insertOne({ _id: 0 } as Document);
        const before = server.journalStats();
        const models = [
          ...[1, 2, 3, 4].map((i) => ({ namespace: name('sets'), name: 'insertOne' as const, document: { _id: i } })),
          ...[1, 2, 3].map((i) => ({
            namespace: name('days'),
            name: 'updateOne' as const,
            filter: { _id: i },
            update: { $set: { done: true } },
            upsert: true,
          })),
          { namespace: name('sets'), name: 'deleteOne' as const, filter: { _id: 0 } },
          { namespace: name('log'), name: 'insertOne' as const, document: { _id: 'a' } },
          { namespace: name('log'), name: 'insertOne' as const, document: { _id: 'b' } },
        ];
        await journaled.bulkWrite<Schemas>(models);
        const after = server.journalStats();
        // Every record appended (documents and the two new collections) was on disk when the reply came.
        expect(after.durableRecords).toBe(after.records);
        expect(after.records - before.records).toBe(12);
        expect(after.flushes - before.flushes).toBe(1);
      } finally {
        await journaled.close();
        await server.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  },
);
