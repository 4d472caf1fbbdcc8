import { promisify } from 'node:util';
import MongoStore from 'connect-mongo';
import type { SessionData } from 'express-session';
import { MongoClient } from 'mongodb';
import { startTarget, type Target } from './target';

let target: Target;
let client: MongoClient;
let store: MongoStore;

beforeAll(async () => {
  target = await startTarget('sessions');
  client = await MongoClient.connect(target.uri);
  store = MongoStore.create({ client, dbName: target.dbName, collectionName: 'sessions', stringify: false });
  await store.collectionP;
});

afterAll(async () => {
  await client.db(target.dbName).dropDatabase();
  await store.close(); // closes the client too
  await target.stop();
});

function session(expires: Date, extra: Record<string, unknown> = {}): SessionData {
  return { cookie: { originalMaxAge: 60_000, expires, httpOnly: true, path: '/' }, ...extra } as unknown as SessionData;
}

describe('connect-mongo session store', () => {
  test('creates its TTL index on the expires field', async () => {
    const indexes = await client.db(target.dbName).collection('sessions').indexes();
    expect(indexes.find((index) => index.key.expires === 1)).toMatchObject({ expireAfterSeconds: 0 });
  });

  test('stores, reads, touches and destroys a session', async () => {
    const get = promisify(store.get.bind(store));
    const set = promisify(store.set.bind(store));
    const touch = promisify(store.touch.bind(store));
    const destroy = promisify(store.destroy.bind(store));
    const length = promisify(store.length.bind(store));

    const expires = new Date(Date.now() + 60_000);
    await set('sid-1', session(expires, { userId: 'u1' }));
    expect(await get('sid-1')).toMatchObject({ userId: 'u1' });
    expect(await length()).toBe(1);

    await set('sid-1', session(expires, { userId: 'u1', theme: 'dark' }));
    expect(await get('sid-1')).toMatchObject({ userId: 'u1', theme: 'dark' });

    const later = new Date(Date.now() + 120_000);
    await touch('sid-1', session(later, { userId: 'u1', theme: 'dark' }));
    const stored = await client
      .db(target.dbName)
      .collection('sessions')
      .findOne({ _id: 'sid-1' as never });
    expect((stored?.expires as Date).getTime()).toBe(later.getTime());

    await destroy('sid-1');
    expect(await get('sid-1')).toBeFalsy();
    expect(await length()).toBe(0);
  });

  test('an expired session is not returned', async () => {
    const get = promisify(store.get.bind(store));
    const set = promisify(store.set.bind(store));
    await set('sid-old', session(new Date(Date.now() - 1_000)));
    expect(await get('sid-old')).toBeFalsy();
  });
});
