import net from 'node:net';
import { MongoClient, MongoServerError, type Db } from 'mongodb';
import { embeddedOnlyReason, startTarget, type Target } from './target';

let target: Target;
let clients: MongoClient[];
let db: Db;

beforeAll(async () => {
  target = await startTarget('robustness');
  clients = await Promise.all([MongoClient.connect(target.uri), MongoClient.connect(target.uri)]);
  db = clients[0].db(target.dbName);
});

afterAll(async () => {
  await db.dropDatabase();
  await Promise.all(clients.map((client) => client.close()));
  await target.stop();
});

test('two clients writing concurrently lose no increment and no insert', async () => {
  const counters = db.collection<{ _id: string; n: number }>('counters');
  await counters.insertOne({ _id: 'c', n: 0 });
  const perClient = 500;
  await Promise.all(
    clients.flatMap((client, c) => {
      const collectionOfClient = client.db(target.dbName);
      return Array.from({ length: perClient }, (_, i) =>
        Promise.all([
          collectionOfClient
            .collection<{ _id: string; n: number }>('counters')
            .updateOne({ _id: 'c' }, { $inc: { n: 1 } }),
          collectionOfClient.collection('events').insertOne({ client: c, i }),
        ]),
      );
    }),
  );
  expect((await counters.findOne({ _id: 'c' }))?.n).toBe(2 * perClient);
  expect(await db.collection('events').countDocuments()).toBe(2 * perClient);
  expect(await db.collection('events').countDocuments({ client: 1 })).toBe(perClient);
}, 30_000);

test('an unknown command answers CommandNotFound and the connection keeps working', async () => {
  const error = await db.command({ nope: 1 }).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(MongoServerError);
  expect(error).toMatchObject({ code: 59, codeName: 'CommandNotFound' });
  expect((error as MongoServerError).message).toContain("no such command: 'nope'");
  expect(await db.command({ ping: 1 })).toMatchObject({ ok: 1 });
});

test('a command that fails inside answers an error and the server keeps serving', async () => {
  await expect(
    db
      .collection('x')
      .find({ a: { $bogus: 1 } })
      .toArray(),
  ).rejects.toBeInstanceOf(MongoServerError);
  await db.collection('x').insertOne({ a: 'text' });
  await expect(db.collection('x').updateOne({}, { $inc: { a: 1 } })).rejects.toBeInstanceOf(MongoServerError);
  expect(await db.collection('x').findOne({}, { projection: { _id: 0 } })).toEqual({ a: 'text' });
  expect(await db.command({ ping: 1 })).toMatchObject({ ok: 1 });
});

test('an unacknowledged write (w: 0, moreToCome) is applied without a reply', async () => {
  const fireAndForget = db.collection('unacknowledged');
  const result = await fireAndForget.insertOne({ quiet: true }, { writeConcern: { w: 0 } });
  expect(result.acknowledged).toBe(false);
  // the next command on the pool sees it: requests on a connection are answered in order
  let count = 0;
  // Polled until a deadline, not a number of tries: a busy machine may take longer than 50 x 20 ms.
  for (const deadline = Date.now() + 10_000; count === 0 && Date.now() < deadline;) {
    count = await fireAndForget.countDocuments({ quiet: true });
    if (count === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(count).toBe(1);
});

/** Sends raw bytes on a fresh socket and resolves when the server closes it. */
function sendRaw(uri: string, bytes: Buffer): Promise<'closed'> {
  const { hostname, port } = new URL(uri);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(bytes));
    socket.on('error', () => undefined); // a reset counts as closed too
    socket.on('close', () => resolve('closed'));
    socket.setTimeout(5_000, () => {
      socket.destroy();
      reject(new Error('server did not close the connection'));
    });
  });
}

function header(length: number, opCode: number): Buffer {
  const bytes = Buffer.alloc(16);
  bytes.writeInt32LE(length, 0);
  bytes.writeInt32LE(1, 4);
  bytes.writeInt32LE(opCode, 12);
  return bytes;
}

const describeEmbedded = embeddedOnlyReason ? describe.skip : describe;

describeEmbedded(
  `malformed messages (embedded server only${embeddedOnlyReason ? `; skipped: ${embeddedOnlyReason}` : ''})`,
  () => {
    test.each([
      ['garbage bytes', Buffer.from('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n')],
      ['a length smaller than the header', Buffer.concat([header(8, 2013), Buffer.alloc(8)])],
      ['an unknown opcode', Buffer.concat([header(21, 4242), Buffer.alloc(5)])],
      [
        'an OP_MSG whose BSON body is corrupt',
        Buffer.concat([header(30, 2013), Buffer.from([0, 0, 0, 0, 0, 9, 0, 0, 0, 0x42, 0x61, 0, 0, 0])]),
      ],
    ])('%s close that connection while other clients keep being served', async (_name, bytes) => {
      await expect(sendRaw(target.uri, bytes)).resolves.toBe('closed');
      expect(await db.command({ ping: 1 })).toMatchObject({ ok: 1 });
      expect(await db.collection('counters').countDocuments()).toBe(1);
    });
  },
);
