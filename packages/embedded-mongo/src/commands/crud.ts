/** Reads and writes: find/getMore/killCursors, insert, update, delete, findAndModify, count, distinct, aggregate. */
import { Aggregator } from 'mingo';
import type { CollationSpec } from 'mingo/types';
import type { Document } from 'bson';
import { CommandError, errorFields } from '../errors';
import { cursorIdOf } from '../cursors';
import { findBson, findFirst } from '../find';
import { projectDocuments } from '../projection';
import { Matcher } from '../matcher';
import { applyUpdate, buildUpsertDocument, updateKind } from '../update';
import { isPlainObject, keyOf, MISSING } from '../values';
import { RawDocuments } from '../wire';
import { collectionNameOf, optionalDocument, optionalNumber, type CommandHandler } from './context';

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

const find: CommandHandler = (command, context) => {
  const name = collectionNameOf(command, 'find');
  const rawLimit = optionalNumber(command, 'limit') ?? 0;
  const docs = findBson(context.catalog.collection(context.db, name), {
    filter: optionalDocument(command, 'filter'),
    sort: optionalDocument(command, 'sort'),
    projection: optionalDocument(command, 'projection'),
    skip: optionalNumber(command, 'skip'),
    limit: Math.abs(rawLimit),
    collation: optionalDocument(command, 'collation'),
  });
  // A negative limit is the legacy way of asking for a single batch.
  const singleBatch = command.singleBatch === true || rawLimit < 0;
  const batchSize = optionalNumber(command, 'batchSize');
  return { cursor: context.cursors.start(`${context.db}.${name}`, docs, { batchSize, singleBatch }) };
};

const getMore: CommandHandler = (command, context) => {
  const name = collectionNameOf(command, 'collection');
  const id = cursorIdOf(command.getMore);
  return { cursor: context.cursors.getMore(id, `${context.db}.${name}`, optionalNumber(command, 'batchSize')) };
};

const killCursors: CommandHandler = (command, context) => {
  const ids = requireArray(command, 'cursors').map(cursorIdOf);
  return { ...context.cursors.kill(ids), cursorsAlive: [], cursorsUnknown: [] };
};

const insert: CommandHandler = (command, context) => {
  const name = collectionNameOf(command, 'insert');
  // Documents from a document sequence arrive in BSON form and are stored as they are; others are objects.
  const raw = command.documents instanceof RawDocuments ? command.documents : undefined;
  const documents = raw ? undefined : requireArray(command, 'documents');
  const collection = context.catalog.ensureCollection(context.db, name);
  let n = 0;
  const writeErrors = runStatements(raw ? raw.length : documents!.length, command.ordered !== false, (i) => {
    const doc = raw ? raw.document(i) : documents![i];
    if (Buffer.isBuffer(doc)) collection.insertBytes(doc);
    else collection.insert(doc);
    n += 1;
  });
  return withWriteErrors({ n }, writeErrors);
};

interface UpdateStatement {
  q?: Document;
  u: Document | Document[];
  upsert?: boolean;
  multi?: boolean;
  arrayFilters?: Document[];
  collation?: Document;
  sort?: Document;
}

const update: CommandHandler = (command, context) => {
  const name = collectionNameOf(command, 'update');
  const statements = requireArray(command, 'updates') as UpdateStatement[];
  let n = 0;
  let nModified = 0;
  const upserted: Document[] = [];
  const writeErrors = runStatements(statements.length, command.ordered !== false, (index) => {
    const statement = statements[index];
    const { q: query = {}, u, upsert = false, multi = false, arrayFilters, collation, sort } = statement;
    // Parsed up front so a malformed update is reported even when nothing matches.
    if (updateKind(u) === 'replacement' && multi) {
      throw new CommandError('FailedToParse', 'multi update is not supported for replacement-style update');
    }
    const collection = context.catalog.collection(context.db, name);
    let targets: number[] = [];
    if (collection) {
      if (multi) targets = new Matcher(query, { collation }).matches(collection);
      else {
        const first = findFirst(collection, query, sort, collation);
        if (first !== undefined) targets = [first];
      }
    }
    if (targets.length === 0) {
      if (!upsert) return;
      const doc = buildUpsertDocument(query, u, arrayFilters);
      context.catalog.ensureCollection(context.db, name).insert(doc);
      n += 1;
      upserted.push({ index, _id: doc._id });
      return;
    }
    for (const handle of targets) {
      const { doc: next, changed } = applyUpdate(collection!.document(handle), u, { query, arrayFilters });
      n += 1;
      if (changed) {
        collection!.replace(handle, next);
        nModified += 1;
      }
    }
  });
  const reply: Document = { n, nModified };
  if (upserted.length) reply.upserted = upserted;
  return withWriteErrors(reply, writeErrors);
};

