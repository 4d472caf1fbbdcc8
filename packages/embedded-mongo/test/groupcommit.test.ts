/**
 * Group commit (src/storage.ts JournalStorage): writes from many connections that arrive while one fdatasync is
 * running all share the next single write + fdatasync, and no write is acknowledged before the fdatasync that
 * covers it has completed. fdatasync calls are counted (and held when a test needs it) through a hook on
 * fs.fdatasync; the journal's own counters come from EmbeddedMongo.journalStats(). Nothing here depends on timing:
 * the tests wait for states (an fdatasync reached, a number of records appended), never for a duration.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient, type Collection } from 'mongodb';
import { EmbeddedMongo } from '@hit/embedded-mongo';
import { embeddedOnlyReason } from './target';

const describeEmbedded = embeddedOnlyReason ? describe.skip : describe;

type Callback = (error: NodeJS.ErrnoException | null) => void;

interface SyncProbe {
  /** fdatasync calls made so far. */
  calls: number;
  /** fdatasync calls completed so far (the storage's callback runs right after this is counted). */
  completed: number;
  /** Journal bytes covered by the completed calls: the file's size when the latest completed call began. */
  coveredBytes: number;
  /** Resolves when the first call is made, which is held until release(). */
  firstCall: Promise<void>;
  release(): void;
  restore(): void;
}

/** Hooks fs.fdatasync: counts the calls, records what each covered, and holds the first one if asked. */
function probeFdatasync(options: { holdFirst: boolean }): SyncProbe {
  const realFdatasync = fs.fdatasync;
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let reached: () => void = () => {};
  const firstCall = new Promise<void>((resolve) => (reached = resolve));
  const probe: SyncProbe = {
    calls: 0,
    completed: 0,
    coveredBytes: 0,
    firstCall,
    release,
    restore: () => spy.mockRestore(),
  };
  const spy = jest.spyOn(fs, 'fdatasync').mockImplementation(((fd: number, callback: Callback) => {
    probe.calls += 1;
    const first = probe.calls === 1;
    const size = fs.fstatSync(fd).size;
    const sync = () =>
      realFdatasync(fd, (error) => {
        probe.completed += 1;
        probe.coveredBytes = Math.max(probe.coveredBytes, size);
        callback(error);
      });
    if (first) reached();
    if (first && options.holdFirst) void released.then(sync);
    else sync();
  }) as typeof fs.fdatasync);
  return probe;
}

/** Resolves once `condition` holds, checking after every turn of the event loop; fails after 10 s. */
async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describeEmbedded(
  `group commit of the journal (embedded server only${embeddedOnlyReason ? `; skipped: ${embeddedOnlyReason}` : ''})`,
  () => {
    let dir: string;
    let server: EmbeddedMongo;
    let clients: MongoClient[];
    let collections: Array<Collection<{ _id: string; n?: number; token?: string }>>;

    beforeEach(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-group-commit-'));
      server = await EmbeddedMongo.start({ port: 0, dbPath: dir });
      // 17 clients of one connection each, every connection established (by a first write) before any
      // fdatasync is held: a connection's handshake, like any reply, waits for the journal.
      clients = await Promise.all(
        Array.from({ length: 17 }, () => MongoClient.connect(server.uri, { maxPoolSize: 1 })),
      );
      collections = clients.map((client) => client.db('group').collection('writes'));
      await Promise.all(collections.map((collection, c) => collection.insertOne({ _id: `warm-${c}`, n: 0 })));
    }, 30_000);

    afterEach(async () => {
      await Promise.all(clients.map((client) => client.close()));
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }, 30_000);

    test('writes from many connections made while an fdatasync runs share the next one, each acknowledged only after it', async () => {
      const before = server.journalStats();
      const probe = probeFdatasync({ holdFirst: true });
      try {
        // The first write's fdatasync is held: that write is applied in memory, its record on its way to disk.
        let firstAckedAfter = -1;
        const first = collections[0].insertOne({ _id: 'first' }).then(() => (firstAckedAfter = probe.completed));
        await probe.firstCall;

        // 16 writes, inserts and updates, each from a connection of its own, while that fdatasync runs.
        const ackedAfter = new Map<number, number>();
        const writes = collections.slice(1).map((collection, i) => {
          const c = i + 1;
          const write =
            c % 2 === 0
              ? collection.insertOne({ _id: `write-${c}` })
              : collection.updateOne({ _id: `warm-${c}` }, { $inc: { n: 1 } });
          return write.then(() => ackedAfter.set(c, probe.completed));
        });
        // All of them applied (each appended its journal record) while the first fdatasync is still held...
        await until(() => server.journalStats().records === before.records + 17, 'the 17 writes to be applied');
        // ...and none acknowledged: not the first write, whose fdatasync has not completed, nor any other.
        expect(firstAckedAfter).toBe(-1);
        expect(ackedAfter.size).toBe(0);
        expect(probe.calls).toBe(1);

        probe.release();
        await Promise.all([first, ...writes]);
        // Exactly one more fdatasync for the 16 writes made while the first one ran: group commit.
        expect(probe.calls).toBe(2);
        expect(server.journalStats()).toEqual({
          records: before.records + 17,
          durableRecords: before.records + 17,
          flushes: before.flushes + 2,
        });
        // Each write was acknowledged only once the fdatasync covering it had completed.
        expect(firstAckedAfter).toBeGreaterThanOrEqual(1);
        expect(ackedAfter.size).toBe(16);
        for (const completed of ackedAfter.values()) expect(completed).toBe(2);
      } finally {
        probe.release();
        probe.restore();
      }
    }, 30_000);

    test('under a stream of concurrent writes, each acknowledged write is in the part of the journal already synced', async () => {
      const journal = path.join(dir, 'journal.bson');
      const probe = probeFdatasync({ holdFirst: false });
      const late: string[] = [];
      let writes = 0;
      try {
        // 8 connections each write 25 times in a row: an insert or an update, each with a token of its own that
        // its journal record holds.
        await Promise.all(
          collections.slice(0, 8).map(async (collection, c) => {
            for (let i = 0; i < 25; i++) {
              const token = `token-${c}-${i}-${Math.random().toString(36).slice(2)}`;
              if (i % 2 === 0) await collection.insertOne({ _id: token });
              else await collection.updateOne({ _id: `warm-${c}` }, { $set: { token } });
              writes += 1;
              // When the acknowledgement arrives, the record must be within the bytes a completed fdatasync covered.
              const synced = fs.readFileSync(journal).subarray(0, probe.coveredBytes);
              if (!synced.includes(token)) late.push(token);
            }
          }),
        );
      } finally {
        probe.restore();
      }
      expect(writes).toBe(200);
      expect(late).toEqual([]);
      // Never more than one fdatasync per write; concurrent writes share them.
      expect(probe.calls).toBeLessThanOrEqual(writes);
      console.log(`group commit: ${writes} concurrent writes from 8 connections, ${probe.calls} fdatasync calls`);
    }, 30_000);
  },
);
