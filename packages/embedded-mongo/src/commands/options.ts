/**
 * Which fields each command takes. mongod parses commands strictly (its IDL): a field it does not know is
 * `BSON field '<command>.<field>' is an unknown field.` (code 40415). The lists below are mongod 7.0's (its
 * src/mongo/db/query/find_command.idl, ops/write_ops.idl, pipeline/aggregate_command.idl, ...), then what 8.0
 * adds (version.ts) and its bulkWrite (commands/bulk_write.idl). A field mongod takes but this server does not
 * implement answers CommandNotSupported unless its value is the default (absent, null, false, or an empty
 * document): nothing is ignored.
 */
import type { Document } from 'bson';
import { CommandError } from '../errors';
import { isPlainObject } from '../values';

/** Arguments every command may carry (mongod's generic_argument.idl), none of which changes a result here. */
export const GENERIC_FIELDS = new Set([
  '$db',
  'lsid',
  'txnNumber',
  'autocommit',
  'startTransaction',
  'stmtId',
  '$clusterTime',
  '$readPreference',
  '$queryOptions',
  'readConcern',
  'writeConcern',
  'comment',
  'apiVersion',
  'apiStrict',
  'apiDeprecationErrors',
  'maxTimeMS',
  '$client',
  '$audit',
  'clientOperationKey',
  'mayBypassWriteBlocking',
  '$configServerState',
  '$configTime',
  '$topologyTime',
  '$replData',
  '$oplogQueryData',
  '$gleStats',
  'allowImplicitCollectionCreation',
  'maxTimeMSOpOnly',
  'databaseVersion',
  'shardVersion',
]);

export interface FieldSpec {
  /** Fields this server implements (or that change nothing on a standalone). */
  implemented: readonly string[];
  /** Fields mongod takes that this server does not implement: refused unless they hold the default. */
  unsupported?: readonly string[];
}

function isDefault(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === false ||
    (isPlainObject(value) && Object.keys(value).length === 0)
  );
}

const fieldSets = new WeakMap<FieldSpec, { implemented: Set<string>; unsupported: Set<string> }>();

export function unknownField(context: string, field: string): CommandError {
  return new CommandError('Location40415', `BSON field '${context}.${field}' is an unknown field.`);
}

/**
 * Checks a command (or one statement of it, `context` then being e.g. 'update.updates') against what it takes.
 * `skipFirst`: the first field is the command's own name.
 */
export function checkFields(document: Document, context: string, spec: FieldSpec, skipFirst = false): void {
  let sets = fieldSets.get(spec);
  if (!sets) {
    sets = { implemented: new Set(spec.implemented), unsupported: new Set(spec.unsupported ?? []) };
    fieldSets.set(spec, sets);
  }
  const { implemented, unsupported } = sets;
  let first = skipFirst;
  for (const [field, value] of Object.entries(document)) {
    if (first) {
      first = false;
      continue;
    }
    if (implemented.has(field) || (skipFirst && GENERIC_FIELDS.has(field))) continue;
    if (unsupported.has(field)) {
      if (isDefault(value)) continue;
      throw new CommandError(
        'CommandNotSupported',
        `BSON field '${context}.${field}' is not supported by the embedded MongoDB server`,
      );
    }
    throw unknownField(context, field);
  }
}

const WRITE_UNSUPPORTED = ['collectionUUID', 'encryptionInformation', 'isTimeseriesNamespace'];

