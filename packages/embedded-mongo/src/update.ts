/**
 * Applying one update specification to one document: a replacement document, update operators (through
 * mingo's updater, plus $setOnInsert which mingo leaves to the server) or an aggregation pipeline.
 * Always returns a new document and leaves the stored one untouched.
 */
import { Aggregator } from 'mingo';
import { update as applyOperators } from 'mingo/updater';
import { ObjectId, type Document } from 'bson';
import { CommandError } from './errors';
import { cloneValue, formatValue, isPlainObject, keyOf, valueAtPath } from './values';

const UPDATE_OPERATORS = new Set([
  '$set',
  '$unset',
  '$inc',
  '$mul',
  '$rename',
  '$min',
  '$max',
  '$currentDate',
  '$addToSet',
  '$pop',
  '$pull',
  '$pullAll',
  '$push',
  '$bit',
  '$setOnInsert',
]);

export type UpdateKind = 'replacement' | 'operators' | 'pipeline';

export function updateKind(update: unknown): UpdateKind {
  if (Array.isArray(update)) return 'pipeline';
  if (!isPlainObject(update))
    throw new CommandError('FailedToParse', 'Update argument must be either an object or an array');
  const keys = Object.keys(update);
  const operators = keys.filter((key) => key.startsWith('$'));
  if (operators.length === 0) return 'replacement';
  if (operators.length !== keys.length) {
    const plain = keys.find((key) => !key.startsWith('$'));
    throw new CommandError(
      'FailedToParse',
      `Unknown modifier: ${plain}. Expected a valid update modifier or pipeline-style update specified as an array`,
    );
  }
  const unknown = operators.find((operator) => !UPDATE_OPERATORS.has(operator));
  if (unknown) {
    throw new CommandError(
      'FailedToParse',
      `Unknown modifier: ${unknown}. Expected a valid update modifier or pipeline-style update specified as an array`,
    );
  }
  return 'operators';
}

function immutableIdError(value: unknown): CommandError {
  return new CommandError(
    'ImmutableField',
    `Performing an update on the path '_id' would modify the immutable field '_id'` +
      (value === undefined ? '' : ` (to ${formatValue(value)})`),
  );
}

function sameValue(a: unknown, b: unknown): boolean {
  return keyOf(a) === keyOf(b);
}

/** Puts _id first, as MongoDB stores it. */
function idFirst(doc: Document, id: unknown): Document {
  const { _id: _ignored, ...rest } = doc;
  return { _id: id, ...rest };
}

export interface UpdateContext {
  /** The update's query: needed by the positional `$` operator and to seed upserted documents. */
  query: Document;
  arrayFilters?: Document[];
  /** True while building an upserted document: $setOnInsert applies and _id may be set. */
  inserting?: boolean;
}

function usesPositional(modifier: Document): boolean {
  return Object.values(modifier).some(
    (fields) => isPlainObject(fields) && Object.keys(fields).some((path) => /(^|\.)\$(\.|$)/.test(path)),
  );
}

function isNumeric(value: unknown): boolean {
  if (typeof value === 'number') return true;
  const bsonType = (value as { _bsontype?: string } | null)?._bsontype;
  return bsonType === 'Long' || bsonType === 'Int32' || bsonType === 'Double' || bsonType === 'Decimal128';
}

const ARRAY_OPERATORS = ['$push', '$addToSet', '$pull', '$pullAll', '$pop'];

/**
 * mingo silently skips $inc / $mul on a non-number and $push & co. on a non-array; mongod rejects such an
 * update, so do the same (for plain paths; positional ones are left to mingo).
 */
function checkOperandTypes(doc: Document, modifier: Document): void {
  for (const operator of ['$inc', '$mul']) {
    const fields = modifier[operator];
    if (!isPlainObject(fields)) continue;
    for (const [path, amount] of Object.entries(fields)) {
      if (!isNumeric(amount)) {
        throw new CommandError(
          'TypeMismatch',
          `Cannot ${operator === '$inc' ? 'increment' : 'multiply'} with non-numeric argument: {${path}: ${formatValue(amount)}}`,
        );
      }
      if (path.includes('$')) continue;
      const current = valueAtPath(doc, path);
      if (current !== undefined && current !== null && !isNumeric(current)) {
        throw new CommandError(
          'TypeMismatch',
          `Cannot apply ${operator} to a value of non-numeric type. {_id: ${formatValue(doc._id)}} has the field '${path}' of non-numeric type ${typeof current}`,
        );
      }
    }
  }
  for (const operator of ARRAY_OPERATORS) {
    const fields = modifier[operator];
    if (!isPlainObject(fields)) continue;
    for (const path of Object.keys(fields)) {
      if (path.includes('$')) continue;
      const current = valueAtPath(doc, path);
      if (current !== undefined && !Array.isArray(current)) {
        throw new CommandError(
          'BadValue',
          `The field '${path}' must be an array but is of type ${current === null ? 'null' : typeof current} in document {_id: ${formatValue(doc._id)}}`,
        );
      }
    }
  }
}

