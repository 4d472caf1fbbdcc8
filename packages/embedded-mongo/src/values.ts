import type { BSONRegExp, Document, ObjectId } from 'bson';
import { objectIdKeyAt } from './bsonbytes';
import { isInt32Number, numberKey, numberKind } from './numbers';

/** Marks a path that does not exist in a document (MongoDB indexes it like null). */
export const MISSING: unique symbol = Symbol('missing');

export function isPlainObject(value: unknown): value is Document {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function bsonTypeOf(value: object): string | undefined {
  return (value as { _bsontype?: string })._bsontype;
}

/**
 * A canonical string per value such that two values get the same string exactly when MongoDB's equality
 * match treats them as equal: numbers by exact value across Int32, Int64, Double and Decimal128 (numbers.ts
 * numberKey). Used as the key of equality indexes and unique indexes, so the type tag prefix keeps "1" and 1
 * apart.
 */
export function keyOf(value: unknown): string {
  if (value === null || value === undefined || value === MISSING) return 'z';
  switch (typeof value) {
    case 'string':
      return 's' + value;
    case 'number':
      return 'n' + String(value); // String(-0) is "0", as MongoDB treats -0 == 0
    case 'boolean':
      return value ? 'bt' : 'bf';
    case 'bigint':
      return 'n' + numberKey(value);
    case 'object':
      break;
    default:
      return 'u' + String(value);
  }
  if (value instanceof Date) return 'd' + value.getTime();
  if (value instanceof RegExp) return `r/${value.source}/${regExpOptions(value)}`;
  if (Array.isArray(value)) return 'a' + JSON.stringify(value.map(keyOf));
  const bsonType = bsonTypeOf(value);
  if (bsonType === 'ObjectId') return objectIdKey(value as ObjectId);
  if (bsonType === 'Long' || bsonType === 'Int32' || bsonType === 'Double' || bsonType === 'Decimal128') {
    return 'n' + numberKey(value);
  }
  if (bsonType === 'BSONRegExp') {
    const regex = value as BSONRegExp;
    return `r/${regex.pattern}/${[...regex.options].sort().join('')}`;
  }
  // A Symbol is a string to mongod's comparisons (and equality).
  if (bsonType === 'BSONSymbol') return 's' + String(value);
  if (bsonType !== undefined) return bsonType + ':' + JSON.stringify(value);
  // Embedded documents compare field by field in order, as MongoDB does.
  return 'O' + JSON.stringify(Object.entries(value).map(([k, v]) => [k, keyOf(v)]));
}

/** A RegExp's flags as BSON regex options (bson writes a RegExp's `g` as `s`, and reads `s` back as `g`). */
function regExpOptions(value: RegExp): string {
  const options = new Set<string>();
  for (const flag of value.flags) {
    if (flag === 'g' || flag === 's') options.add('s');
    else if (flag === 'i' || flag === 'm' || flag === 'u') options.add(flag);
  }
  return [...options].sort().join('');
}

/**
 * The key of an ObjectId: 'o' and its 12 bytes as one-byte characters, one flat 13-character string (32 bytes
 * of heap). Ids are the most common key there is (every _id, every userId in an index), and the hex form costs
 * a tree of a dozen string fragments per id. bsonbytes.ts objectIdKeyAt gives the same key from stored bytes.
 */
function objectIdKey(id: ObjectId): string {
  const { i0, i1, i2, i3 } = id as unknown as { i0?: number; i1: number; i2: number; i3: number };
  if (typeof i0 !== 'number') return objectIdKeyAt(id.id, 0);
  return String.fromCharCode(
    0x6f,
    (i0 >>> 16) & 0xff,
    (i0 >>> 8) & 0xff,
    i0 & 0xff,
    (i1 >>> 16) & 0xff,
    (i1 >>> 8) & 0xff,
    i1 & 0xff,
    (i2 >>> 16) & 0xff,
    (i2 >>> 8) & 0xff,
    i2 & 0xff,
    (i3 >>> 16) & 0xff,
    (i3 >>> 8) & 0xff,
    i3 & 0xff,
  );
}

/**
 * A 30-bit hash of a key (keyOf): maps keyed by it hold small integers, not a string per document. Equal keys
 * have equal hashes; different keys rarely do, so whoever looks a hash up checks what it finds.
 */
export function keyHash(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash & 0x3fffffff;
}

/** Values that an equality index can answer for (others fall back to a scan). */
export function isIndexableScalar(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object':
      if (value === null) return false;
      if (value instanceof Date || bsonTypeOf(value) === 'ObjectId') return true;
      // Any numeric type but NaN (which equals only NaN): its key is exact (numbers.ts numberKey).
      return numberKind(value) !== undefined && numberKey(value) !== 'NaN';
    default:
      return false;
  }
}

