/**
 * The read path shared by find, count, findAndModify, updates, deletes and the first $match of an aggregation:
 * match, then sort / skip / limit / project. It works on stored documents by handle and reads sort keys from
 * their bytes; only mingo's sorts (collations) and projections need decoded documents.
 */
import type { Document } from 'bson';
import type { Collection } from './collection';
import { UNDECODED } from './bsonbytes';
import { rewriteFilter, type Collation } from './collation';
import { compareValues, type StringOrder } from './compare';
import { Matcher } from './matcher';
import { projectDocuments } from './projection';
import { bsonOf, projectBson, simpleProjection, type BsonList } from './rawbson';
import { fieldName, storedField } from './records';
import { MISSING, valuesAtPath } from './values';

export interface FindOptions {
  filter?: Document;
  sort?: Document;
  skip?: number;
  /** 0 or absent: no limit. */
  limit?: number;
  projection?: Document;
  /** A non-simple collation (parseCollation); absent for the simple one. */
  collation?: Collation;
  /** A command's `let`: $$variables for $expr. */
  variables?: Document;
}

// Globals used per document or per comparison, looked up once: under jest's vm context (where the api's tests
// run this server) every global lookup in a hot loop is slow.
const DateClass = Date;
const MAX_SAFE_INTEGER = 2 ** 53 - 1;

/**
 * The matcher of a filter: the fast one without collation or variables; under a collation the filter's string
 * comparisons are rewritten to compare by it (collation.ts), and everything goes through mingo.
 */
export function makeMatcher(filter: Document | undefined, collation?: Collation, variables?: Document): Matcher {
  if (!collation && !variables) return new Matcher(filter);
  return new Matcher(collation ? rewriteFilter(filter ?? {}) : filter, {
    collation: collation?.mingoSpec,
    mingo: { ...collation?.mingoOptions, ...(variables ? { variables } : {}) },
  });
}

/** The value a document sorts by: for an array, its smallest element ascending and largest descending. */
function sortValue(doc: Document, path: string, direction: number, order?: StringOrder): unknown {
  const values = valuesAtPath(doc, path).filter((value) => value !== MISSING);
  if (values.length === 0) return null;
  let best = values[0];
  for (const value of values) if (compareValues(value, best, order) * direction < 0) best = value;
  return best;
}

/** Stored documents (handles) in the order of a find's sort. */
export function sortHandles(
  collection: Collection,
  handles: number[],
  sort: Document | undefined,
  collation?: Collation,
): number[] {
  const fields = sort ? Object.keys(sort) : [];
  if (!sort || fields.length === 0) return handles;
  if (fields.length === 1 && fields[0] === '$natural') return sort.$natural < 0 ? [...handles].reverse() : handles;
  const directions = fields.map((field) => (Number(sort[field]) < 0 ? -1 : 1));
  // Under a collation strings compare by it: each document's keys are taken from it decoded.
  if (collation) {
    const { order: strings } = collation;
    const keys = handles.map((handle) => {
      const doc = collection.document(handle);
      return fields.map((field, i) => sortValue(doc, field, directions[i], strings));
    });
    const order = handles.map((_handle, i) => i);
    order.sort((x, y) => {
      for (let i = 0; i < fields.length; i++) {
        const result = compareValues(keys[x][i], keys[y][i], strings);
        if (result !== 0) return result * directions[i];
      }
      return x - y;
    });
    return order.map((i) => handles[i]);
  }
  const columns = fields.map((field, i) => sortColumn(collection, handles, field, directions[i]));
  if (columns.length === 1 && columns[0].kind === 'number') {
    const order = integerOrder(columns[0].values, directions[0]);
    if (order) {
      const sorted: number[] = new Array(handles.length);
      for (let i = 0; i < order.length; i++) sorted[i] = handles[order[i]];
      return sorted;
    }
  }
  const order = handles.map((_handle, i) => i);
  order.sort((x, y) => {
    for (let i = 0; i < columns.length; i++) {
      const column = columns[i];
      let result: number;
      if (column.kind === 'number') result = column.values[x] - column.values[y];
      else if (column.kind === 'string') {
        const a = column.values[x];
        const b = column.values[y];
        result = a < b ? -1 : a > b ? 1 : 0;
      } else result = compareValues(column.values[x], column.values[y]);
      if (result !== 0) return result * directions[i];
    }
    return x - y;
  });
  return order.map((i) => handles[i]);
}

/**
 * The order of integer keys (dates are) by one native numeric sort, no comparator: each key becomes
 * (key - min) * n + position, exact while that stays below 2^53, and equal keys keep their input order.
 * Undefined when the keys do not allow it.
 */
