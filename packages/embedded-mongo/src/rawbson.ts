/**
 * The read path's byte level. A find answers with documents as BSON bytes rather than as objects for the reply
 * encoder to serialize: stored documents are BSON already (records.ts), simple projections copy whole elements
 * out of those bytes, and the reply is assembled with one allocation.
 */
import { serialize, type Document } from 'bson';
import { BsonType, nameEnd, valueEnd } from './bsonbytes';
import { CommandError } from './errors';

/** The BSON bytes of a computed result document (an aggregation's, a mingo projection's). */
export function bsonOf(doc: Document): Uint8Array {
  try {
    return serialize(doc);
  } catch (error) {
    // e.g. a computed aggregation result that does not fit in a BSON document
    throw new CommandError('BadValue', (error as Error).message);
  }
}

/**
 * Documents in BSON form, each a range of one of a few buffers: a query's results (stored documents in their
 * chunks, projections in their output chunks) without a JavaScript object per document.
 */
export class BsonList {
  constructor(
    readonly buffers: readonly Buffer[],
    /** Per document: its buffer (index into buffers), where it starts and its length. */
    readonly bufferOf: Int32Array,
    readonly starts: Int32Array,
    readonly lengths: Int32Array,
  ) {}

  get length(): number {
    return this.lengths.length;
  }

  /** The i-th document's bytes, as a view. */
  bytes(i: number): Buffer {
    const start = this.starts[i];
    return this.buffers[this.bufferOf[i]].subarray(start, start + this.lengths[i]);
  }
}

/** A batch of documents already in BSON form (documents [from, to) of a list); the reply encoder writes it as a BSON array. */
export class RawBatch {
  readonly from: number;
  readonly to: number;

  constructor(
    readonly docs: Uint8Array[] | BsonList,
    from?: number,
    to?: number,
  ) {
    this.from = from ?? 0;
    this.to = to ?? docs.length;
  }

  get length(): number {
    return this.to - this.from;
  }

  /** Size of the BSON array holding the documents: each is an element named by its index. */
  get arraySize(): number {
    let size = 5;
    const { docs } = this;
    for (let i = 0; i < this.to - this.from; i++) {
      size +=
        2 + decimalDigits(i) + (docs instanceof BsonList ? docs.lengths[this.from + i] : docs[this.from + i].length);
    }
    return size;
  }
}

/** Digits of a non-negative integer. Plain arithmetic on purpose: this runs per document (see writeBatch). */
function decimalDigits(value: number): number {
  let digits = 1;
  while (value >= 10) {
    value = (value - (value % 10)) / 10;
    digits += 1;
  }
  return digits;
}

/* ---------------------------------------------------------------- projection on bytes */

/**
 * A projection made only of top-level field names set to 1/true or 0/false (plus _id): the common case, done
 * without mingo. Anything else (dotted paths, expressions, $slice, $elemMatch, positional, mixed inclusion and
 * exclusion, which is an error) is left to mingo.
 */
export interface SimpleProjection {
  include: boolean;
  /** The named fields other than _id. */
  fields: Set<string>;
  /** Whether _id is part of the result. */
  id: boolean;
  /** Equal for projections with the same effect. */
  key: string;
}

function planOf(include: boolean, fields: Set<string>, id: boolean): SimpleProjection {
  return { include, fields, id, key: `${include ? '+' : '-'}${id ? 1 : 0}${JSON.stringify([...fields].sort())}` };
}

export function simpleProjection(projection: Document): SimpleProjection | undefined {
  const fields = new Set<string>();
  let include: boolean | undefined;
  let id: boolean | undefined;
  for (const key of Object.keys(projection)) {
    const value = projection[key];
    let on: boolean;
    if (typeof value === 'boolean') on = value;
    else if (typeof value === 'number' && !Number.isNaN(value)) on = value !== 0;
    else return undefined;
    if (key === '_id') {
      id = on;
      continue;
    }
    if (key.length === 0 || key.includes('.') || key.startsWith('$')) return undefined;
    if (include === undefined) include = on;
    else if (include !== on) return undefined;
    fields.add(key);
  }
  // Only _id named: { _id: 0 } excludes it from everything, { _id: 1 } keeps nothing else.
  if (include === undefined) return planOf(id === true, fields, id !== false);
  return planOf(include, fields, id !== false);
}

