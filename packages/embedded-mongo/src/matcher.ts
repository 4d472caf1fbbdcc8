/**
 * Query evaluation. mingo implements the query language (with BSON's comparisons: bsonquery.ts), but testing a
 * document through it costs about a microsecond and a half (plus decoding the stored document), so plain
 * equality conditions ({ userId: x }) are split off: they pick candidates from an index and are checked by
 * comparing the stored bytes, and only what is left goes through mingo.
 */
import type { Query } from 'mingo/query';
import type { CollationSpec, Options } from 'mingo/types';
import type { Document, ObjectId } from 'bson';
import { BsonType, findElement, int32, int64, isSafeInt64, sameBytes, scalarKeyAt } from './bsonbytes';
import { bsonQuery, isTypedExpression, plainNumbers, usesExpressions } from './bsonquery';
import type { Collection } from './collection';
import { compareNumbers, numberKind } from './numbers';
import { fieldName } from './records';
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
  // A number equals a number of any type with the same value (Int32 5, Long 5, Double 5.0, Decimal128 5.00).
  if (numberKind(target) !== undefined) {
    return (value) => value === target || (numberKind(value) !== undefined && compareNumbers(value, target) === 0);
  }
  // A string equals a Symbol holding it (the same type to mongod's comparisons).
  if (typeof target === 'string') return (value) => value === target || symbolText(value) === target;
  return (value) => value === target;
}

/** The text of a BSONSymbol, undefined for any other value. */
function symbolText(value: unknown): string | undefined {
  return (value as { _bsontype?: string } | null)?._bsontype === 'BSONSymbol' ? String(value) : undefined;
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
  /** More mingo options for the rest of the filter: operators (collation.ts), $$variables (a command's let). */
  mingo?: Partial<Options>;
}

/** A check of one stored document, by handle. */
type HandleCheck = (handle: number) => boolean;

/**
 * A comparison of an element's value, read in place, against one scalar: true or false when the element's type
 * settles it, undefined when only the decoded value can tell (an array, which matches when it holds the value,
 * or a rarer type), for which the caller falls back to the decoded document.
 */
type ByteTest = (bytes: Buffer, type: number, at: number) => boolean | undefined;

/** Types whose comparison with a scalar the bytes settle (Int64 and Decimal128 only by the exact comparison). */
function settledType(type: number): boolean {
  switch (type) {
    case BsonType.Double:
    case BsonType.String:
    case BsonType.ObjectId:
    case BsonType.Boolean:
    case BsonType.Date:
    case BsonType.Null:
    case BsonType.Int32:
    case BsonType.Int64:
      return true;
    default:
      return false;
  }
}

function byteTest(target: unknown): ByteTest {
  const otherwise = (type: number) => (settledType(type) ? false : undefined);
  if (typeof target === 'string') {
    const expected = Buffer.from(target, 'utf8');
    // A Symbol is stored as a string is, and equals one.
    return (bytes, type, at) =>
      type === BsonType.String || type === BsonType.Symbol
        ? int32(bytes, at) === expected.length + 1 && sameBytes(bytes, at + 4, expected)
        : otherwise(type);
  }
  if (typeof target === 'number') {
    return (bytes, type, at) => {
      if (type === BsonType.Double) return bytes.readDoubleLE(at) === target;
      if (type === BsonType.Int32) return int32(bytes, at) === target;
      // An int64 beyond ±2^53 (and a Decimal128) is compared exactly on the decoded value.
      if (type === BsonType.Int64) return isSafeInt64(bytes, at) ? int64(bytes, at) === target : undefined;
      return type === BsonType.Decimal128 ? undefined : otherwise(type);
    };
  }
  if (numberKind(target) !== undefined) {
    // A Long, Double or Decimal128 operand: equal keys are equal values (values.ts keyOf).
    const key = keyOf(target);
    return (bytes, type, at) => {
      if (type === BsonType.Double || type === BsonType.Int32 || type === BsonType.Int64) {
        const found = scalarKeyAt(bytes, type, at);
        return found === undefined ? undefined : found === key;
      }
      return type === BsonType.Decimal128 ? undefined : otherwise(type);
    };
  }
  if (typeof target === 'boolean') {
    return (bytes, type, at) => (type === BsonType.Boolean ? (bytes[at] === 1) === target : otherwise(type));
  }
  if (target instanceof DateClass) {
    const time = target.getTime();
    return (bytes, type, at) => (type === BsonType.Date ? int64(bytes, at) === time : otherwise(type));
  }
  if (isObjectId(target)) {
    const expected = Buffer.from(target.id);
    return (bytes, type, at) => (type === BsonType.ObjectId ? sameBytes(bytes, at, expected) : otherwise(type));
  }
  return () => undefined;
}

/**
 * An equality checked on a stored document's bytes: the element is found and compared in place; only an array
 * or a rare type decodes the document (then the object predicate decides, as for any document).
 */
function storedEquality(
  collection: Collection,
  condition: EqualityCondition,
  decoded: (handle: number) => Document,
): HandleCheck {
  const onObject = equalityPredicate(condition);
  if (condition.field.includes('.')) return (handle) => onObject(decoded(handle));
  const name = fieldName(condition.field);
  const tests = condition.values.map(byteTest);
  const single = tests.length === 1 ? tests[0] : undefined;
  return (handle) => {
    const bytes = collection.chunk(handle);
    const element = findElement(bytes, collection.start(handle), name);
    // A missing field never equals an indexable scalar.
    if (element < 0) return false;
    const type = bytes[element];
    const at = element + name.length + 2;
    let result: boolean | undefined;
    if (single !== undefined) result = single(bytes, type, at);
    else {
      result = false;
      for (const test of tests) {
        const outcome = test(bytes, type, at);
        if (outcome === true) return true;
        if (outcome === undefined) result = undefined;
      }
    }
    return result === undefined ? onObject(decoded(handle)) : result;
  };
}

