/**
 * Where stored documents live. Each document is kept once, as its BSON bytes, packed one after another into
 * large chunks of memory outside the JavaScript heap, and addressed by a handle (a small integer). There is no
 * object per document: a decoded document costs about 1 KB of heap in objects the garbage collector has to
 * trace (the object, its property array, an ObjectId per id, a Date, a string per string value), its BSON about
 * 230 bytes with the field names and repeated values inline. A find copies the bytes into its reply as they are;
 * queries, sorts and indexes read the fields they need from the bytes (bsonbytes.ts); only what needs whole
 * documents (mingo's query operators, updates, aggregation) decodes them, one at a time.
 *
 * Chunks are append-only: replacing a document writes the new version at the end and leaves the old bytes as
 * garbage, so a view handed to an open cursor keeps the version it read. Once the garbage outweighs the live
 * documents, the live ones are copied into a fresh chunk (their handles stay the same).
 */
import type { Document } from 'bson';
import {
  BsonType,
  decodeDocument,
  findElement,
  int32,
  int64,
  isSafeInt64,
  nameBytes,
  scalarAt,
  scalarKeyAt,
  UNDECODED,
} from './bsonbytes';
import { BsonList } from './rawbson';
import { keyOf, MISSING, valuesAtPath } from './values';

const MIN_CHUNK = 4 * 1024;
const MAX_CHUNK = 1024 * 1024;
/** Garbage below this is never worth a compaction. */
const MIN_GARBAGE = 64 * 1024;

function clamp(value: number, min: number, max: number): number {
  return value < min ? min : value > max ? max : value;
}

/** What a document holds in a field, for sorting: not looked at yet, a number, a date, or anything else. */
const enum KeyKind {
  Unknown = 0,
  Number = 1,
  Date = 2,
  Other = 3,
}

/** A top-level field's sort key per handle (see RecordStore.numericKeys). */
interface KeyColumn {
  name: Uint8Array;
  kinds: Uint8Array;
  values: Float64Array;
}

/** Fields whose sort keys are kept, per collection. */
const MAX_KEY_COLUMNS = 8;

export class RecordStore {
  private chunks: Buffer[] = [];
  /** Bytes used in the last chunk. */
  private used = 0;
  /** Per handle: its chunk (-1 for a free handle), offset and length. */
  private chunkOf = new Int32Array(16);
  private offsetOf = new Int32Array(16);
  private lengthOf = new Int32Array(16);
  private handles = 0;
  private readonly freeHandles: number[] = [];
  private live = 0;
  private garbage = 0;
  private readonly keyColumns = new Map<string, KeyColumn>();

  /** Bytes of the documents stored (for tests and statistics). */
  get liveBytes(): number {
    return this.live;
  }

  /** Bytes held in chunks by nothing (replaced or deleted versions, chunk ends too short for a document). */
  get garbageBytes(): number {
    return this.garbage;
  }

  /** Stores a copy of `bytes`; returns its handle. */
  add(bytes: Uint8Array): number {
    const handle = this.freeHandles.length ? this.freeHandles.pop()! : this.newHandle();
    this.place(handle, bytes);
    return handle;
  }

  /** Stores a new version of the document under `handle`. */
  replace(handle: number, bytes: Uint8Array): void {
    this.release(handle);
    this.place(handle, bytes);
    this.compactIfWasteful();
  }

  delete(handle: number): void {
    this.release(handle);
    this.chunkOf[handle] = -1;
    this.freeHandles.push(handle);
    this.compactIfWasteful();
  }

  /** The chunk holding the document, for reading it in place at start(handle). */
  chunk(handle: number): Buffer {
    return this.chunks[this.chunkOf[handle]];
  }

  start(handle: number): number {
    return this.offsetOf[handle];
  }

  /** The document's bytes (a view: valid for as long as it is kept, even after the document changes). */
  view(handle: number): Buffer {
    const start = this.offsetOf[handle];
    return this.chunks[this.chunkOf[handle]].subarray(start, start + this.lengthOf[handle]);
  }

