/**
 * Implement or refuse, never ignore (issue #24): every field a command takes, as MongoDB 8.0 parses it (its IDL
 * files), is accepted; a field it does not know is `BSON field '<command>.<field>' is an unknown field.` (40415).
 * (What a server acting as 7.0 takes instead: version.test.ts.)
 * Fields MongoDB takes that the embedded server does not implement answer CommandNotSupported (115) there
 * (against a real MongoDB the same tests check that it takes them).
 */
import { MongoClient, type Db, type Document, MongoServerError } from 'mongodb';
import { externalUri, startTarget, type Target } from './target';

let target: Target;
let client: MongoClient;
let db: Db;

beforeAll(async () => {
  target = await startTarget('options');
  client = new MongoClient(target.uri);
  await client.connect();
  db = client.db(target.dbName);
  await db
    .collection('items')
    .insertMany([{ _id: 1, name: 'a', n: 1 } as Document, { _id: 2, name: 'b', n: 2 }, { _id: 3, name: 'c', n: 3 }]);
  await db.collection('items').createIndex({ n: 1 }, { name: 'n_1' });
});

afterAll(async () => {
  await db.dropDatabase();
  await client.close();
  await target.stop();
});

async function run(command: Document): Promise<Document> {
  return db.command(command);
}

async function failure(command: Document): Promise<MongoServerError> {
  try {
    await run(command);
  } catch (error) {
    if (error instanceof MongoServerError) return error;
    throw error;
  }
  throw new Error(`${JSON.stringify(command)} succeeded`);
}

/** Each command with a minimal valid form, every option the embedded server implements, and a value for each. */
const IMPLEMENTED: Record<string, { base: Document; options: Document }> = {
  find: {
    base: { find: 'items' },
    options: {
      filter: { n: { $gte: 1 } },
      projection: { name: 1 },
      sort: { n: 1 },
      hint: 'n_1',
      collation: { locale: 'en' },
      skip: 0,
      limit: 10,
      batchSize: 10,
      singleBatch: true,
      allowDiskUse: true,
      allowPartialResults: false,
      noCursorTimeout: false,
      let: { x: 1 },
      maxTimeMS: 10_000,
      readConcern: { level: 'local' },
      comment: 'a comment',
    },
  },
  insert: {
    base: { insert: 'inserted', documents: [{ a: 1 }] },
    options: { ordered: true, bypassDocumentValidation: true, writeConcern: { w: 1 }, comment: 'c' },
  },
  update: {
    base: { update: 'items', updates: [{ q: { _id: 1 }, u: { $set: { touched: true } } }] },
    options: { ordered: false, bypassDocumentValidation: true, let: { x: 1 }, writeConcern: { w: 1 } },
  },
  delete: {
    base: { delete: 'items', deletes: [{ q: { _id: 99 }, limit: 0 }] },
    options: { ordered: false, let: { x: 1 }, writeConcern: { w: 1 } },
  },
  findAndModify: {
    base: { findAndModify: 'items', query: { _id: 2 }, update: { $set: { seen: true } } },
    options: {
      fields: { name: 1 },
      sort: { _id: 1 },
      hint: { _id: 1 },
      collation: { locale: 'en' },
      arrayFilters: [],
      new: true,
      upsert: false,
      bypassDocumentValidation: true,
      let: { x: 1 },
      maxTimeMS: 10_000,
    },
  },
  count: {
    base: { count: 'items' },
    options: { query: { n: 1 }, limit: 5, skip: 0, hint: 'n_1', collation: { locale: 'en' }, readConcern: {} },
  },
  distinct: {
    base: { distinct: 'items', key: 'name' },
    options: { query: { n: { $gt: 0 } }, collation: { locale: 'en' }, hint: 'n_1', readConcern: {} },
  },
  aggregate: {
    base: { aggregate: 'items', pipeline: [{ $match: { n: { $gt: 0 } } }], cursor: {} },
    options: {
      allowDiskUse: true,
      bypassDocumentValidation: true,
      collation: { locale: 'en' },
      hint: 'n_1',
      let: { x: 1 },
      maxTimeMS: 10_000,
    },
  },
  createIndexes: {
    base: { createIndexes: 'indexed', indexes: [{ key: { a: 1 }, name: 'a_1' }] },
    options: { comment: 'c' },
  },
  create: { base: { create: 'created' }, options: {} },
  listCollections: {
    base: { listCollections: 1 },
    options: { filter: { name: 'items' }, nameOnly: true, authorizedCollections: true, cursor: { batchSize: 1 } },
  },
  listIndexes: { base: { listIndexes: 'items' }, options: { cursor: { batchSize: 1 } } },
};

