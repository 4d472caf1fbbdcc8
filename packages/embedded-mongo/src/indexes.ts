/**
 * Secondary indexes. Each one keeps, per value of its first field, the set of documents holding it (used to
 * narrow equality queries), and unique indexes also keep the full compound key to reject duplicates.
 */
import { Query } from 'mingo';
import type { Document } from 'bson';
import { CommandError } from './errors';
import { keyOf, formatValue, MISSING, valuesAtPath } from './values';

/** Document ids (the keyOf of their _id) under one index key; a bare string while there is only one. */
type IdSet = string | Set<string>;

function addId(map: Map<string, IdSet>, key: string, id: string): void {
  const current = map.get(key);
  if (current === undefined) map.set(key, id);
  else if (typeof current === 'string') {
    if (current !== id) map.set(key, new Set([current, id]));
  } else current.add(id);
}

function removeId(map: Map<string, IdSet>, key: string, id: string): void {
  const current = map.get(key);
  if (current === undefined) return;
  if (typeof current === 'string') {
    if (current === id) map.delete(key);
    return;
  }
  current.delete(id);
  if (current.size === 0) map.delete(key);
}

function idsOf(entry: IdSet | undefined): string[] {
  if (entry === undefined) return [];
  return typeof entry === 'string' ? [entry] : [...entry];
}

/** Distinct values of one path in a document (an empty result counts as missing, like MongoDB's null key). */
function distinctValues(doc: Document, path: string): unknown[] {
  const seen = new Map<string, unknown>();
  for (const value of valuesAtPath(doc, path)) seen.set(keyOf(value), value);
  return seen.size ? [...seen.values()] : [MISSING];
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
  /** Full compound key -> ids; only unique indexes need it. For one field it is the same map as byFirst. */
  private readonly byKey: Map<string, IdSet> | undefined;
  private readonly byFirst = new Map<string, IdSet>();

  constructor(readonly spec: Document) {
    this.name = spec.name;
    this.fields = Object.keys(spec.key);
    this.unique = spec.unique === true;
    this.sparse = spec.sparse === true;
    this.expireAfterSeconds = typeof spec.expireAfterSeconds === 'number' ? spec.expireAfterSeconds : undefined;
    this.maintained = Object.values(spec.key).every(
      (direction) => typeof direction === 'number' || direction === 'hashed',
    );
    this.partial = spec.partialFilterExpression ? new Query(spec.partialFilterExpression, {}) : undefined;
    if (this.unique) this.byKey = this.fields.length === 1 ? this.byFirst : new Map();
  }

  /** Whether equality lookups may use it: a partial index does not hold every document. */
  get usableForLookup(): boolean {
    return this.maintained && !this.partial;
  }

  private covers(doc: Document): boolean {
    if (!this.maintained) return false;
    if (this.partial && !this.partial.test(doc)) return false;
    if (this.sparse && this.fields.every((field) => valuesAtPath(doc, field).every((v) => v === MISSING))) return false;
    return true;
  }

  /** Every combination of field values the document contributes (several when a field holds an array). */
  private combinations(doc: Document): unknown[][] {
    let combos: unknown[][] = [[]];
    for (const field of this.fields) {
      const values = distinctValues(doc, field);
      combos = combos.flatMap((combo) => values.map((value) => [...combo, value]));
    }
    return combos;
  }

  private static compoundKey(values: unknown[]): string {
    return values.length === 1 ? keyOf(values[0]) : JSON.stringify(values.map(keyOf));
  }

  /** Throws the duplicate key error if the document would collide with another document in this index. */
  checkUnique(doc: Document, id: string, ns: string): void {
    if (!this.byKey || !this.covers(doc)) return;
    for (const values of this.combinations(doc)) {
      const holders = this.byKey.get(Index.compoundKey(values));
      if (holders !== undefined && idsOf(holders).some((holder) => holder !== id)) {
        throw duplicateKeyError(ns, this.name, this.spec.key, values);
      }
    }
  }

  /** The keys a document occupies: in byFirst, and in byKey when that is a separate map. */
  private keysOf(doc: Document): { first: string[]; full: string[] } {
    if (!this.covers(doc)) return { first: [], full: [] };
    const first = distinctValues(doc, this.fields[0]).map(keyOf);
    const full =
      this.byKey && this.byKey !== this.byFirst
        ? this.combinations(doc).map((values) => Index.compoundKey(values))
        : [];
    return { first, full };
  }

  add(doc: Document, id: string): void {
    const { first, full } = this.keysOf(doc);
    for (const key of first) addId(this.byFirst, key, id);
    for (const key of full) addId(this.byKey!, key, id);
  }

  remove(doc: Document, id: string): void {
    const { first, full } = this.keysOf(doc);
    for (const key of first) removeId(this.byFirst, key, id);
    for (const key of full) removeId(this.byKey!, key, id);
  }

  /**
   * Moves a document from its old keys to its new ones, touching only keys that changed: cheaper, and a
   * document keeps its place among equal keys (like MongoDB's record order) when an update leaves them.
   */
  replace(current: Document, next: Document, id: string): void {
    const before = this.keysOf(current);
    const after = this.keysOf(next);
    const move = (map: Map<string, IdSet> | undefined, old: string[], updated: string[]) => {
      if (!map) return;
      for (const key of old) if (!updated.includes(key)) removeId(map, key, id);
      for (const key of updated) if (!old.includes(key)) addId(map, key, id);
    };
    move(this.byFirst, before.first, after.first);
    if (this.byKey !== this.byFirst) move(this.byKey, before.full, after.full);
  }

  /** Ids of the documents whose first indexed field equals the value with this keyOf (a live set: read, never keep). */
  lookup(valueKey: string): ReadonlySet<string> | string[] {
    const entry = this.byFirst.get(valueKey);
    if (entry === undefined) return [];
    return typeof entry === 'string' ? [entry] : entry;
  }
}
