/**
 * The order and equality of BSON values as mongod defines them (numbers by exact value across Int32, Int64, Double
 * and Decimal128, other values by BSON type order), and their $type codes: shared by the query operators
 * (bsonquery.ts), the typed aggregation (arithmetic.ts) and sorts (compare.ts), which is why it is a module of its own.
 */
import type { BSONRegExp, Decimal128, Document, Long, ObjectId } from 'bson';
import type { DBPointer } from './bsonbytes';
import { compareNumbers, decimalParts, isInt32Number, numberKind } from './numbers';
import { keyOf, MISSING } from './values';

/** How strings compare: code points by default, a collation's order when one is given. */
export type StringOrder = (a: string, b: string) => number;

const { isArray } = Array;
const DateClass = Date;
const RegExpClass = RegExp;

export function bsonTypeOf(value: unknown): string | undefined {
  return value !== null && typeof value === 'object' ? (value as { _bsontype?: string })._bsontype : undefined;
}

/* ------------------------------------------------------------------ types and order */

/** The BSON type number of a decoded value (mongod's $type codes), undefined for a missing one. */
export function bsonTypeCode(value: unknown): number | undefined {
  if (value === undefined || value === MISSING) return undefined;
  if (value === null) return 10;
  switch (typeof value) {
    case 'number':
      return isInt32Number(value) ? 16 : 1;
    case 'string':
      return 2;
    case 'boolean':
      return 8;
    case 'bigint':
      return 18;
  }
  if (value instanceof DateClass) return 9;
  if (value instanceof RegExpClass) return 11;
  if (isArray(value)) return 4;
  switch (bsonTypeOf(value)) {
    case 'ObjectId':
      return 7;
    case 'Binary':
      return 5;
    case 'Int32':
      return 16;
    case 'Double':
      return 1;
    case 'Long':
      return 18;
    case 'Decimal128':
      return 19;
    case 'Timestamp':
      return 17;
    case 'MinKey':
      return -1;
    case 'MaxKey':
      return 127;
    case 'Code':
      return (value as { scope?: unknown }).scope ? 15 : 13;
    case 'BSONSymbol':
      return 14;
    case 'BSONRegExp':
      return 11;
    case 'Undefined':
      return 6;
    case 'DBPointer':
      return 12;
    default:
      return 3;
  }
}

