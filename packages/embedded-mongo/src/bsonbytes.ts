/**
 * Reading BSON without decoding it: walking the elements of a serialized document, finding one by name and
 * decoding single scalar values. Stored documents live as BSON (see records.ts), so queries, sorts and index
 * maintenance read the few fields they need here instead of materializing whole documents.
 *
 * Values decoded here are exactly what decodeDocument gives for the same bytes: every number keeps its BSON
 * type (numbers.ts), so a decoded document encodes back to the same bytes.
 */
import { isUtf8 } from 'node:buffer';
import { BSONSymbol, deserialize, Double, Long, ObjectId, serialize, type Document } from 'bson';
import { isInt32Number } from './numbers';

export const enum BsonType {
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

/** A value scalarAt leaves to the full decoder (arrays, embedded documents, the rarer BSON types). */
export const UNDECODED: unique symbol = Symbol('undecoded');

const TWO_POW_32 = 2 ** 32;
/** int64 values whose high word is in [-HIGH_LIMIT, HIGH_LIMIT) are within ±2^53. */
const HIGH_LIMIT = 0x200000;

export function int32(bytes: Uint8Array, at: number): number {
  return bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24);
}

/** A little-endian int64 as a number (exact up to 2^53, as bson's Long.toNumber). */
export function int64(bytes: Uint8Array, at: number): number {
  return int32(bytes, at + 4) * TWO_POW_32 + (int32(bytes, at) >>> 0);
}

