/** Reads and writes: find/getMore/killCursors, insert, update, delete, findAndModify, count, distinct, aggregate. */
import type { Options } from 'mingo/types';
import type { Document } from 'bson';
import { runPipeline } from '../bsonquery';
import { parseCollation, rewritePipeline } from '../collation';
import type { Collection } from '../collection';
import { CommandError, errorFields } from '../errors';
import { cursorIdOf } from '../cursors';
import { findBson, findFirst, makeMatcher } from '../find';
import { runWithIndexedLookups } from '../lookup';
import { Matcher } from '../matcher';
import { projectDocuments } from '../projection';
import { applyUpdate, buildUpsertDocument, typeName, updateKind } from '../update';
import { isPlainObject, keyOf, MISSING, valuesAtPath } from '../values';
import { RawDocuments } from '../wire';
import {
  collectionNameOf,
  optionalDocument,
  optionalNumber,
  type CommandContext,
  type CommandHandler,
} from './context';
import {
  checkFields,
  COMMAND_FIELDS,
  DELETE_STATEMENT_FIELDS,
  DISTINCT_FIELDS_8_0,
  MONGOD_STAGES,
  SUPPORTED_STAGES,
  UPDATE_STATEMENT_FIELDS,
  UPDATE_STATEMENT_FIELDS_8_0,
} from './options';

