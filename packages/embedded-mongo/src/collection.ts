/**
 * One collection: its documents in natural (insertion) order, keyed by _id, and its indexes. Documents are
 * stored as BSON in a RecordStore and addressed by handle; queries get handles and decode what they need.
 * Every mutation here is synchronous and validates before it changes anything, so a write command is atomic
 * per document even with many clients: node runs it to completion before reading the next message.
 */
import { ObjectId, type Document } from 'bson';
import { BsonType, encodeDocument, findElement, valueEnd } from './bsonbytes';
import { CommandError } from './errors';
import { duplicateKeyError, ID_INDEX_SPEC, Index, type IndexKeys } from './indexes';
import type { BsonList } from './rawbson';
import { BytesSource, fieldName, RecordStore, type DocSource } from './records';
import type { JournalRecord } from './storage';
import { isPlainObject, keyHash, keyOf, valueAtPath } from './values';

export type Recorder = (record: JournalRecord) => void;

/** Index options that must match for createIndexes to treat a request as "already exists". */
const COMPARED_OPTIONS = ['unique', 'sparse', 'expireAfterSeconds', 'partialFilterExpression', 'collation'];

function sameOptions(a: Document, b: Document): boolean {
  return COMPARED_OPTIONS.every((option) => keyOf(a[option] ?? null) === keyOf(b[option] ?? null));
}

/** A document's BSON as a Buffer (bson answers a Buffer under node; the type says Uint8Array). */
function encode(doc: Document): Buffer {
  try {
    return encodeDocument(doc);
  } catch (error) {
    throw new CommandError('BadValue', (error as Error).message);
  }
}

const ID_NAME = fieldName('_id');

/** The _id key (keyOf) of a document in BSON form. */
function idKeyOfBytes(bytes: Buffer, start: number): string {
  return new BytesSource(bytes, start).keysAt('_id')[0];
}

/**
 * The documents of a collection by _id, and their natural (insertion) order, which is MongoDB's order for a
 * find without sort. Nothing per document on the JavaScript heap: ids are looked up by the hash of their key
 * (values.ts keyHash; the caller checks the document it finds), and the order is a linked list of handles in
 * typed arrays. A replaced document keeps its place.
 */
class IdTable {
  /** Hash of the _id key -> handle (several when different ids share a hash). */
  private readonly byHash = new Map<number, number | number[]>();
  private next = new Int32Array(16);
  private previous = new Int32Array(16);
  /** Per handle, when it joined the order: compares two handles' places without walking the list. */
  private joined = new Float64Array(16);
  private joins = 0;
  private first = -1;
  private last = -1;
  size = 0;

  candidates(hash: number): number | number[] | undefined {
    return this.byHash.get(hash);
  }

  add(hash: number, handle: number): void {
    const current = this.byHash.get(hash);
    if (current === undefined) this.byHash.set(hash, handle);
    else if (typeof current === 'number') this.byHash.set(hash, [current, handle]);
    else current.push(handle);
    if (handle >= this.next.length) {
      const grow = (array: Int32Array) => {
        const bigger = new Int32Array(Math.max(array.length * 2, handle + 1));
        bigger.set(array);
        return bigger;
      };
      this.next = grow(this.next);
      this.previous = grow(this.previous);
      const joined = new Float64Array(this.next.length);
      joined.set(this.joined);
      this.joined = joined;
    }
    this.joined[handle] = this.joins++;
    this.previous[handle] = this.last;
    this.next[handle] = -1;
    if (this.last >= 0) this.next[this.last] = handle;
    else this.first = handle;
    this.last = handle;
    this.size += 1;
  }

  remove(hash: number, handle: number): void {
    const current = this.byHash.get(hash);
    if (typeof current === 'number') this.byHash.delete(hash);
    else if (current !== undefined) {
      const rest = current.filter((other) => other !== handle);
      this.byHash.set(hash, rest.length === 1 ? rest[0] : rest);
    }
    const before = this.previous[handle];
    const after = this.next[handle];
    if (before >= 0) this.next[before] = after;
    else this.first = after;
    if (after >= 0) this.previous[after] = before;
    else this.last = before;
    this.size -= 1;
  }

  /** Every handle in natural order. */
  *inOrder(): IterableIterator<number> {
    for (let handle = this.first; handle >= 0; handle = this.next[handle]) yield handle;
  }