/** Offset just past the value of an element whose value starts at `at`. */
export function valueEnd(bytes: Uint8Array, type: number, at: number): number {
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

/** Offset of the 0 byte ending the name of the element that starts (with its type byte) at `at`. */
export function nameEnd(bytes: Uint8Array, at: number): number {
  let end = at + 1;
  while (bytes[end] !== 0) end += 1;
  return end;
}

/**
 * Offset (of the type byte) of the top-level element called `name` in the document starting at `start`, or -1.
 * Its value starts at the returned offset + name.length + 2.
 */
export function findElement(bytes: Uint8Array, start: number, name: Uint8Array): number {
  const end = start + int32(bytes, start) - 1;
  const length = name.length;
  let at = start + 4;
  while (at < end) {
    let p = at + 1;
    let i = 0;
    while (i < length && bytes[p] === name[i]) {
      p += 1;
      i += 1;
    }
    if (i === length && bytes[p] === 0) return at;
    while (bytes[p] !== 0) p += 1;
    at = valueEnd(bytes, bytes[at], p + 1);
  }
  return -1;
}

/** Whether bytes[at, at + expected.length) equals `expected`. */
export function sameBytes(bytes: Uint8Array, at: number, expected: Uint8Array): boolean {
  for (let i = 0; i < expected.length; i++) if (bytes[at + i] !== expected[i]) return false;
  return true;
}

/** The UTF-8 bytes of a field name, for findElement. */
export function nameBytes(name: string): Uint8Array {
  return Buffer.from(name, 'utf8');
}

/**
 * The value of a scalar element (type `type`, value at `at`) as decodeDocument gives it, or UNDECODED for
 * arrays, embedded documents and the types left to the full decoder.
 */
export function scalarAt(bytes: Buffer, type: number, at: number): unknown {
  switch (type) {
    case BsonType.Double: {
      const value = bytes.readDoubleLE(at);
      return isInt32Number(value) ? new Double(value) : value;
    }
    case BsonType.String:
      return bytes.toString('utf8', at + 4, at + 3 + int32(bytes, at));
    case BsonType.ObjectId:
      return new (ObjectId as unknown as new (bytes: Uint8Array, offset: number) => ObjectId)(bytes, at);
    case BsonType.Boolean:
      return bytes[at] === 1;
    case BsonType.Date:
      return new Date(int64(bytes, at));
    case BsonType.Null:
      return null;
    case BsonType.Int32:
      return int32(bytes, at);
    case BsonType.Int64:
      return new Long(int32(bytes, at), int32(bytes, at + 4));
    default:
      return UNDECODED;
  }
}

/** Whether an int64 stored at `at` is within ±2^53, so int64() reads it exactly. */
export function isSafeInt64(bytes: Uint8Array, at: number): boolean {
  const high = int32(bytes, at + 4);
  return high >= -HIGH_LIMIT && high < HIGH_LIMIT;
}

/**
 * BSON's deprecated Undefined (type 6) in a decoded document. bson decodes it as JavaScript undefined, which it
 * writes back as nothing (or null): this wrapper keeps it, and encodeDocument writes it back as type 6. Like
 * bson's own classes it has a _bsontype, so that bson's serializer refuses it rather than write something else.
 */
export class BSONUndefined {
  get _bsontype(): 'Undefined' {
    return 'Undefined';
  }
}

/** The one BSONUndefined value. */
export const BSON_UNDEFINED = new BSONUndefined();

/**
 * BSON's deprecated DBPointer (type 12: a namespace and an ObjectId), which bson decodes as a DBRef (an embedded
 * document { $ref, $id } when written back). encodeDocument writes it back as type 12.
 */
export class DBPointer {
  constructor(
    readonly namespace: string,
    readonly oid: ObjectId,
  ) {}

  get _bsontype(): 'DBPointer' {
    return 'DBPointer';
  }
}

/**
 * How documents are decoded everywhere (stored documents, commands): as bson's deserialize, with the values a
 * JavaScript number would lose kept in their BSON wrapper, so that encoding the result (encodeDocument) gives the
 * same types back. An int64 stays a Long (even 5), a double that is an integer within int32 range stays a
 * Double (else bson would write Double(2) back as Int32 2), a regular expression stays a BSONRegExp with its
 * options as they were (a RegExp keeps only i, m and s). Int32 and every other double are plain numbers, as bson
 * writes plain numbers back (-0, NaN and fractions as doubles). The deprecated types keep theirs too: a Symbol
 * stays a BSONSymbol (not a string), an Undefined a BSONUndefined (not undefined), a DBPointer a DBPointer (not a
 * DBRef).
 */
export function decodeDocument(bytes: Uint8Array): Document {
  const doc = deserialize(bytes, DECODE_OPTIONS);
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (holdsIntegralDouble(buffer, 0)) keepDoubles(buffer, 0, doc, false);
  if (holdsDeprecated(buffer, 0)) {
    keepDeprecated(buffer, 0, doc, false);
    unwritableDecoded = true;
  }
  return doc;
}

const DECODE_OPTIONS = { promoteLongs: false, bsonRegExp: true } as const;

function isDeprecatedType(type: number): boolean {
  return type === BsonType.Undefined || type === BsonType.DbPointer || type === BsonType.Symbol;
}

/** Whether the document at `start` holds, at any depth, a Symbol, an Undefined or a DBPointer. */
function holdsDeprecated(bytes: Buffer, start: number): boolean {
  const end = start + int32(bytes, start) - 1;
  let at = start + 4;
  while (at < end) {
    const type = bytes[at];
    const value = nameEnd(bytes, at) + 1;
    if (isDeprecatedType(type)) return true;
    if ((type === BsonType.Object || type === BsonType.Array) && holdsDeprecated(bytes, value)) return true;
    at = valueEnd(bytes, type, value);
  }
  return false;
}

/** Puts the wrappers of the deprecated types in place of what bson decoded them as, in `target` from `start`. */
function keepDeprecated(bytes: Buffer, start: number, target: Document | unknown[], array: boolean): void {
  const end = start + int32(bytes, start) - 1;
  let at = start + 4;
  let index = 0;
  while (at < end) {
    const type = bytes[at];
    const nameStop = nameEnd(bytes, at);
    const value = nameStop + 1;
    const key = array ? index : bytes.toString('utf8', at + 1, nameStop);
    const holder = target as Record<string | number, unknown>;
    if (type === BsonType.Symbol) holder[key] = new BSONSymbol(holder[key] as string);
    else if (type === BsonType.Undefined) holder[key] = BSON_UNDEFINED;
    else if (type === BsonType.DbPointer) {
      const length = int32(bytes, value);
      const namespace = bytes.toString('utf8', value + 4, value + 3 + length);
      const oid = new (ObjectId as unknown as new (bytes: Uint8Array) => ObjectId)(
        Uint8Array.prototype.slice.call(bytes, value + 4 + length, value + 16 + length),
      );
      holder[key] = new DBPointer(namespace, oid);
    } else if ((type === BsonType.Object || type === BsonType.Array) && holdsDeprecated(bytes, value)) {
      const child = holder[key];
      // An embedded document with $ref and $id decodes as a DBRef: its values are left as decoded.
      if (Array.isArray(child)) keepDeprecated(bytes, value, child, true);
      else if (child !== null && typeof child === 'object' && Object.getPrototypeOf(child) === Object.prototype) {
        keepDeprecated(bytes, value, child as Document, false);
      }
    }
    index += 1;
    at = valueEnd(bytes, type, value);
  }
}

/** Whether a decoded value holds, at any depth, a BSONUndefined or a DBPointer (which bson cannot write). */
function holdsUnwritable(value: unknown): boolean {
  if (value instanceof BSONUndefined || value instanceof DBPointer) return true;
  if (Array.isArray(value)) return value.some(holdsUnwritable);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const key in value) if (holdsUnwritable((value as Document)[key])) return true;
  }
  return false;
}