/** What each command takes (mongod 7.0), by command name. */
export const COMMAND_FIELDS: Record<string, FieldSpec> = {
  find: {
    implemented: [
      'filter',
      'projection',
      'sort',
      'hint',
      'collation',
      'skip',
      'limit',
      'batchSize',
      'singleBatch',
      'allowDiskUse',
      'allowPartialResults',
      'noCursorTimeout',
      'let',
    ],
    unsupported: [
      'ntoreturn',
      'min',
      'max',
      'returnKey',
      'showRecordId',
      'tailable',
      'oplogReplay',
      'awaitData',
      'options',
      'term',
      'readOnce',
      'allowSpeculativeMajorityRead',
      '$_requestResumeToken',
      '$_resumeAfter',
      'runtimeConstants',
      'collectionUUID',
      'encryptionInformation',
    ],
  },
  getMore: {
    implemented: ['collection', 'batchSize'],
    unsupported: ['term', 'lastKnownCommittedOpTime'],
  },
  killCursors: { implemented: ['cursors'] },
  insert: {
    implemented: ['documents', 'ordered', 'bypassDocumentValidation', 'stmtIds'],
    unsupported: WRITE_UNSUPPORTED,
  },
  update: {
    implemented: ['updates', 'ordered', 'bypassDocumentValidation', 'stmtIds', 'let'],
    unsupported: WRITE_UNSUPPORTED,
  },
  delete: {
    implemented: ['deletes', 'ordered', 'bypassDocumentValidation', 'stmtIds', 'let'],
    unsupported: WRITE_UNSUPPORTED,
  },
  findAndModify: {
    implemented: [
      'query',
      'fields',
      'sort',
      'hint',
      'collation',
      'arrayFilters',
      'remove',
      'update',
      'new',
      'upsert',
      'bypassDocumentValidation',
      'let',
    ],
    unsupported: [
      'runtimeConstants',
      'encryptionInformation',
      'sampleId',
      '$_originalQuery',
      '$_originalCollation',
      '$_allowShardKeyUpdatesWithoutFullShardKeyInQuery',
    ],
  },
  count: { implemented: ['query', 'limit', 'skip', 'hint', 'collation', 'fields'], unsupported: ['sampleId'] },
  distinct: { implemented: ['key', 'query', 'collation'], unsupported: ['sampleId'] },
  aggregate: {
    implemented: ['pipeline', 'cursor', 'allowDiskUse', 'bypassDocumentValidation', 'collation', 'hint', 'let'],
    unsupported: [
      'explain',
      'needsMerge',
      'fromMongos',
      '$_requestReshardingResumeToken',
      'isMapReduceCommand',
      'collectionUUID',
      'exchange',
      'runtimeConstants',
      '$_generateV2ResumeTokens',
      'encryptionInformation',
      'isClusterQueryWithoutShardKeyCmd',
    ],
  },
  create: {
    implemented: ['autoIndexId', 'storageEngine'],
    unsupported: [
      'capped',
      'idIndex',
      'size',
      'max',
      'validator',
      'validationLevel',
      'validationAction',
      'indexOptionDefaults',
      'viewOn',
      'pipeline',
      'collation',
      'changeStreamPreAndPostImages',
      'clusteredIndex',
      'recordPreImages',
      'timeseries',
      'expireAfterSeconds',
      'encryptedFields',
      'temp',
      'flags',
    ],
  },
  listCollections: { implemented: ['filter', 'nameOnly', 'authorizedCollections', 'cursor'] },
  listIndexes: { implemented: ['cursor'], unsupported: ['includeBuildUUIDs', 'includeIndexBuildInfo'] },
  drop: { implemented: [] },
  collMod: {
    implemented: ['index'],
    unsupported: [
      'validator',
      'validationLevel',
      'validationAction',
      'viewOn',
      'pipeline',
      'expireAfterSeconds',
      'timeseries',
      'changeStreamPreAndPostImages',
      'cappedSize',
      'cappedMax',
      'recordPreImages',
      'dryRun',
      'timeseriesBucketsMayHaveMixedSchemaData',
      'isTimeseriesNamespace',
      'collectionUUID',
    ],
  },
  dropIndexes: { implemented: ['index'] },
  createIndexes: {
    implemented: ['indexes', 'commitQuorum'],
    unsupported: ['ignoreUnknownIndexOptions', 'isTimeseriesNamespace', 'collectionUUID'],
  },
};

/** One statement of an update command. */
export const UPDATE_STATEMENT_FIELDS: FieldSpec = {
  implemented: ['q', 'u', 'arrayFilters', 'hint', 'multi', 'upsert', 'collation', 'sampleId'],
  unsupported: ['c', 'upsertSupplied', '$_allowShardKeyUpdatesWithoutFullShardKeyInQuery'],
};

/** One statement of a delete command. */
export const DELETE_STATEMENT_FIELDS: FieldSpec = {
  implemented: ['q', 'limit', 'hint', 'collation', 'sampleId'],
};

/** MongoDB 8.0's update statement: 7.0's and `sort`. */
export const UPDATE_STATEMENT_FIELDS_8_0: FieldSpec = {
  ...UPDATE_STATEMENT_FIELDS,
  implemented: [...UPDATE_STATEMENT_FIELDS.implemented, 'sort'],
};

