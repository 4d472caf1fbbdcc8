import type { Connection } from 'mongoose';
import type { CommandStartedEvent, Db } from 'mongodb';
import { FEW_DOCUMENTS_MAX, findFewIn } from '../src/findFew';
import { connectMonitored, startTestDatabase, type TestDatabase } from './helpers';

let database: TestDatabase;
let monitored: Connection;
let db: Db;

beforeAll(async () => {
  database = await startTestDatabase();
  monitored = await connectMonitored(database);
  db = monitored.db!;
  await db
    .collection('sets')
    .insertMany([1, 2, 3, 4, 5].map((n) => ({ owner: n % 2 === 0 ? 'ann' : 'bob', n, note: `set ${n}` })));
});
afterAll(async () => {
  await monitored.close();
  await database.close();
});

async function commandsOf(read: () => Promise<unknown>): Promise<string[]> {
  const names: string[] = [];
  const listener = (event: CommandStartedEvent) => names.push(event.commandName);
  monitored.getClient().on('commandStarted', listener);
  try {
    await read();
  } finally {
    monitored.getClient().off('commandStarted', listener);
  }
  return names;
}

describe("findFewIn, the hot path's small reads without a cursor", () => {
  it('answers what a find through a cursor answers, with the projection', async () => {
    const filter = { owner: 'bob' };
    const projection = { _id: 0, n: 1 };
    const viaCursor = await db.collection('sets').find(filter, { projection }).toArray();

    expect(await findFewIn(db, 'sets', filter, { projection })).toEqual(viaCursor);
    expect(viaCursor).toEqual([{ n: 1 }, { n: 3 }, { n: 5 }]);
  });

  it('answers at most `limit` documents, and none when nothing matches', async () => {
    expect(await findFewIn(db, 'sets', { owner: 'ann' }, { limit: 1 })).toEqual([
      expect.objectContaining({ owner: 'ann', n: 2 }),
    ]);
    expect(await findFewIn(db, 'sets', { owner: 'cat' }, { limit: 1 })).toEqual([]);
  });

  it('sends one find command, leaving no cursor to fetch from or close', async () => {
    expect(await commandsOf(() => findFewIn(db, 'sets', { owner: 'bob' }))).toEqual(['find']);
    expect(await commandsOf(() => findFewIn(db, 'sets', { owner: 'bob' }, { limit: 1 }))).toEqual(['find']);
  });

  it('refuses a read that matches more than it may, never answering part of it', async () => {
    await db
      .collection('many')
      .insertMany(Array.from({ length: FEW_DOCUMENTS_MAX + 1 }, (_, i) => ({ owner: 'ann', i })));

    await expect(findFewIn(db, 'many', { owner: 'ann' })).rejects.toThrow(
      `findFew: more than ${FEW_DOCUMENTS_MAX} documents in many match`,
    );
    expect(await findFewIn(db, 'many', { i: { $lt: FEW_DOCUMENTS_MAX } })).toHaveLength(FEW_DOCUMENTS_MAX);
  });
});