/** The object form, for callers that hold documents (findAndModify): same fields, same order as on bytes. */
export function projectObject(doc: Document, plan: SimpleProjection): Document {
  const result: Document = {};
  if (plan.id && Object.prototype.hasOwnProperty.call(doc, '_id')) result._id = doc._id;
  for (const key of Object.keys(doc)) {
    if (key === '_id') continue;
    if (plan.fields.has(key) === plan.include) result[key] = doc[key];
  }
  return result;
}

const ID_NAME = new Uint8Array([0x5f, 0x69, 0x64]); // "_id"

function sameName(bytes: Uint8Array, start: number, length: number, name: Uint8Array): boolean {
  for (let i = 0; i < length; i++) if (bytes[start + i] !== name[i]) return false;
  return true;
}

/** Start and end of the _id element of the document at bytes[start, end), or undefined; stored documents have it first. */
function locateId(bytes: Uint8Array, start: number, end: number): [number, number] | undefined {
  let offset = start + 4;
  while (offset < end - 1) {
    const nameStop = nameEnd(bytes, offset);
    const elementEnd = valueEnd(bytes, bytes[offset], nameStop + 1);
    if (nameStop - offset - 1 === 3 && sameName(bytes, offset + 1, 3, ID_NAME)) return [offset, elementEnd];
    offset = elementEnd;
  }
  return undefined;
}

const OUTPUT_CHUNK = 64 * 1024;

/** Copies bytes[start, end) to out at `at`; returns the offset after them. Elements are short: a loop beats a native call. */
function copyBytes(bytes: Uint8Array, start: number, end: number, out: Uint8Array, at: number): number {
  if (end - start > 32) {
    out.set(bytes.subarray(start, end), at);
    return at + end - start;
  }
  for (let i = start; i < end; i++) out[at++] = bytes[i];
  return at;
}

/**
 * Applies a simple projection to documents in BSON form, copying the kept elements (_id first, then document
 * order, as mongod's inclusion and exclusion projections do) into shared output chunks.
 */
export function projectBson(sources: BsonList, plan: SimpleProjection): BsonList {
  // Field names by byte length, so an element's name is compared only with names that could be equal.
  const byLength: Uint8Array[][] = [];
  for (const field of plan.fields) {
    const name = Buffer.from(field, 'utf8');
    (byLength[name.length] ??= []).push(name);
  }
  const count = sources.length;
  const buffers: Buffer[] = [];
  const bufferOf = new Int32Array(count);
  const starts = new Int32Array(count);
  const lengths = new Int32Array(count);
  // Output in chunks: the total size is not known in advance.
  let out = Buffer.allocUnsafe(0);
  let position = 0;
  for (let d = 0; d < count; d++) {
    const bytes = sources.buffers[sources.bufferOf[d]];
    const source = sources.starts[d];
    const sourceEnd = source + sources.lengths[d];
    if (position + sources.lengths[d] > out.length) {
      out = Buffer.allocUnsafeSlow(Math.max(OUTPUT_CHUNK, sources.lengths[d]));
      buffers.push(out);
      position = 0;
    }
    const start = position;
    position += 4;
    if (plan.id) {
      const id = locateId(bytes, source, sourceEnd);
      if (id !== undefined) position = copyBytes(bytes, id[0], id[1], out, position);
    }
    // Kept elements that follow each other in the source are copied as one run.
    let runStart = 0;
    let runEnd = 0;
    const end = sourceEnd - 1;
    let offset = source + 4;
    while (offset < end) {
      const elementStart = offset;
      const nameStop = nameEnd(bytes, offset);
      const elementEnd = valueEnd(bytes, bytes[offset], nameStop + 1);
      offset = elementEnd;
      const nameStart = elementStart + 1;
      const nameLength = nameStop - nameStart;
      let keep: boolean;
      if (nameLength === 3 && sameName(bytes, nameStart, 3, ID_NAME)) keep = false;
      else {
        let named = false;
        const candidates = byLength[nameLength];
        if (candidates !== undefined) {
          for (const name of candidates) {
            if (sameName(bytes, nameStart, nameLength, name)) {
              named = true;
              break;
            }
          }
        }
        keep = named === plan.include;
      }
      if (!keep) continue;
      if (elementStart !== runEnd) {
        position = copyBytes(bytes, runStart, runEnd, out, position);
        runStart = elementStart;
      }
      runEnd = elementEnd;
    }
    position = copyBytes(bytes, runStart, runEnd, out, position);
    out[position] = 0;
    position += 1;
    out.writeInt32LE(position - start, start);
    bufferOf[d] = buffers.length - 1;
    starts[d] = start;
    lengths[d] = position - start;
  }
  return new BsonList(buffers, bufferOf, starts, lengths);
}

