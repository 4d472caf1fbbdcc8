/** Collections and indexes: create, drop, listCollections, createIndexes, listIndexes, dropIndexes. */
import { Query } from 'mingo';
import { UUID, type Document } from 'bson';
import type { Collection } from '../collection';
import { CommandError } from '../errors';
import { ID_INDEX_SPEC } from '../indexes';
import { asNumber } from '../numbers';
import { isPlainObject } from '../values';
import { parseCollation } from '../collation';
import { collectionNameOf, optionalDocument, type CommandContext, type CommandHandler } from './context';
import { checkStages } from './crud';
import { checkFields, COMMAND_FIELDS, INDEX_OPTIONS, unknownField } from './options';

/** Fields every command may carry that are not options of the command itself. */
const GENERIC_FIELDS = new Set([
  '$db',
  'lsid',
  'txnNumber',
  '$clusterTime',
  '$readPreference',
  'writeConcern',
  'readConcern',
  'comment',
  'apiVersion',
  'apiStrict',
  'apiDeprecationErrors',
  'maxTimeMS',
]);

function commandOptions(command: Document, commandName: string): Document {
  const options: Document = {};
  for (const [key, value] of Object.entries(command)) {
    if (key !== commandName && !GENERIC_FIELDS.has(key)) options[key] = value;
  }
  return options;
}

function existingCollection(context: CommandContext, name: string): Collection {
  const collection = context.catalog.collection(context.db, name);
  if (!collection) throw new CommandError('NamespaceNotFound', `ns does not exist: ${context.db}.${name}`);
  return collection;
}

const create: CommandHandler = (command, context) => {
  const name = collectionNameOf(command, 'create');
  if (command.viewOn !== undefined || command.pipeline !== undefined) {
    createView(command, context, name);
    return {};
  }
  // A collection's default collation: the simple one is the default; any other is refused, as are the
  // options this server does not apply (capped, validator, timeseries, ...).
  if (parseCollation(command.collation) === undefined) delete command.collation;
  checkFields(command, 'create', COMMAND_FIELDS.create, true);
  if (command.autoIndexId === false) {
    throw new CommandError('CommandNotSupported', 'autoIndexId: false is not supported by the embedded MongoDB server');
  }
  context.catalog.createCollection(context.db, name, commandOptions(command, 'create'));
  return {};
};

/**
 * A view: `viewOn` (a collection or view of the same database) seen through `pipeline`. Reads run the pipeline
 * (crud.ts resolveView); writes and index commands answer CommandNotSupportedOnView. Views keep the simple
 * collation: one with another collation is refused.
 */
function createView(command: Document, context: CommandContext, name: string): void {
  const { viewOn, pipeline = [] } = command;
  if (viewOn === undefined) {
    throw new CommandError('InvalidOptions', "'pipeline' requires 'viewOn' to also be specified");
  }
  if (typeof viewOn !== 'string') {
    throw new CommandError('TypeMismatch', "BSON field 'create.viewOn' is the wrong type, expected type 'string'");
  }
  if (viewOn.length === 0) throw new CommandError('BadValue', "'viewOn' cannot be empty");
  if (!Array.isArray(pipeline)) {
    throw new CommandError('TypeMismatch', "BSON field 'create.pipeline' is the wrong type, expected type 'array'");
  }
  checkStages(pipeline);
  if (parseCollation(command.collation) !== undefined) {
    throw new CommandError(
      'CommandNotSupported',
      'views with a non-simple collation are not supported by the embedded MongoDB server',
    );
  }
  const { viewOn: _viewOn, pipeline: _pipeline, collation: _collation, ...rest } = command;
  checkFields(rest, 'create', COMMAND_FIELDS.create, true);
  for (const option of Object.keys(commandOptions(rest, 'create'))) {
    throw new CommandError('InvalidOptions', `option '${option}' is not valid for a view`);
  }
  context.catalog.createCollection(context.db, name, { viewOn, pipeline });
}

function refuseView(context: CommandContext, name: string): void {
  if (context.catalog.collection(context.db, name)?.options.viewOn !== undefined) {
    throw new CommandError('CommandNotSupportedOnView', `Namespace ${context.db}.${name} is a view, not a collection`);
  }
}

const drop: CommandHandler = (command, context) => {
  const name = collectionNameOf(command, 'drop');
  checkFields(command, 'drop', COMMAND_FIELDS.drop, true);
  const dropped = context.catalog.dropCollection(context.db, name);
  // Dropping a missing collection succeeds, as on MongoDB 7.
  return dropped ? { ns: dropped.ns, nIndexesWas: dropped.indexSpecs().length } : {};
};

/** Stable per-process collection UUIDs, so listCollections answers the same info twice. */
const collectionUuids = new WeakMap<Collection, UUID>();