/** Whether any document with a BSONUndefined or a DBPointer was decoded: until then encodeDocument looks for none. */
let unwritableDecoded = false;

/**
 * A decoded document as BSON: bson's serialize, except that a BSONUndefined is written as Undefined (type 6) and
 * a DBPointer as a DBPointer (type 12), which bson cannot write. As long as no such value was decoded (the usual
 * case), this is serialize itself.
 */
export function encodeDocument(doc: Document): Buffer {
  const bytes = unwritableDecoded && holdsUnwritable(doc) ? encodeWithUnwritable(doc, false) : serialize(doc);
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function elementName(type: number, name: string): Buffer {
  return Buffer.concat([Buffer.from([type]), Buffer.from(name, 'utf8'), Buffer.from([0])]);
}

/** A document (or array) element by element: the deprecated values by hand, the rest through serialize. */
function encodeWithUnwritable(doc: Document | unknown[], array: boolean): Buffer {
  const parts: Buffer[] = [Buffer.alloc(4)];
  const keys = array ? (doc as unknown[]).map((_, i) => String(i)) : Object.keys(doc);
  for (const key of keys) {
    const value = (doc as Record<string, unknown>)[key];
    if (value instanceof BSONUndefined) parts.push(elementName(BsonType.Undefined, key));
    else if (value instanceof DBPointer) {
      const namespace = Buffer.from(value.namespace, 'utf8');
      const length = Buffer.alloc(4);
      length.writeInt32LE(namespace.length + 1);
      parts.push(elementName(BsonType.DbPointer, key), length, namespace, Buffer.from([0]), Buffer.from(value.oid.id));
    } else if (holdsUnwritable(value)) {
      const nested = Array.isArray(value);
      parts.push(
        elementName(nested ? BsonType.Array : BsonType.Object, key),
        encodeWithUnwritable(value as Document, nested),
      );
    } else if (value !== undefined) {
      // One field on its own: its element is the serialized document minus size prefix and terminator.
      const single = serialize({ [key]: value });
      parts.push(Buffer.from(single.buffer, single.byteOffset + 4, single.length - 5));
    }
  }
  parts.push(Buffer.from([0]));
  const out = Buffer.concat(parts);
  out.writeInt32LE(out.length, 0);
  return out;
}

/** Whether the document at `start` holds, at any depth, a double bson would decode to an int32-looking number. */
function holdsIntegralDouble(bytes: Buffer, start: number): boolean {
  const end = start + int32(bytes, start) - 1;
  let at = start + 4;
  while (at < end) {
    const type = bytes[at];
    let value = at + 1;
    while (bytes[value] !== 0) value += 1;
    value += 1;
    if (type === BsonType.Double) {
      if (isInt32Number(bytes.readDoubleLE(value))) return true;
    } else if ((type === BsonType.Object || type === BsonType.Array) && holdsIntegralDouble(bytes, value)) {
      return true;
    }
    at = valueEnd(bytes, type, value);
  }
  return false;
}

/** Puts Double wrappers in place of the int32-looking doubles bson decoded into `target` from `start`. */
function keepDoubles(bytes: Buffer, start: number, target: Document | unknown[], array: boolean): void {
  const end = start + int32(bytes, start) - 1;
  let at = start + 4;
  let index = 0;
  while (at < end) {
    const type = bytes[at];
    const nameStop = nameEnd(bytes, at);
    const value = nameStop + 1;
    if (type === BsonType.Double || type === BsonType.Object || type === BsonType.Array) {
      const key = array ? index : bytes.toString('utf8', at + 1, nameStop);
      const holder = target as Record<string | number, unknown>;
      if (type === BsonType.Double) {
        const number = bytes.readDoubleLE(value);
        if (isInt32Number(number)) holder[key] = new Double(number);
      } else if (holdsIntegralDouble(bytes, value)) {
        const child = holder[key];
        // An embedded document with $ref and $id decodes as a DBRef: its values are left as decoded.
        if (Array.isArray(child)) keepDoubles(bytes, value, child, true);
        else if (child !== null && typeof child === 'object' && Object.getPrototypeOf(child) === Object.prototype) {
          keepDoubles(bytes, value, child as Document, false);
        }
      }
    }
    index += 1;
    at = valueEnd(bytes, type, value);
  }
}

/**
 * The key (values.ts keyOf) of a scalar element's value, made from its bytes; undefined for the types whose key
 * needs the decoded value (arrays, embedded documents, the rarer types).
 */
export function scalarKeyAt(bytes: Buffer, type: number, at: number): string | undefined {
  switch (type) {
    case BsonType.ObjectId:
      return objectIdKeyAt(bytes, at);
    case BsonType.String:
      return 's' + bytes.toString('utf8', at + 4, at + 3 + int32(bytes, at));
    case BsonType.Int32:
      return 'n' + int32(bytes, at);
    case BsonType.Double:
      return 'n' + bytes.readDoubleLE(at);
    case BsonType.Int64:
      return isSafeInt64(bytes, at) ? 'n' + int64(bytes, at) : undefined;
    case BsonType.Date:
      return 'd' + int64(bytes, at);
    case BsonType.Boolean:
      return bytes[at] === 1 ? 'bt' : 'bf';
    case BsonType.Null:
      return 'z';
    default:
      return undefined;
  }
}

/** The key (see values.ts keyOf) of an ObjectId stored at `at`: 'o' and its 12 bytes as one-byte characters. */
export function objectIdKeyAt(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(
    0x6f,
    bytes[at],
    bytes[at + 1],
    bytes[at + 2],
    bytes[at + 3],
    bytes[at + 4],
    bytes[at + 5],
    bytes[at + 6],
    bytes[at + 7],
    bytes[at + 8],
    bytes[at + 9],
    bytes[at + 10],
    bytes[at + 11],
  );
}

/** Whether bytes[start, end) is valid UTF-8 (as bson's strict decoding requires of string values). */
function isUtf8At(bytes: Buffer, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (bytes[i] >= 0x80) return isUtf8(bytes.subarray(start, end));
  return true;
}

/** Whether the element names of an array are "0", "1", ... in order, as bson writes them. */
function isIndexName(bytes: Buffer, start: number, end: number, index: number): boolean {
  if (index < 10) return end - start === 1 && bytes[start] === 48 + index;
  const digits = String(index);
  if (end - start !== digits.length) return false;
  for (let i = 0; i < digits.length; i++) if (bytes[start + i] !== digits.charCodeAt(i)) return false;
  return true;
}

function sameName(bytes: Buffer, a: number, aEnd: number, b: number, bEnd: number): boolean {
  if (aEnd - a !== bEnd - b) return false;
  for (let i = 0; i < aEnd - a; i++) if (bytes[a + i] !== bytes[b + i]) return false;
  return true;
}

/** Scratch space of isPlainDocument: a document with more top-level fields than this is left to the decoder. */
const TOP_LEVEL_NAMES = new Int32Array(2 * 256);

/**
 * Whether the document at bytes[start, start + size) is well-formed BSON that can be stored as it is: every
 * length and terminator consistent, strings (values and names) valid UTF-8, booleans 0 or 1, array elements
 * named 0, 1, ..., and no top-level name twice or starting with '$'; only the usual types (no regex, code,
 * symbol, undefined or DBPointer). Such a document decodes (bson's deserialize) without error, and encoding
 * the decoded document gives it back element for element. Anything else answers false: the caller then
 * decodes it, which either rejects it or gives the object to store the general way.
 */
export function isPlainDocument(bytes: Buffer, start: number, size: number, topLevel = true, array = false): boolean {
  if (size < 5 || start + size > bytes.length || int32(bytes, start) !== size || bytes[start + size - 1] !== 0) {
    return false;
  }
  const end = start + size - 1;
  let at = start + 4;
  let index = 0;
  let names = 0;
  while (at < end) {
    const type = bytes[at];
    const nameStart = at + 1;
    let nameStop = nameStart;
    while (nameStop < end && bytes[nameStop] !== 0) nameStop += 1;
    if (nameStop >= end) return false;
    if (array) {
      if (!isIndexName(bytes, nameStart, nameStop, index)) return false;
      index += 1;
    } else if (!isUtf8At(bytes, nameStart, nameStop)) return false;
    if (topLevel) {
      if (bytes[nameStart] === 0x24) return false; // '$'
      // Top-level names seen so far, kept as (start, end) pairs in a scratch array: no allocation per document.
      if (names === TOP_LEVEL_NAMES.length) return false;
      for (let i = 0; i < names; i += 2) {
        if (sameName(bytes, TOP_LEVEL_NAMES[i], TOP_LEVEL_NAMES[i + 1], nameStart, nameStop)) return false;
      }
      TOP_LEVEL_NAMES[names++] = nameStart;
      TOP_LEVEL_NAMES[names++] = nameStop;
    }
    const value = nameStop + 1;
    let next: number;
    switch (type) {
      case BsonType.Double:
      case BsonType.Date:
      case BsonType.Timestamp:
      case BsonType.Int64:
        next = value + 8;
        break;
      case BsonType.Int32:
        next = value + 4;
        break;
      case BsonType.Decimal128:
        next = value + 16;
        break;
      case BsonType.ObjectId:
        next = value + 12;
        break;
      case BsonType.Boolean:
        if (value < end && bytes[value] > 1) return false;
        next = value + 1;
        break;
      case BsonType.Null:
      case BsonType.MinKey:
      case BsonType.MaxKey:
        next = value;
        break;
      case BsonType.String: {
        if (value + 4 > end) return false;
        const length = int32(bytes, value);
        next = value + 4 + length;
        if (length < 1 || next > end || bytes[next - 1] !== 0 || !isUtf8At(bytes, value + 4, next - 1)) return false;
        break;
      }
      case BsonType.Object:
      case BsonType.Array: {
        if (value + 4 > end) return false;
        const length = int32(bytes, value);
        if (!isPlainDocument(bytes, value, length, false, type === BsonType.Array)) return false;
        next = value + length;
        break;
      }
      case BsonType.Binary: {
        if (value + 5 > end) return false;
        const length = int32(bytes, value);
        // Subtype 2 (the old binary) has a length of its own inside: left to the decoder.
        if (length < 0 || bytes[value + 4] === 2) return false;
        next = value + 5 + length;
        break;
      }
      default:
        return false;
    }
    if (next > end) return false;
    at = next;
  }
  return true;
}
