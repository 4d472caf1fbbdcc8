/**
 * Durability. Every change to the catalog is a record; with a data directory the records go to an
 * append-only journal (a file of concatenated BSON documents) that is fsynced before a write is acknowledged.
 * At start the journal is replayed, then rewritten as a snapshot of the current state (compaction).
 */
import fs from 'node:fs';
import path from 'node:path';
import { deserialize, serialize, type Document } from 'bson';
import { BsonType, findElement, int32, nameBytes, scalarAt } from './bsonbytes';

export type JournalRecord =
  | { op: 'createCollection'; db: string; coll: string; options: Document }
  | { op: 'dropCollection'; db: string; coll: string }
  | { op: 'dropDatabase'; db: string }
  | { op: 'createIndex'; db: string; coll: string; spec: Document }
  | { op: 'dropIndex'; db: string; coll: string; name: string }
  /** `doc` is the document's BSON, written into the record as an embedded document. */
  | { op: 'put'; db: string; coll: string; doc: Buffer }
  | { op: 'delete'; db: string; coll: string; id: unknown };

/** What the journal has done since the server started (serverStatus-like figures, and what the tests check). */
export interface JournalStats {
  /** Records appended. */
  records: number;
  /** Of those, how many are known to be on disk (covered by a completed fdatasync). */
  durableRecords: number;
  /** Batches written, each with one write and one fdatasync: many records share one when writes are concurrent. */
  flushes: number;
}

export interface Storage {
  append(record: JournalRecord): void;
  /** Resolves once every record appended so far is on disk. */
  sync(): Promise<void>;
  close(): Promise<void>;
  stats(): JournalStats;
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
  stats(): JournalStats {
    return { records: 0, durableRecords: 0, flushes: 0 };
  }
}

function writeString(out: Buffer, at: number, name: string, value: string): number {
  out[at++] = BsonType.String;
  at += out.write(name, at, 'latin1');
  out[at++] = 0;
  const length = out.write(value, at + 4, 'utf8');
  out.writeInt32LE(length + 1, at);
  at += 4 + length;
  out[at++] = 0;
  return at;
}

/** Size of a put record of `doc` (see writePut). */
function putSize(db: string, coll: string, doc: Uint8Array): number {
  return 42 + Buffer.byteLength(db, 'utf8') + Buffer.byteLength(coll, 'utf8') + doc.length;
}

/**
 * Writes a put record, { op: 'put', db, coll, doc }, at `at`: byte for byte what serialize would give for it
 * with the document decoded, but made from the stored bytes without decoding them. Returns its end.
 */
function writePut(out: Buffer, at: number, db: string, coll: string, doc: Uint8Array): number {
  const start = at;
  at = writeString(out, at + 4, 'op', 'put');
  at = writeString(out, at, 'db', db);
  at = writeString(out, at, 'coll', coll);
  out[at++] = BsonType.Object;
  at += out.write('doc', at, 'latin1');
  out[at++] = 0;
  out.set(doc, at);
  at += doc.length;
  out[at++] = 0;
  out.writeInt32LE(at - start, start);
  return at;
}

/** A record as BSON. */
export function encodeRecord(record: JournalRecord): Uint8Array {
  if (record.op !== 'put') return serialize(record);
  const out = Buffer.allocUnsafe(putSize(record.db, record.coll, record.doc));
  writePut(out, 0, record.db, record.coll, record.doc);
  return out;
}

const MIN_PENDING = 64 * 1024;
/** A buffer grown past this is not kept for reuse. */
const MAX_KEPT = 4 * 1024 * 1024;

/**
 * Records written one after another into one buffer, for the next write to the journal. Two buffers take
 * turns (one filling while the other is being written), so appending allocates nothing once they are large
 * enough for the usual batch.
 */
class PendingRecords {
  private buffer: Buffer = Buffer.allocUnsafeSlow(MIN_PENDING);
  /** The buffer of the batch being written, then free for reuse. */
  private writing: Buffer | undefined;
  private spare: Buffer | undefined;
  length = 0;

  add(record: JournalRecord): void {
    if (record.op === 'put') {
      this.reserve(putSize(record.db, record.coll, record.doc));
      this.length = writePut(this.buffer, this.length, record.db, record.coll, record.doc);
      return;
    }
    const bytes = serialize(record);
    this.reserve(bytes.length);
    this.buffer.set(bytes, this.length);
    this.length += bytes.length;
  }