/**
 * All values a dotted path reaches in a document, descending into arrays the way MongoDB's multikey indexes
 * and equality matches do: `items.sku` on `{ items: [{ sku: 1 }, { sku: 2 }] }` gives [1, 2], and a final
 * array contributes its elements. A path that leads nowhere gives MISSING.
 */
export function valuesAtPath(doc: unknown, path: string): unknown[] {
  const parts = path.split('.');
  const out: unknown[] = [];
  const walk = (value: unknown, i: number): void => {
    if (i === parts.length) {
      if (Array.isArray(value)) {
        if (value.length === 0) out.push(value);
        else out.push(...value);
      } else {
        out.push(value);
      }
      return;
    }
    if (Array.isArray(value)) {
      const part = parts[i];
      if (/^\d+$/.test(part)) walk(value[Number(part)], i + 1);
      else for (const element of value) if (isPlainObject(element)) walk(element, i);
      return;
    }
    if (isPlainObject(value) && Object.prototype.hasOwnProperty.call(value, parts[i])) {
      walk(value[parts[i]], i + 1);
      return;
    }
    out.push(MISSING);
  };
  walk(doc, 0);
  return out;
}

/** The single value at a dotted path without array expansion (for TTL fields, sort-free lookups). */
export function valueAtPath(doc: Document, path: string): unknown {
  let value: unknown = doc;
  for (const part of path.split('.')) {
    if (!isPlainObject(value)) return undefined;
    value = value[part];
  }
  return value;
}

/**
 * Deep copy of a stored document. Updates work on a copy so a failed write (duplicate key) leaves the stored
 * document untouched, and open cursors keep the version they read. BSON value classes (ObjectId, Binary,
 * Decimal128...) are immutable here and shared.
 */
export function cloneValue<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneValue) as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (isPlainObject(value)) {
    const copy: Document = {};
    for (const key of Object.keys(value)) copy[key] = cloneValue(value[key]);
    return copy as T;
  }
  return value;
}

/** A double as mongod prints one (appendDoubleNice): an integral value keeps a `.0`. */
function formatDouble(value: number): string {
  const text = String(value);
  return /^-?\d+$/.test(text) ? `${text}.0` : text;
}

/** Renders a value the way the server prints it in an E11000 message: `{ email: "a@b.c" }`. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === MISSING) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return isInt32Number(value) ? String(value) : formatDouble(value);
  if (typeof value !== 'object') return String(value);
  if (value instanceof Date) return `new Date(${value.getTime()})`;
  if (Array.isArray(value)) return `[ ${value.map(formatValue).join(', ')} ]`;
  const bsonType = bsonTypeOf(value);
  if (bsonType === 'ObjectId') return `ObjectId('${(value as ObjectId).toHexString()}')`;
  if (bsonType === 'Double') return formatDouble((value as { value: number }).value);
  if (bsonType !== undefined) return String(value);
  const entries = Object.entries(value).map(([k, v]) => `${k}: ${formatValue(v)}`);
  return entries.length ? `{ ${entries.join(', ')} }` : '{}';
}
