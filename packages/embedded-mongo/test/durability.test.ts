import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient, MongoServerError } from 'mongodb';
import { EmbeddedMongo } from '@hit/embedded-mongo';
import { embeddedOnlyReason } from './target';

const packageDir = path.resolve(__dirname, '..');
const running = new Set<ChildProcess>();
let dataDir: string;

/** Starts `node dist/cli.js` on a data directory and resolves with its uri once it printed it. */
function startServerProcess(dbPath: string, options: string[] = []): Promise<{ child: ChildProcess; uri: string }> {
  const cli = path.join(packageDir, 'dist/cli.js');
  const child = spawn(process.execPath, [cli, '--port', '0', '--dbpath', dbPath, ...options], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /^listening (\S+)$/m.exec(output);
      if (match) resolve({ child, uri: match[1] });
    });
    child.once('exit', (code) => reject(new Error(`server exited early with code ${code}`)));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const describeEmbedded = embeddedOnlyReason ? describe.skip : describe;

describeEmbedded(
  `durability with a data directory (embedded server only${embeddedOnlyReason ? `; skipped: ${embeddedOnlyReason}` : ''})`,
  () => {
    beforeAll(() => {
      // The test runs the real CLI as its own process, so it needs the compiled output.
      execFileSync('npm', ['run', 'build'], { cwd: packageDir, stdio: 'ignore' });
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-durability-'));
    });

    afterAll(() => {
      for (const child of running) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    test('its folder and files are private to the account that runs it, journals an older version left included', async () => {
      const dir = path.join(dataDir, 'private');
      const mode = (file: string) => fs.statSync(path.join(dir, file)).mode & 0o777;
      let server = await EmbeddedMongo.start({ port: 0, dbPath: dir });
      try {
        const client = await MongoClient.connect(server.uri);
        await client.db('private').collection('users').insertOne({ email: 'ada@example.com' });
        await client.close();
      } finally {
        await server.stop();
      }
      expect(mode('.')).toBe(0o700);
      const files = fs.readdirSync(dir);
      expect(files).toContain('journal.bson');
      for (const file of files) expect([file, mode(file)]).toEqual([file, 0o600]);

      // As an older version left them: readable by everyone.
      for (const file of files) fs.chmodSync(path.join(dir, file), 0o644);
      server = await EmbeddedMongo.start({ port: 0, dbPath: dir });
      try {
        const client = await MongoClient.connect(server.uri);
        expect(await client.db('private').collection('users').countDocuments()).toBe(1);
        await client.close();
      } finally {
        await server.stop();
      }
      expect(mode('journal.bson')).toBe(0o600);
    });

    test('every acknowledged write survives kill -9 of the server process and a restart', async () => {
      const first = await startServerProcess(dataDir);
      const client = await MongoClient.connect(first.uri, { serverSelectionTimeoutMS: 1_000 });
      const db = client.db('durable');
      const progress = db.collection('progress');
      await progress.createIndex({ userId: 1, day: 1 }, { unique: true });
      await progress.insertMany(Array.from({ length: 100 }, (_, i) => ({ userId: `u${i % 5}`, day: i, weight: i })));
      await progress.updateMany({ userId: 'u1' }, { $inc: { weight: 1000 } });
      await progress.deleteMany({ userId: 'u4' });
      await progress.findOneAndUpdate({ day: 0 }, { $set: { note: 'first' } });
      await db.collection('dropped').insertOne({ gone: true });
      await db.collection('dropped').drop();

      // Writes still streaming when the process dies: each one acknowledged before must be there afterwards.
      const stream = db.collection<{ seq: number }>('stream');
      const acknowledged: number[] = [];
      const writer = (async () => {
        for (let seq = 0; ; seq++) {
          try {
            await stream.insertOne({ seq });
          } catch {
            return;
          }
          acknowledged.push(seq);
        }
      })();
      while (acknowledged.length < 200) await sleep(5);
      first.child.kill('SIGKILL');
      await once(first.child, 'exit');
      await writer;
      await client.close();

      const second = await startServerProcess(dataDir);
      const reconnected = await MongoClient.connect(second.uri);
      try {
        const db2 = reconnected.db('durable');
        const progress2 = db2.collection('progress');
        expect(await progress2.countDocuments()).toBe(80);
        expect(await progress2.countDocuments({ userId: 'u1', weight: { $gte: 1000 } })).toBe(20);
        expect(await progress2.findOne({ day: 0 }, { projection: { _id: 0 } })).toEqual({
          userId: 'u0',
          day: 0,
          weight: 0,
          note: 'first',
        });
        const stored = new Set((await db2.collection('stream').find().toArray()).map((doc) => doc.seq));
        expect(acknowledged.filter((seq) => !stored.has(seq))).toEqual([]);
        expect((await db2.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).sort()).toEqual([
          'progress',
          'stream',
        ]);
        // the unique index came back with the data
        await expect(progress2.insertOne({ userId: 'u0', day: 0 })).rejects.toMatchObject({ code: 11000 });
        await expect(progress2.insertOne({ userId: 'u0', day: 0 })).rejects.toBeInstanceOf(MongoServerError);
      } finally {
        await reconnected.close();
      }

      // A second server on the same directory is refused while the first one runs.
      await expect(EmbeddedMongo.start({ dbPath: dataDir })).rejects.toThrow(
        /in use by another embedded MongoDB server/,
      );

      // SIGTERM stops the CLI cleanly.
      second.child.kill('SIGTERM');
      const [code] = await once(second.child, 'exit');
      expect(code).toBe(0);
    }, 30_000);

    test('every acknowledged bulkWrite survives kill -9, in each of its namespaces', async () => {
      const dir = path.join(dataDir, 'bulk');
      const first = await startServerProcess(dir);
      const client = await MongoClient.connect(first.uri, { serverSelectionTimeoutMS: 1_000 });
      const acknowledged: number[] = [];
      const writer = (async () => {
        for (let seq = 0; ; seq++) {
          try {
            await client.bulkWrite<Record<string, { _id: number | string; sets?: number }>>([
              { namespace: 'bulk.sets', name: 'insertOne', document: { _id: seq } },
              {
                namespace: 'bulk.days',
                name: 'updateOne',
                filter: { _id: 'today' },
                update: { $inc: { sets: 1 } },
                upsert: true,
              },
              { namespace: 'other.log', name: 'insertOne', document: { _id: seq } },
            ]);
          } catch {
            return;
          }
          acknowledged.push(seq);
        }
      })();
      while (acknowledged.length < 100) await sleep(5);
      first.child.kill('SIGKILL');
      await once(first.child, 'exit');
      await writer;
      await client.close();

      const second = await startServerProcess(dir);
      const reconnected = await MongoClient.connect(second.uri);
      try {
        const ids = async (db: string, collection: string) =>
          new Set(
            (await reconnected.db(db).collection<{ _id: number }>(collection).find().toArray()).map((d) => d._id),
          );
        const sets = await ids('bulk', 'sets');
        const logged = await ids('other', 'log');
        expect(acknowledged.filter((seq) => !sets.has(seq) || !logged.has(seq))).toEqual([]);
        const days = reconnected.db('bulk').collection<{ _id: string; sets: number }>('days');
        const today = await days.findOne({ _id: 'today' });
        expect(today?.sets).toBeGreaterThanOrEqual(acknowledged.length);
      } finally {
        await reconnected.close();
        second.child.kill('SIGTERM');
        await once(second.child, 'exit');
      }
    }, 30_000);

    test('the CLI answers as MongoDB 7.0 with --mongo-version 7.0', async () => {
      const { child, uri } = await startServerProcess(path.join(dataDir, 'seven'), ['--mongo-version', '7.0']);
      const client = await MongoClient.connect(uri);
      try {
        expect((await client.db('admin').command({ hello: 1 })).maxWireVersion).toBe(21);
      } finally {
        await client.close();
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
    });

    test("answers nothing that shows or acknowledges another connection's write before that write is on disk", async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-visibility-'));
      const server = await EmbeddedMongo.start({ port: 0, dbPath: dir });
      // Two clients, so the write and the commands that see it travel on different connections.
      const writer = await MongoClient.connect(server.uri, { maxPoolSize: 1 });
      const reader = await MongoClient.connect(server.uri, { maxPoolSize: 1 });
      const writerSets = writer.db('visible').collection<{ _id: string; reps: number }>('sets');
      const readerSets = reader.db('visible').collection<{ _id: string; reps: number }>('sets');
      await writerSets.insertOne({ _id: 'warm-up', reps: 1 }); // creates the collection before the disk is held back
      await readerSets.findOne({ _id: 'warm-up' });

      // Hold the next fdatasync until released: the write below is applied in memory but not yet durable.
      let releaseDisk: () => void = () => {};
      const diskHeld = new Promise<void>((resolve) => (releaseDisk = resolve));
      let reachDisk: () => void = () => {};
      const diskReached = new Promise<void>((resolve) => (reachDisk = resolve));
      const realFdatasync = fs.fdatasync;
      const fdatasync = jest.spyOn(fs, 'fdatasync').mockImplementationOnce(((
        fd: number,
        callback: (error: Error | null) => void,
      ) => {
        reachDisk();
        void diskHeld.then(() => realFdatasync(fd, callback));
      }) as typeof fs.fdatasync);
      try {
        const settled: string[] = [];
        const track = <T>(name: string, promise: Promise<T>) => promise.then((value) => (settled.push(name), value));
        const insert = track('insert', writerSets.insertOne({ _id: 'set-1', reps: 8 }));
        // Waited for, not slept on: the insert is applied in memory and its journal record is on its way to disk.
        await diskReached;
        // The same save repeated (it finds nothing to change) and a read, from the other connection.
        const repeat = track('repeat', readerSets.updateOne({ _id: 'set-1' }, { $set: { reps: 8 } }));
        const read = track('read', readerSets.findOne({ _id: 'set-1' }));
        await sleep(200);
        expect(settled).toEqual([]);

        releaseDisk();
        await expect(insert).resolves.toMatchObject({ acknowledged: true });
        await expect(repeat).resolves.toMatchObject({ matchedCount: 1, modifiedCount: 0 });
        await expect(read).resolves.toEqual({ _id: 'set-1', reps: 8 });
      } finally {
        releaseDisk();
        fdatasync.mockRestore();
        await writer.close();
        await reader.close();
        await server.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  },
);