  /**
   * The values of a top-level field in these documents as numbers, when it holds a date in every one of them
   * or a number (double, int32 or int64 within ±2^53; not NaN) in every one; else undefined. What sorting needs, and what the
   * usual sort (by a date) finds here: the keys are read from the bytes once and kept per document (9 bytes
   * each) until that document changes, so sorting again does not read them again.
   */
  numericKeys(handles: number[], field: string): Float64Array | undefined {
    let column = this.keyColumns.get(field);
    if (column === undefined) {
      if (this.keyColumns.size >= MAX_KEY_COLUMNS) this.keyColumns.clear();
      column = { name: nameBytes(field), kinds: new Uint8Array(0), values: new Float64Array(0) };
      this.keyColumns.set(field, column);
    }
    if (column.kinds.length < this.handles) {
      const size = this.chunkOf.length;
      const kinds = new Uint8Array(size);
      kinds.set(column.kinds);
      const values = new Float64Array(size);
      values.set(column.values);
      column.kinds = kinds;
      column.values = values;
    }
    const { kinds, values, name } = column;
    const keys = new Float64Array(handles.length);
    let kind = KeyKind.Unknown;
    for (let i = 0; i < handles.length; i++) {
      const handle = handles[i];
      let found = kinds[handle];
      if (found === KeyKind.Unknown) {
        found = this.readKey(handle, name, values);
        kinds[handle] = found;
      }
      if (found === KeyKind.Other || (kind !== KeyKind.Unknown && found !== kind)) return undefined;
      kind = found;
      keys[i] = values[handle];
    }
    return keys;
  }

  private readKey(handle: number, name: Uint8Array, values: Float64Array): KeyKind {
    const bytes = this.chunks[this.chunkOf[handle]];
    const element = findElement(bytes, this.offsetOf[handle], name);
    if (element < 0) return KeyKind.Other;
    const at = element + name.length + 2;
    switch (bytes[element]) {
      case BsonType.Date:
        values[handle] = int64(bytes, at);
        return KeyKind.Date;
      case BsonType.Int32:
        values[handle] = int32(bytes, at);
        return KeyKind.Number;
      case BsonType.Int64:
        // Exact as a double within ±2^53; beyond, only the exact comparison of the general sort orders it.
        if (!isSafeInt64(bytes, at)) return KeyKind.Other;
        values[handle] = int64(bytes, at);
        return KeyKind.Number;
      case BsonType.Double: {
        const value = bytes.readDoubleLE(at);
        if (value !== value) return KeyKind.Other; // NaN
        values[handle] = value;
        return KeyKind.Number;
      }
      default:
        return KeyKind.Other;
    }
  }

  /** These documents' bytes as a list (valid for as long as it is kept, even after the documents change). */
  list(handles: number[]): BsonList {
    const count = handles.length;
    const bufferOf = new Int32Array(count);
    const starts = new Int32Array(count);
    const lengths = new Int32Array(count);
    for (let i = 0; i < count; i++) {
      const handle = handles[i];
      bufferOf[i] = this.chunkOf[handle];
      starts[i] = this.offsetOf[handle];
      lengths[i] = this.lengthOf[handle];
    }
    // The chunk array itself: chunks are only ever appended to it, and a compaction starts a new array.
    return new BsonList(this.chunks, bufferOf, starts, lengths);
  }

  /** A fresh decoded copy of the document (every value of its BSON type: bsonbytes.ts decodeDocument). */
  decode(handle: number): Document {
    return decodeDocument(this.view(handle));
  }

  private newHandle(): number {
    if (this.handles === this.chunkOf.length) {
      const grow = (array: Int32Array) => {
        const bigger = new Int32Array(array.length * 2);
        bigger.set(array);
        return bigger;
      };
      this.chunkOf = grow(this.chunkOf);
      this.offsetOf = grow(this.offsetOf);
      this.lengthOf = grow(this.lengthOf);
    }
    return this.handles++;
  }

  private place(handle: number, bytes: Uint8Array): void {
    for (const column of this.keyColumns.values())
      if (handle < column.kinds.length) column.kinds[handle] = KeyKind.Unknown;
    let chunk = this.chunks[this.chunks.length - 1];
    if (chunk === undefined || this.used + bytes.length > chunk.length) {
      if (chunk !== undefined) this.garbage += chunk.length - this.used;
      // Chunks grow with the collection: small collections stay small, large ones use few large chunks.
      chunk = Buffer.allocUnsafeSlow(Math.max(bytes.length, clamp(this.live >> 2, MIN_CHUNK, MAX_CHUNK)));
      this.chunks.push(chunk);
      this.used = 0;
    }
    chunk.set(bytes, this.used);
    this.chunkOf[handle] = this.chunks.length - 1;
    this.offsetOf[handle] = this.used;
    this.lengthOf[handle] = bytes.length;
    this.used += bytes.length;
    this.live += bytes.length;
  }