const remove: CommandHandler = (command, context) => {
  const name = collectionNameOf(command, 'delete');
  const statements = requireArray(command, 'deletes');
  let n = 0;
  const writeErrors = runStatements(statements.length, command.ordered !== false, (index) => {
    const statement = statements[index];
    const collection = context.catalog.collection(context.db, name);
    if (!collection) return;
    const query: Document = statement.q ?? {};
    let targets: number[];
    if (statement.limit === 1) {
      const first = findFirst(collection, query, undefined, statement.collation);
      targets = first === undefined ? [] : [first];
    } else targets = new Matcher(query, { collation: statement.collation }).matches(collection);
    for (const handle of targets) collection.remove(handle);
    n += targets.length;
  });
  return withWriteErrors({ n }, writeErrors);
};

function projectOne(doc: Document | undefined, fields: Document | undefined, query: Document): Document | null {
  if (!doc) return null;
  return projectDocuments([doc], fields, query)[0] ?? null;
}

const findAndModify: CommandHandler = (command, context) => {
  const name = collectionNameOf(command, Object.keys(command)[0]);
  const query = optionalDocument(command, 'query') ?? {};
  const sort = optionalDocument(command, 'sort');
  const fields = optionalDocument(command, 'fields');
  const collation = optionalDocument(command, 'collation');
  const arrayFilters = command.arrayFilters as Document[] | undefined;
  const returnNew = command.new === true;
  if (command.remove === true && command.update !== undefined) {
    throw new CommandError('FailedToParse', 'Cannot specify both an update and remove=true');
  }
  if (command.remove !== true && command.update === undefined) {
    throw new CommandError('FailedToParse', 'Either an update or remove=true must be specified');
  }

  const collection = context.catalog.collection(context.db, name);
  const handle = findFirst(collection, query, sort, collation);
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
  const collection = context.catalog.collection(context.db, name);
  const query = optionalDocument(command, 'query') ?? {};
  const skip = optionalNumber(command, 'skip') ?? 0;
  const limit = Math.abs(optionalNumber(command, 'limit') ?? 0);
  let n = 0;
  if (collection) {
    if (Object.keys(query).length === 0) n = collection.size;
    else n = new Matcher(query, { collation: optionalDocument(command, 'collation') }).matches(collection).length;
  }
  n = Math.max(0, n - skip);
  return { n: limit > 0 ? Math.min(n, limit) : n };
};

const distinct: CommandHandler = (command, context) => {
  const name = collectionNameOf(command, 'distinct');
  if (typeof command.key !== 'string') throw new CommandError('FailedToParse', "BSON field 'distinct.key' is missing");
  const key = command.key;
  const collection = context.catalog.collection(context.db, name);
  const values = new Map<string, unknown>();
  if (collection) {
    const matcher = new Matcher(optionalDocument(command, 'query') ?? {}, {
      collation: optionalDocument(command, 'collation'),
    });
    for (const handle of matcher.matches(collection)) {
      for (const value of collection.source(handle).valuesAt(key)) {
        // valuesAtPath reports an empty array as itself (an index key); distinct ignores it, like missing.
        if (value === MISSING || Array.isArray(value)) continue;
        values.set(keyOf(value), value);
      }
    }
  }
  return { values: [...values.values()] };
};

const UNSUPPORTED_STAGES = new Set([
  '$out',
  '$merge',
  '$currentOp',
  '$listSessions',
  '$listLocalSessions',
  '$changeStream',
]);

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
  const pipeline = requireArray(command, 'pipeline');
  if (!optionalDocument(command, 'cursor') && command.explain !== true) {
    throw new CommandError(
      'FailedToParse',
      "The 'cursor' option is required, except for aggregate with the explain argument",
    );
  }
  const stageNames = pipeline.map((stage) => Object.keys(stage)[0]);
  const unsupported = stageNames.find((stage) => UNSUPPORTED_STAGES.has(stage));
  if (unsupported) {
    throw new CommandError('CommandNotSupported', `${unsupported} is not supported by the embedded MongoDB server`);
  }
  const target = command.aggregate;
  if (typeof target !== 'string') {
    throw new CommandError(
      'InvalidNamespace',
      'aggregate on a whole database is not supported by the embedded MongoDB server',
    );
  }
  const collation = optionalDocument(command, 'collation');

  // A leading $match goes through the indexed matcher; mingo runs the rest, on decoded copies of the documents
  // (fresh objects, so stages that modify their input change nothing stored).
  const collection = context.catalog.collection(context.db, target);
  let handles: number[] = [];
  let rest = pipeline;
  if (collection) {
    if (stageNames[0] === '$match') {
      handles = new Matcher(pipeline[0].$match, { collation }).matches(collection);
      rest = pipeline.slice(1);
    } else {
      handles = [...collection.handles()];
    }
  }
  let results = countOnly(rest, handles.length);
  if (!results) {
    const input = collection ? handles.map((handle) => collection.document(handle)) : [];
    const resolveCollection = (name: string): Document[] => {
      const other = context.catalog.collection(context.db, name);
      return other ? [...other.handles()].map((handle) => other.document(handle)) : [];
    };
    results = rest.length
      ? new Aggregator(rest, {
          collectionResolver: resolveCollection,
          ...(collation ? { collation: collation as CollationSpec } : {}),
        }).run(input)
      : input;
  }
  const batchSize = optionalNumber(optionalDocument(command, 'cursor') ?? {}, 'batchSize');
  return { cursor: context.cursors.start(`${context.db}.${target}`, results, { batchSize }) };
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
