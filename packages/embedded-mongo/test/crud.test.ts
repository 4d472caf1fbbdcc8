import { MongoClient, ObjectId, type Db, type CommandStartedEvent } from 'mongodb';
import { startTarget, type Target } from './target';

let target: Target;
let client: MongoClient;
let db: Db;
const commands: string[] = [];

beforeAll(async () => {
  target = await startTarget('crud');
  client = new MongoClient(target.uri, { monitorCommands: true });
  client.on('commandStarted', (event: CommandStartedEvent) => commands.push(event.commandName));
  await client.connect();
  db = client.db(target.dbName);
});

afterAll(async () => {
  await db.dropDatabase();
  await client.close();
  await target.stop();
});

interface Workout {
  _id?: ObjectId;
  user: string;
  exercise: string;
  weight: number;
  reps: number;
  tags?: string[];
  sets?: { n: number; reps: number }[];
}

const workouts: Workout[] = [
  { user: 'ann', exercise: 'squat', weight: 100, reps: 8, tags: ['legs'] },
  { user: 'ann', exercise: 'bench', weight: 60, reps: 10, tags: ['chest', 'arms'] },
  { user: 'bob', exercise: 'squat', weight: 120, reps: 6, tags: ['legs'] },
  { user: 'bob', exercise: 'row', weight: 70, reps: 12, tags: ['back', 'arms'] },
  { user: 'cat', exercise: 'deadlift', weight: 140, reps: 5, tags: [] },
];