/** Options MongoDB takes that the embedded server refuses (115), with a value that is not the default. */
const REFUSED: Record<string, Document> = {
  find: { min: { n: 1 }, max: { n: 3 }, returnKey: true, showRecordId: true, tailable: true, ntoreturn: 1 },
  aggregate: { explain: true },
  create: {
    capped: true,
    validator: { a: { $exists: true } },
    validationLevel: 'strict',
    timeseries: { timeField: 't' },
    expireAfterSeconds: 10,
    clusteredIndex: { key: { _id: 1 }, unique: true },
    changeStreamPreAndPostImages: { enabled: true },
  },
};

describe('each command takes exactly the fields MongoDB 8.0 takes', () => {
  for (const [name, { base, options }] of Object.entries(IMPLEMENTED)) {
    test(`${name}: every option it implements is taken; an unknown one is refused with 40415`, async () => {
      for (const [option, value] of Object.entries(options)) {
        const command = { ...base, [option]: value };
        // Each run on a collection of its own where the command creates something.
        if (name === 'create') command.create = `created_${option}`;
        if (name === 'createIndexes') command.createIndexes = `indexed_${option}`;
        await expect(run(command)).resolves.toMatchObject({ ok: 1 });
      }
      const unknown = await failure({ ...base, bogusOption: 1 });
      expect(unknown).toMatchObject({ code: 40415, codeName: 'Location40415' });
      expect(unknown.message).toBe(`BSON field '${name}.bogusOption' is an unknown field.`);
    });
  }

  for (const [name, options] of Object.entries(REFUSED)) {
    test(`${name}: options MongoDB takes but the embedded server does not implement answer an error`, async () => {
      for (const [option, value] of Object.entries(options)) {
        const command = { ...IMPLEMENTED[name].base, [option]: value };
        if (name === 'create') command.create = `refused_${option}`;
        if (externalUri) {
          // MongoDB knows the field: whatever it answers, it is not "unknown field".
          await run(command).catch((error: MongoServerError) => expect(error.code).not.toBe(40415));
        } else {
          await expect(run(command)).rejects.toMatchObject({ code: 115, codeName: 'CommandNotSupported' });
        }
      }
    });
  }

  test('update and delete statements: unknown fields are refused; an update statement takes sort (MongoDB 8.0)', async () => {
    const unknown = await failure({ update: 'items', updates: [{ q: {}, u: { $set: { a: 1 } }, bogus: 1 }] });
    expect(unknown.message).toBe("BSON field 'update.updates.bogus' is an unknown field.");
    const sorted = db.collection('sorted');
    await sorted.insertMany([{ _id: 1, n: 1 } as Document, { _id: 2, n: 3 }, { _id: 3, n: 2 }]);
    // The driver's updateOne and replaceOne with sort send it in the statement: the first in that order is changed.
    await sorted.updateOne({}, { $set: { first: true } }, { sort: { n: -1 } });
    await sorted.replaceOne({ n: { $lt: 3 } }, { n: 0 }, { sort: { n: 1 } });
    expect(await sorted.find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, n: 0 },
      { _id: 2, n: 3, first: true },
      { _id: 3, n: 2 },
    ]);
    await expect(
      run({ update: 'sorted', updates: [{ q: {}, u: { $set: { a: 1 } }, sort: 'n' }] }),
    ).rejects.toMatchObject({
      code: 14,
      message: "BSON field 'update.updates.sort' is the wrong type 'string', expected type 'object'",
    });
    const deleted = await failure({ delete: 'items', deletes: [{ q: {}, limit: 1, bogus: 1 }] });
    expect(deleted.message).toBe("BSON field 'delete.deletes.bogus' is an unknown field.");
    expect(await db.collection('items').countDocuments()).toBe(3);
  });

  test('bulkWrite: the command, its ops and its nsInfo entries take what MongoDB 8.0 takes, and nothing else', async () => {
    const admin = client.db('admin');
    await db.collection('bulk').createIndex({ k: 1 }, { name: 'k_1' });
    const ops: Document[] = [
      { insert: 0, document: { k: 1 } },
      {
        update: 0,
        filter: { k: 1 },
        updateMods: { $set: { k: 2 } },
        multi: false,
        upsert: true,
        arrayFilters: [],
        hint: 'k_1',
        collation: { locale: 'en' },
        sort: { k: 1 },
      },
      { delete: 0, filter: { k: 2 }, multi: true, hint: { k: 1 }, collation: { locale: 'en' } },
    ];
    const base = { bulkWrite: 1, ops, nsInfo: [{ ns: `${db.databaseName}.bulk` }] };
    const options: Document = {
      ordered: false,
      bypassDocumentValidation: true,
      let: { x: 1 },
      errorsOnly: true,
      cursor: { batchSize: 10 },
      comment: 'c',
      writeConcern: { w: 1 },
      maxTimeMS: 10_000,
    };
    for (const [option, value] of Object.entries(options)) {
      await expect(admin.command({ ...base, [option]: value })).resolves.toMatchObject({ ok: 1, nErrors: 0 });
    }
    const unknown = await admin.command({ ...base, bogusOption: 1 }).catch((error: MongoServerError) => error);
    expect(unknown).toMatchObject({ code: 40415, message: "BSON field 'bulkWrite.bogusOption' is an unknown field." });
    const refused: Document[] = [
      { ...base, ops: [{ ...ops[1], constants: { a: 1 } }] },
      { ...base, ops: [{ ...ops[1], upsertSupplied: true }] },
      { ...base, nsInfo: [{ ns: `${db.databaseName}.bulk`, isTimeseriesNamespace: true }] },
    ];
    for (const command of refused) {
      if (externalUri)
        await admin.command(command).catch((error: MongoServerError) => expect(error.code).not.toBe(40415));
      else await expect(admin.command(command)).rejects.toMatchObject({ code: 115, codeName: 'CommandNotSupported' });
    }
  });

  test('values that would change the result are refused: a delete limit other than 0 or 1, a negative skip', async () => {
    await expect(run({ delete: 'items', deletes: [{ q: {}, limit: 2 }] })).rejects.toMatchObject({
      code: 9,
      message: 'The limit field in delete objects must be 0 or 1. Got 2',
    });
    await expect(run({ delete: 'items', deletes: [{ q: {} }] })).rejects.toMatchObject({ code: 40414 });
    expect(await db.collection('items').countDocuments()).toBe(3);
    await expect(run({ find: 'items', skip: -1 })).rejects.toMatchObject({ code: 51024 });
    await expect(run({ find: 'items', limit: -1 })).rejects.toMatchObject({ code: 51024 });
    // The driver sends a negative limit as a limit and singleBatch.
    expect(await db.collection('items').find({}).limit(-2).toArray()).toHaveLength(2);
  });

  test('createIndexes: a standalone refuses commitQuorum', async () => {
    await expect(
      run({ createIndexes: 'quorum', indexes: [{ key: { a: 1 }, name: 'a_1' }], commitQuorum: 'votingMembers' }),
    ).rejects.toMatchObject({ code: 2, message: "Standalones can't specify commitQuorum" });
  });

  test('a hint that names no index is refused', async () => {
    await expect(db.collection('items').find({}, { hint: 'nope_1' }).toArray()).rejects.toMatchObject({ code: 2 });
    await expect(
      db
        .collection('items')
        .find({}, { hint: { nope: 1 } })
        .toArray(),
    ).rejects.toMatchObject({ code: 2 });
  });

  test('unknown operators are refused as mongod refuses them', async () => {
    await expect(
      db
        .collection('items')
        .find({ n: { $bogus: 1 } })
        .toArray(),
    ).rejects.toMatchObject({
      code: 2,
      message: 'unknown operator: $bogus',
    });
    await expect(
      db
        .collection('items')
        .aggregate([{ $addFields: { a: { $bogus: 1 } } }])
        .toArray(),
    ).rejects.toMatchObject({ code: 168, codeName: 'InvalidPipelineOperator' });
  });

  test('an unknown aggregation stage is refused with 40324', async () => {
    await expect(
      db
        .collection('items')
        .aggregate([{ $bogus: {} }])
        .toArray(),
    ).rejects.toMatchObject({
      code: 40324,
      message: "Unrecognized pipeline stage name: '$bogus'",
    });
    await expect(
      db
        .collection('items')
        .aggregate([{ $facet: { a: [{ $bogus: 1 }] } }])
        .toArray(),
    ).rejects.toMatchObject({ code: 40324 });
  });
});

