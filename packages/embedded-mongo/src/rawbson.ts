/**
 * The read path's byte level. A find answers with documents as BSON bytes rather than as objects for the reply
 * encoder to serialize: stored documents are BSON already (records.ts), simple projections copy whole elements
 * out of those bytes, and the reply is assembled with one allocation.
 */
import { type Document } from 'bson';
import { BsonType, encodeDocument, nameEnd, valueEnd } from './bsonbytes';
import { CommandError } from './errors';
import { asNumber } from './numbers';

/** The BSON bytes of a computed result document (an aggregation's, a mingo projection's). */
export function bsonOf(doc: Document): Uint8Array {
  try {
    return encodeDocument(doc);
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
    const number = asNumber(value);
    if (typeof value === 'boolean') on = value;
    else if (number !== undefined && !Number.isNaN(number)) on = number !== 0;
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

/** How many element names of a document projectBson remembers for the next one. */
const NAMES_KEPT = 64;

/** A document's element names (where they are in its bytes) and whether each was kept. */
interface ElementNames {
  bytes: Uint8Array;
  count: number;
  starts: Int32Array;
  lengths: Int32Array;
  keep: Uint8Array;
}

function elementNames(): ElementNames {
  return {
    bytes: new Uint8Array(0),
    count: 0,
    starts: new Int32Array(NAMES_KEPT),
    lengths: new Int32Array(NAMES_KEPT),
    keep: new Uint8Array(NAMES_KEPT),
  };
}

/** Whether the name at bytes[start] is the k-th name of the previous document, terminator included. */
function sameAsPrevious(bytes: Uint8Array, start: number, previous: ElementNames, k: number): boolean {
  const length = previous.lengths[k];
  if (bytes[start + length] !== 0) return false;
  const other = previous.bytes;
  const otherStart = previous.starts[k];
  for (let i = 0; i < length; i++) if (bytes[start + i] !== other[otherStart + i]) return false;
  return true;
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
  let previous = elementNames();
  let current = elementNames();
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
    let k = 0;
    while (offset < end) {
      const elementStart = offset;
      const nameStart = elementStart + 1;
      let nameLength: number;
      let keep: boolean;
      // Documents of a collection mostly have the same fields in the same order: a name equal to the previous
      // document's at the same position (its terminator included) gets the same answer, without a search.
      if (k < previous.count && sameAsPrevious(bytes, nameStart, previous, k)) {
        nameLength = previous.lengths[k];
        keep = previous.keep[k] === 1;
      } else {
        nameLength = nameEnd(bytes, elementStart) - nameStart;
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
      }
      if (k < NAMES_KEPT) {
        current.starts[k] = nameStart;
        current.lengths[k] = nameLength;
        current.keep[k] = keep ? 1 : 0;
      }
      k += 1;
      const elementEnd = valueEnd(bytes, bytes[elementStart], nameStart + nameLength + 1);
      offset = elementEnd;
      if (!keep) continue;
      if (elementStart !== runEnd) {
        position = copyBytes(bytes, runStart, runEnd, out, position);
        runStart = elementStart;
      }
      runEnd = elementEnd;
    }
    current.bytes = bytes;
    current.count = Math.min(k, NAMES_KEPT);
    [previous, current] = [current, previous];
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
    const bytes = encodeDocument(doc);
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
      const single = encodeDocument({ [key]: value });
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
    at = writeIndexHeader(out, at, i, decimalDigits(i));
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
  /**
   * Within a RawBatch: 0 its size, 1 the next document, 2 the body of a document whose header went out on its
   * own (4: the same for the last document), 3 the array's end.
   */
  private step = 0;
  private doc = 0;
  private piece: Uint8Array | undefined;
  private pieceStart = 0;
  private pieceEnd = 0;
  private pending: Uint8Array | undefined;
  private pendingStart = 0;
  private pendingEnd = 0;
  private readonly scratch = Buffer.allocUnsafe(16);

  constructor(private readonly parts: Part[]) {}

  /** Copies the next bytes into out[at, out.length); returns where they end (at itself once all is out). */
  fill(out: Buffer, at: number): number {
    const end = out.length;
    while (at < end) {
      if (this.pieceStart < this.pieceEnd) {
        // The rest of a piece that did not fit last time.
        const count = Math.min(end - at, this.pieceEnd - this.pieceStart);
        out.set(this.piece!.subarray(this.pieceStart, this.pieceStart + count), at);
        at += count;
        this.pieceStart += count;
        continue;
      }
      const part = this.parts[this.part];
      if (part === undefined) break;
      if (!(part instanceof RawBatch)) {
        this.part += 1;
        this.use(part, 0, part.length);
        continue;
      }
      if (this.step === 1) {
        // The next document, with its element header (an embedded document named by its index), written
        // straight into `out` when it fits whole, as nearly all do; else in pieces.
        const i = part.from + this.doc;
        const { docs } = part;
        let bytes: Uint8Array;
        let start: number;
        let length: number;
        if (docs instanceof BsonList) {
          bytes = docs.buffers[docs.bufferOf[i]];
          start = docs.starts[i];
          length = docs.lengths[i];
        } else {
          bytes = docs[i];
          start = 0;
          length = bytes.length;
        }
        const digits = decimalDigits(this.doc);
        this.doc += 1;
        if (this.doc === part.length) this.step = 3;
        if (end - at >= 2 + digits + length) {
          at = writeIndexHeader(out, at, this.doc - 1, digits);
          out.set(bytes.subarray(start, start + length), at);
          at += length;
        } else {
          this.pending = bytes;
          this.pendingStart = start;
          this.pendingEnd = start + length;
          this.use(this.scratch, 0, writeIndexHeader(this.scratch, 0, this.doc - 1, digits));
          this.step = this.step === 3 ? 4 : 2;
        }
        continue;
      }
      if (this.step === 2 || this.step === 4) {
        // The document whose header went out as a piece.
        this.use(this.pending!, this.pendingStart, this.pendingEnd);
        this.pending = undefined;
        this.step = this.step === 4 ? 3 : 1;
        continue;
      }
      if (this.step === 0) {
        this.scratch.writeInt32LE(part.arraySize, 0);
        this.use(this.scratch, 0, 4);
        this.doc = 0;
        this.step = part.length > 0 ? 1 : 3;
        continue;
      }
      // step 3: the array's end
      this.part += 1;
      this.step = 0;
      this.scratch[0] = 0;
      this.use(this.scratch, 0, 1);
    }
    return at;
  }

  private use(bytes: Uint8Array, start: number, end: number): void {
    this.piece = bytes;
    this.pieceStart = start;
    this.pieceEnd = end;
  }
}

/** Writes an array element header for an embedded document named `index` (of `digits` digits); returns its end. */
function writeIndexHeader(out: Uint8Array, at: number, index: number, digits: number): number {
  out[at++] = BsonType.Object;
  let value = index;
  for (let d = at + digits - 1; d >= at; d--) {
    out[d] = 48 + (value % 10);
    value = (value - (value % 10)) / 10;
  }
  at += digits;
  out[at++] = 0;
  return at;
}

/**
 * Serializes a reply document into a new buffer after `prefix` bytes (left for the caller's message header).
 * RawBatch values anywhere in its plain sub-documents are written as arrays of their documents.
 */
export function serializeReply(doc: Document, prefix: number): Buffer {
  return ReplyParts.of(doc).toBuffer(prefix);
}
