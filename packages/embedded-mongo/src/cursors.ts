/**
 * Server-side cursors. A query's results are computed once and handed out in batches: the first batch in the
 * find/aggregate reply, the rest through getMore until the cursor is exhausted or killed. Results are documents
 * or, from find, their BSON bytes; batches go out as RawBatch, serialized once.
 */
import { Long, type Document } from 'bson';
import { CommandError } from './errors';
import { BsonList, bsonOf, RawBatch } from './rawbson';

/** MongoDB's default first batch. */
const DEFAULT_FIRST_BATCH_SIZE = 101;
/** A batch stays under the 16 MB BSON limit, with room for the reply envelope. */
const MAX_BATCH_BYTES = 16 * 1024 * 1024 - 16 * 1024;
/** Idle cursors are reaped after 10 minutes, as mongod's cursorTimeoutMillis default. */
const IDLE_TIMEOUT_MS = 10 * 60 * 1000;

/** Looked up once: global lookups are slow in a per-document loop under jest's vm context. */
const { isView } = ArrayBuffer;

/** A result: a document, or its BSON bytes. */
export type CursorItem = Document | Uint8Array;

/** A query's results: documents or their bytes, or a list of documents in BSON form (a find's). */
export type Results = CursorItem[] | BsonList;

interface OpenCursor {
  ns: string;
  docs: Results;
  position: number;
  lastUsed: number;
  /** noCursorTimeout: never reaped for being idle. */
  noTimeout: boolean;
}

function takeBatch(cursor: OpenCursor, batchSize: number): RawBatch {
  const { docs } = cursor;
  if (docs instanceof BsonList) {
    const from = cursor.position;
    let to = from;
    let bytes = 0;
    while (to < docs.length && to - from < batchSize) {
      bytes += docs.lengths[to];
      if (bytes > MAX_BATCH_BYTES && to > from) break;
      to += 1;
    }
    cursor.position = to;
    return new RawBatch(docs, from, to);
  }
  const batch: Uint8Array[] = [];
  let bytes = 0;
  while (cursor.position < cursor.docs.length && batch.length < batchSize) {
    const item = docs[cursor.position];
    const doc = isView(item) ? (item as Uint8Array) : (docs[cursor.position] = bsonOf(item));
    bytes += doc.length;
    if (bytes > MAX_BATCH_BYTES && batch.length > 0) break;
    batch.push(doc);
    cursor.position += 1;
  }
  return new RawBatch(batch);
}

/** A cursor id from a command, sent as int64 (Long) or a plain number. */
export function cursorIdOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (Long.isLong(value)) return value.toNumber();
  if (typeof value === 'bigint') return Number(value);
  throw new CommandError('TypeMismatch', 'cursor id must be a 64-bit integer');
}

export class CursorRegistry {
  private readonly open = new Map<number, OpenCursor>();
  private nextId = 1;

  /**
   * The `cursor` field of a find/aggregate/list reply: first batch, and an id while more remain. The cursor takes
   * `docs` over (documents in it are replaced by their bytes as they are sent).
   */
  start(
    ns: string,
    docs: Results,
    options: { batchSize?: number; singleBatch?: boolean; noTimeout?: boolean } = {},
  ): Document {
    const cursor: OpenCursor = { ns, docs, position: 0, lastUsed: Date.now(), noTimeout: options.noTimeout === true };
    const firstBatch = takeBatch(cursor, options.batchSize ?? DEFAULT_FIRST_BATCH_SIZE);
    let id = 0;
    if (cursor.position < docs.length && !options.singleBatch) {
      id = this.nextId++;
      this.open.set(id, cursor);
    }
    return { firstBatch, id: Long.fromNumber(id), ns };
  }

  getMore(id: number, ns: string, batchSize: number | undefined): Document {
    const cursor = this.open.get(id);
    if (!cursor || cursor.ns !== ns) throw new CommandError('CursorNotFound', `cursor id ${id} not found`);
    cursor.lastUsed = Date.now();
    // Without a batchSize a getMore returns as much as fits in one reply, as mongod does.
    const nextBatch = takeBatch(cursor, batchSize && batchSize > 0 ? batchSize : Infinity);
    const exhausted = cursor.position >= cursor.docs.length;
    if (exhausted) this.open.delete(id);
    return { nextBatch, id: Long.fromNumber(exhausted ? 0 : id), ns };
  }

  kill(ids: number[]): { cursorsKilled: Long[]; cursorsNotFound: Long[] } {
    const cursorsKilled: Long[] = [];
    const cursorsNotFound: Long[] = [];
    for (const id of ids) (this.open.delete(id) ? cursorsKilled : cursorsNotFound).push(Long.fromNumber(id));
    return { cursorsKilled, cursorsNotFound };
  }

  /** Forgets cursors nobody asked for in a while (clients that died mid-iteration). */
  reapIdle(now: number): void {
    for (const [id, cursor] of this.open) {
      if (!cursor.noTimeout && now - cursor.lastUsed > IDLE_TIMEOUT_MS) this.open.delete(id);
    }
  }
}