  /** These handles sorted into natural order. */
  sorted(handles: number[]): number[] {
    const { joined } = this;
    return [...handles].sort((a, b) => joined[a] - joined[b]);
  }
}

export class Collection {
  private readonly ids = new IdTable();
  private readonly records = new RecordStore();
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
    return this.ids.size;
  }

  /** Bytes of the stored documents, and of the garbage their chunks still hold (for statistics and tests). */
  get storageBytes(): { live: number; garbage: number } {
    return { live: this.records.liveBytes, garbage: this.records.garbageBytes };
  }

  /** Handles of every document, in natural order. */
  handles(): IterableIterator<number> {
    return this.ids.inOrder();
  }

  /** Some documents' handles in natural order (an index lists a document where it joined the key). */
  inNaturalOrder(handles: number[]): number[] {
    return handles.length < 2 ? handles : this.ids.sorted(handles);
  }

  /** The handle of the document whose _id has this keyOf. */
  handleOf(idKey: string): number | undefined {
    const found = this.ids.candidates(keyHash(idKey));
    if (found === undefined) return undefined;
    if (typeof found === 'number') return this.idKeyOf(found) === idKey ? found : undefined;
    return found.find((handle) => this.idKeyOf(handle) === idKey);
  }

  /** The _id key of a stored document. */
  private idKeyOf(handle: number): string {
    return idKeyOfBytes(this.records.chunk(handle), this.records.start(handle));
  }

  /** A fresh decoded copy of a stored document (changing it changes nothing stored). */
  document(handle: number): Document {
    return this.records.decode(handle);
  }

  /** A stored document's BSON bytes (a view that keeps this version even if the document changes later). */
  bytes(handle: number): Buffer {
    return this.records.view(handle);
  }

  /** See RecordStore.numericKeys: a top-level field's values as numbers, for sorting, when they allow it. */
  numericKeys(handles: number[], field: string): Float64Array | undefined {
    return this.records.numericKeys(handles, field);
  }

  /** Stored documents' bytes as a list (it keeps the versions listed even if the documents change later). */
  list(handles: number[]): BsonList {
    return this.records.list(handles);
  }

  /** Where a stored document's bytes are, to read them in place (valid until the next write). */
  chunk(handle: number): Buffer {
    return this.records.chunk(handle);
  }

  start(handle: number): number {
    return this.records.start(handle);
  }

  source(handle: number): DocSource {
    return BytesSource.of(this.records, handle);
  }

  private readonly sourceOf = (handle: number): DocSource => this.source(handle);

  /** Stores a new document, generating an ObjectId _id when it has none. Returns the document stored. */
  insert(input: Document): Document {
    // mongod stores _id as the first field, generating an ObjectId when the client sent none.
    const hasId = input._id !== undefined;
    const doc =
      hasId && Object.keys(input)[0] === '_id'
        ? input
        : { _id: hasId ? input._id : new ObjectId(), ...withoutId(input) };
    validateId(doc._id);
    this.insertEncoded(encode(doc));
    return doc;
  }

  /**
   * Stores a new document that arrived as BSON (an insert's documents), as insert does for an object but
   * without decoding it: _id is moved first, or generated, at the byte level.
   */
  insertBytes(input: Buffer): void {
    const idAt = findElement(input, 0, ID_NAME);
    const bytes = idAt === 4 && input[4] !== BsonType.Undefined ? input : withIdFirst(input, idAt);
    if (bytes[4] === BsonType.Array) throw invalidId('array');
    if (bytes[4] === BsonType.Regex) throw invalidId('regex');
    if (bytes[4] === BsonType.Object) validateId(new BytesSource(bytes, 0).valuesAt('_id')[0]);
    this.insertEncoded(bytes);
  }

  private insertEncoded(bytes: Buffer): void {
    const id = idKeyOfBytes(bytes, 0);
    if (this.handleOf(id) !== undefined) {
      throw duplicateKeyError(this.ns, '_id_', { _id: 1 }, new BytesSource(bytes, 0).valuesAt('_id'));
    }
    this.store(bytes, id);
  }

  /** Stores a new document (in BSON form, _id first, its _id key not taken yet) after the unique checks. */
  private store(bytes: Buffer, id: string): void {
    const source = new BytesSource(bytes, 0);
    const keys = this.keysOf(source);
    this.checkUnique(keys, source, -1);
    const handle = this.records.add(bytes);
    this.ids.add(keyHash(id), handle);
    this.addKeys(keys, handle);
    this.record({ op: 'put', db: this.db, coll: this.name, doc: bytes });
  }

  /** The keys of a document in each secondary index, in index order. */
  private keysOf(source: DocSource): IndexKeys[] {
    const keys: IndexKeys[] = [];
    for (const index of this.indexes.values()) keys.push(index.keysOf(source));
    return keys;
  }

  private checkUnique(keys: IndexKeys[], source: DocSource, handle: number): void {
    let i = 0;
    for (const index of this.indexes.values()) index.checkUnique(keys[i++], source, handle, this.ns, this.sourceOf);
  }

  private addKeys(keys: IndexKeys[], handle: number): void {
    let i = 0;
    for (const index of this.indexes.values()) index.add(keys[i++], handle);
  }

  private removeKeys(keys: IndexKeys[], handle: number): void {
    let i = 0;
    for (const index of this.indexes.values()) index.remove(keys[i++], handle);
  }

  private replaceKeys(before: IndexKeys[], after: IndexKeys[], handle: number): void {
    let i = 0;
    for (const index of this.indexes.values()) {
      index.replace(before[i], after[i], handle);
      i += 1;
    }
  }

  /** Replaces a stored document by a new version with the same _id (the caller guarantees the _id). */
  replace(handle: number, next: Document): void {
    validateId(next._id);
    const bytes = encode(next);
    const source = new BytesSource(bytes, 0);
    const keys = this.keysOf(source);
    this.checkUnique(keys, source, handle);
    this.replaceKeys(this.keysOf(this.source(handle)), keys, handle);
    this.records.replace(handle, bytes);
    this.record({ op: 'put', db: this.db, coll: this.name, doc: bytes });
  }

  remove(handle: number): void {
    const id = this.idKeyOf(handle);
    const current = this.source(handle);
    const [idValue] = current.valuesAt('_id');
    this.removeKeys(this.keysOf(current), handle);
    this.forget(handle, id);
    this.record({ op: 'delete', db: this.db, coll: this.name, id: idValue });
  }

  /** Journal replay: a trusted document in BSON form, no checks and no new journal record. */
  load(bytes: Buffer): void {
    const id = idKeyOfBytes(bytes, 0);
    const keys = this.keysOf(new BytesSource(bytes, 0));
    const handle = this.handleOf(id);
    if (handle === undefined) {
      const added = this.records.add(bytes);
      this.ids.add(keyHash(id), added);
      this.addKeys(keys, added);
      return;
    }
    this.replaceKeys(this.keysOf(this.source(handle)), keys, handle);
    this.records.replace(handle, bytes);
  }

  unload(idValue: unknown): void {
    const id = keyOf(idValue);
    const handle = this.handleOf(id);
    if (handle === undefined) return;
    this.removeKeys(this.keysOf(this.source(handle)), handle);
    this.forget(handle, id);
  }

  private forget(handle: number, id: string): void {
    this.ids.remove(keyHash(id), handle);
    this.records.delete(handle);
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
    for (const handle of this.ids.inOrder()) {
      const source = this.source(handle);
      const keys = index.keysOf(source);
      if (!options.trusted) index.checkUnique(keys, source, handle, this.ns, this.sourceOf);
      index.add(keys, handle);
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
   * Handles of the documents whose `field` equals a value with this keyOf, when an index can tell;
   * undefined when no index starts with that field.
   */
  equalityLookup(field: string, valueKey: string): ReadonlySet<number> | number[] | undefined {
    if (field === '_id') {
      const handle = this.handleOf(valueKey);
      return handle === undefined ? [] : [handle];
    }
    for (const index of this.indexes.values()) {
      if (index.usableForLookup && index.fields[0] === field) return index.lookup(valueKey);
    }
    return undefined;
  }

  /**
   * Candidates for an equality on the first fields of a compound index (field -> keyOf of its value): under the full
   * key of a unique index when every field is given, else under its first two fields (indexes.ts). A superset, which the caller checks: the fewest any index gives; undefined when none can tell.
   */
  prefixCandidates(valueKeys: Map<string, string>): ReadonlySet<number> | number[] | undefined {
    let best: ReadonlySet<number> | number[] | undefined;
    for (const index of this.indexes.values()) {
      let given = 0;
      while (given < index.fields.length && valueKeys.has(index.fields[given])) given += 1;
      if (given < 2) continue;
      const keys = index.fields.slice(0, given).map((field) => valueKeys.get(field)!);
      const handles = index.candidatesFor(keys) ?? index.prefixCandidates(keys);
      if (handles && (best === undefined || sizeOf(handles) < sizeOf(best))) best = handles;
    }
    return best;
  }

  /** Removes the documents whose TTL index date is past; returns how many. */
  expire(now: number): number {
    let removed = 0;
    for (const index of this.indexes.values()) {
      if (index.expireAfterSeconds === undefined || index.fields.length !== 1) continue;
      const field = index.fields[0];
      const limit = now - index.expireAfterSeconds * 1000;
      const expired: number[] = [];
      for (const handle of this.ids.inOrder()) {
        const earliest = earliestDate(this.source(handle), field);
        if (earliest !== undefined && earliest <= limit) expired.push(handle);
      }
      for (const handle of expired) this.remove(handle);
      removed += expired.length;
    }
    return removed;
  }
}

function sizeOf(handles: ReadonlySet<number> | number[]): number {
  return Array.isArray(handles) ? handles.length : (handles as ReadonlySet<number>).size;
}

/**
 * The document with its _id element first, as mongod stores it: moved from where it is (`idAt`), or a new
 * ObjectId when there is none (or it is undefined, which counts as none).
 */
function withIdFirst(input: Buffer, idAt: number): Buffer {
  let id: Buffer;
  let idEnd = idAt;
  if (idAt >= 0 && input[idAt] !== BsonType.Undefined) {
    idEnd = valueEnd(input, input[idAt], idAt + 5);
    id = input.subarray(idAt, idEnd);
  } else {
    if (idAt >= 0) idEnd = idAt + 5;
    id = Buffer.allocUnsafe(17);
    id[0] = BsonType.ObjectId;
    id.write('_id', 1, 'latin1');
    id[4] = 0;
    id.set(new ObjectId().id, 5);
  }
  const removed = idAt >= 0 ? idEnd - idAt : 0;
  const out = Buffer.allocUnsafe(input.length - removed + id.length);
  out.writeInt32LE(out.length, 0);
  let at = 4 + id.copy(out, 4);
  if (idAt >= 0) {
    at += input.copy(out, at, 4, idAt);
    input.copy(out, at, idEnd);
  } else input.copy(out, at, 4);
  return out;
}

function withoutId(doc: Document): Document {
  const { _id: _ignored, ...rest } = doc;
  return rest;
}

function invalidId(type: 'array' | 'regex'): CommandError {
  return new CommandError('InvalidIdField', `The '_id' value cannot be of type ${type}`);
}

/**
 * mongod's check of an _id: not an array or regex, and no $-prefixed field names in an embedded document,
 * except a DBRef's ($ref, $id, then optionally $db).
 */
function validateId(value: unknown): void {
  if (Array.isArray(value)) throw invalidId('array');
  // Documents decode a regex as a BSONRegExp (its options kept: bsonbytes.ts decodeDocument).
  if (value instanceof RegExp || (value as { _bsontype?: string } | null)?._bsontype === 'BSONRegExp') {
    throw invalidId('regex');
  }
  if (!isPlainObject(value)) return;
  const fields = Object.keys(value);
  const dbRef = fields[0] === '$ref' && typeof value.$ref === 'string' && fields[1] === '$id';
  fields.forEach((field, i) => {
    if (!field.startsWith('$')) return;
    if (dbRef && (i < 2 || (i === 2 && field === '$db' && typeof value.$db === 'string'))) return;
    throw new CommandError(
      'DollarPrefixedFieldName',
      `_id fields may not contain '$'-prefixed fields: ${field} is not valid for storage.`,
    );
  });
}

/** A TTL field may hold a date or an array of dates; the earliest one counts, anything else never expires. */
function earliestDate(doc: DocSource, field: string): number | undefined {
  // A top-level field through valuesAt (read from the bytes; an array gives its elements, as below).
  let values: unknown[];
  if (field.includes('.')) {
    const value = valueAtPath(doc.document(), field);
    values = Array.isArray(value) ? value : [value];
  } else values = doc.valuesAt(field);
  const dates = values.filter((v): v is Date => v instanceof Date);
  if (dates.length === 1) return dates[0].getTime();
  return dates.length ? Math.min(...dates.map((date) => date.getTime())) : undefined;
}