/** MongoDB 8.0's distinct: 7.0's and `hint` (7.1). */
export const DISTINCT_FIELDS_8_0: FieldSpec = {
  ...COMMAND_FIELDS.distinct,
  implemented: [...COMMAND_FIELDS.distinct.implemented, 'hint'],
};

/** The bulkWrite command (MongoDB 8.0) beside its ops and nsInfo entries. */
export const BULK_WRITE_FIELDS: FieldSpec = {
  implemented: [
    'ops',
    'nsInfo',
    'cursor',
    'bypassDocumentValidation',
    'ordered',
    'stmtId',
    'stmtIds',
    'let',
    'errorsOnly',
  ],
  unsupported: ['$_originalQuery', '$_originalCollation'],
};

/** Each kind of bulkWrite op, by its first field. */
export const BULK_WRITE_OP_FIELDS: Record<'insert' | 'update' | 'delete', FieldSpec> = {
  insert: { implemented: ['insert', 'document'] },
  update: {
    implemented: [
      'update',
      'filter',
      'sort',
      'multi',
      'updateMods',
      'upsert',
      'arrayFilters',
      'hint',
      'collation',
      'sampleId',
    ],
    unsupported: ['upsertSupplied', 'constants', '$_allowShardKeyUpdatesWithoutFullShardKeyInQuery'],
  },
  delete: { implemented: ['delete', 'filter', 'multi', 'hint', 'collation', 'sampleId'] },
};

/** One namespace of a bulkWrite's nsInfo. */
export const NS_INFO_FIELDS: FieldSpec = {
  implemented: ['ns'],
  unsupported: ['collectionUUID', 'encryptionInformation', 'isTimeseriesNamespace', 'shardVersion', 'databaseVersion'],
};

/** Options of one index in createIndexes (mongod's index_key_validate allowed fields). */
export const INDEX_OPTIONS = new Set([
  'key',
  'name',
  'v',
  'ns',
  'background',
  'unique',
  'sparse',
  'partialFilterExpression',
  'expireAfterSeconds',
  'hidden',
  'storageEngine',
  'weights',
  'default_language',
  'language_override',
  'textIndexVersion',
  '2dsphereIndexVersion',
  'bits',
  'min',
  'max',
  'bucketSize',
  'collation',
  'wildcardProjection',
  'coarsestIndexedLevel',
  'finestIndexedLevel',
  'dropDups',
  'clustered',
  'prepareUnique',
]);

/** Every aggregation stage mongod 7.0 knows (others: "Unrecognized pipeline stage name", 40324). */
export const MONGOD_STAGES = new Set([
  '$addFields',
  '$bucket',
  '$bucketAuto',
  '$changeStream',
  '$changeStreamSplitLargeEvent',
  '$collStats',
  '$count',
  '$currentOp',
  '$densify',
  '$documents',
  '$facet',
  '$fill',
  '$geoNear',
  '$graphLookup',
  '$group',
  '$indexStats',
  '$limit',
  '$listLocalSessions',
  '$listSampledQueries',
  '$listSearchIndexes',
  '$listSessions',
  '$lookup',
  '$match',
  '$merge',
  '$out',
  '$planCacheStats',
  '$project',
  '$redact',
  '$replaceRoot',
  '$replaceWith',
  '$sample',
  '$search',
  '$searchMeta',
  '$set',
  '$setWindowFields',
  '$shardedDataDistribution',
  '$skip',
  '$sort',
  '$sortByCount',
  '$unionWith',
  '$unset',
  '$unwind',
  '$vectorSearch',
]);

/** The stages this server runs (through mingo). */
export const SUPPORTED_STAGES = new Set([
  '$addFields',
  '$bucket',
  '$bucketAuto',
  '$count',
  '$densify',
  '$facet',
  '$fill',
  '$graphLookup',
  '$group',
  '$limit',
  '$lookup',
  '$match',
  '$project',
  '$redact',
  '$replaceRoot',
  '$replaceWith',
  '$sample',
  '$set',
  '$setWindowFields',
  '$skip',
  '$sort',
  '$sortByCount',
  '$unionWith',
  '$unset',
  '$unwind',
]);
