/**
 * Databases and their collections. A database exists while it has a collection, as in MongoDB. All changes
 * go through here or through Collection, which report them to the storage as journal records.
 */
import type { Document } from 'bson';
import { Collection } from './collection';
import { CommandError } from './errors';
import { MemoryStorage, type JournalRecord, type Storage } from './storage';

function validateCollectionName(db: string, name: unknown): asserts name is string {
  if (typeof name !== 'string' || name.length === 0 || name.includes('$') || name.includes('\0')) {
    throw new CommandError('InvalidNamespace', `Invalid collection name: ${db}.${String(name)}`);
  }
}

export class Catalog {
  private readonly databases = new Map<string, Map<string, Collection>>();
  /** Swapped from memory to the journal once the journal has been replayed into this catalog. */
  storage: Storage = new MemoryStorage();
  private readonly record = (record: JournalRecord) => this.storage.append(record);

  collection(db: string, name: string): Collection | undefined {
    return this.databases.get(db)?.get(name);
  }

  collections(db: string): Collection[] {
    return [...(this.databases.get(db)?.values() ?? [])];
  }

  databaseNames(): string[] {
    return [...this.databases.keys()];
  }

  /** The collection, created implicitly (as inserts and createIndexes do) when missing. */
  ensureCollection(db: string, name: string): Collection {
    return this.collection(db, name) ?? this.createCollection(db, name, {});
  }

  createCollection(db: string, name: string, options: Document, replaying = false): Collection {
    validateCollectionName(db, name);
    if (this.collection(db, name)) {
      throw new CommandError('NamespaceExists', `Collection ${db}.${name} already exists.`);
    }
    const collection = new Collection(db, name, options, this.record);
    let collections = this.databases.get(db);
    if (!collections) {
      collections = new Map();
      this.databases.set(db, collections);
    }
    collections.set(name, collection);
    if (!replaying) this.record({ op: 'createCollection', db, coll: name, options });
    return collection;
  }

  dropCollection(db: string, name: string, replaying = false): Collection | undefined {
    const collections = this.databases.get(db);
    const collection = collections?.get(name);
    if (!collections || !collection) return undefined;
    collections.delete(name);
    if (collections.size === 0) this.databases.delete(db);
    if (!replaying) this.record({ op: 'dropCollection', db, coll: name });
    return collection;
  }

  dropDatabase(db: string, replaying = false): void {
    if (!this.databases.delete(db)) return;
    if (!replaying) this.record({ op: 'dropDatabase', db });
  }

  /** Removes expired documents from every collection with a TTL index. */
  expire(now: number): void {
    for (const collections of this.databases.values()) {
      for (const collection of collections.values()) collection.expire(now);
    }
  }

  /** Applies one journal record while replaying at start. */
  apply(record: JournalRecord): void {
    switch (record.op) {
      case 'createCollection':
        if (!this.collection(record.db, record.coll))
          this.createCollection(record.db, record.coll, record.options, true);
        return;
      case 'dropCollection':
        this.dropCollection(record.db, record.coll, true);
        return;
      case 'dropDatabase':
        this.dropDatabase(record.db, true);
        return;
      case 'createIndex':
        this.replayTarget(record.db, record.coll).createIndex(record.spec, { trusted: true });
        return;
      case 'dropIndex': {
        const collection = this.collection(record.db, record.coll);
        if (collection?.indexNamed(record.name)) collection.dropIndex(record.name, { trusted: true });
        return;
      }
      case 'put':
        this.replayTarget(record.db, record.coll).load(record.doc);
        return;
      case 'delete':
        this.collection(record.db, record.coll)?.unload(record.id);
        return;
    }
  }

  private replayTarget(db: string, name: string): Collection {
    return this.collection(db, name) ?? this.createCollection(db, name, {}, true);
  }

  /** The records that rebuild the current state: what the compacted journal holds. */
  *snapshot(): Generator<JournalRecord> {
    for (const [db, collections] of this.databases) {
      for (const collection of collections.values()) {
        yield { op: 'createCollection', db, coll: collection.name, options: collection.options };
        for (const index of collection.secondaryIndexes()) {
          yield { op: 'createIndex', db, coll: collection.name, spec: index.spec };
        }
        for (const handle of collection.handles()) {
          yield { op: 'put', db, coll: collection.name, doc: collection.bytes(handle) };
        }
      }
    }
  }
}