describe('let: variables for $expr', () => {
  const expr = { $expr: { $eq: ['$name', '$$wanted'] } };

  test('find, aggregate, count through aggregate', async () => {
    const items = db.collection('items');
    expect((await items.find(expr, { let: { wanted: 'b' } }).toArray()).map((d) => d._id)).toEqual([2]);
    const aggregated = await items
      .aggregate([{ $match: expr }, { $project: { _id: 1, twice: { $multiply: ['$n', '$$factor'] } } }], {
        let: { wanted: 'c', factor: 2 },
      })
      .toArray();
    expect(aggregated).toEqual([{ _id: 3, twice: 6 }]);
    // A let variable may be an expression, evaluated once.
    expect(
      (await items.find({ $expr: { $eq: ['$n', '$$two'] } }, { let: { two: { $add: [1, 1] } } }).toArray()).map(
        (d) => d._id,
      ),
    ).toEqual([2]);
  });

  test('update, delete and findAndModify', async () => {
    const lets = db.collection('lets');
    await lets.insertMany([{ _id: 1, name: 'a' } as Document, { _id: 2, name: 'b' }, { _id: 3, name: 'c' }]);
    const updated = await lets.updateMany(expr, { $set: { hit: true } }, { let: { wanted: 'a' } });
    expect(updated.modifiedCount).toBe(1);
    const found = await lets.findOneAndUpdate(
      expr,
      { $set: { hit: 2 } },
      { let: { wanted: 'b' }, returnDocument: 'after' },
    );
    expect(found).toEqual({ _id: 2, name: 'b', hit: 2 });
    expect((await lets.deleteOne(expr, { let: { wanted: 'c' } })).deletedCount).toBe(1);
    expect(await lets.countDocuments()).toBe(2);
  });

  test('an invalid variable name is refused', async () => {
    await expect(
      db
        .collection('items')
        .find(expr, { let: { Wanted: 'b' } })
        .toArray(),
    ).rejects.toMatchObject({
      code: 16870,
    });
  });
});

