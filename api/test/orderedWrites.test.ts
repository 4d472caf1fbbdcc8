import mongoose, { type Connection } from 'mongoose';
import type { CommandStartedEvent, Db } from 'mongodb';
import { EmbeddedMongo } from '@hit/embedded-mongo';
import { isDuplicateKeyError, orderedWriter, WritePlan } from '../src/orderedWrites';

/** A plan of writes to two collections, the second's last: what the autosave sends (entries, day, session). */
function twoCollectionPlan(marker: number) {
  const entries = { collection: { collectionName: 'entries' } };
  const sessions = { collection: { collectionName: 'sessions' } };
  return new WritePlan()
    .add(entries, { name: 'updateOne', filter: { _id: 1 }, update: { $set: { reps: marker } }, upsert: true })
    .add(entries, { name: 'insertOne', document: { _id: 10 + marker } })
    .add(sessions, { name: 'updateOne', filter: { _id: 1 }, update: { $set: { saved: marker } }, upsert: true });
}

describe.each([
  ['8.0', ['bulkWrite']],
  ['7.0', ['bulkWrite', 'update', 'insert', 'update']],
] as const)('ordered writes on MongoDB %s', (mongoVersion, firstPlanCommands) => {
  let server: EmbeddedMongo;
  let connection: Connection;
  let db: Db;
  const commands: string[] = [];

  beforeAll(async () => {
    server = await EmbeddedMongo.start({ port: 0, mongoVersion });
    connection = await mongoose
      .createConnection(server.uri, { dbName: 'ordered-writes', monitorCommands: true, bufferCommands: false })
      .asPromise();
    db = connection.db as unknown as Db;
    connection.getClient().on('commandStarted', (event: CommandStartedEvent) => commands.push(event.commandName));
  });
  afterAll(async () => {
    await connection.close(true);
    await server.stop();
  });

  it('applies a plan in order, in one command where the server has bulkWrite, else one per run of a collection', async () => {
    const writer = orderedWriter(db);
    commands.length = 0;
    await writer.run(twoCollectionPlan(1));
    // Before 8.0 the first plan learns that bulkWrite is missing (answered CommandNotFound, nothing written).
    expect(commands).toEqual(firstPlanCommands);
    commands.length = 0;
    await writer.run(twoCollectionPlan(2));
    expect(commands).toEqual(mongoVersion === '8.0' ? ['bulkWrite'] : ['update', 'insert', 'update']);

    expect(await db.collection('entries').find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, reps: 2 },
      { _id: 11 },
      { _id: 12 },
    ]);
    expect(await db.collection('sessions').findOne({ _id: 1 as never })).toEqual({ _id: 1, saved: 2 });
  });

  it('stops at a refused write: the writes after it are not applied, and the error says why', async () => {
    const writer = orderedWriter(db);
    const plan = twoCollectionPlan(1); // its insert of _id 11 is refused now (a duplicate key)
    const error: unknown = await writer.run(plan).then(
      () => null,
      (refused: unknown) => refused,
    );
    expect(isDuplicateKeyError(error)).toBe(true);
    // The update before the refused insert was applied; the session's write after it was not.
    expect(await db.collection('entries').findOne({ _id: 1 as never })).toEqual({ _id: 1, reps: 1 });
    expect(await db.collection('sessions').findOne({ _id: 1 as never })).toEqual({ _id: 1, saved: 2 });
  });

  it('sends nothing for an empty plan', async () => {
    commands.length = 0;
    await orderedWriter(db).run(new WritePlan());
    expect(commands).toEqual([]);
  });
});