/** A command's `let`: its variables, for $$name in $expr (constants: evaluated once, as mongod does). */
export function letVariables(command: Document): Document | undefined {
  const value = optionalDocument(command, 'let');
  if (!value || Object.keys(value).length === 0) return undefined;
  const variables: Document = {};
  for (const [name, expression] of Object.entries(value)) {
    if (!/^[a-z\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*$/.test(name)) {
      throw new CommandError('Location16870', `'${name}' starts with an invalid character for a user variable name`);
    }
    // As a pipeline computes (bsonquery.ts runPipeline): in the values' types where every operator is typed, else
    // refused where a plain number would not be exact.
    const [evaluated] = runPipeline([{ $set: { value: expression } }], [{}]);
    variables[name] = evaluated?.value;
  }
  return variables;
}

/**
 * A hint must name an index of the collection (by name or key pattern) or be $natural; the results never
 * depend on it, except for a sparse or partial index, which this server does not apply as a hint.
 */
function checkHint(collection: Collection | undefined, hint: unknown): void {
  if (hint === undefined || hint === null || !collection) return;
  if (isPlainObject(hint) && Object.keys(hint).length === 0) return;
  if (isPlainObject(hint) && Object.keys(hint).length === 1 && '$natural' in hint) return;
  let spec: Document | undefined;
  if (typeof hint === 'string') spec = collection.indexSpecs().find((index) => index.name === hint);
  else if (isPlainObject(hint)) spec = collection.indexSpecs().find((index) => keyOf(index.key) === keyOf(hint));
  else throw new CommandError('FailedToParse', 'Hint must be a string or an object');
  if (!spec) {
    throw new CommandError(
      'BadValue',
      'error processing query: planner returned error :: caused by :: hint provided does not correspond to an existing index',
    );
  }
  if (spec.sparse === true || spec.partialFilterExpression !== undefined) {
    throw new CommandError(
      'CommandNotSupported',
      `a hint of the sparse or partial index ${spec.name} is not supported by the embedded MongoDB server`,
    );
  }
}

/** Update operators that compare values (and positional paths, found by the query): not run under a collation. */
function checkUpdateUnderCollation(update: Document | Document[], arrayFilters: unknown): void {
  const refuse = (what: string): never => {
    throw new CommandError(
      'CommandNotSupported',
      `${what} under a non-simple collation is not supported by the embedded MongoDB server`,
    );
  };
  if (Array.isArray(update)) refuse('a pipeline update');
  if (Array.isArray(arrayFilters) && arrayFilters.length) refuse('arrayFilters');
  for (const [operator, fields] of Object.entries(update)) {
    if (['$addToSet', '$pull', '$pullAll', '$min', '$max'].includes(operator)) refuse(operator);
    if (isPlainObject(fields) && Object.keys(fields).some((path) => /(^|\.)\$(\[|\.|$)/.test(path))) {
      refuse('a positional update');
    }
  }
}

/** Checks a pipeline's stages: one field each, a stage mongod knows, and one this server runs. */
export function checkStages(pipeline: unknown[]): void {
  for (const stage of pipeline) {
    if (!isPlainObject(stage) || Object.keys(stage).length !== 1) {
      throw new CommandError('Location40323', 'A pipeline stage specification object must contain exactly one field.');
    }
    const [name] = Object.keys(stage);
    if (!MONGOD_STAGES.has(name)) {
      throw new CommandError('Location40324', `Unrecognized pipeline stage name: '${name}'`);
    }
    if (!SUPPORTED_STAGES.has(name)) {
      throw new CommandError('CommandNotSupported', `${name} is not supported by the embedded MongoDB server`);
    }
    const body = stage[name];
    if (name === '$facet' && isPlainObject(body)) {
      for (const sub of Object.values(body)) if (Array.isArray(sub)) checkStages(sub);
    }
    if ((name === '$lookup' || name === '$unionWith') && isPlainObject(body) && Array.isArray(body.pipeline)) {
      checkStages(body.pipeline);
    }
  }
}

/** One entry of a write command's writeErrors. */
function writeError(index: number, error: unknown): Document {
  const { errmsg, code, codeName, ...extra } = errorFields(error);
  return { index, code, codeName, errmsg, ...extra };
}

function requireArray(command: Document, field: string): Document[] {
  const value = command[field];
  if (!Array.isArray(value))
    throw new CommandError('FailedToParse', `BSON field '${field}' is missing or not an array`);
  return value;
}

/**
 * Runs the statements of a write command in order. Ordered batches stop at the first error, unordered ones
 * carry on; either way each failed statement becomes a writeError and the command itself succeeds.
 */
function runStatements(count: number, ordered: boolean, run: (index: number) => void): Document[] {
  const writeErrors: Document[] = [];
  for (let index = 0; index < count; index++) {
    try {
      run(index);
    } catch (error) {
      writeErrors.push(writeError(index, error));
      if (ordered) break;
    }
  }
  return writeErrors;
}

function withWriteErrors(reply: Document, writeErrors: Document[]): Document {
  return writeErrors.length ? { ...reply, writeErrors } : reply;
}

/** A view: its source collection and the pipeline that makes the view from it (views on views resolved). */
interface ResolvedView {
  source: string;
  pipeline: Document[];
}

/** The view this name is, undefined for a collection (or nothing). */
export function resolveView(context: CommandContext, name: string): ResolvedView | undefined {
  let collection = context.catalog.collection(context.db, name);
  if (collection?.options.viewOn === undefined) return undefined;
  let pipeline: Document[] = [];
  let source = name;
  for (let depth = 0; collection?.options.viewOn !== undefined; depth++) {
    if (depth >= 20)
      throw new CommandError(
        'ViewDepthLimitExceeded',
        `View depth too deep or view cycle detected; maximum depth is 20`,
      );
    pipeline = [...((collection.options.pipeline as Document[] | undefined) ?? []), ...pipeline];
    source = String(collection.options.viewOn);
    collection = context.catalog.collection(context.db, source);
  }
  return { source, pipeline };
}

/** Documents of a collection or a view, for $lookup, $unionWith and $graphLookup. */
function collectionResolver(context: CommandContext): (name: string) => Document[] {
  return (name) => {
    const view = resolveView(context, name);
    if (view) return viewDocuments(context, view, [], {});
    const other = context.catalog.collection(context.db, name);
    return other ? [...other.handles()].map((handle) => other.document(handle)) : [];
  };
}

/** A view's documents, then `stages` over them. */
function viewDocuments(
  context: CommandContext,
  view: ResolvedView,
  stages: Document[],
  options: Partial<Options>,
): Document[] {
  const source = context.catalog.collection(context.db, view.source);
  const input = source ? [...source.handles()].map((handle) => source.document(handle)) : [];
  const pipeline = [...view.pipeline, ...stages];
  if (pipeline.length === 0) return input;
  return runPipeline(pipeline, input, { collectionResolver: collectionResolver(context), ...options });
}

/** Writes and index commands on a view answer what mongod answers. */
export function refuseView(context: CommandContext, name: string): void {
  if (context.catalog.collection(context.db, name)?.options.viewOn !== undefined) {
    throw new CommandError('CommandNotSupportedOnView', `Namespace ${context.db}.${name} is a view, not a collection`);
  }
}

/** A view has the simple collation: a command may not ask for another. */
function refuseViewCollation(collation: unknown): void {
  if (parseCollation(collation) !== undefined) {
    throw new CommandError('OptionNotSupportedOnView', "Cannot override a view's default collation");
  }
}

const find: CommandHandler = (command, context) => {
  const name = collectionNameOf(command, 'find');
  checkFields(command, 'find', COMMAND_FIELDS.find, true);
  for (const field of ['skip', 'limit', 'batchSize']) {
    const value = optionalNumber(command, field);
    if (value !== undefined && value < 0) {
      throw new CommandError('Location51024', `BSON field '${field}' value must be >= 0, actual value '${value}'`);
    }
  }
  const rawLimit = optionalNumber(command, 'limit') ?? 0;
  const singleBatch = command.singleBatch === true;
  const batchSize = optionalNumber(command, 'batchSize');
  const noTimeout = command.noCursorTimeout === true;
  const ns = `${context.db}.${name}`;
  const view = resolveView(context, name);
  if (view) {
    // mongod runs a find on a view as an aggregation: the view's pipeline, then the find's parts as stages.
    refuseViewCollation(command.collation);
    const stages: Document[] = [];
    const filter = optionalDocument(command, 'filter');
    const sort = optionalDocument(command, 'sort');
    const projection = optionalDocument(command, 'projection');
    const skip = optionalNumber(command, 'skip') ?? 0;
    if (filter && Object.keys(filter).length) stages.push({ $match: filter });
    if (sort && Object.keys(sort).length) stages.push({ $sort: sort });
    if (skip > 0) stages.push({ $skip: skip });
    if (rawLimit > 0) stages.push({ $limit: rawLimit });
    if (projection && Object.keys(projection).length) stages.push({ $project: projection });
    const variables = letVariables(command);
    const docs = viewDocuments(context, view, stages, variables ? { variables } : {});
    return { cursor: context.cursors.start(ns, docs, { batchSize, singleBatch, noTimeout }) };
  }
  const collection = context.catalog.collection(context.db, name);
  checkHint(collection, command.hint);
  const docs = findBson(collection, {
    filter: optionalDocument(command, 'filter'),
    sort: optionalDocument(command, 'sort'),
    projection: optionalDocument(command, 'projection'),
    skip: optionalNumber(command, 'skip'),
    limit: rawLimit,
    collation: parseCollation(command.collation),
    variables: letVariables(command),
  });
  return { cursor: context.cursors.start(ns, docs, { batchSize, singleBatch, noTimeout }) };
};

const getMore: CommandHandler = (command, context) => {
  const name = collectionNameOf(command, 'collection');
  checkFields(command, 'getMore', COMMAND_FIELDS.getMore, true);
  const id = cursorIdOf(command.getMore);
  return { cursor: context.cursors.getMore(id, `${context.db}.${name}`, optionalNumber(command, 'batchSize')) };
};

const killCursors: CommandHandler = (command, context) => {
  checkFields(command, 'killCursors', COMMAND_FIELDS.killCursors, true);
  const ids = requireArray(command, 'cursors').map(cursorIdOf);
  return { ...context.cursors.kill(ids), cursorsAlive: [], cursorsUnknown: [] };
};

const insert: CommandHandler = (command, context) => {
  const name = collectionNameOf(command, 'insert');
  checkFields(command, 'insert', COMMAND_FIELDS.insert, true);
  refuseView(context, name);
  // Documents from a document sequence arrive in BSON form and are stored as they are; others are objects.
  const raw = command.documents instanceof RawDocuments ? command.documents : undefined;
  const documents = raw ? undefined : requireArray(command, 'documents');
  const collection = context.catalog.ensureCollection(context.db, name);
  let n = 0;
  const writeErrors = runStatements(raw ? raw.length : documents!.length, command.ordered !== false, (i) => {
    insertDocument(collection, raw ? raw.document(i) : documents![i]);
    n += 1;
  });
  return withWriteErrors({ n }, writeErrors);
};

/** Stores one inserted document: as the bytes it arrived in when it is plain (wire.ts RawDocuments), else decoded. */
export function insertDocument(collection: Collection, doc: Buffer | Document): void {
  if (Buffer.isBuffer(doc)) collection.insertBytes(doc);
  else collection.insert(doc);
}

/** One update statement: an entry of the update command's `updates`, or a bulkWrite update op. */
export interface UpdateStatement {
  q?: Document;
  u: Document | Document[];
  upsert?: boolean;
  multi?: boolean;
  arrayFilters?: Document[];
  collation?: Document;
  hint?: unknown;
  /** MongoDB 8.0: which of the matching documents a single update changes. */
  sort?: Document | null;
}

/**
 * What update statements matched (an upsert counts 1) and modified, added to as each document is done: a statement
 * that fails part way (a multi update) keeps what it did, as the update command reports it.
 */
export interface UpdateCounts {
  n: number;
  nModified: number;
}

/** An update statement's `sort` (MongoDB 8.0) is a document; `field` names it in the error, e.g. 'update.updates'. */
export function checkSortType(sort: unknown, field: string): void {
  if (sort !== undefined && sort !== null && !isPlainObject(sort)) {
    throw new CommandError(
      'TypeMismatch',
      `BSON field '${field}.sort' is the wrong type '${typeName(sort)}', expected type 'object'`,
    );
  }
}

/** A sort picks the one document a single update changes: a multi update takes none. */
export function refuseSortedMulti(statement: UpdateStatement): void {
  if (statement.sort !== undefined && statement.sort !== null && statement.multi === true) {
    throw new CommandError('FailedToParse', 'Cannot specify sort with multi=true');
  }
}

/**
 * Runs one update statement on collection `name` of context.db: the first matching document in `sort` order (or
 * every match, multi), else an upsert seeded from the query, whose _id it answers. Views are the caller's to refuse.
 */
export function runUpdateStatement(
  context: CommandContext,
  name: string,
  statement: UpdateStatement,
  variables: Document | undefined,
  counts: UpdateCounts,
): { _id: unknown } | undefined {
  const { q: query = {}, u, upsert = false, multi = false, arrayFilters } = statement;
  const collation = parseCollation(statement.collation);
  // Parsed up front so a malformed update is reported even when nothing matches.
  if (updateKind(u) === 'replacement' && multi) {
    throw new CommandError('FailedToParse', 'multi update is not supported for replacement-style update');
  }
  if (collation) checkUpdateUnderCollation(u, arrayFilters);
  if (variables && Array.isArray(u)) {
    throw new CommandError(
      'CommandNotSupported',
      'let with a pipeline update is not supported by the embedded MongoDB server',
    );
  }
  const collection = context.catalog.collection(context.db, name);
  checkHint(collection, statement.hint);
  let targets: number[] = [];
  if (collection) {
    if (multi) targets = makeMatcher(query, collation, variables).matches(collection);
    else {
      const first = findFirst(collection, query, statement.sort ?? undefined, collation, variables);
      if (first !== undefined) targets = [first];
    }
  }
  if (targets.length === 0) {
    if (!upsert) return undefined;
    const doc = buildUpsertDocument(query, u, arrayFilters);
    context.catalog.ensureCollection(context.db, name).insert(doc);
    counts.n += 1;
    return { _id: doc._id };
  }
  for (const handle of targets) {
    const { doc: next, changed } = applyUpdate(collection!.document(handle), u, { query, arrayFilters });
    counts.n += 1;
    if (changed) {
      collection!.replace(handle, next);
      counts.nModified += 1;
    }
  }
  return undefined;
}

const update: CommandHandler = (command, context) => {
  const name = collectionNameOf(command, 'update');
  checkFields(command, 'update', COMMAND_FIELDS.update, true);
  refuseView(context, name);
  const statements = requireArray(command, 'updates') as UpdateStatement[];
  const statementFields = context.server.version.updateSort ? UPDATE_STATEMENT_FIELDS_8_0 : UPDATE_STATEMENT_FIELDS;
  // Parsed with the command, as mongod's IDL does: an unknown field (or a sort with multi) fails the whole command.
  for (const statement of statements) {
    checkFields(statement, 'update.updates', statementFields);
    checkSortType(statement.sort, 'update.updates');
    refuseSortedMulti(statement);
  }
  const variables = letVariables(command);
  const counts: UpdateCounts = { n: 0, nModified: 0 };
  const upserted: Document[] = [];
  const writeErrors = runStatements(statements.length, command.ordered !== false, (index) => {
    const upsert = runUpdateStatement(context, name, statements[index], variables, counts);
    if (upsert) upserted.push({ index, _id: upsert._id });
  });
  const reply: Document = { n: counts.n, nModified: counts.nModified };
  if (upserted.length) reply.upserted = upserted;
  return withWriteErrors(reply, writeErrors);
};

const remove: CommandHandler = (command, context) => {
  const name = collectionNameOf(command, 'delete');
  checkFields(command, 'delete', COMMAND_FIELDS.delete, true);
  refuseView(context, name);
  const statements = requireArray(command, 'deletes');
  for (const statement of statements) {
    checkFields(statement, 'delete.deletes', DELETE_STATEMENT_FIELDS);
    if (statement.limit === undefined) {
      throw new CommandError('Location40414', "BSON field 'delete.deletes.limit' is missing but a required field");
    }
    // Anything but 0 or 1 would be a different number of deletions: refused as mongod refuses it.
    const limit = Number(statement.limit);
    if (limit !== 0 && limit !== 1) {
      throw new CommandError(
        'FailedToParse',
        `The limit field in delete objects must be 0 or 1. Got ${String(statement.limit)}`,
      );
    }
  }
  const variables = letVariables(command);
  let n = 0;
  const writeErrors = runStatements(statements.length, command.ordered !== false, (index) => {
    const { q, limit, collation, hint } = statements[index];
    n += runDeleteStatement(context, name, { q, multi: Number(limit) !== 1, collation, hint }, variables);
  });
  return withWriteErrors({ n }, writeErrors);
};

/** One delete statement: an entry of the delete command's `deletes` (limit 0 is multi), or a bulkWrite delete op. */
export interface DeleteStatement {
  q?: Document;
  /** Every matching document, else the first. */
  multi: boolean;
  collation?: Document;
  hint?: unknown;
}

/** Runs one delete statement on collection `name` of context.db and answers how many documents it removed. */
export function runDeleteStatement(
  context: CommandContext,
  name: string,
  statement: DeleteStatement,
  variables: Document | undefined,
): number {
  const collation = parseCollation(statement.collation);
  const collection = context.catalog.collection(context.db, name);
  checkHint(collection, statement.hint);
  const query: Document = statement.q ?? {};
  if (!collection) {
    makeMatcher(query, collation, variables);
    return 0;
  }
  let targets: number[];
  if (!statement.multi) {
    const first = findFirst(collection, query, undefined, collation, variables);
    targets = first === undefined ? [] : [first];
  } else targets = makeMatcher(query, collation, variables).matches(collection);
  for (const handle of targets) collection.remove(handle);
  return targets.length;
}

function projectOne(doc: Document | undefined, fields: Document | undefined, query: Document): Document | null {
  if (!doc) return null;
  return projectDocuments([doc], fields, query)[0] ?? null;
}

const findAndModify: CommandHandler = (command, context) => {
  const commandName = Object.keys(command)[0];
  const name = collectionNameOf(command, commandName);
  checkFields(command, commandName, COMMAND_FIELDS.findAndModify, true);
  refuseView(context, name);
  const query = optionalDocument(command, 'query') ?? {};
  const sort = optionalDocument(command, 'sort');
  const fields = optionalDocument(command, 'fields');
  const collation = parseCollation(command.collation);
  const variables = letVariables(command);
  const arrayFilters = command.arrayFilters as Document[] | undefined;
  const returnNew = command.new === true;
  if (command.remove === true && command.update !== undefined) {
    throw new CommandError('FailedToParse', 'Cannot specify both an update and remove=true');
  }
  if (command.remove !== true && command.update === undefined) {
    throw new CommandError('FailedToParse', 'Either an update or remove=true must be specified');
  }

  if (command.update !== undefined) {
    if (collation) checkUpdateUnderCollation(command.update, arrayFilters);
    if (variables && Array.isArray(command.update)) {
      throw new CommandError(
        'CommandNotSupported',
        'let with a pipeline update is not supported by the embedded MongoDB server',
      );
    }
  }
  const collection = context.catalog.collection(context.db, name);
  checkHint(collection, command.hint);
  const handle = findFirst(collection, query, sort, collation, variables);
  const found = handle === undefined ? undefined : collection!.document(handle);

  if (command.remove === true) {
    if (found) collection!.remove(handle!);
    return { lastErrorObject: { n: found ? 1 : 0 }, value: projectOne(found, fields, query) };
  }

  const updateSpec = command.update as Document | Document[];
  if (found) {
    // applyUpdate works on a copy: `found` stays the version before the update.
    const { doc: next, changed } = applyUpdate(found, updateSpec, { query, arrayFilters });
    if (changed) collection!.replace(handle!, next);
    return {
      lastErrorObject: { n: 1, updatedExisting: true },
      value: projectOne(returnNew ? next : found, fields, query),
    };
  }
  if (command.upsert === true) {
    const doc = buildUpsertDocument(query, updateSpec, arrayFilters);
    context.catalog.ensureCollection(context.db, name).insert(doc);
    return {
      lastErrorObject: { n: 1, updatedExisting: false, upserted: doc._id },
      value: returnNew ? projectOne(doc, fields, query) : null,
    };
  }
  return { lastErrorObject: { n: 0, updatedExisting: false }, value: null };
};

const count: CommandHandler = (command, context) => {
  const name = collectionNameOf(command, 'count');
  checkFields(command, 'count', COMMAND_FIELDS.count, true);
  const query = optionalDocument(command, 'query') ?? {};
  const skip = optionalNumber(command, 'skip') ?? 0;
  const limit = Math.abs(optionalNumber(command, 'limit') ?? 0);
  let n = 0;
  const view = resolveView(context, name);
  if (view) {
    refuseViewCollation(command.collation);
    n = viewDocuments(context, view, Object.keys(query).length ? [{ $match: query }] : [], {}).length;
    n = Math.max(0, n - skip);
    return { n: limit > 0 ? Math.min(n, limit) : n };
  }
  const collection = context.catalog.collection(context.db, name);
  checkHint(collection, command.hint);
  const collation = parseCollation(command.collation);
  if (collection) {
    if (Object.keys(query).length === 0) n = collection.size;
    else n = makeMatcher(query, collation).matches(collection).length;
  } else makeMatcher(query, collation);
  n = Math.max(0, n - skip);
  return { n: limit > 0 ? Math.min(n, limit) : n };
};

const distinct: CommandHandler = (command, context) => {
  const name = collectionNameOf(command, 'distinct');
  const fields = context.server.version.distinctHint ? DISTINCT_FIELDS_8_0 : COMMAND_FIELDS.distinct;
  checkFields(command, 'distinct', fields, true);
  if (typeof command.key !== 'string') throw new CommandError('FailedToParse', "BSON field 'distinct.key' is missing");
  const key = command.key;
  const view = resolveView(context, name);
  if (view) {
    refuseViewCollation(command.collation);
    const query = optionalDocument(command, 'query') ?? {};
    const found = new Map<string, unknown>();
    for (const doc of viewDocuments(context, view, Object.keys(query).length ? [{ $match: query }] : [], {})) {
      for (const value of valuesAtPath(doc, key)) {
        if (value === MISSING || Array.isArray(value)) continue;
        found.set(keyOf(value), value);
      }
    }
    return { values: [...found.values()] };
  }
  const collection = context.catalog.collection(context.db, name);
  checkHint(collection, command.hint);
  const collation = parseCollation(command.collation);
  const matcher = makeMatcher(optionalDocument(command, 'query') ?? {}, collation);
  const values = new Map<string, unknown>();
  // Under a collation, strings equal by it are one value (the first one met), as on mongod.
  const distinctStrings: string[] = [];
  if (collection) {
    for (const handle of matcher.matches(collection)) {
      for (const value of collection.source(handle).valuesAt(key)) {
        // valuesAtPath reports an empty array as itself (an index key); distinct ignores it, like missing.
        if (value === MISSING || Array.isArray(value)) continue;
        if (collation && typeof value === 'string') {
          if (distinctStrings.some((known) => collation.order(known, value) === 0)) continue;
          distinctStrings.push(value);
        }
        values.set(keyOf(value), value);
      }
    }
  }
  return { values: [...values.values()] };
};

/** A $group _id that is one constant value for every document. */
function isConstant(value: unknown): boolean {
  return (
    value === null ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    (typeof value === 'string' && !value.startsWith('$'))
  );
}

/**
 * The answer of a counting pipeline over `matched` documents, without decoding them: what the drivers'
 * countDocuments sends after its $match, [$skip?, $limit?, { $group: { _id: <constant>, n: { $sum: <number> } } }].
 * Undefined for any other pipeline.
 */
function countOnly(stages: Document[], matched: number): Document[] | undefined {
  let count = matched;
  let i = 0;
  if (typeof stages[i]?.$skip === 'number' && Object.keys(stages[i]).length === 1) {
    count = Math.max(0, count - stages[i].$skip);
    i += 1;
  }
  if (typeof stages[i]?.$limit === 'number' && stages[i].$limit > 0 && Object.keys(stages[i]).length === 1) {
    count = Math.min(count, stages[i].$limit);
    i += 1;
  }
  const group = stages[i]?.$group;
  if (i !== stages.length - 1 || Object.keys(stages[i]).length !== 1 || !isPlainObject(group)) return undefined;
  if (!('_id' in group) || !isConstant(group._id)) return undefined;
  const result: Document = { _id: group._id };
  for (const [field, accumulator] of Object.entries(group)) {
    if (field === '_id') continue;
    if (!isPlainObject(accumulator) || Object.keys(accumulator).length !== 1) return undefined;
    const amount = accumulator.$sum;
    if (typeof amount !== 'number' || !Number.isInteger(amount)) return undefined;
    result[field] = count * amount;
  }
  // $group over no documents outputs no group.
  return count === 0 ? [] : [result];
}

const aggregate: CommandHandler = (command, context) => {
  checkFields(command, 'aggregate', COMMAND_FIELDS.aggregate, true);
  const requested = requireArray(command, 'pipeline');
  if (!optionalDocument(command, 'cursor') && command.explain !== true) {
    throw new CommandError(
      'FailedToParse',
      "The 'cursor' option is required, except for aggregate with the explain argument",
    );
  }
  checkStages(requested);
  const collation = parseCollation(command.collation);
  const variables = letVariables(command);
  // Under a collation, string comparisons are rewritten to compare by it (collation.ts).
  const pipeline = collation ? rewritePipeline(requested) : requested;
  const stageNames = pipeline.map((stage) => Object.keys(stage)[0]);
  const target = command.aggregate;
  if (typeof target !== 'string') {
    throw new CommandError(
      'InvalidNamespace',
      'aggregate on a whole database is not supported by the embedded MongoDB server',
    );
  }
  const batchSize = optionalNumber(optionalDocument(command, 'cursor') ?? {}, 'batchSize');
  const ns = `${context.db}.${target}`;
  const view = resolveView(context, target);
  if (view) {
    refuseViewCollation(command.collation);
    const docs = viewDocuments(context, view, pipeline, variables ? { variables } : {});
    return { cursor: context.cursors.start(ns, docs, { batchSize }) };
  }
  // A leading $match goes through the indexed matcher; mingo runs the rest, on decoded copies of the documents
  // (fresh objects, so stages that modify their input change nothing stored).
  const collection = context.catalog.collection(context.db, target);
  checkHint(collection, command.hint);
  const mingoOptions: Partial<Options> = {
    ...collation?.mingoOptions,
    ...(variables ? { variables } : {}),
  };
  let handles: number[] = [];
  let rest = pipeline;
  if (collection) {
    if (stageNames[0] === '$match') {
      // Already rewritten for the collation: only its operators are needed.
      handles = new Matcher(pipeline[0].$match, {
        collation: collation?.mingoSpec,
        mingo: mingoOptions,
      }).matches(collection);
      rest = pipeline.slice(1);
    } else {
      handles = [...collection.handles()];
    }
  }
  let results = countOnly(rest, handles.length);
  if (!results) {
    const input = collection ? handles.map((handle) => collection.document(handle)) : [];
    const resolveCollection = collectionResolver(context);
    // Through bsonquery.ts: values keep their BSON types, computed numbers are typed as mongod types them.
    const run = (stages: Document[], docs: Document[], lookupVariables?: Document) =>
      runPipeline(
        stages,
        docs,
        {
          collectionResolver: resolveCollection,
          ...mingoOptions,
          ...(lookupVariables && { variables: lookupVariables }),
        },
        collation?.order,
      );
    // Without a collation, a $lookup from a collection is answered through its indexes (lookup.ts).
    const foreign = (name: string) => context.catalog.collection(context.db, name);
    if (rest.length === 0) results = input;
    else if (collation) results = run(rest, input);
    else results = runWithIndexedLookups(rest, input, { collection: foreign, variables, run });
  }
  return { cursor: context.cursors.start(ns, results, { batchSize }) };
};

export const crudCommands: Record<string, CommandHandler> = {
  find,
  getMore,
  killCursors,
  insert,
  update,
  delete: remove,
  findAndModify,
  findandmodify: findAndModify,
  count,
  distinct,
  aggregate,
};