describe('MongoDB 8.0 behaviour (that of 7.0 too)', () => {
  test('the server reports version 8.0 and wire version 25', async () => {
    const info = await db.admin().command({ buildInfo: 1 });
    expect(info.version).toMatch(/^8\.0\./);
    expect(info.versionArray.slice(0, 2)).toEqual([8, 0]);
    const hello = await db.admin().command({ hello: 1 });
    expect(hello.maxWireVersion).toBe(25);
  });

  test("$-prefixed names inside _id are refused (DollarPrefixedFieldName), a DBRef's are not", async () => {
    const ids = db.collection('ids');
    await expect(ids.insertOne({ _id: { $a: 1 } } as Document)).rejects.toMatchObject({
      code: 52,
      codeName: 'DollarPrefixedFieldName',
      message: "_id fields may not contain '$'-prefixed fields: $a is not valid for storage.",
    });
    await expect(
      ids.replaceOne({ _id: 5 } as Document, { _id: { b: 1, $c: 2 } } as Document, { upsert: true }),
    ).rejects.toMatchObject({ code: 52 });
    await expect(ids.updateOne({ name: 'x' }, { $set: { _id: { $d: 1 } } }, { upsert: true })).rejects.toMatchObject({
      code: 52,
    });
    expect(await ids.countDocuments()).toBe(0);
    await ids.insertOne({ _id: { $ref: 'other', $id: 1 } } as Document);
    expect(await ids.countDocuments()).toBe(1);
  });

  test('a pipeline update whose output drops _id keeps the document _id', async () => {
    const piped = db.collection('piped');
    await piped.insertOne({ _id: 7, a: 1, b: 2 } as Document);
    const result = await piped.updateOne({ _id: 7 } as Document, [{ $replaceRoot: { newRoot: { a: 10 } } }]);
    expect(result.modifiedCount).toBe(1);
    expect(await piped.findOne({ _id: 7 } as Document)).toEqual({ _id: 7, a: 10 });
    await piped.updateOne({ _id: 7 } as Document, [{ $unset: '_id' }, { $set: { c: 3 } }]);
    expect(await piped.findOne({ _id: 7 } as Document)).toEqual({ _id: 7, a: 10, c: 3 });
    await expect(
      piped.updateOne({ _id: 7 } as Document, [{ $replaceRoot: { newRoot: { _id: 8 } } }]),
    ).rejects.toMatchObject({ code: 66 });
  });
});