describe('reads', () => {
  beforeAll(async () => {
    await db.collection<Workout>('reads').insertMany(workouts.map((w) => ({ ...w })));
  });

  test('find with an equality filter returns only matching documents, each with a generated ObjectId _id', async () => {
    const found = await db.collection<Workout>('reads').find({ user: 'ann' }).toArray();
    expect(found.map((w) => w.exercise).sort()).toEqual(['bench', 'squat']);
    for (const doc of found) expect(doc._id).toBeInstanceOf(ObjectId);
  });

  test('find with comparison, $in, $or, array-element and regex filters', async () => {
    const reads = db.collection<Workout>('reads');
    expect(await reads.countDocuments({ weight: { $gte: 100 } })).toBe(3);
    expect(await reads.countDocuments({ user: { $in: ['ann', 'cat'] } })).toBe(3);
    expect(await reads.countDocuments({ $or: [{ reps: { $lt: 6 } }, { exercise: 'row' }] })).toBe(2);
    expect(await reads.countDocuments({ tags: 'arms' })).toBe(2);
    expect(await reads.countDocuments({ exercise: /^s/ })).toBe(2);
    expect(await reads.countDocuments({ tags: { $size: 0 } })).toBe(1);
  });

  test('projection includes or excludes fields', async () => {
    const reads = db.collection<Workout>('reads');
    const included = await reads.find({ user: 'cat' }, { projection: { exercise: 1, _id: 0 } }).toArray();
    expect(included).toEqual([{ exercise: 'deadlift' }]);
    const excluded = await reads.findOne({ user: 'cat' }, { projection: { tags: 0, _id: 0 } });
    expect(excluded).toEqual({ user: 'cat', exercise: 'deadlift', weight: 140, reps: 5 });
  });

  test('sort, skip and limit apply in that order', async () => {
    const reads = db.collection<Workout>('reads');
    const heaviest = await reads.find({}).sort({ weight: -1 }).limit(2).toArray();
    expect(heaviest.map((w) => w.weight)).toEqual([140, 120]);
    const page = await reads.find({}).sort({ weight: 1 }).skip(1).limit(3).toArray();
    expect(page.map((w) => w.weight)).toEqual([70, 100, 120]);
    const byUserThenWeight = await reads.find({}).sort({ user: 1, weight: -1 }).toArray();
    expect(byUserThenWeight.map((w) => `${w.user}:${w.weight}`)).toEqual([
      'ann:100',
      'ann:60',
      'bob:120',
      'bob:70',
      'cat:140',
    ]);
  });

  test('countDocuments and estimatedDocumentCount', async () => {
    const reads = db.collection<Workout>('reads');
    expect(await reads.countDocuments()).toBe(5);
    expect(await reads.countDocuments({ user: 'bob' })).toBe(2);
    expect(await reads.countDocuments({}, { skip: 1, limit: 2 })).toBe(2);
    expect(await reads.estimatedDocumentCount()).toBe(5);
  });

  test('distinct returns unique values, expanding arrays', async () => {
    const reads = db.collection<Workout>('reads');
    expect((await reads.distinct('user')).sort()).toEqual(['ann', 'bob', 'cat']);
    expect((await reads.distinct('tags', { user: { $ne: 'cat' } })).sort()).toEqual(['arms', 'back', 'chest', 'legs']);
  });

  test('aggregate with $match, $group, $sort, $project and $limit', async () => {
    const result = await db
      .collection<Workout>('reads')
      .aggregate([
        { $match: { weight: { $gte: 60 } } },
        { $group: { _id: '$user', total: { $sum: '$weight' }, sessions: { $sum: 1 } } },
        { $sort: { total: -1 } },
        { $project: { _id: 0, user: '$_id', total: 1, sessions: 1 } },
        { $limit: 2 },
      ])
      .toArray();
    expect(result).toEqual([
      { user: 'bob', total: 190, sessions: 2 },
      { user: 'ann', total: 160, sessions: 2 },
    ]);
  });

  test('aggregate with $lookup joins another collection of the same database', async () => {
    await db.collection('users').insertMany([
      { _id: 'ann' as never, name: 'Ann' },
      { _id: 'bob' as never, name: 'Bob' },
    ]);
    const joined = await db
      .collection<Workout>('reads')
      .aggregate([
        { $match: { exercise: 'squat' } },
        { $lookup: { from: 'users', localField: 'user', foreignField: '_id', as: 'owner' } },
        { $project: { _id: 0, exercise: 1, owner: '$owner.name' } },
        { $sort: { owner: 1 } },
      ])
      .toArray();
    expect(joined).toEqual([
      { exercise: 'squat', owner: ['Ann'] },
      { exercise: 'squat', owner: ['Bob'] },
    ]);
  });

  test('a positional projection returns only the array element the query matched', async () => {
    const [doc] = await db
      .collection<Workout>('reads')
      .find({ user: 'bob', tags: 'arms' }, { projection: { 'tags.$': 1 } })
      .toArray();
    expect(Object.keys(doc)).toEqual(['_id', 'tags']);
    expect(doc.tags).toEqual(['arms']);
  });

  test('aggregate with $unwind, $addFields, $skip and $count', async () => {
    const [{ tagged }] = await db
      .collection<Workout>('reads')
      .aggregate<{ tagged: number }>([
        { $unwind: '$tags' },
        { $addFields: { heavy: { $gt: ['$weight', 80] } } },
        { $match: { heavy: true } },
        { $skip: 1 },
        { $count: 'tagged' },
      ])
      .toArray();
    expect(tagged).toBe(1);
    // the stored documents are untouched by $addFields
    expect(await db.collection('reads').countDocuments({ heavy: { $exists: true } })).toBe(0);
  });
});

