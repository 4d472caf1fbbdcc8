/**
 * Secondary indexes. Each one keeps, per value of its first field, the set of documents holding it (used to
 * narrow equality queries), and unique indexes also keep the full compound key to reject duplicates. An index of
 * three fields or more also keeps the documents per hash of its first two fields' keys, so that an equality on
 * `{ userId, workoutDayId, ... }` of `{ userId, workoutDayId, exerciseId, ... }` narrows to that day. (Longer
 * prefixes would narrow more, but one set per document cost about 9 MB for 30k documents of one index.)
 */
import type { Query } from 'mingo/query';
import type { Document } from 'bson';
import { bsonQuery } from './bsonquery';
import { CommandError } from './errors';
import { asNumber } from './numbers';
import type { DocSource } from './records';
import { formatValue, keyHash, keyOf, MISSING } from './values';

/** Handles of the documents under one index key; a bare number while there is only one. */
type IdSet = number | Set<number>;

function addId<K>(map: Map<K, IdSet>, key: K, id: number): void {
  const current = map.get(key);
  if (current === undefined) map.set(key, id);
  else if (typeof current === 'number') {
    if (current !== id) map.set(key, new Set([current, id]));
  } else current.add(id);
}

function removeId<K>(map: Map<K, IdSet>, key: K, id: number): void {
  const current = map.get(key);
  if (current === undefined) return;
  if (typeof current === 'number') {
    if (current === id) map.delete(key);
    return;
  }
  current.delete(id);
  if (current.size === 1) map.set(key, current.values().next().value!);
}

function idsOf(entry: IdSet | undefined): number[] {
  if (entry === undefined) return [];
  return typeof entry === 'number' ? [entry] : [...entry];
}

/** Distinct values of one path in a document (an empty result counts as missing, like MongoDB's null key). */
function distinctValues(doc: DocSource, path: string): unknown[] {
  const values = doc.valuesAt(path);
  if (values.length === 1) return values;
  const seen = new Map<string, unknown>();
  for (const value of values) seen.set(keyOf(value), value);
  return seen.size ? [...seen.values()] : [MISSING];
}

/**
 * The keys a document occupies in one index: under its first field, (unique compound indexes) in full, and (three
 * fields or more) the hashes of its first two fields' keys.
 */
export interface IndexKeys {
  first: string[];
  full: string[];
  prefixes: number[];
}

const NO_PREFIXES: number[] = [];
const NO_KEYS: IndexKeys = { first: [], full: [], prefixes: NO_PREFIXES };

/**
 * The key of a combination of keyOf strings, one flat string: each part prefixed by its length, so no two
 * combinations share a key whatever the parts contain. (Array.join builds a flat string; concatenation would
 * keep a tree of fragments alive for as long as the key is stored.)
 */
export function combinedKey(keys: string[]): string {
  if (keys.length === 1) return keys[0];
  const parts: string[] = [];
  for (const key of keys) parts.push(String(key.length), ':', key);
  return parts.join('');
}

/** The E11000 error, in the exact shape drivers and mongoose recognise. */
export function duplicateKeyError(
  ns: string,
  indexName: string,
  keyPattern: Document,
  values: unknown[],
): CommandError {
  const keyValue: Document = {};
  Object.keys(keyPattern).forEach((field, i) => {
    keyValue[field] = values[i] === MISSING || values[i] === undefined ? null : values[i];
  });
  const printed = Object.entries(keyValue).map(([field, value]) => `${field}: ${formatValue(value)}`);
  return new CommandError(
    'DuplicateKey',
    `E11000 duplicate key error collection: ${ns} index: ${indexName} dup key: { ${printed.join(', ')} }`,
    { keyPattern, keyValue },
  );
}

export const ID_INDEX_SPEC: Document = { v: 2, key: { _id: 1 }, name: '_id_' };

export class Index {
  readonly name: string;
  readonly fields: string[];
  readonly unique: boolean;
  readonly sparse: boolean;
  readonly expireAfterSeconds: number | undefined;
  /** False for text / geo indexes: accepted for compatibility, never used or enforced. */
  readonly maintained: boolean;
  private readonly partial: Query | undefined;
  /**
   * Hash (values.ts keyHash) of the full key -> handles: what a unique compound index checks. A hash, not the
   * key itself, so that no string is kept per document; what a hash finds is checked against the key. (A unique
   * index on one field is checked on byFirst.)
   */
  private readonly byKey: Map<number, IdSet> | undefined;
  private readonly byFirst = new Map<string, IdSet>();
  /** Hash of the first two fields' key (combinedKey) -> handles; what a hash finds is checked. */
  private readonly byPrefix: Map<number, IdSet> | undefined;

  constructor(readonly spec: Document) {
    this.name = spec.name;
    this.fields = Object.keys(spec.key);
    this.unique = spec.unique === true;
    this.sparse = spec.sparse === true;
    // Numbers of any BSON type (a Long, a Double 1.0), as a client may send them.
    this.expireAfterSeconds = asNumber(spec.expireAfterSeconds);
    this.maintained = Object.values(spec.key).every(
      (direction) => asNumber(direction) !== undefined || direction === 'hashed',
    );
    // With BSON's comparisons, as filters (bsonquery.ts): documents hold Longs, Doubles and Decimal128s as such.
    this.partial = spec.partialFilterExpression ? bsonQuery(spec.partialFilterExpression) : undefined;
    if (this.unique && this.fields.length > 1) this.byKey = new Map();
    if (this.fields.length > 2 && this.usableForLookup) this.byPrefix = new Map();
  }

  /** Whether equality lookups may use it: a partial index does not hold every document. */
  get usableForLookup(): boolean {
    return this.maintained && !this.partial;
  }

