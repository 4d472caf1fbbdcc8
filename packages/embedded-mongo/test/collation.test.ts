/**
 * Collations (issue #24): every command that takes a `collation` compares strings by it, as MongoDB 7.0 does;
 * what the embedded server does not implement answers an error (checked against the embedded server only:
 * MongoDB itself implements those, which the same tests then check).
 */
import { MongoClient, type Db } from 'mongodb';
import { externalUri, startTarget, type Target } from './target';

let target: Target;
let client: MongoClient;
let db: Db;

beforeAll(async () => {
  target = await startTarget('collation');
  client = new MongoClient(target.uri);
  await client.connect();
  db = client.db(target.dbName);
});

afterAll(async () => {
  await db.dropDatabase();
  await client.close();
  await target.stop();
});

interface Fruit {
  _id: number;
  name: string;
  hit?: boolean;
}

const NAMES = ['apple', 'Apple', 'APPLE', 'ápple', 'banana', 'Banana'];
const en1 = { locale: 'en', strength: 1 };
const en2 = { locale: 'en', strength: 2 };
const en3 = { locale: 'en', strength: 3 };

async function fruits(name: string) {
  const collection = db.collection<Fruit>(name);
  await collection.insertMany(NAMES.map((fruit, i) => ({ _id: i + 1, name: fruit })));
  return collection;
}

/** A collection whose documents have number ids. */
function numbered(name: string) {
  return db.collection<{ _id: number; [field: string]: unknown }>(name);
}

function ids(docs: Fruit[]): number[] {
  return docs.map((doc) => doc._id).sort((a, b) => a - b);
}