describe('cursors', () => {
  test('a find over more than 101 documents is fetched in batches through getMore', async () => {
    const many = db.collection<{ i: number }>('many');
    await many.insertMany(Array.from({ length: 250 }, (_, i) => ({ i })));
    commands.length = 0;
    const all = await many.find({}).sort({ i: 1 }).toArray();
    expect(all).toHaveLength(250);
    expect(all.map((d) => d.i)).toEqual(Array.from({ length: 250 }, (_, i) => i));
    expect(commands.filter((name) => name === 'getMore').length).toBeGreaterThanOrEqual(1);

    commands.length = 0;
    const batched = await many.find({ i: { $gte: 100 } }, { batchSize: 40 }).toArray();
    expect(batched).toHaveLength(150);
    expect(commands.filter((name) => name === 'getMore')).toHaveLength(3);
  });

  test('an aggregation cursor also continues with getMore, and a closed cursor is killed', async () => {
    const many = db.collection<{ i: number }>('many');
    const results = await many.aggregate([{ $match: { i: { $lt: 200 } } }], { batchSize: 50 }).toArray();
    expect(results).toHaveLength(200);

    commands.length = 0;
    const cursor = many.find({}, { batchSize: 10 });
    await cursor.next();
    await cursor.close();
    expect(commands).toContain('killCursors');
  });
});

