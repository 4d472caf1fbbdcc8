/**
 * The fast read path (cached BSON of stored documents, projections on bytes, index-narrowed matching, numeric
 * sort keys, large getMore batches) must answer exactly as the general one and as MongoDB does.
 */
import { Double, Long, MongoClient, ObjectId, type Db, type Document } from 'mongodb';
import { startTarget, type Target } from './target';

let target: Target;
let client: MongoClient;
let db: Db;

beforeAll(async () => {
  target = await startTarget('readpath');
  client = await MongoClient.connect(target.uri);
  db = client.db(target.dbName);
});

afterAll(async () => {
  await db.dropDatabase();
  await client.close();
  await target.stop();
});

const userId = new ObjectId();
const other = new ObjectId();
const start = Date.UTC(2024, 0, 1);

interface SetDoc {
  userId: ObjectId;
  n: number;
  date: Date;
  weight: number;
  unit: string;
  tags: string[];
}

function set(user: ObjectId, i: number): SetDoc {
  return {
    userId: user,
    n: i,
    date: new Date(start + ((i * 37) % 100) * 1000),
    weight: 20 + (i % 7) * 2.5,
    unit: 'kg',
    tags: ['a'],
  };
}

describe('reads through an index on { userId, date }', () => {
  beforeAll(async () => {
    const sets = db.collection<SetDoc>('sets');
    await sets.createIndex({ userId: 1, date: 1 });
    await sets.insertMany([
      ...Array.from({ length: 100 }, (_, i) => set(userId, i)),
      ...Array.from({ length: 10 }, (_, i) => set(other, i)),
    ]);
  });

  test('an equality on the first field, sorted by date either way, returns exactly that user’s documents in order', async () => {
    const sets = db.collection<SetDoc>('sets');
    const ascending = await sets.find({ userId }).sort({ date: 1 }).toArray();
    expect(ascending).toHaveLength(100);
    expect(ascending.every((doc) => doc.userId.equals(userId))).toBe(true);
    expect(ascending.map((doc) => doc.date.getTime())).toEqual(
      [...ascending.map((doc) => doc.date.getTime())].sort((a, b) => a - b),
    );
    const descending = await sets.find({ userId }).sort({ date: -1 }).toArray();
    expect(descending.map((doc) => doc.n)).toEqual([...ascending].reverse().map((doc) => doc.n));
    expect(
      await sets
        .find({ userId: { $in: [userId, other] } })
        .sort({ date: 1 })
        .toArray(),
    ).toHaveLength(110);
    expect(await sets.find({ userId, n: { $lt: 10 } }).toArray()).toHaveLength(10);
  });

  test('an inclusion projection keeps the document’s field order and leaves out _id when asked', async () => {
    const sets = db.collection<SetDoc>('sets');
    const docs = await sets
      .find({ userId }, { projection: { weight: 1, _id: 0, date: 1, missing: 1 } })
      .sort({ date: 1 })
      .limit(3)
      .toArray();
    expect(docs).toHaveLength(3);
    for (const doc of docs) expect(Object.keys(doc)).toEqual(['date', 'weight']);
    const withId = await sets.findOne({ userId, n: 5 }, { projection: { unit: 1, n: 1 } });
    expect(Object.keys(withId!)).toEqual(['_id', 'n', 'unit']);
    expect(withId).toMatchObject({ n: 5, unit: 'kg' });
    expect(await sets.findOne({ userId, n: 5 }, { projection: { _id: 1 } })).toEqual({ _id: withId!._id });
  });

  test('an exclusion projection keeps everything else in order', async () => {
    const sets = db.collection<SetDoc>('sets');
    const doc = await sets.findOne({ userId, n: 7 }, { projection: { tags: 0, weight: false } });
    expect(Object.keys(doc!)).toEqual(['_id', 'userId', 'n', 'date', 'unit']);
    const withoutId = await sets.findOne({ userId, n: 7 }, { projection: { _id: 0 } });
    expect(Object.keys(withoutId!)).toEqual(['userId', 'n', 'date', 'weight', 'unit', 'tags']);
  });

  test('updates and deletes are seen by the next read, with and without projection', async () => {
    const sets = db.collection<SetDoc>('sets');
    const projection = { _id: 0, n: 1, weight: 1 };
    await sets.find({ userId }).toArray(); // fills the caches
    await sets.find({ userId }, { projection }).toArray();
    await sets.updateOne({ userId, n: 3 }, { $set: { weight: 999 }, $push: { tags: 'b' } });
    await sets.deleteOne({ userId, n: 4 });
    const three = await sets.findOne({ userId, n: 3 });
    expect(three).toMatchObject({ weight: 999, tags: ['a', 'b'] });
    expect(await sets.findOne({ userId, n: 3 }, { projection })).toEqual({ n: 3, weight: 999 });
    expect(await sets.findOne({ userId, n: 4 }, { projection })).toBeNull();
    expect(await sets.countDocuments({ userId })).toBe(99);
    await sets.replaceOne({ userId, n: 3 }, { userId, n: 3, date: new Date(start), weight: 1, unit: 'lb', tags: [] });
    expect(await sets.findOne({ userId, n: 3 }, { projection })).toEqual({ n: 3, weight: 1 });
  });

  test('an open cursor survives updates to the documents it still has to return', async () => {
    const sets = db.collection<SetDoc>('sets');
    const cursor = sets
      .find({ userId: other }, { batchSize: 2, projection: { _id: 0, n: 1, weight: 1 } })
      .sort({ n: 1 });
    const first = await cursor.next();
    await sets.updateMany({ userId: other }, { $set: { weight: -1 } });
    const rest = await cursor.toArray();
    // Whether the later batches show the update differs between servers (the embedded one returns the versions
    // it read when the cursor opened), so only what both guarantee is checked.
    expect(first).toMatchObject({ n: 0 });
    expect(rest).toHaveLength(9);
    expect((await sets.find({ userId: other }).toArray()).every((doc) => doc.weight === -1)).toBe(true);
  });
});