describe('collation in reads', () => {
  test('find: strength 1 ignores case and accents, 2 case only, 3 neither; simple and none are binary', async () => {
    const collection = await fruits('find');
    expect(ids(await collection.find({ name: 'apple' }).collation(en1).toArray())).toEqual([1, 2, 3, 4]);
    expect(ids(await collection.find({ name: 'apple' }).collation(en2).toArray())).toEqual([1, 2, 3]);
    expect(ids(await collection.find({ name: 'apple' }).collation(en3).toArray())).toEqual([1]);
    expect(ids(await collection.find({ name: 'apple' }).collation({ locale: 'simple' }).toArray())).toEqual([1]);
    expect(ids(await collection.find({ name: 'apple' }).toArray())).toEqual([1]);
    // caseLevel: strength 1 plus case, so accents are ignored but not case.
    const caseLevel = { locale: 'en', strength: 1, caseLevel: true };
    expect(ids(await collection.find({ name: 'apple' }).collation(caseLevel).toArray())).toEqual([1, 4]);
    // Locales as MongoDB names them: en_US, fr.
    expect(ids(await collection.find({ name: 'APPLE' }).collation({ locale: 'en_US', strength: 2 }).toArray())).toEqual(
      [1, 2, 3],
    );
    expect(ids(await collection.find({ name: 'APPLE' }).collation({ locale: 'fr', strength: 1 }).toArray())).toEqual([
      1, 2, 3, 4,
    ]);
  });

  test('find: $in, $ne, $nin, $gt, $all and array elements compare by the collation', async () => {
    const collection = await fruits('operators');
    expect(
      ids(
        await collection
          .find({ name: { $in: ['APPLE', 'BANANA'] } })
          .collation(en2)
          .toArray(),
      ),
    ).toEqual([1, 2, 3, 5, 6]);
    expect(
      ids(
        await collection
          .find({ name: { $ne: 'APPLE' } })
          .collation(en2)
          .toArray(),
      ),
    ).toEqual([4, 5, 6]);
    expect(
      ids(
        await collection
          .find({ name: { $nin: ['apple'] } })
          .collation(en1)
          .toArray(),
      ),
    ).toEqual([5, 6]);
    // 'Banana' and 'banana' are not greater than 'BANANA' at strength 2; simple order puts 'a...' after 'B...'.
    expect(
      ids(
        await collection
          .find({ name: { $gte: 'BANANA' } })
          .collation(en2)
          .toArray(),
      ),
    ).toEqual([5, 6]);
    expect(
      ids(
        await collection
          .find({ name: { $gt: 'BANANA' } })
          .collation(en2)
          .toArray(),
      ),
    ).toEqual([]);
    expect(ids(await collection.find({ name: { $gt: 'BANANA' } }).toArray())).toEqual([1, 4, 5, 6]);
    const tags = numbered('tags');
    await tags.insertMany([
      { _id: 1, tags: ['Red', 'Green'] },
      { _id: 2, tags: ['blue'] },
    ]);
    expect((await tags.find({ tags: 'red' }).collation(en2).toArray()).map((d) => d._id)).toEqual([1]);
    expect(
      (
        await tags
          .find({ tags: { $all: ['RED', 'green'] } })
          .collation(en2)
          .toArray()
      ).map((d) => d._id),
    ).toEqual([1]);
    expect((await tags.find({ tags: 'red' }).toArray()).map((d) => d._id)).toEqual([]);
  });

  test('find: $expr comparisons and $and / $or / $not / $elemMatch clauses compare by the collation', async () => {
    const collection = await fruits('expr');
    const expr = { $expr: { $eq: ['$name', 'APPLE'] } };
    expect(ids(await collection.find(expr).collation(en2).toArray())).toEqual([1, 2, 3]);
    expect(ids(await collection.find(expr).toArray())).toEqual([3]);
    expect(
      ids(
        await collection
          .find({ $or: [{ name: 'BANANA' }, { _id: 4 }] })
          .collation(en2)
          .toArray(),
      ),
    ).toEqual([4, 5, 6]);
    expect(
      ids(
        await collection
          .find({ name: { $not: { $eq: 'apple' } } })
          .collation(en1)
          .toArray(),
      ),
    ).toEqual([5, 6]);
    const nested = numbered('nested');
    await nested.insertMany([
      { _id: 1, items: [{ sku: 'AB' }] },
      { _id: 2, items: [{ sku: 'cd' }] },
    ]);
    expect(
      (
        await nested
          .find({ items: { $elemMatch: { sku: 'ab' } } })
          .collation(en2)
          .toArray()
      ).map((d) => d._id),
    ).toEqual([1]);
    expect((await nested.find({ 'items.sku': 'ab' }).collation(en2).toArray()).map((d) => d._id)).toEqual([1]);
  });

  test('count, countDocuments and distinct', async () => {
    const collection = await fruits('counts');
    expect(await collection.countDocuments({ name: 'apple' }, { collation: en2 })).toBe(3);
    expect(await collection.countDocuments({ name: 'apple' }, { collation: en1 })).toBe(4);
    const counted = await db.command({ count: 'counts', query: { name: 'banana' }, collation: en2 });
    expect(counted.n).toBe(2);
    const values = await collection.distinct('name', {}, { collation: en1 });
    expect(values).toHaveLength(2);
    expect(NAMES.slice(0, 4)).toContain(values.find((value) => value.toLowerCase().endsWith('pple')));
    expect(await collection.distinct('name', { name: 'BANANA' }, { collation: en2 })).toHaveLength(1);
    expect(await collection.distinct('name', {})).toHaveLength(6);
  });

  test('aggregate: $match, $sort and countDocuments-style $group', async () => {
    const collection = await fruits('aggregate');
    const matched = await collection
      .aggregate([{ $match: { name: 'APPLE' } }, { $sort: { _id: 1 } }], { collation: en2 })
      .toArray();
    expect(matched.map((doc) => doc._id)).toEqual([1, 2, 3]);
    const counted = await collection
      .aggregate([{ $match: { name: 'apple' } }, { $count: 'n' }], { collation: en1 })
      .toArray();
    expect(counted).toEqual([{ n: 4 }]);
    const projected = await collection
      .aggregate([{ $match: { _id: 2 } }, { $project: { _id: 0, same: { $eq: ['$name', 'APPLE'] } } }], {
        collation: en2,
      })
      .toArray();
    expect(projected).toEqual([{ same: true }]);
  });

  test('sort: en orders by letters before case; numericOrdering orders digits as numbers', async () => {
    const words = numbered('words');
    await words.insertMany(['b', 'A', 'a', 'B', 'c'].map((word, i) => ({ _id: i, word })));
    const byEnglish = await words
      .find({}, { projection: { _id: 0 } })
      .sort({ word: 1 })
      .collation({ locale: 'en' })
      .toArray();
    expect(byEnglish.map((doc) => doc.word)).toEqual(['a', 'A', 'b', 'B', 'c']);
    const binary = await words
      .find({}, { projection: { _id: 0 } })
      .sort({ word: 1 })
      .toArray();
    expect(binary.map((doc) => doc.word)).toEqual(['A', 'B', 'a', 'b', 'c']);
    const upperFirst = await words
      .find({}, { projection: { _id: 0 } })
      .sort({ word: -1 })
      .collation({ locale: 'en', caseFirst: 'upper' })
      .toArray();
    expect(upperFirst.map((doc) => doc.word)).toEqual(['c', 'b', 'B', 'a', 'A']);
    const numbers = numbered('numbers');
    await numbers.insertMany(['10', '9', '2', '100'].map((n, i) => ({ _id: i, n })));
    const numeric = await numbers.find().sort({ n: 1 }).collation({ locale: 'en', numericOrdering: true }).toArray();
    expect(numeric.map((doc) => doc.n)).toEqual(['2', '9', '10', '100']);
    const aggregated = await numbers
      .aggregate([{ $sort: { n: -1 } }, { $project: { _id: 0, n: 1 } }], {
        collation: { locale: 'en', numericOrdering: true },
      })
      .toArray();
    expect(aggregated.map((doc) => doc.n)).toEqual(['100', '10', '9', '2']);
  });

  test('an invalid collation is refused as MongoDB refuses it', async () => {
    const collection = await fruits('invalid');
    await expect(
      collection.find({ name: 'apple' }).collation({ locale: 'notalocale' }).toArray(),
    ).rejects.toMatchObject({
      code: 2,
      codeName: 'BadValue',
      message: expect.stringContaining("Field 'locale' is invalid in:"),
    });
    await expect(
      collection.findOneAndUpdate({ name: 'x' }, { $set: { hit: true } }, { collation: { locale: 'notalocale' } }),
    ).rejects.toMatchObject({ code: 2 });
    await expect(
      collection
        .find({})
        .collation({ locale: 'en', strength: 2, bogus: 1 } as never)
        .toArray(),
    ).rejects.toMatchObject({ code: 40415 });
  });
});