function integerOrder(keys: Float64Array, direction: number): Uint32Array | undefined {
  const n = keys.length;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < n; i++) {
    const key = keys[i];
    if (key % 1 !== 0) return undefined; // also NaN and ±Infinity
    if (key < min) min = key;
    if (key > max) max = key;
  }
  if (n === 0 || (max - min + 1) * n > MAX_SAFE_INTEGER) return undefined;
  const composite = new Float64Array(n);
  for (let i = 0; i < n; i++) composite[i] = (direction > 0 ? keys[i] - min : max - keys[i]) * n + i;
  composite.sort();
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = composite[i] % n;
  return order;
}

/**
 * The sort keys of one field for every document, computed once. When they are all dates or all numbers
 * (the usual case) they are compared as plain numbers, all strings as strings, anything else by type order.
 */
type SortColumn =
  | { kind: 'number'; values: Float64Array }
  | { kind: 'string'; values: string[] }
  | { kind: 'mixed'; values: unknown[] };

function sortColumn(collection: Collection, handles: number[], field: string, direction: number): SortColumn {
  const direct = !field.includes('.') && field !== '__proto__';
  if (direct) {
    const keys = collection.numericKeys(handles, field);
    if (keys) return { kind: 'number', values: keys };
  }
  const name = direct ? fieldName(field) : undefined;
  const values: unknown[] = new Array(handles.length);
  let dates = 0;
  let numbers = 0;
  let strings = 0;
  for (let i = 0; i < handles.length; i++) {
    const handle = handles[i];
    let value = name ? storedField(collection.chunk(handle), collection.start(handle), name) : UNDECODED;
    // Missing is null; arrays, embedded documents, rare types and dotted paths take the general rule.
    if (value === MISSING) value = null;
    else if (value === UNDECODED) value = sortValue(collection.document(handle), field, direction);
    values[i] = value;
    if (typeof value === 'number') {
      if (value === value) numbers += 1; // not NaN
    } else if (typeof value === 'string') strings += 1;
    else if (value instanceof DateClass) {
      const time = value.getTime();
      if (time === time) dates += 1; // a valid date
    }
  }
  if (numbers === handles.length || dates === handles.length) {
    const keys = new Float64Array(handles.length);
    for (let i = 0; i < handles.length; i++) {
      keys[i] = dates ? (values[i] as Date).getTime() : (values[i] as number);
    }
    return { kind: 'number', values: keys };
  }
  if (strings === handles.length) return { kind: 'string', values: values as string[] };
  return { kind: 'mixed', values };
}

/** The stored documents a query selects: matched, sorted, skipped and limited (not projected). */
export function findHandles(collection: Collection | undefined, options: FindOptions): number[] {
  const { sort, skip = 0, limit = 0, collation } = options;
  // Parsed even without a collection, so an invalid filter is reported as on a real server.
  const matcher = makeMatcher(options.filter, collation, options.variables);
  if (!collection) return [];
  if (sort && Object.keys(sort).length > 0) {
    const handles = sortHandles(collection, matcher.matches(collection), sort, collation);
    return skip === 0 && limit <= 0 ? handles : handles.slice(skip, limit > 0 ? skip + limit : undefined);
  }
  // Unsorted: stop scanning as soon as skip + limit documents matched.
  const handles = matcher.matches(collection, limit > 0 ? skip + limit : Infinity);
  return skip === 0 ? handles : handles.slice(skip);
}

/**
 * The documents a find returns in BSON form, what the find command hands to its cursor: the stored bytes as
 * they are, simple projections applied to those bytes, anything else decoded, projected by mingo and serialized.
 */
export function findBson(collection: Collection | undefined, options: FindOptions): BsonList | Uint8Array[] {
  const handles = findHandles(collection, options);
  if (!collection) return [];
  const { projection } = options;
  if (!projection || Object.keys(projection).length === 0) return collection.list(handles);
  const simple = simpleProjection(projection);
  if (simple) return projectBson(collection.list(handles), simple);
  const docs = handles.map((handle) => collection.document(handle));
  return projectDocuments(docs, projection, options.filter).map(bsonOf);
}

/** The first document a findAndModify / single update / single delete acts on. */
export function findFirst(
  collection: Collection | undefined,
  filter: Document,
  sort?: Document,
  collation?: Collation,
  variables?: Document,
): number | undefined {
  return findHandles(collection, { filter, sort, limit: 1, collation, variables })[0];
}
