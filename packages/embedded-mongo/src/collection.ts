/**
 * One collection: its documents in natural (insertion) order, keyed by _id, and its indexes. Every mutation
 * here is synchronous and validates before it changes anything, so a write command is atomic per document
 * even with many clients: node runs it to completion before reading the next message.
 */
import { ObjectId, type Document } from 'bson';
import { CommandError } from './errors';
import { duplicateKeyError, ID_INDEX_SPEC, Index } from './indexes';
import type { JournalRecord } from './storage';
import { keyOf, valueAtPath } from './values';

export type Recorder = (record: JournalRecord) => void;

/** Index options that must match for createIndexes to treat a request as "already exists". */
const COMPARED_OPTIONS = ['unique', 'sparse', 'expireAfterSeconds', 'partialFilterExpression', 'collation'];

function sameOptions(a: Document, b: Document): boolean {
  return COMPARED_OPTIONS.every((option) => keyOf(a[option] ?? null) === keyOf(b[option] ?? null));
}

export function idKeyOf(doc: Document): string {
  return keyOf(doc._id);
}

export class Collection {
  /** _id key -> document. Map keeps insertion order, which is MongoDB's natural order for a find. */
  readonly docs = new Map<string, Document>();
  private readonly indexes = new Map<string, Index>();

  constructor(
    readonly db: string,
    readonly name: string,
    readonly options: Document,
    private readonly record: Recorder,
  ) {}

  get ns(): string {
    return `${this.db}.${this.name}`;
  }

  get size(): number {
    return this.docs.size;
  }

  /** Stores a new document, generating an ObjectId _id when it has none. Returns the stored document. */
  insert(input: Document): Document {
    // mongod stores _id as the first field, generating an ObjectId when the client sent none.
    const hasId = input._id !== undefined;
    const doc =
      hasId && Object.keys(input)[0] === '_id'
        ? input
        : { _id: hasId ? input._id : new ObjectId(), ...withoutId(input) };
    validateId(doc._id);
    const id = idKeyOf(doc);
    if (this.docs.has(id)) throw duplicateKeyError(this.ns, '_id_', { _id: 1 }, [doc._id]);
    for (const index of this.indexes.values()) index.checkUnique(doc, id, this.ns);
    this.docs.set(id, doc);
    for (const index of this.indexes.values()) index.add(doc, id);
    this.record({ op: 'put', db: this.db, coll: this.name, doc });
    return doc;
  }

  /** Replaces a stored document by a new version with the same _id (the caller guarantees the _id). */
  replace(current: Document, next: Document): void {
    const id = idKeyOf(current);
    for (const index of this.indexes.values()) index.checkUnique(next, id, this.ns);
    for (const index of this.indexes.values()) index.replace(current, next, id);
    this.docs.set(id, next);
    this.record({ op: 'put', db: this.db, coll: this.name, doc: next });
  }

  remove(doc: Document): void {
    const id = idKeyOf(doc);
    if (!this.docs.delete(id)) return;
    for (const index of this.indexes.values()) index.remove(doc, id);
    this.record({ op: 'delete', db: this.db, coll: this.name, id: doc._id });
  }

  /** Journal replay: trusted input, no checks and no new journal record. */
  load(doc: Document): void {
    const id = idKeyOf(doc);
    const previous = this.docs.get(id);
    if (previous) for (const index of this.indexes.values()) index.remove(previous, id);
    this.docs.set(id, doc);
    for (const index of this.indexes.values()) index.add(doc, id);
  }

  unload(idValue: unknown): void {
    const id = keyOf(idValue);
    const doc = this.docs.get(id);
    if (!doc) return;
    this.docs.delete(id);
    for (const index of this.indexes.values()) index.remove(doc, id);
  }

