/**
 * Many documents read fast (the exports' 30k sets and their sessions): fetched as raw BSON and decoded here with
 * Buffer's native methods. The bson library's general decoder spends most of such a read on short strings (its
 * pure-JavaScript Latin-1 path), which made a 30k-set read most of an export's time. This reader knows the types the
 * api stores (numbers, strings, dates, ObjectIds, booleans, null, documents and arrays); a document holding any other
 * (a decimal, binary data…) is decoded by the library instead, so nothing is ever lost.
 */
import { BSON, type Collection, type Document } from 'mongodb';

/** A decoded document: ObjectIds as 24-hex-digit strings, dates as Date, numbers as number. */
export type PlainDocument = Record<string, unknown>;

const TWO_TO_32 = 2 ** 32;

/** The general decoder's answer in the same form (its top-level ObjectIds as hex strings). */
function decodeWithLibrary(bytes: Buffer): PlainDocument {
  const document = BSON.deserialize(bytes);
  for (const [key, value] of Object.entries(document)) {
    if (value instanceof BSON.ObjectId) document[key] = value.toHexString();
  }
  return document;
}

/** Strings this short are looked up before one is made: keys and values such as 'lbs' or 'Incline Press' repeat. */
const INTERNED_MAX_BYTES = 24;
const INTERNED_MAX_STRINGS = 4096;
const interned = new Map<number, { bytes: Buffer; text: string }[]>();
// Looked up once: a global read in a hot loop is slow under jest's vm context (where the tests run this).
const { imul } = Math;
let internedCount = 0;

/**
 * The UTF-8 text of `bytes[start, end)`. A short one is found by its bytes among the strings made before (a hash, then
 * the bytes compared), so 30k documents with the same keys and units make a few hundred strings, not a million: most of
 * such a read's time went to making and collecting them.
 */
function text(bytes: Buffer, start: number, end: number): string {
  const length = end - start;
  if (length > INTERNED_MAX_BYTES) return bytes.toString('utf8', start, end);
  let hash = length;
  for (let i = start; i < end; i++) hash = (imul(hash, 31) + bytes[i]) | 0;
  const candidates = interned.get(hash);
  if (candidates) {
    for (const candidate of candidates) {
      if (candidate.bytes.length !== length) continue;
      let same = true;
      for (let i = 0; i < length && same; i++) same = candidate.bytes[i] === bytes[start + i];
      if (same) return candidate.text;
    }
  }
  const made = bytes.toString('utf8', start, end);
  if (internedCount < INTERNED_MAX_STRINGS) {
    internedCount += 1;
    const entry = { bytes: Buffer.from(bytes.subarray(start, end)), text: made };
    if (candidates) candidates.push(entry);
    else interned.set(hash, [entry]);
  }
  return made;
}

/**
 * Reads the BSON document (or array) at `start` of `bytes` into `target`; false when it holds a type this reader does
 * not know. An array's keys ('0', '1'…) are skipped, not read.
 */
function readInto(bytes: Buffer, start: number, target: PlainDocument | unknown[], idKey = '_id'): boolean {
  const isArray = Array.isArray(target);
  const end = start + bytes.readInt32LE(start) - 1;
  let at = start + 4;
  while (at < end) {
    const type = bytes[at];
    const keyEnd = bytes.indexOf(0, at + 1);
    const key = isArray ? '' : text(bytes, at + 1, keyEnd);
    at = keyEnd + 1;
    let value: unknown;
    switch (type) {
      case 0x01: // double
        value = bytes.readDoubleLE(at);
        at += 8;
        break;
      case 0x02: {
        // string: int32 length (with the trailing NUL), bytes, NUL
        const length = bytes.readInt32LE(at);
        value = text(bytes, at + 4, at + 3 + length);
        at += 4 + length;
        break;
      }
      case 0x03: // embedded document
      case 0x04: {
        // array
        const inner = type === 0x04 ? [] : {};
        if (!readInto(bytes, at, inner)) return false;
        value = inner;
        at += bytes.readInt32LE(at);
        break;
      }
      case 0x07: // ObjectId
        value = bytes.toString('hex', at, at + 12);
        at += 12;
        break;
      case 0x08: // boolean
        value = bytes[at] === 1;
        at += 1;
        break;
      case 0x09: // UTC datetime: int64 milliseconds
        value = new Date(bytes.readInt32LE(at + 4) * TWO_TO_32 + bytes.readUInt32LE(at));
        at += 8;
        break;
      case 0x0a: // null
        value = null;
        break;
      case 0x10: // int32
        value = bytes.readInt32LE(at);
        at += 4;
        break;
      case 0x12: // int64
        value = bytes.readInt32LE(at + 4) * TWO_TO_32 + bytes.readUInt32LE(at);
        at += 8;
        break;
      default:
        return false;
    }
    if (isArray) target.push(value);
    else target[key === '_id' ? idKey : key] = value;
  }
  return true;
}

/**
 * One BSON document (see the file's comment), its `_id` under `idKey`; the library decodes any with a type this reader
 * does not know.
 */
export function decodeDocument(bytes: Buffer, idKey = '_id'): PlainDocument {
  const document: PlainDocument = {};
  if (readInto(bytes, 0, document, idKey)) return document;
  const { _id, ...fields } = decodeWithLibrary(bytes);
  return _id === undefined ? fields : { [idKey]: _id, ...fields };
}

export interface RawReadOptions {
  sort?: Document;
  projection?: Document;
  batchSize?: number;
  /** The name the documents' `_id` gets (the exports call it `id`). */
  idKey?: string;
}

/** The documents `filter` finds in `collection`, in `sort` order, decoded one batch at a time as they are read. */
export async function* plainDocuments(
  collection: Collection,
  filter: Document,
  { sort, projection, batchSize, idKey }: RawReadOptions = {},
): AsyncGenerator<PlainDocument> {
  const cursor = collection.find(filter, { raw: true, sort, projection, batchSize });
  try {
    for await (const bytes of cursor) yield decodeDocument(bytes as unknown as Buffer, idKey);
  } finally {
    await cursor.close();
  }
}
