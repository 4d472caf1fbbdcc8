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
  if (target instanceof Date) {
    const time = target.getTime();
    return (value) => value instanceof Date && value.getTime() === time;
  }
  if (isObjectId(target)) return (value) => isObjectId(value) && target.equals(value);
  return (value) => value === target;
}

function equalityPredicate({ field, values }: EqualityCondition): Predicate {
  const checks = values.map(equalsScalar);
  const matches = checks.length === 1 ? checks[0] : (value: unknown) => checks.some((check) => check(value));
  // An equality also matches an array holding the value, one level down, as in MongoDB.
  const matchesField = (value: unknown) => (Array.isArray(value) ? value.some(matches) : matches(value));
  if (!field.includes('.')) return (doc) => matchesField(doc[field]);
  return (doc) => valuesAtPath(doc, field).some(matches);
}

export interface MatchOptions {
  collation?: Document;
}

export class Matcher {
  private readonly equalities: EqualityCondition[];
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
    this.predicate = checks.length === 1 ? checks[0] : (doc) => checks.every((check) => check(doc));
  }

  test(doc: Document): boolean {
    return this.predicate(doc);
  }

  /** The collection's documents that may match, narrowed by the most selective usable index. */
  candidates(collection: Collection): Iterable<Document> {
    let best: string[] | undefined;
    for (const { field, values } of this.equalities) {
      let ids: string[] | undefined = [];
      for (const value of values) {
        const found = collection.equalityLookup(field, keyOf(value));
        if (found === undefined) {
          ids = undefined; // no index starts with this field
          break;
        }
        ids.push(...found);
      }
      if (ids && (!best || ids.length < best.length)) best = ids;
    }
    if (!best) return collection.docs.values();
    const docs: Document[] = [];
    const seen = new Set<string>();
    for (const id of best) {
      if (seen.has(id)) continue;
      seen.add(id);
      const doc = collection.docs.get(id);
      if (doc) docs.push(doc);
    }
    return docs;
  }

  /** Matching documents (natural order unless an index picked them), at most `limit` of them. */
  matches(collection: Collection, limit = Infinity): Document[] {
    const found: Document[] = [];
    if (limit <= 0) return found;
    for (const doc of this.candidates(collection)) {
      if (this.predicate(doc)) {
        found.push(doc);
        if (found.length >= limit) break;
      }
    }
    return found;
  }
}