/* ---------------------------------------------------------------- reply encoding */

type Part = Uint8Array | RawBatch;

function holdsRawBatch(doc: Document): boolean {
  for (const key of Object.keys(doc)) {
    const value = doc[key];
    if (value instanceof RawBatch) return true;
    if (
      value !== null &&
      typeof value === 'object' &&
      Object.getPrototypeOf(value) === Object.prototype &&
      holdsRawBatch(value)
    )
      return true;
  }
  return false;
}

function elementHeader(type: number, key: string): Uint8Array {
  const name = Buffer.from(key, 'utf8');
  const header = Buffer.allocUnsafe(name.length + 2);
  header[0] = type;
  header.set(name, 1);
  header[name.length + 1] = 0;
  return header;
}

/** Appends the parts of `doc` to `parts`; returns its size. Plain fields go through bson's serializer. */
function collect(doc: Document, parts: Part[]): number {
  if (!holdsRawBatch(doc)) {
    const bytes = serialize(doc);
    parts.push(bytes);
    return bytes.length;
  }
  const size = Buffer.allocUnsafe(4);
  parts.push(size);
  let total = 5;
  for (const key of Object.keys(doc)) {
    const value = doc[key];
    if (value instanceof RawBatch) {
      const header = elementHeader(BsonType.Array, key);
      parts.push(header, value);
      total += header.length + value.arraySize;
    } else if (
      value !== null &&
      typeof value === 'object' &&
      Object.getPrototypeOf(value) === Object.prototype &&
      holdsRawBatch(value)
    ) {
      const header = elementHeader(BsonType.Object, key);
      parts.push(header);
      total += header.length + collect(value, parts);
    } else {
      // One field on its own: its element is the serialized document minus size prefix and terminator.
      const single = serialize({ [key]: value });
      if (single.length > 5) {
        const element = single.subarray(4, single.length - 1);
        parts.push(element);
        total += element.length;
      }
    }
  }
  parts.push(new Uint8Array(1));
  size.writeInt32LE(total, 0);
  return total;
}

function writeBatch(out: Buffer, at: number, batch: RawBatch): number {
  const start = at;
  at += 4;
  const { docs, from } = batch;
  const list = docs instanceof BsonList ? docs : undefined;
  // The element names "0", "1", ... as ASCII digits. No global (Math, String) is touched per document: under
  // jest's vm context every global lookup is slow, and the api's tests run this server there.
  for (let i = 0; i < batch.length; i++) {
    out[at++] = BsonType.Object;
    const length = decimalDigits(i);
    let value = i;
    for (let d = at + length - 1; d >= at; d--) {
      out[d] = 48 + (value % 10);
      value = (value - (value % 10)) / 10;
    }
    at += length;
    out[at++] = 0;
    if (list !== undefined) {
      const bytes = list.buffers[list.bufferOf[from + i]];
      const begin = list.starts[from + i];
      at += bytes.copy(out, at, begin, begin + list.lengths[from + i]);
    } else {
      const doc = (docs as Uint8Array[])[from + i];
      out.set(doc, at);
      at += doc.length;
    }
  }
  out[at++] = 0;
  out.writeInt32LE(at - start, start);
  return at;
}