describe('collMod', () => {
  test("changes a TTL index's expireAfterSeconds and an index's hidden flag", async () => {
    const ttl = db.collection('ttl');
    await ttl.createIndex({ at: 1 }, { expireAfterSeconds: 60 });
    await ttl.createIndex({ b: 1 });
    const reply = await db.command({ collMod: 'ttl', index: { keyPattern: { at: 1 }, expireAfterSeconds: 120 } });
    expect(reply).toMatchObject({ expireAfterSeconds_old: 60, expireAfterSeconds_new: 120, ok: 1 });
    const hidden = await db.command({ collMod: 'ttl', index: { name: 'b_1', hidden: true } });
    expect(hidden).toMatchObject({ hidden_old: false, hidden_new: true });
    const indexes = await ttl.indexes();
    expect(indexes.find((index) => index.name === 'at_1')?.expireAfterSeconds).toBe(120);
    expect(indexes.find((index) => index.name === 'b_1')?.hidden).toBe(true);
    await expect(
      db.command({ collMod: 'ttl', index: { name: 'nope_1', expireAfterSeconds: 5 } }),
    ).rejects.toMatchObject({ code: 27, codeName: 'IndexNotFound' });
    await expect(
      db.command({ collMod: 'missing', index: { name: 'at_1', expireAfterSeconds: 5 } }),
    ).rejects.toMatchObject({ code: 26, codeName: 'NamespaceNotFound' });
  });
});

describe('$out, $merge and collMod validators: implemented by MongoDB, refused by the embedded server', () => {
  test('$out and $merge', async () => {
    const out = db
      .collection('items')
      .aggregate([{ $match: { n: 1 } }, { $out: 'outItems' }])
      .toArray();
    const merge = db
      .collection('items')
      .aggregate([{ $match: { n: 2 } }, { $merge: { into: 'mergedItems' } }])
      .toArray();
    if (externalUri) {
      await out;
      await merge;
      expect(await db.collection('outItems').countDocuments()).toBe(1);
      expect(await db.collection('mergedItems').countDocuments()).toBe(1);
    } else {
      await expect(out).rejects.toMatchObject({ code: 115 });
      await expect(merge).rejects.toMatchObject({ code: 115 });
      expect(await db.listCollections({ name: { $in: ['outItems', 'mergedItems'] } }).toArray()).toEqual([]);
    }
  });

  test('collMod: a validator is refused by the embedded server', async () => {
    const modified = db.command({ collMod: 'items', validator: { n: { $exists: true } } });
    if (externalUri) await modified;
    else await expect(modified).rejects.toMatchObject({ code: 115, codeName: 'CommandNotSupported' });
    await expect(db.command({ collMod: 'items', bogus: 1 })).rejects.toMatchObject({ code: 40415 });
  });
});
