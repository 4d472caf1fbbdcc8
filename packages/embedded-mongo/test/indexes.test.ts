import { MongoClient, MongoServerError, type Db } from 'mongodb';
import { startTarget, type Target } from './target';

let target: Target;
let client: MongoClient;
let db: Db;

beforeAll(async () => {
  target = await startTarget('indexes');
  client = await MongoClient.connect(target.uri);
  db = client.db(target.dbName);
});

afterAll(async () => {
  await db.dropDatabase();
  await client.close();
  await target.stop();
});

async function duplicateError(operation: Promise<unknown>): Promise<MongoServerError> {
  const error = await operation.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(MongoServerError);
  return error as MongoServerError;
}

describe('unique indexes', () => {
  test('createIndexes, listIndexes and dropIndexes manage index definitions', async () => {
    const coll = db.collection('defs');
    expect(await coll.createIndex({ a: 1, b: -1 })).toBe('a_1_b_-1');
    expect(await coll.createIndex({ a: 1, b: -1 })).toBe('a_1_b_-1');
    await coll.createIndex({ c: 1 }, { unique: true, name: 'c_unique' });
    const indexes = await coll.listIndexes().toArray();
    expect(indexes.map((i) => i.name)).toEqual(['_id_', 'a_1_b_-1', 'c_unique']);
    expect(indexes[2]).toMatchObject({ key: { c: 1 }, unique: true });
    await coll.dropIndex('a_1_b_-1');
    expect((await coll.indexes()).map((i) => i.name)).toEqual(['_id_', 'c_unique']);
    await expect(coll.dropIndex('nope')).rejects.toMatchObject({ codeName: 'IndexNotFound' });
    await coll.dropIndexes();
    expect((await coll.indexes()).map((i) => i.name)).toEqual(['_id_']);
  });

  test('a duplicate insert fails with E11000 code 11000, keyPattern and keyValue', async () => {
    const users = db.collection('users');
    await users.createIndex({ email: 1 }, { unique: true });
    await users.insertOne({ email: 'a@b.c' });
    const error = await duplicateError(users.insertOne({ email: 'a@b.c' }));
    expect(error.code).toBe(11000);
    expect(error.message).toBe(
      `E11000 duplicate key error collection: ${target.dbName}.users index: email_1 dup key: { email: "a@b.c" }`,
    );
    expect(error.keyPattern).toEqual({ email: 1 });
    expect(error.keyValue).toEqual({ email: 'a@b.c' });
    expect(await users.countDocuments({ email: 'a@b.c' })).toBe(1);
  });

  test('the _id index is always unique', async () => {
    const coll = db.collection<{ _id: string }>('ids');
    await coll.insertOne({ _id: 'x' });
    const error = await duplicateError(coll.insertOne({ _id: 'x' }));
    expect(error.code).toBe(11000);
    expect(error.message).toContain('index: _id_ dup key: { _id: "x" }');
  });

  test('updates, upserts and findOneAndUpdate cannot create a duplicate either', async () => {
    const users = db.collection('users2');
    await users.createIndex({ email: 1 }, { unique: true });
    await users.insertMany([{ email: 'one' }, { email: 'two' }]);
    expect((await duplicateError(users.updateOne({ email: 'two' }, { $set: { email: 'one' } }))).code).toBe(11000);
    expect(
      (await duplicateError(users.updateOne({ email: 'three' }, { $set: { email: 'one' } }, { upsert: true }))).code,
    ).toBe(11000);
    expect((await duplicateError(users.findOneAndUpdate({ email: 'two' }, { $set: { email: 'one' } }))).code).toBe(
      11000,
    );
    expect((await duplicateError(users.replaceOne({ email: 'two' }, { email: 'one' }))).code).toBe(11000);
    expect(
      (
        await users
          .find({}, { projection: { _id: 0 } })
          .sort({ email: 1 })
          .toArray()
      ).map((u) => u.email),
    ).toEqual(['one', 'two']);
    // updating a document to its own value is not a conflict
    expect((await users.updateOne({ email: 'one' }, { $set: { email: 'one', seen: true } })).modifiedCount).toBe(1);
  });

  test('a compound unique index rejects only the same combination', async () => {
    const entries = db.collection('entries');
    await entries.createIndex({ userId: 1, day: 1 }, { unique: true });
    await entries.insertMany([
      { userId: 'u1', day: 1 },
      { userId: 'u1', day: 2 },
      { userId: 'u2', day: 1 },
    ]);
    const error = await duplicateError(entries.insertOne({ userId: 'u1', day: 2 }));
    expect(error.keyPattern).toEqual({ userId: 1, day: 1 });
    expect(error.keyValue).toEqual({ userId: 'u1', day: 2 });
    expect(error.message).toContain('dup key: { userId: "u1", day: 2 }');
  });

  test('creating a unique index over existing duplicates fails and creates nothing', async () => {
    const coll = db.collection('dupes');
    await coll.insertMany([{ k: 1 }, { k: 1 }]);
    const error = await duplicateError(coll.createIndex({ k: 1 }, { unique: true }));
    expect(error.code).toBe(11000);
    expect((await coll.indexes()).map((i) => i.name)).toEqual(['_id_']);
  });

  test('a sparse unique index ignores documents without the field', async () => {
    const coll = db.collection('sparse');
    await coll.createIndex({ handle: 1 }, { unique: true, sparse: true });
    await coll.insertMany([{ n: 1 }, { n: 2 }, { handle: 'h' }]);
    expect((await duplicateError(coll.insertOne({ handle: 'h' }))).code).toBe(11000);
  });
});

describe('TTL indexes', () => {
  test('documents whose date is older than expireAfterSeconds are removed in the background', async () => {
    const admin = client.db('admin');
    // mongod sweeps every 60 s by default; ask any server for 1 s, as the embedded one does by default.
    const { ttlMonitorSleepSecs: previous } = await admin.command({ getParameter: 1, ttlMonitorSleepSecs: 1 });
    await admin.command({ setParameter: 1, ttlMonitorSleepSecs: 1 });
    try {
      const sessions = db.collection('expiring');
      await sessions.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
      const past = new Date(Date.now() - 60_000);
      const future = new Date(Date.now() + 3_600_000);
      await sessions.insertMany([
        { name: 'old', expiresAt: past },
        { name: 'fresh', expiresAt: future },
        { name: 'no date', expiresAt: 'not a date' },
      ]);
      const deadline = Date.now() + 70_000;
      while ((await sessions.countDocuments({ name: 'old' })) > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect((await sessions.find({}).sort({ name: 1 }).toArray()).map((d) => d.name)).toEqual(['fresh', 'no date']);
      expect(await sessions.indexExists('expiresAt_1')).toBe(true);
    } finally {
      await admin.command({ setParameter: 1, ttlMonitorSleepSecs: previous });
    }
  }, 80_000);
});
