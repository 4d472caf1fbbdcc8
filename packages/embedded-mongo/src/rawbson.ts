/**
 * The read path's byte level. A find answers with documents as BSON bytes rather than as objects for the reply
 * encoder to serialize: each stored document is serialized once, on its first read, and the bytes are kept for
 * as long as that document object is the stored version; simple projections copy whole elements out of those
 * bytes (and the last one is kept too, for the next identical query); the reply is assembled with one
 * allocation.
 *
 * Stored documents are never modified in place: an update stores a new object (applyUpdate works on a copy)
 * and a replay replaces the object too, so the cache is keyed by object identity and needs no invalidation;
 * a replaced or deleted version's bytes go away with it (WeakMap).
 */
import { serialize, type Document } from 'bson';
import { CommandError } from './errors';

interface Cached {
  bson: Uint8Array;
  /** SimpleProjection.key of `projected`. */
  projection: string | undefined;
  projected: Uint8Array | undefined;
}

const cache = new WeakMap<Document, Cached>();

function cached(doc: Document): Cached {
  let entry = cache.get(doc);
  if (entry === undefined) {
    entry = { bson: serialize(doc), projection: undefined, projected: undefined };
    cache.set(doc, entry);
  }
  return entry;
}

/** The BSON bytes of a stored document (serialized on the first read, then reused). */
export function storedBson(doc: Document): Uint8Array {
  return cached(doc).bson;
}

/** Stored documents projected by a simple projection, as BSON; each document's last projection is kept. */
export function projectStored(docs: Document[], plan: SimpleProjection): Uint8Array[] {
  const results: Uint8Array[] = new Array(docs.length);
  const missing: Cached[] = [];
  const positions: number[] = [];
  for (let i = 0; i < docs.length; i++) {
    const entry = cached(docs[i]);
    if (entry.projection === plan.key) results[i] = entry.projected!;
    else {
      missing.push(entry);
      positions.push(i);
    }
  }
  if (missing.length === 0) return results;
  const projected = projectBson(
    missing.map((entry) => entry.bson),
    plan,
  );
  for (let k = 0; k < missing.length; k++) {
    missing[k].projection = plan.key;
    missing[k].projected = projected[k];
    results[positions[k]] = projected[k];
  }
  return results;
}

/** The BSON bytes of any result document: the cached bytes when it is a stored version that has them. */
export function bsonOf(doc: Document): Uint8Array {
  const entry = cache.get(doc);
  if (entry !== undefined) return entry.bson;
  try {
    return serialize(doc);
  } catch (error) {
    // e.g. a computed aggregation result that does not fit in a BSON document
    throw new CommandError('BadValue', (error as Error).message);
  }
}

/** A batch of documents already in BSON form; the reply encoder writes it as a BSON array. */
export class RawBatch {
  constructor(readonly docs: Uint8Array[]) {}