describe('collation in writes', () => {
  test('updateMany, updateOne and replaceOne match by the collation', async () => {
    const collection = await fruits('updates');
    const many = await collection.updateMany({ name: 'apple' }, { $set: { hit: true } }, { collation: en2 });
    expect([many.matchedCount, many.modifiedCount]).toEqual([3, 3]);
    const one = await collection.updateOne({ name: 'BANANA' }, { $set: { hit: true } }, { collation: en2 });
    expect([one.matchedCount, one.modifiedCount]).toEqual([1, 1]);
    const replaced = await collection.replaceOne({ name: 'ÁPPLE' }, { name: 'pear' }, { collation: en2 });
    expect(replaced.matchedCount).toBe(1);
    expect(await collection.findOne({ _id: 4 })).toEqual({ _id: 4, name: 'pear' });
    const none = await collection.updateMany({ name: 'apple' }, { $set: { hit: false } });
    expect(none.matchedCount).toBe(1);
  });

  test('an upsert under a collation updates the match instead of inserting', async () => {
    const collection = await fruits('upserts');
    const result = await collection.updateOne(
      { name: 'BANANA' },
      { $set: { hit: true } },
      { upsert: true, collation: en2 },
    );
    expect([result.matchedCount, result.upsertedCount]).toEqual([1, 0]);
    expect(await collection.countDocuments()).toBe(6);
  });

  test('deleteMany and deleteOne', async () => {
    const collection = await fruits('deletes');
    expect((await collection.deleteOne({ name: 'BANANA' }, { collation: en2 })).deletedCount).toBe(1);
    expect((await collection.deleteMany({ name: 'apple' }, { collation: en1 })).deletedCount).toBe(4);
    expect(await collection.countDocuments()).toBe(1);
  });

  test('findOneAndUpdate / findOneAndDelete with locale en_US', async () => {
    const collection = await fruits('fam');
    const updated = await collection.findOneAndUpdate(
      { name: 'BANANA' },
      { $set: { hit: true } },
      { collation: { locale: 'en_US', strength: 2 }, sort: { _id: -1 }, returnDocument: 'after' },
    );
    expect(updated).toEqual({ _id: 6, name: 'Banana', hit: true });
    const removed = await collection.findOneAndDelete(
      { name: 'ÁPPLE' },
      { collation: { locale: 'en_US', strength: 1 }, sort: { _id: 1 } },
    );
    expect(removed).toEqual({ _id: 1, name: 'apple' });
  });

  test('bulkWrite applies each operation collation', async () => {
    const collection = await fruits('bulk');
    const result = await collection.bulkWrite([
      { updateMany: { filter: { name: 'APPLE' }, update: { $set: { hit: true } }, collation: en2 } },
      { deleteMany: { filter: { name: 'BANANA' }, collation: en2 } },
      { deleteOne: { filter: { name: 'apple' }, collation: en1 } },
    ]);
    expect([result.matchedCount, result.modifiedCount, result.deletedCount]).toEqual([3, 3, 3]);
    expect(await collection.countDocuments()).toBe(3);
  });
});