interface Candidates {
  handles: Iterable<number>;
  size: number;
  /** Whether a document can come up more than once (several lists). */
  repeats: boolean;
  /** The equalities (by position) every candidate is known to satisfy. */
  covered: Set<number>;
}

export class Matcher {
  private readonly equalities: EqualityCondition[];
  /** mingo's query for the rest of the filter, if any. */
  private readonly query: Query | undefined;
  /**
   * Whether mingo tests documents with plain numbers: a filter with $expr that uses an operator only mingo has
   * computes on them (mingo's expressions know no BSON wrappers); one whose operators are all typed
   * (bsonquery.ts isTypedExpression) computes on the values as they are. The comparison operators take either.
   */
  private readonly plain: boolean;

  constructor(filter: Document = {}, options: MatchOptions = {}) {
    // A collation changes string equality (e.g. case-insensitive), so everything goes through mingo then.
    const { equalities, rest } = options.collation ? { equalities: [], rest: filter } : splitFilter(filter);
    this.equalities = equalities;
    const expressions = usesExpressions(rest);
    const typed = expressions && isTypedExpression(rest);
    this.plain = expressions && !typed;
    // Plain numbers in the documents, plain numbers in the command's let variables too.
    const variables = options.mingo?.variables;
    const mingo = this.plain && variables ? { ...options.mingo, variables: plainNumbers(variables) } : options.mingo;
    if (Object.keys(rest).length) {
      this.query = bsonQuery(
        rest,
        { ...(options.collation ? { collation: options.collation as CollationSpec } : {}), ...mingo },
        typed,
      );
    }
  }

  /**
   * The candidates the most selective usable index gives, and the equalities they all satisfy; undefined when
   * no index helps. Index keys are keyOf values, which are equal exactly when the equality matches, so covered
   * equalities need not be checked again.
   */
  private indexed(collection: Collection): Candidates | undefined {
    let best: Candidates | undefined;
    const singleKeys = new Map<string, string>();
    this.equalities.forEach(({ field, values }, equality) => {
      if (values.length === 1 && !singleKeys.has(field)) singleKeys.set(field, keyOf(values[0]));
      const found: Array<ReadonlySet<number> | number[]> = [];
      let size = 0;
      for (const value of values) {
        const handles = collection.equalityLookup(field, keyOf(value));
        if (handles === undefined) return; // no index starts with this field
        found.push(handles);
        size += isArray(handles) ? handles.length : (handles as ReadonlySet<number>).size;
      }
      if (best && best.size <= size) return;
      // With several values ($in) a document holding more than one of them (an array) comes up more than once.
      best =
        found.length === 1
          ? { handles: found[0], size, repeats: false, covered: new Set([equality]) }
          : { handles: concat(found), size, repeats: true, covered: new Set([equality]) };
    });
    // A compound index whose first fields are given: the candidates under the longest such prefix (found by the
    // hash of its key), for which every equality is checked.
    if (singleKeys.size > 1) {
      const handles = collection.prefixCandidates(singleKeys);
      const size = isArray(handles) ? handles.length : (handles?.size ?? Infinity);
      if (handles && (!best || size < best.size)) best = { handles, size, repeats: false, covered: new Set() };
    }
    return best;
  }

  /**
   * Handles of the matching documents (natural order unless an index picked them), at most `limit` of them.
   * The candidates come from the most selective usable index, when there is one. Equalities are checked on the
   * stored bytes; a document is decoded (by `decode`) only when mingo has the rest of the filter to check (or an
   * equality meets an array).
   */
  matches(
    collection: Collection,
    limit = Infinity,
    decode: (handle: number) => Document = (handle) => collection.document(handle),
  ): number[] {
    const found: number[] = [];
    if (limit <= 0) return found;
    const indexed = this.indexed(collection);
    let lastHandle = -1;
    let lastDocument: Document | undefined;
    const decoded = (handle: number): Document => {
      if (handle !== lastHandle) {
        lastDocument = decode(handle);
        lastHandle = handle;
      }
      return lastDocument!;
    };
    const checks: HandleCheck[] = [];
    this.equalities.forEach((condition, i) => {
      if (!indexed?.covered.has(i)) checks.push(storedEquality(collection, condition, decoded));
    });
    const { query, plain } = this;
    if (query) checks.push((handle) => query.test(plain ? plainNumbers(decoded(handle)) : decoded(handle)));
    const predicate = combine(checks);
    const seen = indexed?.repeats ? new Set<number>() : undefined;
    for (const handle of indexed ? indexed.handles : collection.handles()) {
      if (seen) {
        if (seen.has(handle)) continue;
        seen.add(handle);
      }
      if (predicate(handle)) {
        found.push(handle);
        if (found.length >= limit) break;
      }
    }
    return found;
  }
}

const always: HandleCheck = () => true;

function combine(checks: HandleCheck[]): HandleCheck {
  if (checks.length === 0) return always;
  if (checks.length === 1) return checks[0];
  if (checks.length === 2) {
    const [first, second] = checks;
    return (handle) => first(handle) && second(handle);
  }
  return (handle) => checks.every((check) => check(handle));
}

function* concat(lists: Array<Iterable<number>>): Iterable<number> {
  for (const list of lists) yield* list;
}
