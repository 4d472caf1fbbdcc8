/** MongoDB's order between values, as sorts and range comparisons use it; strings optionally by a collation. */
import type { ObjectId } from 'bson';
import { compare } from 'mingo/util';
import { compareBson, type StringOrder } from './bsonorder';
import { compareNumbers } from './numbers';
import { MISSING } from './values';

// Globals used per comparison, looked up once: under jest's vm context (where the api's tests run this server)
// every global lookup in a hot loop is slow.
const { isArray } = Array;
const DateClass = Date;
const RegExpClass = RegExp;

/** A comparison of two strings: a collation's, or the simple binary one. */
export type { StringOrder };

/** MongoDB's order between BSON types (numbers of every width compare together). */
export function typeRank(value: unknown): number {
  if (value === null || value === undefined || value === MISSING) return 1;
  switch (typeof value) {
    case 'number':
    case 'bigint':
      return 2;
    case 'string':
      return 3;
    case 'boolean':
      return 8;
  }
  if (value instanceof DateClass) return 9;
  if (value instanceof RegExpClass) return 11;
  if (isArray(value)) return 5;
  switch ((value as { _bsontype?: string })._bsontype) {
    case 'MinKey':
      return 0;
    case 'Long':
    case 'Int32':
    case 'Double':
    case 'Decimal128':
      return 2;
    case 'Binary':
      return 6;
    case 'ObjectId':
      return 7;
    case 'Timestamp':
      return 10;
    case 'BSONRegExp':
      return 11;
    case 'Undefined':
      return 1;
    case 'BSONSymbol':
      return 3;
    case 'DBPointer':
      return 12;
    case 'Code':
      return (value as { scope?: unknown }).scope ? 14 : 13;
    case 'MaxKey':
      return 15;
    default:
      return 4;
  }
}

/**
 * Orders two values as a MongoDB sort does; fast for the common same-type cases. With `strings` (a collation),
 * strings compare by it, also inside embedded documents and arrays.
 */
export function compareValues(a: unknown, b: unknown, strings?: StringOrder): number {
  const rankA = typeRank(a);
  const rankB = typeRank(b);
  if (rankA !== rankB) return rankA - rankB;
  // Numbers by exact value across Int32, Int64, Double and Decimal128, NaN first (numbers.ts).
  if (typeof a === 'number' && typeof b === 'number') return compareNumbers(a, b);
  if (typeof a === 'string' && typeof b === 'string') {
    if (strings) return strings(a, b);
    return a < b ? -1 : a > b ? 1 : 0;
  }
  if (a instanceof DateClass && b instanceof DateClass) return a.getTime() - b.getTime();
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (rankA === 1) return 0;
  // A symbol compares as its string (with the collation too); DBPointer and code by mongod's order.
  if (rankA === 3) return compareValues(String(a), String(b), strings);
  if (rankA >= 12 && rankA <= 14) return compareBson(a, b);
  if (rankA === 2) return compareNumbers(a, b);
  if (rankA === 7) return compareValues((a as ObjectId).toHexString(), (b as ObjectId).toHexString());
  if (strings && rankA === 5) {
    const x = a as unknown[];
    const y = b as unknown[];
    for (let i = 0; i < x.length && i < y.length; i++) {
      const result = compareValues(x[i], y[i], strings);
      if (result !== 0) return result;
    }
    return x.length - y.length;
  }
  if (strings && rankA === 4 && (a as { _bsontype?: string })._bsontype === undefined) {
    const x = Object.entries(a as object);
    const y = Object.entries(b as object);
    for (let i = 0; i < x.length && i < y.length; i++) {
      const byType = typeRank(x[i][1]) - typeRank(y[i][1]);
      if (byType !== 0) return byType;
      if (x[i][0] !== y[i][0]) return x[i][0] < y[i][0] ? -1 : 1;
      const result = compareValues(x[i][1], y[i][1], strings);
      if (result !== 0) return result;
    }
    return x.length - y.length;
  }
  return compare(a, b);
}
