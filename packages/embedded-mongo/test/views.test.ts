/**
 * Views (issue #24): a view is read through its pipeline over its source, as MongoDB 7.0 does; writes and
 * index commands on it answer CommandNotSupportedOnView (166).
 */
import { MongoClient, type Db } from 'mongodb';
import { externalUri, startTarget, type Target } from './target';

/** Documents with number or string ids. */
interface Loose {
  _id: number | string;
  [field: string]: unknown;
}

function loose(name: string) {
  return db.collection<Loose>(name);
}

let target: Target;
let client: MongoClient;
let db: Db;

beforeAll(async () => {
  target = await startTarget('views');
  client = new MongoClient(target.uri);
  await client.connect();
  db = client.db(target.dbName);
  await loose('scores').insertMany([
    { _id: 1, user: 'ann', score: 10, tags: ['a', 'b'] },
    { _id: 2, user: 'bob', score: 30, tags: ['b'] },
    { _id: 3, user: 'cat', score: 20, tags: [] },
    { _id: 4, user: 'ann', score: 40, tags: ['c'] },
  ]);
  await db.createCollection('highScores', { viewOn: 'scores', pipeline: [{ $match: { score: { $gte: 20 } } }] });
  await db.createCollection('highScoreNames', {
    viewOn: 'highScores',
    pipeline: [{ $project: { _id: 1, user: 1, double: { $multiply: ['$score', 2] } } }],
  });
});

afterAll(async () => {
  await db.dropDatabase();
  await client.close();
  await target.stop();
});

describe('reads through a view', () => {
  test('find with filter, sort, skip, limit and projection', async () => {
    const view = loose('highScores');
    expect((await view.find().sort({ _id: 1 }).toArray()).map((doc) => doc._id)).toEqual([2, 3, 4]);
    const found = await view
      .find({ user: { $ne: 'cat' } }, { projection: { _id: 0, user: 1 } })
      .sort({ score: -1 })
      .skip(1)
      .limit(5)
      .toArray();
    expect(found).toEqual([{ user: 'bob' }]);
    expect(await view.findOne({ user: 'ann' })).toEqual({ _id: 4, user: 'ann', score: 40, tags: ['c'] });
  });

  test('a view on a view', async () => {
    const names = await db.collection('highScoreNames').find().sort({ _id: 1 }).toArray();
    expect(names).toEqual([
      { _id: 2, user: 'bob', double: 60 },
      { _id: 3, user: 'cat', double: 40 },
      { _id: 4, user: 'ann', double: 80 },
    ]);
  });

  test('count, countDocuments, estimatedDocumentCount, distinct and aggregate', async () => {
    const view = loose('highScores');
    expect(await view.countDocuments({ user: 'ann' })).toBe(1);
    expect((await db.command({ count: 'highScores', query: { score: { $lt: 35 } } })).n).toBe(2);
    expect(await view.estimatedDocumentCount()).toBe(3);
    expect((await view.distinct('user')).sort()).toEqual(['ann', 'bob', 'cat']);
    expect((await view.distinct('tags')).sort()).toEqual(['b', 'c']);
    const grouped = await view.aggregate([{ $group: { _id: null, total: { $sum: '$score' } } }]).toArray();
    expect(grouped).toEqual([{ _id: null, total: 90 }]);
  });

  test('a view follows its source: new documents show, a $lookup from it sees the view', async () => {
    await loose('scores').insertOne({ _id: 5, user: 'dan', score: 50, tags: [] });
    expect(await db.collection('highScores').countDocuments()).toBe(4);
    const users = loose('users');
    await users.insertMany([{ _id: 'dan' }, { _id: 'eve' }]);
    const joined = await users
      .aggregate([{ $lookup: { from: 'highScores', localField: '_id', foreignField: 'user', as: 'high' } }])
      .toArray();
    expect(joined.map((doc) => [doc._id, (doc.high as unknown[]).length])).toEqual([
      ['dan', 1],
      ['eve', 0],
    ]);
    await loose('scores').deleteOne({ _id: 5 });
  });

  test('dbStats counts views apart from collections', async () => {
    const stats = await db.stats();
    expect(stats.views).toBe(2);
  });

  test('listCollections reports a view with its definition', async () => {
    const [info] = await db.listCollections({ name: 'highScores' }).toArray();
    expect(info).toMatchObject({
      name: 'highScores',
      type: 'view',
      options: { viewOn: 'scores', pipeline: [{ $match: { score: { $gte: 20 } } }] },
      info: { readOnly: true },
    });
    const names = await db.listCollections({ type: 'view' }, { nameOnly: true }).toArray();
    expect(names.map((entry) => entry.name).sort()).toEqual(['highScoreNames', 'highScores']);
  });
});

describe('what a view refuses', () => {
  const onView = { code: 166, codeName: 'CommandNotSupportedOnView' };

  test('inserts, updates, deletes, findAndModify and index commands', async () => {
    const view = loose('highScores');
    await expect(view.insertOne({ _id: 99, user: 'x', score: 99 })).rejects.toMatchObject(onView);
    await expect(view.updateOne({ _id: 2 }, { $set: { score: 1 } })).rejects.toMatchObject(onView);
    await expect(view.deleteMany({})).rejects.toMatchObject(onView);
    await expect(view.findOneAndUpdate({ _id: 2 }, { $set: { score: 1 } })).rejects.toMatchObject(onView);
    await expect(view.createIndex({ user: 1 })).rejects.toMatchObject(onView);
    await expect(view.listIndexes().toArray()).rejects.toMatchObject(onView);
    expect(await db.collection('scores').countDocuments()).toBe(4);
    expect(await loose('scores').findOne({ _id: 2 })).toMatchObject({ score: 30 });
  });

  test("a collation other than the view's", async () => {
    await expect(
      db.collection('highScores').find({ user: 'ANN' }).collation({ locale: 'en', strength: 2 }).toArray(),
    ).rejects.toMatchObject({ code: 167, codeName: 'OptionNotSupportedOnView' });
  });

  test('a view with a collation: MongoDB implements it, the embedded server refuses it', async () => {
    const created = db.createCollection('collatedView', {
      viewOn: 'scores',
      pipeline: [],
      collation: { locale: 'en', strength: 2 },
    });
    if (externalUri) {
      await created;
      expect(await db.collection('collatedView').countDocuments({ user: 'ANN' })).toBe(2);
    } else {
      await expect(created).rejects.toMatchObject({ code: 115, codeName: 'CommandNotSupported' });
    }
  });

  test('dropping a view leaves its source', async () => {
    await db.createCollection('temporaryView', { viewOn: 'scores', pipeline: [] });
    expect(await db.collection('temporaryView').countDocuments()).toBe(4);
    await db.collection('temporaryView').drop();
    expect(await db.listCollections({ name: 'temporaryView' }).toArray()).toEqual([]);
    expect(await db.collection('scores').countDocuments()).toBe(4);
  });
});