describe('updates', () => {
  beforeEach(async () => {
    await db.collection('updates').deleteMany({});
    await db.collection<Workout>('updates').insertMany([
      {
        user: 'ann',
        exercise: 'squat',
        weight: 100,
        reps: 8,
        tags: ['legs'],
        sets: [
          { n: 1, reps: 8 },
          { n: 2, reps: 6 },
        ],
      },
      { user: 'bob', exercise: 'squat', weight: 120, reps: 6, tags: ['legs', 'heavy'], sets: [{ n: 1, reps: 5 }] },
    ]);
  });

  test('updateOne with $set and $inc changes one document and reports matched/modified counts', async () => {
    const updates = db.collection<Workout>('updates');
    const result = await updates.updateOne({ exercise: 'squat' }, { $set: { note: 'pr' }, $inc: { weight: 5 } });
    expect(result).toMatchObject({ matchedCount: 1, modifiedCount: 1, upsertedCount: 0 });
    expect(await updates.findOne({ user: 'ann' })).toMatchObject({ note: 'pr', weight: 105 });
    expect(await updates.findOne({ user: 'bob' })).toMatchObject({ weight: 120 });
  });

  test('an update that changes nothing is matched but not modified', async () => {
    const result = await db.collection('updates').updateOne({ user: 'ann' }, { $set: { weight: 100 } });
    expect(result).toMatchObject({ matchedCount: 1, modifiedCount: 0 });
  });

  test('updateMany with $push and $pull changes every matching document', async () => {
    const updates = db.collection<Workout>('updates');
    const pushed = await updates.updateMany({ exercise: 'squat' }, { $push: { tags: 'done' } });
    expect(pushed).toMatchObject({ matchedCount: 2, modifiedCount: 2 });
    const pulled = await updates.updateMany({}, { $pull: { tags: 'legs' } });
    expect(pulled.modifiedCount).toBe(2);
    const tags = (await updates.find({}).sort({ user: 1 }).toArray()).map((w) => w.tags);
    expect(tags).toEqual([['done'], ['heavy', 'done']]);
  });

  test('$addToSet with $each adds each value once, $push with $each/$sort/$slice keeps a bounded sorted array', async () => {
    const updates = db.collection<Workout>('updates');
    await updates.updateOne({ user: 'ann' }, { $addToSet: { tags: { $each: ['legs', 'pr', 'pr'] } } });
    await updates.updateOne(
      { user: 'bob' },
      {
        $push: {
          sets: {
            $each: [
              { n: 3, reps: 9 },
              { n: 2, reps: 1 },
            ],
            $sort: { reps: -1 },
            $slice: 2,
          },
        },
      },
    );
    expect((await updates.findOne({ user: 'ann' }))?.tags).toEqual(['legs', 'pr']);
    expect((await updates.findOne({ user: 'bob' }))?.sets).toEqual([
      { n: 3, reps: 9 },
      { n: 1, reps: 5 },
    ]);
  });

  test('$push on a field that is not an array and $inc on a string are rejected', async () => {
    const updates = db.collection('updates');
    await expect(updates.updateOne({ user: 'ann' }, { $push: { user: 'x' } as never })).rejects.toMatchObject({
      code: 2,
    });
    await expect(updates.updateOne({ user: 'ann' }, { $inc: { exercise: 1 } })).rejects.toMatchObject({ code: 14 });
    expect(await updates.findOne({ user: 'ann' }, { projection: { _id: 0, user: 1, exercise: 1 } })).toEqual({
      user: 'ann',
      exercise: 'squat',
    });
  });

  test('arrayFilters update only the array elements they select', async () => {
    const updates = db.collection<Workout>('updates');
    await updates.updateOne(
      { user: 'ann' },
      { $inc: { 'sets.$[set].reps': 2 } },
      { arrayFilters: [{ 'set.reps': { $lt: 7 } }] },
    );
    expect((await updates.findOne({ user: 'ann' }))?.sets).toEqual([
      { n: 1, reps: 8 },
      { n: 2, reps: 8 },
    ]);
  });

  test('the positional $ operator updates the element the query matched', async () => {
    const updates = db.collection<Workout>('updates');
    await updates.updateOne({ user: 'ann', 'sets.n': 2 }, { $set: { 'sets.$.reps': 10 } });
    expect((await updates.findOne({ user: 'ann' }))?.sets).toEqual([
      { n: 1, reps: 8 },
      { n: 2, reps: 10 },
    ]);
  });

  test('upsert inserts from the query fields and $setOnInsert, and returns the new _id', async () => {
    const updates = db.collection('updates');
    const result = await updates.updateOne(
      { user: 'dan', exercise: 'press' },
      { $inc: { weight: 40 }, $setOnInsert: { createdBy: 'upsert' } },
      { upsert: true },
    );
    expect(result.upsertedCount).toBe(1);
    expect(result.upsertedId).toBeInstanceOf(ObjectId);
    const inserted = await updates.findOne({ _id: result.upsertedId! });
    expect(inserted).toEqual({
      _id: result.upsertedId,
      user: 'dan',
      exercise: 'press',
      weight: 40,
      createdBy: 'upsert',
    });

    const again = await updates.updateOne(
      { user: 'dan', exercise: 'press' },
      { $inc: { weight: 5 }, $setOnInsert: { createdBy: 'other' } },
      { upsert: true },
    );
    expect(again).toMatchObject({ matchedCount: 1, modifiedCount: 1, upsertedCount: 0 });
    expect(await updates.findOne({ user: 'dan' })).toMatchObject({ weight: 45, createdBy: 'upsert' });
  });

  test('replaceOne keeps the _id and replaces every other field', async () => {
    const updates = db.collection('updates');
    const before = await updates.findOne({ user: 'bob' });
    await updates.replaceOne({ user: 'bob' }, { user: 'bob', exercise: 'rest' });
    expect(await updates.findOne({ user: 'bob' })).toEqual({ _id: before!._id, user: 'bob', exercise: 'rest' });
  });

  test('an update that would change _id is rejected', async () => {
    await expect(
      db.collection('updates').updateOne({ user: 'bob' }, { $set: { _id: new ObjectId() } }),
    ).rejects.toMatchObject({ code: 66 });
  });

  test('findOneAndUpdate returns the document before or after the update', async () => {
    const updates = db.collection<Workout>('updates');
    const before = await updates.findOneAndUpdate({ user: 'ann' }, { $inc: { reps: 1 } });
    expect(before?.reps).toBe(8);
    const after = await updates.findOneAndUpdate(
      { user: 'ann' },
      { $inc: { reps: 1 } },
      { returnDocument: 'after', projection: { reps: 1 } },
    );
    expect(after).toEqual({ _id: before!._id, reps: 10 });
    const sorted = await updates.findOneAndUpdate(
      {},
      { $set: { top: true } },
      { sort: { weight: -1 }, returnDocument: 'after' },
    );
    expect(sorted?.user).toBe('bob');
    const missing = await updates.findOneAndUpdate({ user: 'nobody' }, { $set: { x: 1 } });
    expect(missing).toBeNull();
    const upserted = await updates.findOneAndUpdate(
      { user: 'eve' },
      { $set: { weight: 1 } },
      { upsert: true, returnDocument: 'after' },
    );
    expect(upserted).toMatchObject({ user: 'eve', weight: 1 });
  });

  test('findOneAndDelete and findOneAndReplace', async () => {
    const updates = db.collection<Workout>('updates');
    const replaced = await updates.findOneAndReplace(
      { user: 'bob' },
      { user: 'bob', exercise: 'swim', weight: 0, reps: 0 },
      { returnDocument: 'after' },
    );
    expect(replaced).toMatchObject({ exercise: 'swim' });
    const deleted = await updates.findOneAndDelete({ user: 'bob' });
    expect(deleted).toMatchObject({ exercise: 'swim' });
    expect(await updates.countDocuments()).toBe(1);
  });
});