  /** The records so far, to be written; the next ones go to the other buffer. Call written() after. */
  take(): Buffer {
    const taken = this.buffer.subarray(0, this.length);
    this.writing = this.buffer;
    this.buffer = this.spare ?? Buffer.allocUnsafeSlow(MIN_PENDING);
    this.spare = undefined;
    this.length = 0;
    return taken;
  }

  /** The batch from take() is written: its buffer can be filled again (unless it grew unusually large). */
  written(): void {
    if (this.writing && this.writing.length <= MAX_KEPT) this.spare = this.writing;
    this.writing = undefined;
  }

  private reserve(size: number): void {
    if (this.length + size <= this.buffer.length) return;
    const bigger = Buffer.allocUnsafeSlow(Math.max(this.buffer.length * 2, this.length + size));
    this.buffer.copy(bigger, 0, 0, this.length);
    this.buffer = bigger;
  }
}

const OP = nameBytes('op');
const DB = nameBytes('db');
const COLL = nameBytes('coll');
const DOC = nameBytes('doc');

/** A record read back; a put's document stays in BSON form (a view into `bytes`). */
export function decodeRecord(bytes: Buffer): JournalRecord {
  const op = findElement(bytes, 0, OP);
  if (op >= 0 && bytes[op] === BsonType.String && scalarAt(bytes, BsonType.String, op + 4) === 'put') {
    const db = findElement(bytes, 0, DB);
    const coll = findElement(bytes, 0, COLL);
    const doc = findElement(bytes, 0, DOC);
    if (bytes[db] === BsonType.String && bytes[coll] === BsonType.String && bytes[doc] === BsonType.Object) {
      const start = doc + 5;
      return {
        op: 'put',
        db: scalarAt(bytes, BsonType.String, db + 4) as string,
        coll: scalarAt(bytes, BsonType.String, coll + 6) as string,
        doc: bytes.subarray(start, start + int32(bytes, start)),
      };
    }
  }
  return deserialize(bytes) as JournalRecord;
}

const JOURNAL_FILE = 'journal.bson';
const LOCK_FILE = 'embedded-mongo.lock';
/**
 * The data is the users' (e-mail addresses, password hashes, sessions): readable and writable by the account that runs
 * the server only. The journal is rewritten from a temporary file at every
 * start, so one an older version left readable by all is private after the next start.
 */
const PRIVATE_FILE_MODE = 0o600;
const PRIVATE_DIR_MODE = 0o700;

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
  fs.writeFileSync(lock, String(process.pid), { mode: PRIVATE_FILE_MODE });
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
      record = decodeRecord(data.subarray(offset, offset + size));
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
  const fd = fs.openSync(temporary, 'w', PRIVATE_FILE_MODE);
  try {
    // A temporary file left by a crash keeps its mode when opened again.
    fs.fchmodSync(fd, PRIVATE_FILE_MODE);
    let chunk: Uint8Array[] = [];
    let chunkSize = 0;
    const flush = () => {
      if (chunkSize) fs.writeSync(fd, Buffer.concat(chunk, chunkSize));
      chunk = [];
      chunkSize = 0;
    };
    for (const record of records) {
      const bytes = encodeRecord(record);
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
  private readonly pending = new PendingRecords();
  private appended = 0;
  private durable = 0;
  private waiters: Waiter[] = [];
  private flushScheduled = false;
  private flushes = 0;
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
    fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
    const lock = acquireLock(dir);
    for (const record of readRecords(path.join(dir, JOURNAL_FILE))) apply(record);
    writeSnapshot(dir, snapshot());
    return new JournalStorage(fs.openSync(path.join(dir, JOURNAL_FILE), 'a'), lock);
  }

  append(record: JournalRecord): void {
    if (this.closed) throw new Error('the journal is closed');
    this.pending.add(record);
    this.appended += 1;
    this.scheduleFlush();
  }

  sync(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.durable >= this.appended) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiters.push({ sequence: this.appended, resolve, reject }));
  }

  stats(): JournalStats {
    return { records: this.appended, durableRecords: this.durable, flushes: this.flushes };
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
    const batch = this.pending.take();
    const sequence = this.appended;
    const done = (error: Error | null) => {
      this.flushScheduled = false;
      this.pending.written();
      if (error) {
        this.failure = error;
        for (const waiter of this.waiters.splice(0)) waiter.reject(error);
        return;
      }
      this.durable = sequence;
      this.flushes += 1;
      this.waiters = this.waiters.filter((waiter) => {
        if (waiter.sequence > sequence) return true;
        waiter.resolve();
        return false;
      });
      if (this.pending.length > 0) this.scheduleFlush();
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