/** mingo's $addToSet keeps duplicates inside $each when the field is new; MongoDB adds each value once. */
function dedupeAddToSet(modifier: Document): void {
  const fields = modifier.$addToSet;
  if (!isPlainObject(fields)) return;
  const deduped: Document = {};
  for (const [path, spec] of Object.entries(fields)) {
    if (isPlainObject(spec) && Array.isArray(spec.$each)) {
      const unique = new Map(spec.$each.map((value: unknown) => [keyOf(value), value]));
      deduped[path] = { ...spec, $each: [...unique.values()] };
    } else deduped[path] = spec;
  }
  modifier.$addToSet = deduped;
}

/** Applies update operators. mingo refuses any `_id` path, so an _id in $set / $setOnInsert is handled here. */
function applyOperatorUpdate(
  doc: Document,
  update: Document,
  context: UpdateContext,
): { doc: Document; changed: boolean } {
  const { $setOnInsert, ...operators } = update;
  let id = doc._id;
  const takeId = (fields: unknown): unknown => {
    if (!isPlainObject(fields) || !('_id' in fields)) return fields;
    const { _id: value, ...rest } = fields;
    if (context.inserting) id = value;
    else if (!sameValue(value, doc._id)) throw immutableIdError(value);
    return rest;
  };
  const modifier: Document = {};
  for (const [operator, fields] of Object.entries(operators)) {
    const value = operator === '$set' ? takeId(fields) : fields;
    // MongoDB accepts an empty operator ({ $set: {} }) as a no-op; mingo does not.
    if (!isPlainObject(value) || Object.keys(value).length) modifier[operator] = value;
  }
  const onInsert = context.inserting ? (takeId($setOnInsert) as Document | undefined) : undefined;

  // Stored documents already have _id first; only an upsert setting _id needs the reordering copy.
  let next = cloneValue(doc);
  if (!sameValue(id, doc._id)) next = idFirst(next, id);
  if (next._id === undefined) delete next._id;
  let changed = false;
  if (Object.keys(modifier).length) {
    checkOperandTypes(next, modifier);
    dedupeAddToSet(modifier);
    const condition = usesPositional(modifier) ? context.query : undefined;
    changed = applyOperators(next, modifier, context.arrayFilters, condition).length > 0;
  }
  if (isPlainObject(onInsert) && Object.keys(onInsert).length) {
    changed = applyOperators(next, { $set: onInsert }).length > 0 || changed;
  }
  return { doc: next, changed };
}

/**
 * The new version of `doc` after `update`. `changed` says whether anything differs, which is what
 * nModified counts.
 */
export function applyUpdate(
  doc: Document,
  update: Document | Document[],
  context: UpdateContext,
): { doc: Document; changed: boolean } {
  const kind = updateKind(update);
  if (kind === 'operators') return applyOperatorUpdate(doc, update as Document, context);

  let next: Document;
  if (kind === 'replacement') {
    const replacement = cloneValue(update as Document);
    if ('_id' in replacement && !context.inserting && !sameValue(replacement._id, doc._id)) {
      throw new CommandError(
        'ImmutableField',
        `After applying the update, the (immutable) field '_id' was found to have been altered to _id: ${formatValue(replacement._id)}`,
      );
    }
    next = idFirst(replacement, '_id' in replacement ? replacement._id : doc._id);
  } else {
    const [result] = new Aggregator(update as Document[], {}).run([cloneValue(doc)]);
    if (!result) throw new CommandError('BadValue', 'update pipeline removed the document');
    // A pipeline whose output has no _id (e.g. $replaceRoot) keeps the document's, as on mongod.
    if (!context.inserting && result._id !== undefined && !sameValue(result._id, doc._id)) {
      throw immutableIdError(result._id);
    }
    next = idFirst(result, result._id ?? doc._id);
  }
  if (next._id === undefined) delete next._id;
  return { doc: next, changed: keyOf(next) !== keyOf(doc) };
}

/**
 * The fields an upsert takes from its query: top-level and $and equality conditions, dotted paths
 * becoming embedded documents.
 */
function equalityFields(query: Document, into: Document = {}): Document {
  for (const [field, condition] of Object.entries(query)) {
    if (field === '$and' && Array.isArray(condition)) {
      for (const clause of condition) if (isPlainObject(clause)) equalityFields(clause, into);
      continue;
    }
    if (field.startsWith('$')) continue;
    if (isPlainObject(condition)) {
      const keys = Object.keys(condition);
      if (keys.length === 1 && keys[0] === '$eq') into[field] = condition.$eq;
      else if (!keys.some((key) => key.startsWith('$'))) into[field] = condition;
      continue;
    }
    if (condition instanceof RegExp) continue;
    into[field] = condition;
  }
  return into;
}

/** The document an upsert inserts when nothing matched. */
export function buildUpsertDocument(
  query: Document,
  update: Document | Document[],
  arrayFilters?: Document[],
): Document {
  const kind = updateKind(update);
  const { _id: queryId, ...seedFields } = equalityFields(query);
  const seed: Document = queryId === undefined ? {} : { _id: queryId };
  // A replacement document stands alone; operators and pipelines start from the query's equality fields.
  if (kind !== 'replacement' && Object.keys(seedFields).length) {
    applyOperators(seed, { $set: cloneValue(seedFields) });
  }
  const { doc } = applyUpdate(seed, update, { query, arrayFilters, inserting: true });
  return doc._id === undefined ? idFirst(doc, new ObjectId()) : doc;
}
