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
import { cloneValue, keyOf, MISSING, valuesAtPath } from '../values';
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
function runStatements<T>(statements: T[], ordered: boolean, run: (statement: T, index: number) => void): Document[] {
  const writeErrors: Document[] = [];
  for (let index = 0; index < statements.length; index++) {
    try {
      run(statements[index], index);
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
  const documents = requireArray(command, 'documents');
  const collection = context.catalog.ensureCollection(context.db, name);
  let n = 0;
  const writeErrors = runStatements(documents, command.ordered !== false, (doc) => {
    collection.insert(doc);
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
  const writeErrors = runStatements(statements, command.ordered !== false, (statement, index) => {
    const { q: query = {}, u, upsert = false, multi = false, arrayFilters, collation, sort } = statement;
    // Parsed up front so a malformed update is reported even when nothing matches.
    if (updateKind(u) === 'replacement' && multi) {
      throw new CommandError('FailedToParse', 'multi update is not supported for replacement-style update');
    }
    const collection = context.catalog.collection(context.db, name);
    let targets: Document[] = [];
    if (collection) {
      if (multi) targets = new Matcher(query, { collation }).matches(collection);
      else {
        const first = findFirst(collection, query, sort, collation);
        if (first) targets = [first];
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
    for (const current of targets) {
      const { doc: next, changed } = applyUpdate(current, u, { query, arrayFilters });
      n += 1;
      if (changed) {
        collection!.replace(current, next);
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
  const writeErrors = runStatements(statements, command.ordered !== false, (statement) => {
    const collection = context.catalog.collection(context.db, name);
    if (!collection) return;
    const query: Document = statement.q ?? {};
    const targets =
      statement.limit === 1
        ? [findFirst(collection, query, undefined, statement.collation)].filter((doc): doc is Document => !!doc)
        : new Matcher(query, { collation: statement.collation }).matches(collection);
    for (const doc of targets) collection.remove(doc);
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
  const found = findFirst(collection, query, sort, collation);

  if (command.remove === true) {
    if (found) collection!.remove(found);
    return { lastErrorObject: { n: found ? 1 : 0 }, value: projectOne(found, fields, query) };
  }

  const updateSpec = command.update as Document | Document[];
  if (found) {
    const { doc: next, changed } = applyUpdate(found, updateSpec, { query, arrayFilters });
    if (changed) collection!.replace(found, next);
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
    for (const doc of matcher.matches(collection)) {
      for (const value of valuesAtPath(doc, key)) {
        // valuesAtPath reports an empty array as itself (an index key); distinct ignores it, like missing.
        if (value === MISSING || Array.isArray(value)) continue;
        values.set(keyOf(value), value);
      }
    }
  }
  return { values: [...values.values()] };
};

/** Stages that never modify their input documents, so stored documents can be fed to mingo uncopied. */
const NON_MUTATING_STAGES = new Set([
  '$match',
  '$sort',
  '$limit',
  '$skip',
  '$group',
  '$count',
  '$project',
  '$sortByCount',
]);
const UNSUPPORTED_STAGES = new Set([
  '$out',
  '$merge',
  '$currentOp',
  '$listSessions',
  '$listLocalSessions',
  '$changeStream',
]);

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
  const copy = !stageNames.every((stage) => NON_MUTATING_STAGES.has(stage));

  // A leading $match goes through the indexed matcher; mingo runs the rest.
  const collection = context.catalog.collection(context.db, target);
  let input: Document[] = [];
  let rest = pipeline;
  if (collection) {
    if (stageNames[0] === '$match') {
      input = new Matcher(pipeline[0].$match, { collation }).matches(collection);
      rest = pipeline.slice(1);
    } else {
      input = [...collection.docs.values()];
    }
  }
  if (copy) input = input.map(cloneValue);
  const resolveCollection = (name: string): Document[] => {
    const docs = [...(context.catalog.collection(context.db, name)?.docs.values() ?? [])];
    return copy ? docs.map(cloneValue) : docs;
  };
  const results = rest.length
    ? new Aggregator(rest, {
        collectionResolver: resolveCollection,
        ...(collation ? { collation: collation as CollationSpec } : {}),
      }).run(input)
    : input;
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