describe('deletes', () => {
  test('deleteOne removes one matching document, deleteMany all of them', async () => {
    const deletes = db.collection('deletes');
    await deletes.insertMany([{ k: 1 }, { k: 1 }, { k: 1 }, { k: 2 }]);
    expect((await deletes.deleteOne({ k: 1 })).deletedCount).toBe(1);
    expect(await deletes.countDocuments({ k: 1 })).toBe(2);
    expect((await deletes.deleteMany({ k: 1 })).deletedCount).toBe(2);
    expect((await deletes.deleteMany({ k: 3 })).deletedCount).toBe(0);
    expect(await deletes.find().project({ _id: 0 }).toArray()).toEqual([{ k: 2 }]);
  });
});

describe('bulk writes', () => {
  test('an unordered insertMany reports the failed documents and inserts the rest', async () => {
    const bulk = db.collection('bulk');
    const id = new ObjectId();
    await expect(bulk.insertMany([{ _id: id }, { _id: id }, { n: 3 }], { ordered: false })).rejects.toMatchObject({
      code: 11000,
      insertedCount: 2,
    });
    expect(await bulk.countDocuments()).toBe(2);
  });

  test('bulkWrite mixes inserts, updates and deletes', async () => {
    const bulk = db.collection('bulk2');
    const result = await bulk.bulkWrite([
      { insertOne: { document: { k: 1 } } },
      { insertOne: { document: { k: 2 } } },
      { updateOne: { filter: { k: 1 }, update: { $set: { seen: true } } } },
      { updateOne: { filter: { k: 9 }, update: { $set: { seen: true } }, upsert: true } },
      { deleteOne: { filter: { k: 2 } } },
    ]);
    expect(result).toMatchObject({
      insertedCount: 2,
      matchedCount: 1,
      modifiedCount: 1,
      upsertedCount: 1,
      deletedCount: 1,
    });
    expect(
      await bulk
        .find({}, { projection: { _id: 0 } })
        .sort({ k: 1 })
        .toArray(),
    ).toEqual([
      { k: 1, seen: true },
      { k: 9, seen: true },
    ]);
  });
});

describe('collections', () => {
  test('create, list and drop collections', async () => {
    await db.createCollection('made');
    await expect(db.createCollection('made')).rejects.toMatchObject({ codeName: 'NamespaceExists' });
    const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
    expect(names).toContain('made');
    expect(await db.listCollections({ name: 'made' }).toArray()).toEqual([
      expect.objectContaining({ name: 'made', type: 'collection' }),
    ]);
    expect(await db.collection('made').drop()).toBe(true);
    expect((await db.listCollections({ name: 'made' }).toArray()).length).toBe(0);
  });

  test('listDatabases includes the test database', async () => {
    const { databases } = await client.db('admin').admin().listDatabases();
    expect(databases.map((d) => d.name)).toContain(target.dbName);
  });
});
