/**
 * The read path shared by find, count, findAndModify and the first $match of an aggregation: match, then
 * sort / skip / limit / project (sorting and projection through mingo's pipeline operators).
 */
import { Aggregator } from 'mingo';
import type { CollationSpec } from 'mingo/types';
import type { Document, ObjectId } from 'bson';
import { compare } from 'mingo/util';
import type { Collection } from './collection';
import { Matcher } from './matcher';
import { projectDocuments } from './projection';
import { MISSING, valuesAtPath } from './values';

export interface FindOptions {
  filter?: Document;
  sort?: Document;
  skip?: number;
  /** 0 or absent: no limit. */
  limit?: number;
  projection?: Document;
  collation?: Document;
}

function mingoOptions(collation: Document | undefined) {
  return collation ? { collation: collation as CollationSpec } : {};
}

/** MongoDB's order between BSON types (numbers of every width compare together). */
function typeRank(value: unknown): number {
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
  if (value instanceof Date) return 9;
  if (value instanceof RegExp) return 11;
  if (Array.isArray(value)) return 5;
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
    case 'MaxKey':
      return 12;
    default:
      return 4;
  }
}

/** Orders two values as a MongoDB sort does; fast for the common same-type cases. */
function compareValues(a: unknown, b: unknown): number {
  const rankA = typeRank(a);
  const rankB = typeRank(b);
  if (rankA !== rankB) return rankA - rankB;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (rankA === 1) return 0;
  if (rankA === 2) return Number(a) - Number(b);
  if (rankA === 7) return compareValues((a as ObjectId).toHexString(), (b as ObjectId).toHexString());
  return compare(a, b);
}

/** The value a document sorts by: for an array, its smallest element ascending and largest descending. */
function sortValue(doc: Document, path: string, direction: number): unknown {
  const values = valuesAtPath(doc, path).filter((value) => value !== MISSING);
  if (values.length === 0) return null;
  let best = values[0];
  for (const value of values) if (compareValues(value, best) * direction < 0) best = value;
  return best;
}

export function sortDocuments(docs: Document[], sort: Document | undefined, collation?: Document): Document[] {
  const fields = sort ? Object.keys(sort) : [];
  if (!sort || fields.length === 0) return docs;
  if (fields.length === 1 && fields[0] === '$natural') return sort.$natural < 0 ? [...docs].reverse() : docs;
  // Locale-aware string order is mingo's job; the plain order below covers everything else.
  if (collation) return new Aggregator([{ $sort: sort }], mingoOptions(collation)).run(docs);
  const directions = fields.map((field) => (Number(sort[field]) < 0 ? -1 : 1));
  const rows = docs.map((doc) => ({ doc, keys: fields.map((field, i) => sortValue(doc, field, directions[i])) }));
  rows.sort((x, y) => {
    for (let i = 0; i < fields.length; i++) {
      const order = compareValues(x.keys[i], y.keys[i]);
      if (order !== 0) return order * directions[i];
    }
    return 0;
  });
  return rows.map((row) => row.doc);
}

/** The documents a find returns, fully materialized (the cursor then hands them out in batches). */
export function findDocuments(collection: Collection | undefined, options: FindOptions): Document[] {
  const { sort, skip = 0, limit = 0, collation } = options;
  // Parsed even without a collection, so an invalid filter is reported as on a real server.
  const matcher = new Matcher(options.filter, { collation });
  if (!collection) return [];
  let docs: Document[];
  if (sort && Object.keys(sort).length > 0) {
    docs = sortDocuments(matcher.matches(collection), sort, collation);
    docs = docs.slice(skip, limit > 0 ? skip + limit : undefined);
  } else {
    // Unsorted: stop scanning as soon as skip + limit documents matched.
    docs = matcher.matches(collection, limit > 0 ? skip + limit : Infinity).slice(skip);
  }
  return projectDocuments(docs, options.projection, options.filter);
}

/** The first document a findAndModify / single update acts on. */
export function findFirst(collection: Collection | undefined, filter: Document, sort?: Document, collation?: Document): Document | undefined {
  return findDocuments(collection, { filter, sort, limit: 1, collation })[0];
}