  /**
   * Builds an index over the existing documents. Returns false when an identical index already exists;
   * throws on a conflicting definition or when a unique index meets existing duplicates.
   */
  createIndex(spec: Document, options: { trusted?: boolean } = {}): boolean {
    const key = keyOf(spec.key);
    if (spec.name === '_id_' || key === keyOf({ _id: 1 })) return false;
    const sameName = this.indexes.get(spec.name);
    if (sameName) {
      if (keyOf(sameName.spec.key) !== key) {
        throw new CommandError(
          'IndexKeySpecsConflict',
          `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(sameName.spec)}`,
        );
      }
      if (!sameOptions(sameName.spec, spec)) {
        throw new CommandError(
          'IndexOptionsConflict',
          `An equivalent index already exists with the same name but different options. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(sameName.spec)}`,
        );
      }
      return false;
    }
    for (const existing of this.indexes.values()) {
      if (keyOf(existing.spec.key) === key && sameOptions(existing.spec, spec)) {
        throw new CommandError('IndexOptionsConflict', `Index already exists with a different name: ${existing.name}`);
      }
    }
    const index = new Index(spec);
    for (const [id, doc] of this.docs) {
      if (!options.trusted) index.checkUnique(doc, id, this.ns);
      index.add(doc, id);
    }
    this.indexes.set(index.name, index);
    if (!options.trusted) this.record({ op: 'createIndex', db: this.db, coll: this.name, spec });
    return true;
  }

  dropIndex(name: string, options: { trusted?: boolean } = {}): void {
    if (!this.indexes.delete(name)) {
      throw new CommandError('IndexNotFound', `index not found with name [${name}]`);
    }
    if (!options.trusted) this.record({ op: 'dropIndex', db: this.db, coll: this.name, name });
  }

  indexNamed(name: string): Index | undefined {
    return this.indexes.get(name);
  }

  indexWithKey(key: Document): Index | undefined {
    const wanted = keyOf(key);
    return [...this.indexes.values()].find((index) => keyOf(index.spec.key) === wanted);
  }

  /** The index specs as listIndexes reports them, _id_ first. */
  indexSpecs(): Document[] {
    return [ID_INDEX_SPEC, ...[...this.indexes.values()].map((index) => index.spec)];
  }

  secondaryIndexes(): Index[] {
    return [...this.indexes.values()];
  }

  /**
   * Ids of the documents whose `field` equals a value with this keyOf, when an index can tell;
   * undefined when no index starts with that field.
   */
  equalityLookup(field: string, valueKey: string): ReadonlySet<string> | string[] | undefined {
    if (field === '_id') return this.docs.has(valueKey) ? [valueKey] : [];
    for (const index of this.indexes.values()) {
      if (index.usableForLookup && index.fields[0] === field) return index.lookup(valueKey);
    }
    return undefined;
  }

  /** Removes the documents whose TTL index date is past; returns how many. */
  expire(now: number): number {
    let removed = 0;
    for (const index of this.indexes.values()) {
      if (index.expireAfterSeconds === undefined || index.fields.length !== 1) continue;
      const field = index.fields[0];
      const limit = now - index.expireAfterSeconds * 1000;
      const expired: Document[] = [];
      for (const doc of this.docs.values()) {
        const earliest = earliestDate(doc, field);
        if (earliest !== undefined && earliest <= limit) expired.push(doc);
      }
      for (const doc of expired) this.remove(doc);
      removed += expired.length;
    }
    return removed;
  }
}

function withoutId(doc: Document): Document {
  const { _id: _ignored, ...rest } = doc;
  return rest;
}

function validateId(value: unknown): void {
  if (Array.isArray(value)) {
    throw new CommandError('InvalidIdField', "The '_id' value cannot be of type array");
  }
  if (value instanceof RegExp) {
    throw new CommandError('InvalidIdField', "The '_id' value cannot be of type regex");
  }
}

/** A TTL field may hold a date or an array of dates; the earliest one counts, anything else never expires. */
function earliestDate(doc: Document, field: string): number | undefined {
  const value = valueAtPath(doc, field);
  const dates = (Array.isArray(value) ? value : [value]).filter((v): v is Date => v instanceof Date);
  return dates.length ? Math.min(...dates.map((date) => date.getTime())) : undefined;
}