/** A reply document in parts (bytes, and batches of documents in BSON form), and its size once serialized. */
export class ReplyParts {
  private constructor(
    readonly parts: Part[],
    readonly size: number,
  ) {}

  /** RawBatch values anywhere in the document's plain sub-documents become arrays of their documents. */
  static of(doc: Document): ReplyParts {
    const parts: Part[] = [];
    const size = collect(doc, parts);
    return new ReplyParts(parts, size);
  }

  /** The serialized document, in a new buffer after `prefix` bytes (left for the caller's message header). */
  toBuffer(prefix: number): Buffer {
    const out = Buffer.allocUnsafe(prefix + this.size);
    let at = prefix;
    for (const part of this.parts) {
      if (part instanceof RawBatch) at = writeBatch(out, at, part);
      else {
        out.set(part, at);
        at += part.length;
      }
    }
    return out;
  }

  /** A reader that hands the serialized document out piece by piece, into buffers of any size. */
  reader(): ReplyReader {
    return new ReplyReader(this.parts);
  }
}

/**
 * The bytes of a reply's parts, copied out in order into whatever room the caller has (see ReplyParts.reader):
 * what lets a large reply go out in slices of one reused buffer rather than as one buffer of its full size.
 */
export class ReplyReader {
  private part = 0;
  /** Within a RawBatch: 0 its size, then per document 1 the element header and 2 the document, then 3 its end. */
  private step = 0;
  private doc = 0;
  private piece: Uint8Array | undefined;
  private pieceStart = 0;
  private pieceEnd = 0;
  private readonly scratch = Buffer.allocUnsafe(16);

  constructor(private readonly parts: Part[]) {}

  /** Copies the next bytes into out[at, out.length); returns where they end (at itself once all is out). */
  fill(out: Buffer, at: number): number {
    while (at < out.length) {
      if (this.pieceStart === this.pieceEnd && !this.nextPiece()) break;
      const count = Math.min(out.length - at, this.pieceEnd - this.pieceStart);
      out.set(this.piece!.subarray(this.pieceStart, this.pieceStart + count), at);
      at += count;
      this.pieceStart += count;
    }
    return at;
  }

  private use(bytes: Uint8Array, start: number, end: number): true {
    this.piece = bytes;
    this.pieceStart = start;
    this.pieceEnd = end;
    return true;
  }

  private nextPiece(): boolean {
    const part = this.parts[this.part];
    if (part === undefined) return false;
    if (!(part instanceof RawBatch)) {
      this.part += 1;
      return this.use(part, 0, part.length);
    }
    const { scratch } = this;
    if (this.step === 0) {
      scratch.writeInt32LE(part.arraySize, 0);
      this.step = part.length > 0 ? 1 : 3;
      this.doc = 0;
      return this.use(scratch, 0, 4);
    }
    if (this.step === 1) {
      // The element header: an embedded document named by its index.
      scratch[0] = BsonType.Object;
      const length = scratch.write(String(this.doc), 1, 'latin1');
      scratch[length + 1] = 0;
      this.step = 2;
      return this.use(scratch, 0, length + 2);
    }
    if (this.step === 2) {
      const i = part.from + this.doc;
      this.doc += 1;
      this.step = this.doc < part.length ? 1 : 3;
      const { docs } = part;
      if (docs instanceof BsonList) {
        const start = docs.starts[i];
        return this.use(docs.buffers[docs.bufferOf[i]], start, start + docs.lengths[i]);
      }
      return this.use(docs[i], 0, docs[i].length);
    }
    this.part += 1;
    this.step = 0;
    scratch[0] = 0;
    return this.use(scratch, 0, 1);
  }
}

/**
 * Serializes a reply document into a new buffer after `prefix` bytes (left for the caller's message header).
 * RawBatch values anywhere in its plain sub-documents are written as arrays of their documents.
 */
export function serializeReply(doc: Document, prefix: number): Buffer {
  return ReplyParts.of(doc).toBuffer(prefix);
}