  /** Size of the BSON array holding the documents: each is an element named by its index. */
  get arraySize(): number {
    let size = 5;
    for (let i = 0; i < this.docs.length; i++) size += 2 + decimalDigits(i) + this.docs[i].length;
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

const enum BsonType {
  Double = 0x01,
  String = 0x02,
  Object = 0x03,
  Array = 0x04,
  Binary = 0x05,
  Undefined = 0x06,
  ObjectId = 0x07,
  Boolean = 0x08,
  Date = 0x09,
  Null = 0x0a,
  Regex = 0x0b,
  DbPointer = 0x0c,
  Code = 0x0d,
  Symbol = 0x0e,
  CodeWithScope = 0x0f,
  Int32 = 0x10,
  Timestamp = 0x11,
  Int64 = 0x12,
  Decimal128 = 0x13,
  MinKey = 0xff,
  MaxKey = 0x7f,
}

function int32(bytes: Uint8Array, at: number): number {
  return bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24);
}

/** Offset just past the value of an element whose value starts at `at`. */
function valueEnd(bytes: Uint8Array, type: number, at: number): number {
  switch (type) {
    case BsonType.Double:
    case BsonType.Date:
    case BsonType.Timestamp:
    case BsonType.Int64:
      return at + 8;
    case BsonType.String:
    case BsonType.Code:
    case BsonType.Symbol:
      return at + 4 + int32(bytes, at);
    case BsonType.Object:
    case BsonType.Array:
    case BsonType.CodeWithScope:
      return at + int32(bytes, at);
    case BsonType.Binary:
      return at + 5 + int32(bytes, at);
    case BsonType.Undefined:
    case BsonType.Null:
    case BsonType.MinKey:
    case BsonType.MaxKey:
      return at;
    case BsonType.ObjectId:
      return at + 12;
    case BsonType.Boolean:
      return at + 1;
    case BsonType.Regex:
      return bytes.indexOf(0, bytes.indexOf(0, at) + 1) + 1;
    case BsonType.DbPointer:
      return at + 4 + int32(bytes, at) + 12;
    case BsonType.Int32:
      return at + 4;
    case BsonType.Decimal128:
      return at + 16;
    default:
      throw new Error(`unknown BSON type ${type}`);
  }
}

const ID_NAME = new Uint8Array([0x5f, 0x69, 0x64]); // "_id"

function sameName(bytes: Uint8Array, start: number, length: number, name: Uint8Array): boolean {
  for (let i = 0; i < length; i++) if (bytes[start + i] !== name[i]) return false;
  return true;
}

/** Offset of the 0 byte ending the name of the element that starts (with its type byte) at `at`. */
function nameEnd(bytes: Uint8Array, at: number): number {
  let end = at + 1;
  while (bytes[end] !== 0) end += 1;
  return end;
}

/** Start and end of the _id element of a serialized document, or undefined; stored documents have it first. */
function locateId(bytes: Uint8Array): [number, number] | undefined {
  const end = bytes.length - 1;
  let offset = 4;
  while (offset < end) {
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
 * Applies a simple projection to serialized documents, copying the kept elements (_id first, then document
 * order, as mongod's inclusion and exclusion projections do) into shared buffers. The results are views into
 * those buffers.
 */
export function projectBson(sources: Uint8Array[], plan: SimpleProjection): Uint8Array[] {
  // Field names by byte length, so an element's name is compared only with names that could be equal.
  const byLength: Uint8Array[][] = [];
  for (const field of plan.fields) {
    const name = Buffer.from(field, 'utf8');
    (byLength[name.length] ??= []).push(name);
  }
  const results: Uint8Array[] = new Array(sources.length);
  // Output in chunks: a result kept in the cache holds on to its chunk only, not to the whole query's output.
  let out = Buffer.allocUnsafe(0);
  let position = 0;
  for (let d = 0; d < sources.length; d++) {
    const bytes = sources[d];
    if (position + bytes.length > out.length) {
      out = Buffer.allocUnsafe(Math.max(OUTPUT_CHUNK, bytes.length));
      position = 0;
    }
    const start = position;
    position += 4;
    if (plan.id) {
      const id = locateId(bytes);
      if (id !== undefined) position = copyBytes(bytes, id[0], id[1], out, position);
    }
    // Kept elements that follow each other in the source are copied as one run.
    let runStart = 0;
    let runEnd = 0;
    const end = bytes.length - 1;
    let offset = 4;
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
    results[d] = out.subarray(start, position);
  }
  return results;
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
  const { docs } = batch;
  // The element names "0", "1", ... as ASCII digits. No global (Math, String) is touched per document: under
  // jest's vm context every global lookup is slow, and the api's tests run this server there.
  for (let i = 0; i < docs.length; i++) {
    out[at++] = BsonType.Object;
    const length = decimalDigits(i);
    let value = i;
    for (let d = at + length - 1; d >= at; d--) {
      out[d] = 48 + (value % 10);
      value = (value - (value % 10)) / 10;
    }
    at += length;
    out[at++] = 0;
    const doc = docs[i];
    out.set(doc, at);
    at += doc.length;
  }
  out[at++] = 0;
  out.writeInt32LE(at - start, start);
  return at;
}

/**
 * Serializes a reply document into a new buffer after `prefix` bytes (left for the caller's message header).
 * RawBatch values anywhere in its plain sub-documents are written as arrays of their documents.
 */
export function serializeReply(doc: Document, prefix: number): Buffer {
  const parts: Part[] = [];
  const size = collect(doc, parts);
  const out = Buffer.allocUnsafe(prefix + size);
  let at = prefix;
  for (const part of parts) {
    if (part instanceof RawBatch) at = writeBatch(out, at, part);
    else {
      out.set(part, at);
      at += part.length;
    }
  }
  return out;
}
