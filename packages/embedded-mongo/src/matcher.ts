/**
 * Query evaluation. mingo implements the query language, but testing a document through it costs about a
 * microsecond and a half, so plain equality conditions ({ userId: x }) are split off: they pick candidates
 * from an index and are checked by a direct comparison, and only what is left goes through mingo.
 */
import { Query } from 'mingo';
import type { CollationSpec } from 'mingo/types';
import type { Document, ObjectId } from 'bson';
import type { Collection } from './collection';
import { isIndexableScalar, isPlainObject, keyOf, valuesAtPath } from './values';

export type Predicate = (doc: Document) => boolean;

// Used per document, looked up once: under jest's vm context (where the api's tests run this server) every
// global lookup in a hot loop is slow.
const { isArray } = Array;
const DateClass = Date;

interface EqualityCondition {
  field: string;
  /** The accepted values: one for an equality, several for $in (all indexable scalars). */
  values: unknown[];
}

/** `{ field: scalar }`, `{ field: { $eq: scalar } }` or `{ field: { $in: [scalars] } }` as values, else undefined. */
function equalityValues(condition: unknown): unknown[] | undefined {
  if (isIndexableScalar(condition)) return [condition];
  if (!isPlainObject(condition)) return undefined;
  const operators = Object.keys(condition);
  if (operators.length !== 1) return undefined;
  const [operator] = operators;
  const operand = condition[operator];
  if (operator === '$eq' && isIndexableScalar(operand)) return [operand];
  if (operator === '$in' && Array.isArray(operand) && operand.length > 0 && operand.every(isIndexableScalar)) {
    return operand;
  }
  return undefined;
}

/** Splits a filter into simple equality conditions and the rest (for mingo); top-level keys are ANDed. */
function splitFilter(filter: Document): { equalities: EqualityCondition[]; rest: Document } {
  const equalities: EqualityCondition[] = [];
  const rest: Document = {};
  for (const [field, condition] of Object.entries(filter)) {
    const values = field.startsWith('$') ? undefined : equalityValues(condition);
    if (values) equalities.push({ field, values });
    else rest[field] = condition;
  }
  return { equalities, rest };
}

function isObjectId(value: unknown): value is ObjectId {
  return (value as ObjectId | null)?._bsontype === 'ObjectId';
}

/** A comparison against one scalar without building strings: this runs once per stored document. */
function equalsScalar(target: unknown): (value: unknown) => boolean {
  if (target instanceof DateClass) {
    const time = target.getTime();
    return (value) => value instanceof DateClass && value.getTime() === time;
  }
  if (isObjectId(target)) return (value) => isObjectId(value) && target.equals(value);
  return (value) => value === target;
}

function equalityPredicate({ field, values }: EqualityCondition): Predicate {
  const checks = values.map(equalsScalar);
  const matches = checks.length === 1 ? checks[0] : (value: unknown) => checks.some((check) => check(value));
  // An equality also matches an array holding the value, one level down, as in MongoDB.
  const matchesField = (value: unknown) => (isArray(value) ? value.some(matches) : matches(value));
  if (!field.includes('.')) return (doc) => matchesField(doc[field]);
  return (doc) => valuesAtPath(doc, field).some(matches);
}

export interface MatchOptions {
  collation?: Document;
}

export class Matcher {
  private readonly equalities: EqualityCondition[];
  /** One check per equality (same order), then mingo's for the rest of the filter if any. */
  private readonly checks: Predicate[];
  private readonly predicate: Predicate;

  constructor(filter: Document = {}, options: MatchOptions = {}) {
    // A collation changes string equality (e.g. case-insensitive), so everything goes through mingo then.
    const { equalities, rest } = options.collation ? { equalities: [], rest: filter } : splitFilter(filter);
    this.equalities = equalities;
    const checks = equalities.map(equalityPredicate);
    if (Object.keys(rest).length) {
      const query = new Query(rest, options.collation ? { collation: options.collation as CollationSpec } : {});
      checks.push((doc) => query.test(doc));
    }
    this.checks = checks;
    this.predicate = combine(checks);
  }

  test(doc: Document): boolean {
    return this.predicate(doc);
  }

  /**
   * The ids an index gives for the most selective usable equality, and which equality that is; undefined when
   * no index helps. Every document under those ids satisfies that equality (index keys are keyOf values, which
   * are equal exactly when the equality matches), so it need not be checked again.
   */
  private indexed(
    collection: Collection,
  ): { ids: Iterable<string>; size: number; unique: boolean; equality: number } | undefined {
    let best: { ids: Iterable<string>; size: number; unique: boolean; equality: number } | undefined;
    this.equalities.forEach(({ field, values }, equality) => {
      const found: Array<ReadonlySet<string> | string[]> = [];
      let size = 0;
      for (const value of values) {
        const ids = collection.equalityLookup(field, keyOf(value));
        if (ids === undefined) return; // no index starts with this field
        found.push(ids);
        size += isArray(ids) ? ids.length : (ids as ReadonlySet<string>).size;
      }
      if (best && best.size <= size) return;
      // With several values ($in) a document holding more than one of them (an array) comes up more than once.
      best =
        found.length === 1
          ? { ids: found[0], size, unique: true, equality }
          : { ids: concat(found), size, unique: false, equality };
    });
    return best;
  }

  /**
   * Matching documents (natural order unless an index picked them), at most `limit` of them. The candidates
   * come from the most selective usable index, when there is one.
   */
  matches(collection: Collection, limit = Infinity): Document[] {
    const found: Document[] = [];
    if (limit <= 0) return found;
    const indexed = this.indexed(collection);
    let candidates: Iterable<Document>;
    let predicate = this.predicate;
    if (indexed) {
      candidates = lookupDocs(collection, indexed.ids, indexed.unique);
      predicate = combine(this.checks.filter((_check, i) => i !== indexed.equality));
    } else candidates = collection.docs.values();
    for (const doc of candidates) {
      if (predicate(doc)) {
        found.push(doc);
        if (found.length >= limit) break;
      }
    }
    return found;
  }
}

const always: Predicate = () => true;

function combine(checks: Predicate[]): Predicate {
  if (checks.length === 0) return always;
  if (checks.length === 1) return checks[0];
  return (doc) => checks.every((check) => check(doc));
}

function* concat(lists: Array<Iterable<string>>): Iterable<string> {
  for (const list of lists) yield* list;
}

function lookupDocs(collection: Collection, ids: Iterable<string>, unique: boolean): Document[] {
  const docs: Document[] = [];
  const seen = unique ? undefined : new Set<string>();
  for (const id of ids) {
    if (seen) {
      if (seen.has(id)) continue;
      seen.add(id);
    }
    const doc = collection.docs.get(id);
    if (doc) docs.push(doc);
  }
  return docs;
}