/** mongod's canonical order of types: numbers of every width share a rank, as do strings and symbols. */
export function canonicalRank(value: unknown): number {
  switch (bsonTypeCode(value)) {
    case undefined:
    case 10:
    case 6:
      return 1;
    case -1:
      return 0;
    case 1:
    case 16:
    case 18:
    case 19:
      return 2;
    case 2:
    case 14:
      return 3;
    case 3:
      return 4;
    case 4:
      return 5;
    case 5:
      return 6;
    case 7:
      return 7;
    case 8:
      return 8;
    case 9:
      return 9;
    case 17:
      return 10;
    case 11:
      return 11;
    case 12:
      return 12;
    case 13:
      return 13;
    case 15:
      return 14;
    default:
      return 15; // MaxKey
  }
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/** mongod compares strings by their UTF-8 bytes, which for JavaScript strings is code point order. */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i += 1;
  if (i === n) return a.length < b.length ? -1 : 1;
  // Compare whole code points: step back onto a pair's high surrogate when the low ones differ.
  if (i > 0 && isHighSurrogate(a.charCodeAt(i - 1))) i -= 1;
  const x = a.codePointAt(i)!;
  const y = b.codePointAt(i)!;
  return x < y ? -1 : 1;
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

/** mongod's total order of values (BSON woCompare without collation): -1, 0 or 1. */
export function compareBson(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return compareNumbers(a, b);
  if (typeof a === 'string' && typeof b === 'string') return a === b ? 0 : compareStrings(a, b);
  const rankA = canonicalRank(a);
  const rankB = canonicalRank(b);
  if (rankA !== rankB) return rankA < rankB ? -1 : 1;
  switch (rankA) {
    case 0:
    case 1:
    case 15:
      return 0;
    case 2:
      return compareNumbers(a, b);
    case 3:
      return compareStrings(String(a), String(b));
    case 4:
      return compareDocuments(a as Document, b as Document);
    case 5:
      return compareArrays(a as unknown[], b as unknown[]);
    case 6: {
      const x = a as { buffer: Uint8Array; sub_type: number };
      const y = b as { buffer: Uint8Array; sub_type: number };
      // BinData: by length, then subtype, then bytes.
      if (x.buffer.length !== y.buffer.length) return x.buffer.length < y.buffer.length ? -1 : 1;
      if (x.sub_type !== y.sub_type) return x.sub_type < y.sub_type ? -1 : 1;
      return Math.sign(compareBytes(x.buffer, y.buffer));
    }
    case 7:
      return Math.sign(compareBytes((a as ObjectId).id, (b as ObjectId).id));
    case 8:
      return a === b ? 0 : a ? 1 : -1;
    case 9: {
      const x = (a as Date).getTime();
      const y = (b as Date).getTime();
      return x === y ? 0 : x < y ? -1 : 1;
    }
    case 10: {
      const x = (a as Long).toBigInt();
      const y = (b as Long).toBigInt();
      // Timestamps are unsigned.
      const ux = BigInt.asUintN(64, x);
      const uy = BigInt.asUintN(64, y);
      return ux === uy ? 0 : ux < uy ? -1 : 1;
    }
    case 11: {
      const [px, ox] = regexParts(a);
      const [py, oy] = regexParts(b);
      return compareStrings(px, py) || compareStrings(ox, oy);
    }
    case 12: {
      // DBPointer: by the size of its value, then its bytes (the namespace's length, the namespace, the id).
      const x = a as DBPointer;
      const y = b as DBPointer;
      const nx = Buffer.from(x.namespace, 'utf8');
      const ny = Buffer.from(y.namespace, 'utf8');
      if (nx.length !== ny.length) return nx.length < ny.length ? -1 : 1;
      return Math.sign(compareBytes(nx, ny) || compareBytes(x.oid.id, y.oid.id));
    }
    default:
      return compareStrings(String((a as { code?: unknown }).code), String((b as { code?: unknown }).code));
  }
}

function regexParts(value: unknown): [string, string] {
  if (value instanceof RegExpClass) return [value.source, value.flags];
  const regex = value as BSONRegExp;
  return [regex.pattern, regex.options];
}

function compareDocuments(a: Document, b: Document): number {
  const x = Object.keys(a);
  const y = Object.keys(b);
  for (let i = 0; i < x.length && i < y.length; i++) {
    const byType = canonicalRank(a[x[i]]) - canonicalRank(b[y[i]]);
    if (byType !== 0) return byType < 0 ? -1 : 1;
    const byName = compareStrings(x[i], y[i]);
    if (byName !== 0) return byName;
    const byValue = compareBson(a[x[i]], b[y[i]]);
    if (byValue !== 0) return byValue;
  }
  return x.length === y.length ? 0 : x.length < y.length ? -1 : 1;
}

function compareArrays(a: unknown[], b: unknown[]): number {
  for (let i = 0; i < a.length && i < b.length; i++) {
    const result = compareBson(a[i], b[i]);
    if (result !== 0) return result;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/** Whether two values are equal as a MongoDB equality match sees them (numbers across types, -0 == 0). */
export function bsonEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'number') return a !== a && b !== b;
  // A Symbol equals the string (or Symbol) it holds: both are strings to mongod's comparisons.
  const textA = typeof a === 'string' ? a : bsonTypeOf(a) === 'BSONSymbol' ? String(a) : undefined;
  const textB = typeof b === 'string' ? b : bsonTypeOf(b) === 'BSONSymbol' ? String(b) : undefined;
  if (textA !== undefined || textB !== undefined) return textA === textB;
  const kindA = numberKind(a);
  const kindB = numberKind(b);
  if (kindA !== undefined || kindB !== undefined)
    return kindA !== undefined && kindB !== undefined && compareNumbers(a, b) === 0;
  if (a instanceof DateClass && b instanceof DateClass) return a.getTime() === b.getTime();
  return canonicalRank(a) === canonicalRank(b) && keyOf(a) === keyOf(b);
}

export function isNaNValue(value: unknown): boolean {
  if (typeof value === 'number') return value !== value;
  return numberKind(value) === 'decimal' && decimalParts(value as Decimal128).kind === 'nan';
}