  private release(handle: number): void {
    this.live -= this.lengthOf[handle];
    this.garbage += this.lengthOf[handle];
  }

  /** Copies the live documents into one new chunk once garbage outweighs them (amortized: each byte once). */
  private compactIfWasteful(): void {
    if (this.garbage < MIN_GARBAGE || this.garbage < this.live) return;
    const old = this.chunks;
    const chunk = Buffer.allocUnsafeSlow(Math.max(MIN_CHUNK, this.live + clamp(this.live >> 2, MIN_CHUNK, MAX_CHUNK)));
    let used = 0;
    for (let handle = 0; handle < this.handles; handle++) {
      const from = this.chunkOf[handle];
      if (from < 0) continue;
      const start = this.offsetOf[handle];
      const length = this.lengthOf[handle];
      old[from].copy(chunk, used, start, start + length);
      this.chunkOf[handle] = 0;
      this.offsetOf[handle] = used;
      used += length;
    }
    this.chunks = [chunk];
    this.used = used;
    this.garbage = 0;
  }
}

/**
 * What index maintenance and matching read from a document, whether it is a decoded object (a document being
 * inserted or the new version of an update) or a stored one (read from its bytes, decoded only if needed).
 */
export interface DocSource {
  /** The values a path reaches, as values.ts valuesAtPath gives them. */
  valuesAt(path: string): unknown[];
  /** The distinct keys (values.ts keyOf) of those values: what an index holds the document under. */
  keysAt(path: string): string[];
  /** The whole document. */
  document(): Document;
}

/** Field names as bytes, kept for the next query that names them (bounded: names can come from clients). */
const names = new Map<string, Uint8Array>();

export function fieldName(name: string): Uint8Array {
  let bytes = names.get(name);
  if (bytes === undefined) {
    if (names.size >= 10_000) names.clear();
    bytes = nameBytes(name);
    names.set(name, bytes);
  }
  return bytes;
}

/**
 * The value of a top-level field of the document at `start`: MISSING when absent, UNDECODED when it is not a plain
 * scalar (an array, an embedded document, a rarer BSON type), which the caller then takes from the decoded
 * document.
 */
export function storedField(bytes: Buffer, start: number, name: Uint8Array): unknown {
  const at = findElement(bytes, start, name);
  if (at < 0) return MISSING;
  return scalarAt(bytes, bytes[at], at + name.length + 2);
}

const MISSING_KEYS = [keyOf(MISSING)];

/**
 * A document in BSON form as a DocSource: top-level scalar fields are read from the bytes, anything else decodes
 * the document once. Index keys are always computed from the bytes a document is stored as, so the keys a
 * document was indexed under are exactly those found again when it is replaced or removed.
 */
export class BytesSource implements DocSource {
  private decoded: Document | undefined;

  constructor(
    private readonly bytes: Buffer,
    private readonly start: number,
  ) {}

  static of(store: RecordStore, handle: number): BytesSource {
    return new BytesSource(store.chunk(handle), store.start(handle));
  }

  valuesAt(path: string): unknown[] {
    if (!path.includes('.')) {
      const value = storedField(this.bytes, this.start, fieldName(path));
      if (value !== UNDECODED) return [value];
    }
    return valuesAtPath(this.document(), path);
  }

  keysAt(path: string): string[] {
    if (!path.includes('.')) {
      // A scalar's key straight from its bytes, without the value itself.
      const name = fieldName(path);
      const at = findElement(this.bytes, this.start, name);
      if (at < 0) return MISSING_KEYS;
      const key = scalarKeyAt(this.bytes, this.bytes[at], at + name.length + 2);
      if (key !== undefined) return [key];
    }
    const values = this.valuesAt(path);
    if (values.length === 1) return [keyOf(values[0])];
    return [...new Set(values.map(keyOf))];
  }

  document(): Document {
    if (this.decoded === undefined) {
      const size = int32(this.bytes, this.start);
      this.decoded = decodeDocument(this.bytes.subarray(this.start, this.start + size));
    }
    return this.decoded;
  }
}