const listCollections: CommandHandler = (command, context) => {
  checkFields(command, 'listCollections', COMMAND_FIELDS.listCollections, true);
  const filter = optionalDocument(command, 'filter');
  const nameOnly = command.nameOnly === true;
  let entries: Document[] = context.catalog.collections(context.db).map((collection) => {
    const isView = collection.options.viewOn !== undefined;
    if (nameOnly) return { name: collection.name, type: isView ? 'view' : 'collection' };
    if (isView) return { name: collection.name, type: 'view', options: collection.options, info: { readOnly: true } };
    let uuid = collectionUuids.get(collection);
    if (!uuid) {
      uuid = new UUID();
      collectionUuids.set(collection, uuid);
    }
    return {
      name: collection.name,
      type: 'collection',
      options: collection.options,
      info: { readOnly: false, uuid },
      idIndex: ID_INDEX_SPEC,
    };
  });
  if (filter && Object.keys(filter).length) {
    const query = new Query(filter, {});
    entries = entries.filter((entry) => query.test(entry));
  }
  const batchSize = optionalDocument(command, 'cursor')?.batchSize as number | undefined;
  return { cursor: context.cursors.start(`${context.db}.$cmd.listCollections`, entries, { batchSize }) };
};

/** The spec as stored and listed: `v` and `key` first, then name and options as given. */
function normalizeIndexSpec(spec: unknown): Document {
  if (!isPlainObject(spec) || !isPlainObject(spec.key) || Object.keys(spec.key).length === 0) {
    throw new CommandError('FailedToParse', "The 'key' field must be a non-empty object");
  }
  if (typeof spec.name !== 'string' || spec.name.length === 0) {
    throw new CommandError('FailedToParse', "The 'name' field is a required property of an index specification");
  }
  if (spec.expireAfterSeconds !== undefined && !((asNumber(spec.expireAfterSeconds) ?? -1) >= 0)) {
    throw new CommandError('InvalidOptions', 'TTL index expireAfterSeconds option must be a non-negative number');
  }
  for (const field of Object.keys(spec)) {
    if (!INDEX_OPTIONS.has(field)) {
      throw new CommandError(
        'InvalidIndexSpecificationOption',
        `The field '${field}' is not valid for an index specification. Specification: ${JSON.stringify(spec)}`,
      );
    }
  }
  // An index with a collation orders and compares its keys by it (a unique one with strength 2 takes 'A' and
  // 'a' as duplicates); this server's indexes compare keys as they are, so only the simple collation is taken.
  if (spec.collation !== undefined && parseCollation(spec.collation) !== undefined) {
    throw new CommandError(
      'CommandNotSupported',
      'indexes with a non-simple collation are not supported by the embedded MongoDB server',
    );
  }
  const { v: _version, ns: _ns, key, name, ...options } = spec;
  return { v: 2, key, name, ...options };
}

const createIndexes: CommandHandler = (command, context) => {
  const name = collectionNameOf(command, 'createIndexes');
  checkFields(command, 'createIndexes', COMMAND_FIELDS.createIndexes, true);
  refuseView(context, name);
  if (command.commitQuorum !== undefined) {
    throw new CommandError('BadValue', "Standalones can't specify commitQuorum");
  }
  if (!Array.isArray(command.indexes) || command.indexes.length === 0) {
    throw new CommandError('FailedToParse', 'Must specify at least one index to create');
  }
  const specs = command.indexes.map(normalizeIndexSpec);
  const createdCollectionAutomatically = !context.catalog.collection(context.db, name);
  const collection = context.catalog.ensureCollection(context.db, name);
  const numIndexesBefore = collection.indexSpecs().length;
  let created = 0;
  for (const spec of specs) if (collection.createIndex(spec)) created += 1;
  const reply: Document = {
    numIndexesBefore,
    numIndexesAfter: collection.indexSpecs().length,
    createdCollectionAutomatically,
  };
  if (created === 0) reply.note = 'all indexes already exist';
  return reply;
};

const listIndexes: CommandHandler = (command, context) => {
  const name = collectionNameOf(command, 'listIndexes');
  checkFields(command, 'listIndexes', COMMAND_FIELDS.listIndexes, true);
  refuseView(context, name);
  const collection = existingCollection(context, name);
  const batchSize = optionalDocument(command, 'cursor')?.batchSize as number | undefined;
  return { cursor: context.cursors.start(`${context.db}.${name}`, collection.indexSpecs(), { batchSize }) };
};

