/**
 * Durability. Every change to the catalog is a record; with a data directory the records go to an
 * append-only journal (a file of concatenated BSON documents) that is fsynced before a write is acknowledged.
 * At start the journal is replayed, then rewritten as a snapshot of the current state (compaction).
 */
import fs from 'node:fs';
import path from 'node:path';
import { deserialize, serialize, type Document } from 'bson';

export type JournalRecord =
  | { op: 'createCollection'; db: string; coll: string; options: Document }
  | { op: 'dropCollection'; db: string; coll: string }
  | { op: 'dropDatabase'; db: string }
  | { op: 'createIndex'; db: string; coll: string; spec: Document }
  | { op: 'dropIndex'; db: string; coll: string; name: string }
  | { op: 'put'; db: string; coll: string; doc: Document }
  | { op: 'delete'; db: string; coll: string; id: unknown };

export interface Storage {
  append(record: JournalRecord): void;
  /** Resolves once every record appended so far is on disk. */
  sync(): Promise<void>;
  close(): Promise<void>;
}

/** No data directory: nothing to persist. */
export class MemoryStorage implements Storage {
  append(): void {}
  sync(): Promise<void> {
    return Promise.resolve();
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

const JOURNAL_FILE = 'journal.bson';
const LOCK_FILE = 'embedded-mongo.lock';

/** Whether a process with this id is alive (EPERM: alive, owned by another user). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Two servers appending to one journal would corrupt it. The lock names the owning process; a lock left by a
 * process that is gone (kill -9) is taken over.
 */
function acquireLock(dir: string): string {
  const lock = path.join(dir, LOCK_FILE);
  let owner = 0;
  try {
    owner = Number(fs.readFileSync(lock, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (owner && owner !== process.pid && isRunning(owner)) {
    throw new Error(`${dir} is in use by another embedded MongoDB server (pid ${owner})`);
  }
  fs.writeFileSync(lock, String(process.pid));
  return lock;
}

/** Reads the records of a journal, stopping at a torn tail (a record cut short by a crash). */
function* readRecords(file: string): Generator<JournalRecord> {
  let data: Buffer;
  try {
    data = fs.readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  let offset = 0;
  while (offset + 4 <= data.length) {
    const size = data.readInt32LE(offset);
    if (size < 5 || offset + size > data.length) return;
    let record: JournalRecord;
    try {
      record = deserialize(data.subarray(offset, offset + size)) as JournalRecord;
    } catch {
      return;
    }
    yield record;
    offset += size;
  }
}

function fsyncDirectory(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Writes the snapshot to a temporary file and renames it over the journal, so a crash leaves one or the other. */
function writeSnapshot(dir: string, records: Iterable<JournalRecord>): void {
  const target = path.join(dir, JOURNAL_FILE);
  const temporary = `${target}.tmp`;
  const fd = fs.openSync(temporary, 'w');
  try {
    let chunk: Uint8Array[] = [];
    let chunkSize = 0;
    const flush = () => {
      if (chunkSize) fs.writeSync(fd, Buffer.concat(chunk, chunkSize));
      chunk = [];
      chunkSize = 0;
    };
    for (const record of records) {
      const bytes = serialize(record);
      chunk.push(bytes);
      chunkSize += bytes.length;
      if (chunkSize > 1 << 20) flush();
    }
    flush();
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temporary, target);
  fsyncDirectory(dir);
}

interface Waiter {
  sequence: number;
  resolve: () => void;
  reject: (error: Error) => void;
}

export class JournalStorage implements Storage {
  private pending: Uint8Array[] = [];
  private appended = 0;
  private durable = 0;
  private waiters: Waiter[] = [];
  private flushScheduled = false;
  private failure: Error | undefined;
  private closed = false;

  private constructor(
    private readonly fd: number,
    private readonly lock: string,
  ) {}

  /**
   * Replays the journal in `dir` through `apply`, compacts it to the records `snapshot` yields for the
   * resulting state, and opens it for appending.
   */
  static open(
    dir: string,
    apply: (record: JournalRecord) => void,
    snapshot: () => Iterable<JournalRecord>,
  ): JournalStorage {
    fs.mkdirSync(dir, { recursive: true });
    const lock = acquireLock(dir);
    for (const record of readRecords(path.join(dir, JOURNAL_FILE))) apply(record);
    writeSnapshot(dir, snapshot());
    return new JournalStorage(fs.openSync(path.join(dir, JOURNAL_FILE), 'a'), lock);
  }

  append(record: JournalRecord): void {
    if (this.closed) throw new Error('the journal is closed');
    this.pending.push(serialize(record));
    this.appended += 1;
    this.scheduleFlush();
  }

  sync(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.durable >= this.appended) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiters.push({ sequence: this.appended, resolve, reject }));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      await this.sync();
    } finally {
      this.closed = true;
      fs.closeSync(this.fd);
      fs.rmSync(this.lock, { force: true });
    }
  }

  /**
   * Group commit: records appended during one turn of the event loop share one write + fdatasync, which keeps
   * many concurrent writers fast without acknowledging anything before it is durable.
   */
  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => this.flush());
  }

  private flush(): void {
    const batch = Buffer.concat(this.pending);
    const sequence = this.appended;
    this.pending = [];
    const done = (error: Error | null) => {
      this.flushScheduled = false;
      if (error) {
        this.failure = error;
        for (const waiter of this.waiters.splice(0)) waiter.reject(error);
        return;
      }
      this.durable = sequence;
      this.waiters = this.waiters.filter((waiter) => {
        if (waiter.sequence > sequence) return true;
        waiter.resolve();
        return false;
      });
      if (this.pending.length) this.scheduleFlush();
    };
    writeAll(this.fd, batch, 0, (writeError) => {
      if (writeError) return done(writeError);
      fs.fdatasync(this.fd, done);
    });
  }
}

function writeAll(fd: number, buffer: Buffer, offset: number, callback: (error: Error | null) => void): void {
  if (offset >= buffer.length) return callback(null);
  fs.write(fd, buffer, offset, buffer.length - offset, null, (error, written) => {
    if (error) return callback(error);
    writeAll(fd, buffer, offset + written, callback);
  });
}