describe('equalities on the first fields of a compound index', () => {
  test('narrow by the first two and answer as a scan does, through updates, arrays and deletes', async () => {
    const indexed = db.collection<Document & { _id: number }>('prefixes');
    const plain = db.collection<Document & { _id: number }>('prefixesUnindexed');
    await indexed.createIndex({ u: 1, d: 1, e: 1, r: 1 }, { unique: true });
    await indexed.createIndex({ u: 1, d: 1, t: 1 });
    const docs: Array<Document & { _id: number }> = [];
    for (const u of [1, 2]) {
      for (const d of [1, 2, 3]) {
        for (const e of [1, 2]) for (const r of [1, 2]) docs.push({ _id: docs.length, u, d, e, r, t: `t${r}` });
      }
    }
    docs.push(
      { _id: 100, u: 1, d: [2, 3], e: 9, r: 1, t: 't1' },
      { _id: 101, u: [1, 2], d: 1, e: 8, r: 1 },
      { _id: 102, u: 1, d: Long.fromNumber(2), e: 7, r: new Double(1), t: 't2' },
      { _id: 103, u: 1, d: new Double(3), e: 7, r: 2 },
    );
    await indexed.insertMany(docs);
    await plain.insertMany(docs);
    const filters: Document[] = [
      { u: 1, d: 2 },
      { u: 1, d: 2, r: 1 },
      { u: 1, d: 3, e: 1 },
      { u: 1, d: 2, e: 7, r: 1 },
      { u: 2, d: 1, t: 't1' },
      { u: 2, d: 1, e: 8 },
      { u: 1, d: Long.fromNumber(3), e: { $gt: 1 } },
      { d: 2, e: 1 },
      { u: 1, d: 4 },
      { u: 2, d: 4, e: 9 },
    ];
    const same = async () => {
      for (const filter of filters) {
        const ids = (await indexed.find(filter).sort({ _id: 1 }).toArray()).map((doc) => doc._id);
        expect([filter, ids]).toEqual([
          filter,
          (await plain.find(filter).sort({ _id: 1 }).toArray()).map((doc) => doc._id),
        ]);
      }
    };
    await same();
    for (const collection of [indexed, plain]) {
      await collection.updateMany({ u: 1, d: 2, r: 2 }, { $set: { d: 4 } });
      await collection.updateOne({ _id: 5 }, { $set: { u: 2, e: 9 } });
      await collection.updateOne({ _id: 101 }, { $set: { d: [1, 3] } });
      await collection.deleteMany({ u: 2, d: 3, e: 2 });
    }
    await same();
  });
});

describe('sorting', () => {
  test('mixed types, missing fields, arrays and equal keys sort as MongoDB sorts them', async () => {
    const mixed = db.collection('mixed');
    await mixed.insertMany([
      { k: 'b', i: 0 },
      { k: 2, i: 1 },
      { i: 2 },
      { k: new Date(5), i: 3 },
      { k: null, i: 4 },
      { k: [3, 0.5], i: 5 },
      { k: 1.5, i: 6 },
      { k: 2, i: 7 },
    ]);
    const ascending = await mixed
      .find({}, { projection: { _id: 0, i: 1 } })
      .sort({ k: 1, i: 1 })
      .toArray();
    expect(ascending.map((doc) => doc.i)).toEqual([2, 4, 5, 6, 1, 7, 0, 3]);
    const descending = await mixed
      .find({}, { projection: { _id: 0, i: 1 } })
      .sort({ k: -1, i: 1 })
      .toArray();
    expect(descending.map((doc) => doc.i)).toEqual([3, 0, 5, 1, 7, 6, 2, 4]);
  });

  test('dates and large integers sort numerically', async () => {
    const times = db.collection('times');
    const values = [5, -3, 2 ** 40, 0, 7, -(2 ** 40), 5];
    await times.insertMany(values.map((v, i) => ({ t: new Date(v), v, i })));
    const byDate = await times.find({}).sort({ t: -1, i: 1 }).toArray();
    expect(byDate.map((doc) => doc.v)).toEqual([...values].sort((a, b) => b - a));
    const byNumber = await times.find({}).sort({ v: 1 }).toArray();
    expect(byNumber.map((doc) => doc.v)).toEqual([...values].sort((a, b) => a - b));
  });
});

test('a result larger than one reply comes back whole through getMore', async () => {
  const big = db.collection('big');
  const text = 'x'.repeat(100_000);
  await big.insertMany(Array.from({ length: 250 }, (_, i) => ({ i, text })));
  const docs = await big
    .find({}, { projection: { _id: 0 } })
    .sort({ i: 1 })
    .toArray();
  expect(docs).toHaveLength(250);
  expect(docs.map((doc) => doc.i)).toEqual(Array.from({ length: 250 }, (_, i) => i));
  expect(docs.every((doc) => doc.text.length === 100_000)).toBe(true);
  // 25 MB written and read back: about 0.5 s alone, and it went past jest's default 5 s beside CI's other workers.
  // This test is about the answer, not its speed (test/bench/read30k.ts times reads).
}, 30_000);