const dropIndexes: CommandHandler = (command, context) => {
  const commandName = Object.keys(command)[0];
  const name = collectionNameOf(command, commandName);
  checkFields(command, commandName, COMMAND_FIELDS.dropIndexes, true);
  refuseView(context, name);
  const collection = existingCollection(context, name);
  const nIndexesWas = collection.indexSpecs().length;
  const target = command.index;
  let names: string[];
  if (target === '*') names = collection.secondaryIndexes().map((index) => index.name);
  else if (typeof target === 'string') names = [target];
  else if (Array.isArray(target)) names = target.map(String);
  else if (isPlainObject(target)) {
    const index = collection.indexWithKey(target);
    if (!index) throw new CommandError('IndexNotFound', `can't find index with key: ${JSON.stringify(target)}`);
    names = [index.name];
  } else throw new CommandError('FailedToParse', "BSON field 'index' is missing");
  if (names.includes('_id_')) throw new CommandError('InvalidOptions', 'cannot drop _id index');
  for (const indexName of names) {
    if (!collection.indexNamed(indexName))
      throw new CommandError('IndexNotFound', `index not found with name [${indexName}]`);
  }
  for (const indexName of names) collection.dropIndex(indexName);
  return { nIndexesWas };
};

/**
 * collMod: changes an index's TTL (expireAfterSeconds) or hidden flag, as mongod does; the other options
 * (validator, views, capped sizes, ...) are refused. The index is rebuilt with its new spec (journaled as a
 * drop and a create).
 */
const collMod: CommandHandler = (command, context) => {
  const name = collectionNameOf(command, 'collMod');
  checkFields(command, 'collMod', COMMAND_FIELDS.collMod, true);
  refuseView(context, name);
  const collection = context.catalog.collection(context.db, name);
  if (!collection) throw new CommandError('NamespaceNotFound', `ns does not exist: ${context.db}.${name}`);
  const change = command.index;
  if (change === undefined) return {};
  if (!isPlainObject(change)) {
    throw new CommandError('TypeMismatch', "BSON field 'collMod.index' is the wrong type, expected type 'object'");
  }
  for (const field of Object.keys(change)) {
    if (!['keyPattern', 'name', 'expireAfterSeconds', 'hidden'].includes(field)) {
      if (['unique', 'prepareUnique', 'forceNonUnique'].includes(field)) {
        throw new CommandError(
          'CommandNotSupported',
          `BSON field 'collMod.index.${field}' is not supported by the embedded MongoDB server`,
        );
      }
      throw unknownField('collMod.index', field);
    }
  }
  if ((change.keyPattern === undefined) === (change.name === undefined)) {
    throw new CommandError('InvalidOptions', 'Must specify either index name or key pattern.');
  }
  const index =
    change.name !== undefined
      ? collection.indexNamed(String(change.name))
      : isPlainObject(change.keyPattern)
        ? collection.indexWithKey(change.keyPattern)
        : undefined;
  if (!index) {
    const wanted = change.name !== undefined ? String(change.name) : JSON.stringify(change.keyPattern);
    throw new CommandError('IndexNotFound', `cannot find index ${wanted} for ns ${collection.ns}`);
  }
  if (change.expireAfterSeconds === undefined && change.hidden === undefined) {
    throw new CommandError('InvalidOptions', 'no expireAfterSeconds or hidden field');
  }
  const reply: Document = {};
  const spec: Document = { ...index.spec };
  if (change.expireAfterSeconds !== undefined) {
    const seconds = asNumber(change.expireAfterSeconds);
    if (seconds === undefined || !Number.isInteger(seconds) || seconds < 0) {
      throw new CommandError('InvalidOptions', 'TTL index expireAfterSeconds option must be a non-negative integer');
    }
    if (spec.expireAfterSeconds === undefined) {
      throw new CommandError('InvalidOptions', 'no expireAfterSeconds field to update');
    }
    if (asNumber(spec.expireAfterSeconds) !== seconds) {
      reply.expireAfterSeconds_old = spec.expireAfterSeconds;
      reply.expireAfterSeconds_new = seconds;
      spec.expireAfterSeconds = seconds;
    }
  }
  if (change.hidden !== undefined) {
    if (typeof change.hidden !== 'boolean') {
      throw new CommandError(
        'TypeMismatch',
        "BSON field 'collMod.index.hidden' is the wrong type, expected type 'bool'",
      );
    }
    if (index.name === '_id_') throw new CommandError('BadValue', "can't hide _id index");
    if ((spec.hidden === true) !== change.hidden) {
      reply.hidden_old = spec.hidden === true;
      reply.hidden_new = change.hidden;
      if (change.hidden) spec.hidden = true;
      else delete spec.hidden;
    }
  }
  if (Object.keys(reply).length) {
    collection.dropIndex(index.name);
    collection.createIndex(spec);
  }
  return reply;
};

export const schemaCommands: Record<string, CommandHandler> = {
  collMod,
  create,
  drop,
  listCollections,
  createIndexes,
  listIndexes,
  dropIndexes,
  deleteIndexes: dropIndexes,
};