  private covers(doc: DocSource): boolean {
    if (!this.maintained) return false;
    if (this.partial && !this.partial.test(doc.document())) return false;
    if (this.sparse && this.fields.every((field) => doc.valuesAt(field).every((v) => v === MISSING))) return false;
    return true;
  }

  /** Every combination of field values the document contributes (several when a field holds an array). */
  private combinations(doc: DocSource): unknown[][] {
    let combos: unknown[][] = [[]];
    for (const field of this.fields) {
      const values = distinctValues(doc, field);
      combos = combos.flatMap((combo) => values.map((value) => [...combo, value]));
    }
    return combos;
  }

  /** The keys `doc` occupies in this index (none when the index does not cover it). */
  keysOf(doc: DocSource): IndexKeys {
    if (!this.covers(doc)) return NO_KEYS;
    const first = doc.keysAt(this.fields[0]);
    if (!this.byKey && !this.byPrefix) return { first, full: first, prefixes: NO_PREFIXES };
    // Every combination of the fields' keys (several when a field holds an array), each as one string.
    let combos: string[][] = [[]];
    const prefixes: number[] = [];
    for (let i = 0; i < this.fields.length; i++) {
      const keys = i === 0 ? first : doc.keysAt(this.fields[i]);
      if (keys.length === 1) for (const combo of combos) combo.push(keys[0]);
      else combos = combos.flatMap((combo) => keys.map((key) => [...combo, key]));
      if (this.byPrefix && i === 1) for (const combo of combos) prefixes.push(keyHash(combinedKey(combo)));
    }
    return { first, full: this.byKey ? combos.map(combinedKey) : first, prefixes };
  }

  /**
   * Throws the duplicate key error if the document would collide with another document (not `id`) in this index;
   * `sourceOf` gives the stored documents, to check what a hash finds.
   */
  checkUnique(keys: IndexKeys, doc: DocSource, id: number, ns: string, sourceOf: (handle: number) => DocSource): void {
    if (!this.unique) return;
    for (const key of keys.full) {
      const holders = this.byKey ? this.byKey.get(keyHash(key)) : this.byFirst.get(key);
      if (holders === undefined) continue;
      const other = idsOf(holders).find(
        (holder) => holder !== id && (!this.byKey || this.keysOf(sourceOf(holder)).full.includes(key)),
      );
      if (other !== undefined) {
        const values = this.combinations(doc).find((combo) => combinedKey(combo.map(keyOf)) === key);
        throw duplicateKeyError(ns, this.name, this.spec.key, values ?? []);
      }
    }
  }

  add(keys: IndexKeys, id: number): void {
    for (const key of keys.first) addId(this.byFirst, key, id);
    if (this.byKey) for (const key of keys.full) addId(this.byKey, keyHash(key), id);
    if (this.byPrefix) for (const hash of keys.prefixes) addId(this.byPrefix, hash, id);
  }

  remove(keys: IndexKeys, id: number): void {
    for (const key of keys.first) removeId(this.byFirst, key, id);
    if (this.byKey) for (const key of keys.full) removeId(this.byKey, keyHash(key), id);
    if (this.byPrefix) for (const hash of keys.prefixes) removeId(this.byPrefix, hash, id);
  }

  /**
   * Moves a document from its old keys to its new ones, touching only keys that changed: cheaper, and a
   * document keeps its place among equal keys (like MongoDB's record order) when an update leaves them.
   */
  replace(before: IndexKeys, after: IndexKeys, id: number): void {
    for (const key of before.first) if (!after.first.includes(key)) removeId(this.byFirst, key, id);
    for (const key of after.first) if (!before.first.includes(key)) addId(this.byFirst, key, id);
    if (this.byPrefix) {
      for (const hash of before.prefixes) if (!after.prefixes.includes(hash)) removeId(this.byPrefix, hash, id);
      for (const hash of after.prefixes) if (!before.prefixes.includes(hash)) addId(this.byPrefix, hash, id);
    }
    if (!this.byKey) return;
    for (const key of before.full) if (!after.full.includes(key)) removeId(this.byKey, keyHash(key), id);
    for (const key of after.full) if (!before.full.includes(key)) addId(this.byKey, keyHash(key), id);
  }

  /** Handles of the documents whose first indexed field equals the value with this keyOf (a live set: read, never keep). */
  lookup(valueKey: string): ReadonlySet<number> | number[] {
    const entry = this.byFirst.get(valueKey);
    if (entry === undefined) return [];
    return typeof entry === 'number' ? [entry] : entry;
  }

  /**
   * Handles of documents that may have these keyOf values in the indexed fields (one per field, in index order):
   * a superset, since what a hash finds may be another key, so the caller checks them. Undefined when this
   * index cannot tell (it keeps no full keys, or it is partial).
   */
  candidatesFor(valueKeys: string[]): number[] | undefined {
    if (!this.byKey || !this.usableForLookup || valueKeys.length !== this.fields.length) return undefined;
    return idsOf(this.byKey.get(keyHash(combinedKey(valueKeys))));
  }

  /**
   * Handles of documents that may have these keyOf values in the index's first fields (two or more, in index order;
   * the first two narrow): a superset the caller checks, as for candidatesFor. Undefined when this index keeps no
   * such prefix. A live set: read, never keep.
   */
  prefixCandidates(valueKeys: string[]): ReadonlySet<number> | number[] | undefined {
    if (!this.byPrefix || valueKeys.length < 2) return undefined;
    const entry = this.byPrefix.get(keyHash(combinedKey(valueKeys.slice(0, 2))));
    if (entry === undefined) return [];
    return typeof entry === 'number' ? [entry] : entry;
  }
}
