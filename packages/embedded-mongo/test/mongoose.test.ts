import mongoose, { Schema, Types, type Connection } from 'mongoose';
import { startTarget, type Target } from './target';

let target: Target;
let connection: Connection;

beforeAll(async () => {
  target = await startTarget('mongoose');
  connection = await mongoose.createConnection(target.uri, { dbName: target.dbName }).asPromise();
});

afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
  await target.stop();
});

const setSchema = new Schema({ reps: Number, weight: Number, failed: Boolean }, { _id: false });

const workoutSchema = new Schema({
  userId: { type: Schema.Types.ObjectId, required: true, index: true },
  day: { type: String, enum: ['A', 'B', 'C'] },
  performedAt: { type: Date, required: true },
  exercises: [
    {
      name: String,
      sets: [setSchema],
      restSeconds: [[Number]],
    },
  ],
  notes: { mood: String, tags: [String] },
});

describe('mongoose models', () => {
  test('a document with subdocuments, dates, ObjectIds and nested arrays round-trips unchanged', async () => {
    const Workout = connection.model('Workout', workoutSchema);
    await Workout.init();
    const userId = new Types.ObjectId();
    const performedAt = new Date('2026-11-20T07:30:00.000Z');
    const created = await Workout.create({
      userId,
      day: 'B',
      performedAt,
      exercises: [
        {
          name: 'squat',
          sets: [
            { reps: 8, weight: 100 },
            { reps: 6, weight: 105, failed: true },
          ],
          restSeconds: [[90, 120], [60]],
        },
        { name: 'row', sets: [], restSeconds: [] },
      ],
      notes: { mood: 'good', tags: ['legs', 'back'] },
    });

    const loaded = await Workout.findById(created._id).lean();
    expect(loaded).not.toBeNull();
    expect(loaded!.userId).toBeInstanceOf(Types.ObjectId);
    expect(loaded!.userId.equals(userId)).toBe(true);
    expect(loaded!.performedAt).toEqual(performedAt);
    expect(loaded!.exercises[0].sets).toEqual([
      { reps: 8, weight: 100 },
      { reps: 6, weight: 105, failed: true },
    ]);
    expect(loaded!.exercises[0].restSeconds).toEqual([[90, 120], [60]]);
    expect(loaded!.exercises[1]._id).toBeInstanceOf(Types.ObjectId);
    expect(loaded!.notes).toEqual({ mood: 'good', tags: ['legs', 'back'] });

    const doc = await Workout.findOne({ userId });
    doc!.exercises[0].sets.push({ reps: 4, weight: 110 });
    doc!.notes!.mood = 'tired';
    await doc!.save();
    const saved = await Workout.findOne({ userId }).lean();
    expect(saved!.exercises[0].sets).toHaveLength(3);
    expect(saved!.notes!.mood).toBe('tired');

    const found = await Workout.find({ userId, performedAt: { $gte: new Date('2026-11-01') } })
      .select('day')
      .lean();
    expect(found).toEqual([{ _id: created._id, day: 'B' }]);
    expect(await Workout.countDocuments({ 'exercises.name': 'row' })).toBe(1);
    expect(await Workout.exists({ day: 'C' })).toBeNull();
    const updated = await Workout.findOneAndUpdate(
      { _id: created._id },
      { $set: { day: 'C' } },
      { returnDocument: 'after' },
    ).lean();
    expect(updated!.day).toBe('C');
    await Workout.deleteOne({ _id: created._id });
    expect(await Workout.countDocuments()).toBe(0);
  });

  test('a unique field is enforced after syncIndexes and surfaces as a duplicate-key error', async () => {
    const User = connection.model(
      'User',
      new Schema({ email: { type: String, required: true, unique: true }, name: String }),
    );
    await User.syncIndexes();
    const indexes = await User.listIndexes();
    expect(indexes.find((index) => index.name === 'email_1')).toMatchObject({ unique: true });

    await User.create({ email: 'ann@example.com', name: 'Ann' });
    const error = await User.create({ email: 'ann@example.com', name: 'Other' }).then(
      () => undefined,
      (thrown: unknown) => thrown as { code?: number; name?: string; keyValue?: unknown },
    );
    expect(error).toMatchObject({ name: 'MongoServerError', code: 11000, keyValue: { email: 'ann@example.com' } });
    expect(await User.countDocuments()).toBe(1);

    // syncIndexes is idempotent: nothing to drop or create the second time
    expect(await User.syncIndexes()).toEqual([]);
  });

  test('populate resolves references by _id', async () => {
    const Owner = connection.model('Owner', new Schema({ name: String }));
    const Pet = connection.model(
      'Pet',
      new Schema({ name: String, owner: { type: Schema.Types.ObjectId, ref: 'Owner' } }),
    );
    const owner = await Owner.create({ name: 'Ann' });
    await Pet.create([
      { name: 'Rex', owner: owner._id },
      { name: 'Tom', owner: owner._id },
    ]);
    const pets = await Pet.find().sort({ name: 1 }).populate<{ owner: { name: string } }>('owner').lean();
    expect(pets.map((pet) => `${pet.name}:${pet.owner.name}`)).toEqual(['Rex:Ann', 'Tom:Ann']);
  });
});