describe('what the embedded server refuses (MongoDB implements it: checked against a real server)', () => {
  test('a unique index with a strength 2 collation', async () => {
    const collection = db.collection('uniqueCollated');
    const created = collection.createIndex({ name: 1 }, { unique: true, collation: en2 });
    if (externalUri) {
      await created;
      await collection.insertOne({ name: 'apple' });
      await expect(collection.insertOne({ name: 'APPLE' })).rejects.toMatchObject({ code: 11000 });
    } else {
      await expect(created).rejects.toMatchObject({ code: 115, codeName: 'CommandNotSupported' });
      // An index with the simple collation is an ordinary index.
      await collection.createIndex({ name: 1 }, { unique: true, collation: { locale: 'simple' } });
    }
  });

  test('a collection default collation', async () => {
    const created = db.createCollection('defaultCollation', { collation: en2 });
    if (externalUri) {
      const collection = await created;
      await collection.insertMany([{ name: 'a' }, { name: 'A' }]);
      expect(await collection.countDocuments({ name: 'a' })).toBe(2);
    } else {
      await expect(created).rejects.toMatchObject({ code: 115 });
      expect((await db.listCollections({ name: 'defaultCollation' }).toArray()).length).toBe(0);
    }
  });

  test('$addToSet and $pull under a collation; $group by a field', async () => {
    const collection = await fruits('refusedOps');
    await collection.updateOne({ _id: 1 }, { $set: { tags: ['Red'] } });
    const added = collection.updateOne({ _id: 1 }, { $addToSet: { tags: 'red' } }, { collation: en2 });
    const grouped = collection.aggregate([{ $group: { _id: '$name', n: { $sum: 1 } } }], { collation: en1 }).toArray();
    if (externalUri) {
      expect((await added).modifiedCount).toBe(0);
      expect(await grouped).toHaveLength(2);
    } else {
      await expect(added).rejects.toMatchObject({ code: 115 });
      await expect(grouped).rejects.toMatchObject({ code: 115 });
    }
  });
});
