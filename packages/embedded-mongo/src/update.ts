/**
 * Applying one update specification to one document: a replacement document, update operators or an
 * aggregation pipeline. Always returns a new document and leaves the stored one untouched.
 *
 * The update operators are done here rather than by mingo's updater, which computes on plain JavaScript
 * numbers: values keep their BSON types ($set of a Double 2.0 stores a Double; $inc follows mongod's SafeNum:
 * int + int stays an int until it overflows into a long, a long past int64 is an error, a Decimal128 makes the
 * result a decimal, computed exactly: numbers.ts). As in mongod, the fields an update names are processed in
 * lexicographic order (numeric names in numeric order), so new fields are appended in that order, and an
 * operator that leaves a value as it was (an $inc by 0, a $set to the same value of the same type, a $max
 * with a smaller value) changes nothing: `changed` is false when no operator changed anything.
 */
import { Aggregator } from 'mingo';
import { ObjectId, Timestamp, type Document } from 'bson';
import { encodeDocument } from './bsonbytes';
import {
  bsonEquals,
  bsonQuery,
  bsonTypeCode,
  compareBson,
  compareStrings,
  isTypedPipeline,
  plainNumbers,
  queryForm,
  refuseInexactArithmetic,
  restoreTypes,
  runPipeline,
} from './bsonquery';
import { CommandError } from './errors';
import {
  numberKind,
  safeAdd,
  safeBitwise,
  safeDebugString,
  safeIdentical,
  safeMultiply,
  safeOf,
  valueOfSafe,
  type Safe,
} from './numbers';
import { elementConditions } from './projection';
import { cloneValue, formatValue, isPlainObject } from './values';

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

export interface UpdateContext {
  /** The update's query: needed by the positional `$` operator and to seed upserted documents. */
  query: Document;
  arrayFilters?: Document[];
  /** True while building an upserted document: $setOnInsert applies and _id may be set. */
  inserting?: boolean;
}

/* ------------------------------------------------------------------ values */

const TYPE_NAMES: Record<number, string> = {
  1: 'double',
  2: 'string',
  3: 'object',
  4: 'array',
  5: 'binData',
  6: 'undefined',
  7: 'objectId',
  8: 'bool',
  9: 'date',
  10: 'null',
  11: 'regex',
  12: 'dbPointer',
  13: 'javascript',
  14: 'symbol',
  15: 'javascriptWithScope',
  16: 'int',
  17: 'timestamp',
  18: 'long',
  19: 'decimal',
  [-1]: 'minKey',
  127: 'maxKey',
};

/** mongod's name of a value's type, as its error messages give it. */
export function typeName(value: unknown): string {
  return TYPE_NAMES[bsonTypeCode(value) ?? 10] ?? 'missing';
}

const scratchBytes = (value: unknown) => encodeDocument({ v: value });

/**
 * Whether two values are the same BSON (same type, same bytes): what decides that a $set is a no-op. Int32 5
 * and Double 5.0, or 0.0 and -0.0, are different values here.
 */
export function binaryEqual(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Object.is(a, b) || (a !== a && b !== b);
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  if (typeof a === 'boolean' || typeof b === 'boolean') return a === b;
  if (a === null || b === null) return a === b;
  if (a === undefined || b === undefined) return a === b;
  if (a instanceof Date && b instanceof Date) return Object.is(a.getTime(), b.getTime());
  const kindA = numberKind(a);
  const kindB = numberKind(b);
  if (kindA !== undefined || kindB !== undefined) {
    if (kindA !== kindB) return false;
  }
  // Arrays and documents element by element (no serializing: a $set of a large array is common).
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!binaryEqual(a[i], b[i])) return false;
    return true;
  }
  if (isPlainObject(a) || isPlainObject(b)) {
    if (!isPlainObject(a) || !isPlainObject(b)) return false;
    const keysA = Object.keys(a);
    const keysB = Object.keys(b);
    if (keysA.length !== keysB.length) return false;
    for (let i = 0; i < keysA.length; i++) {
      if (keysA[i] !== keysB[i] || !binaryEqual(a[keysA[i]], b[keysB[i]])) return false;
    }
    return true;
  }
  const typeA = (a as { _bsontype?: string })._bsontype;
  if (typeA === 'ObjectId' && (b as { _bsontype?: string })._bsontype === 'ObjectId') {
    return (a as ObjectId).equals(b as ObjectId);
  }
  return Buffer.from(scratchBytes(a)).equals(Buffer.from(scratchBytes(b)));
}

function idText(doc: Document): string {
  return '_id' in doc ? `_id: ${formatValue(doc._id)}` : 'no id';
}

/* ------------------------------------------------------------------ parsing */

interface Operation {
  operator: string;
  path: string;
  parts: string[];
  operand: unknown;
  /** $rename: the source (this operation's path is the destination). */
  from?: string[];
}

/** Operators that create the path they name when it is missing (the others do nothing then). */
const CREATING = new Set([
  '$set',
  '$setOnInsert',
  '$inc',
  '$mul',
  '$min',
  '$max',
  '$currentDate',
  '$push',
  '$addToSet',
  '$bit',
]);

function splitPath(path: string): string[] {
  if (path === '') throw new CommandError('EmptyFieldName', 'An empty update path is not valid.');
  const parts = path.split('.');
  if (parts.some((part) => part === '')) {
    throw new CommandError(
      'EmptyFieldName',
      `The update path '${path}' contains an empty field name, which is not allowed.`,
    );
  }
  return parts;
}

function isPositional(part: string): boolean {
  return part === '$' || (part.startsWith('$[') && part.endsWith(']'));
}

/** Field name order of mongod's update tree: numeric names numerically, then by string. */
function comparePart(a: string, b: string): number {
  const numericA = /^\d+$/.test(a);
  const numericB = /^\d+$/.test(b);
  if (numericA && numericB && a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

function comparePaths(a: string[], b: string[]): number {
  for (let i = 0; i < a.length && i < b.length; i++) {
    const result = comparePart(a[i], b[i]);
    if (result !== 0) return result;
  }
  return a.length - b.length;
}

function isPrefix(prefix: string[], path: string[]): boolean {
  return prefix.length <= path.length && prefix.every((part, i) => part === path[i]);
}

function parseOperations(update: Document): Operation[] {
  const operations: Operation[] = [];
  for (const [operator, fields] of Object.entries(update)) {
    if (!isPlainObject(fields)) {
      throw new CommandError(
        'FailedToParse',
        `Modifiers operate on fields but we found type ${typeName(fields)} instead. For example: {$mod: {<field>: ...}} not {${operator}: ${formatValue(fields)}}`,
      );
    }
    for (const [path, operand] of Object.entries(fields)) {
      const parts = splitPath(path);
      if (operator === '$rename') {
        if (typeof operand !== 'string') {
          throw new CommandError(
            'BadValue',
            `The 'to' field for $rename must be a string: ${path}: ${formatValue(operand)}`,
          );
        }
        const to = splitPath(operand);
        if (parts.some(isPositional)) {
          throw new CommandError('BadValue', `The source field for $rename may not be dynamic: ${path}`);
        }
        if (to.some(isPositional)) {
          throw new CommandError('BadValue', `The destination field for $rename may not be dynamic: ${operand}`);
        }
        if (path === operand) {
          throw new CommandError(
            'BadValue',
            `The source and target field for $rename must differ: ${path}: "${operand}"`,
          );
        }
        if (isPrefix(parts, to) || isPrefix(to, parts)) {
          throw new CommandError(
            'BadValue',
            `The source and target field for $rename must not be on the same path: ${path}: "${operand}"`,
          );
        }
        operations.push({ operator, path: operand, parts: to, operand, from: parts });
        continue;
      }
      if (parts.filter((part) => part === '$').length > 1) {
        throw new CommandError('BadValue', `Too many positional (i.e. '$') elements found in path '${path}'`);
      }
      validateOperand(operator, path, operand);
      operations.push({ operator, path, parts, operand });
    }
  }
  // No two paths may be the same or one inside the other ($rename counts with both of its paths).
  const paths = operations.flatMap((operation) =>
    operation.from ? [operation.from, operation.parts] : [operation.parts],
  );
  paths.sort(comparePaths);
  for (let i = 1; i < paths.length; i++) {
    if (isPrefix(paths[i - 1], paths[i])) {
      throw new CommandError(
        'ConflictingUpdateOperators',
        `Updating the path '${paths[i].join('.')}' would create a conflict at '${paths[i - 1].join('.')}'`,
      );
    }
  }
  return operations;
}

function isIntegral(value: unknown): boolean {
  const kind = numberKind(value);
  if (kind === 'int' || kind === 'long') return true;
  if (kind !== 'double' && kind !== 'decimal') return false;
  return Number.isInteger(Number(typeof value === 'number' ? value : String(value)));
}

function validateOperand(operator: string, path: string, operand: unknown): void {
  switch (operator) {
    case '$inc':
    case '$mul':
      if (numberKind(operand) === undefined) {
        throw new CommandError(
          'TypeMismatch',
          `Cannot ${operator === '$inc' ? 'increment' : 'multiply'} with non-numeric argument: {${path}: ${formatValue(operand)}}`,
        );
      }
      return;
    case '$pop': {
      const value = numberKind(operand) === undefined ? NaN : Number(String(operand));
      if (value !== 1 && value !== -1) {
        throw new CommandError('FailedToParse', `$pop expects 1 or -1, found: ${formatValue(operand)}`);
      }
      return;
    }
    case '$pullAll':
      if (!Array.isArray(operand)) {
        throw new CommandError('BadValue', `$pullAll requires an array argument but was given a ${typeName(operand)}`);
      }
      return;
    case '$currentDate': {
      const valid =
        typeof operand === 'boolean' ||
        (isPlainObject(operand) &&
          Object.keys(operand).length === 1 &&
          (operand.$type === 'date' || operand.$type === 'timestamp'));
      if (!valid) {
        throw new CommandError(
          'BadValue',
          `${formatValue(operand)} is not valid type for $currentDate. Please use a boolean ('true') or a $type expression ({$type: 'timestamp/date'}).`,
        );
      }
      return;
    }
    case '$bit': {
      if (!isPlainObject(operand)) {
        throw new CommandError(
          'BadValue',
          `The $bit modifier is not compatible with a ${typeName(operand)}. You must pass in an embedded document: {$bit: {field: {and/or/xor: #}}`,
        );
      }
      for (const [name, value] of Object.entries(operand)) {
        if (name !== 'and' && name !== 'or' && name !== 'xor') {
          throw new CommandError(
            'BadValue',
            `The $bit modifier only supports 'and', 'or', and 'xor', not '${name}' which is an unknown operator: {${name}: ${formatValue(value)}}`,
          );
        }
        const kind = numberKind(value);
        if (kind !== 'int' && kind !== 'long') {
          throw new CommandError(
            'BadValue',
            `The $bit modifier field must be an Integer(32/64 bit); a '${typeName(value)}' is not supported here: {${name}: ${formatValue(value)}}`,
          );
        }
      }
      return;
    }
    case '$push':
      if (isPlainObject(operand) && '$each' in operand) parsePush(operand);
      return;
    case '$addToSet':
      if (isPlainObject(operand) && '$each' in operand) addToSetValues(operand);
      return;
  }
}

interface PushSpec {
  each: unknown[];
  slice?: number;
  position?: number;
  sort?: number | Document;
}

function integerModifier(name: string, value: unknown): number {
  if (!isIntegral(value)) {
    throw new CommandError(
      'BadValue',
      `The value for ${name} must be an integer value but was given type: ${typeName(value)}`,
    );
  }
  return Number(typeof value === 'number' ? value : String(value));
}

function parsePush(spec: Document): PushSpec {
  const out: PushSpec = { each: [] };
  for (const [name, value] of Object.entries(spec)) {
    switch (name) {
      case '$each':
        if (!Array.isArray(value)) {
          throw new CommandError(
            'BadValue',
            `The argument to $each in $push must be an array but it was of type: ${typeName(value)}`,
          );
        }
        out.each = value;
        break;
      case '$slice':
        out.slice = integerModifier('$slice', value);
        break;
      case '$position':
        out.position = integerModifier('$position', value);
        break;
      case '$sort':
        if (numberKind(value) !== undefined) {
          const direction = Number(typeof value === 'number' ? value : String(value));
          if (direction !== 1 && direction !== -1) {
            throw new CommandError('BadValue', 'The $sort element value must be either 1 or -1');
          }
          out.sort = direction;
        } else if (isPlainObject(value)) {
          if (Object.keys(value).length === 0) {
            throw new CommandError('BadValue', 'The $sort pattern is empty when it should be a set of fields.');
          }
          for (const direction of Object.values(value)) {
            const number = numberKind(direction) === undefined ? NaN : Number(String(direction));
            if (number !== 1 && number !== -1) {
              throw new CommandError('BadValue', 'The $sort element value must be either 1 or -1');
            }
          }
          out.sort = value;
        } else {
          throw new CommandError(
            'BadValue',
            'The $sort is invalid: use 1/-1 to sort the whole element, or {field:1/-1} to sort embedded fields',
          );
        }
        break;
      default:
        throw new CommandError('BadValue', `Unrecognized clause in $push: ${name}`);
    }
  }
  return out;
}

function addToSetValues(operand: unknown): unknown[] {
  if (!isPlainObject(operand) || !('$each' in operand)) return [operand];
  const each = operand.$each;
  if (!Array.isArray(each)) {
    throw new CommandError(
      'TypeMismatch',
      `The argument to $each in $addToSet must be an array but it was of type ${typeName(each)}`,
    );
  }
  if (Object.keys(operand).length > 1) {
    throw new CommandError('BadValue', `Found unexpected fields after $each in $addToSet: ${formatValue(operand)}`);
  }
  return each;
}

/* ------------------------------------------------------------------ array filters and the positional $ */

interface ArrayFilters {
  /** identifier -> a test of one array element */
  tests: Map<string, (element: unknown) => boolean>;
  used: Set<string>;
}

function parseArrayFilters(filters: Document[] | undefined): ArrayFilters {
  const tests = new Map<string, (element: unknown) => boolean>();
  for (const filter of filters ?? []) {
    if (!isPlainObject(filter)) {
      throw new CommandError('TypeMismatch', 'Each array filter must be an object');
    }
    let identifier: string | undefined;
    for (const key of Object.keys(filter)) {
      const top = key.split('.')[0];
      if (key.startsWith('$')) continue;
      if (identifier !== undefined && identifier !== top) {
        throw new CommandError(
          'FailedToParse',
          `Error parsing array filter :: caused by :: Expected a single top-level field name, found '${identifier}' and '${top}'`,
        );
      }
      identifier = top;
    }
    if (identifier === undefined) {
      throw new CommandError(
        'FailedToParse',
        'Cannot use an expression without a top-level field name in arrayFilters',
      );
    }
    if (!/^[a-z][a-zA-Z0-9]*$/.test(identifier)) {
      throw new CommandError(
        'BadValue',
        `Error parsing array filter :: caused by :: The top-level field name must be an alphanumeric string beginning with a lowercase letter, found '${identifier}'`,
      );
    }
    if (tests.has(identifier)) {
      throw new CommandError(
        'FailedToParse',
        `Found multiple array filters with the same top-level field name ${identifier}`,
      );
    }
    // The element stands in for the identifier: { x: element } tested against { x: ..., 'x.y': ... }.
    const query = bsonQuery(filter);
    const name = identifier;
    tests.set(identifier, (element) => query.test({ [name]: element }));
  }
  return { tests, used: new Set() };
}

/** The index of the first element of the array at `arrayPath` that the query matched (the positional $). */
function positionalIndex(query: Document, arrayPath: string, array: unknown[]): number {
  const conditions = elementConditions(query, arrayPath);
  if (Object.keys(conditions).length > 0) {
    const test = bsonQuery(conditions);
    const index = array.findIndex((element) => test.test({ e: [element] }));
    if (index >= 0) return index;
  }
  throw new CommandError('BadValue', 'The positional operator did not find the match needed from the query.');
}

/* ------------------------------------------------------------------ applying */

interface Run {
  doc: Document;
  context: UpdateContext;
  filters: ArrayFilters;
  /** Some operator changed something. */
  changed: boolean;
  now: Date;
}

type Container = Document | unknown[];

function isContainer(value: unknown): value is Container {
  return Array.isArray(value) || isPlainObject(value);
}

function childOf(container: Container, key: string): unknown {
  if (Array.isArray(container)) {
    if (!/^\d+$/.test(key)) return undefined;
    return container[Number(key)];
  }
  return Object.prototype.hasOwnProperty.call(container, key) ? container[key] : undefined;
}

function has(container: Container, key: string): boolean {
  if (Array.isArray(container)) return /^\d+$/.test(key) && Number(key) < container.length;
  return Object.prototype.hasOwnProperty.call(container, key);
}

function assign(container: Container, key: string, value: unknown): void {
  if (Array.isArray(container)) {
    const index = Number(key);
    while (container.length < index) container.push(null);
    container[index] = value;
  } else container[key] = value;
}

function cannotCreate(field: string, name: string, value: unknown): CommandError {
  return new CommandError(
    'PathNotViable',
    `Cannot create field '${field}' in element {${name}: ${formatValue(value)}}`,
  );
}

/** The array elements a positional part selects. */
function selectedIndexes(run: Run, array: unknown[], part: string, parts: string[], i: number): number[] {
  if (part === '$') {
    return [positionalIndex(run.context.query, parts.slice(0, i).join('.'), array)];
  }
  if (part === '$[]') return array.map((_element, index) => index);
  const identifier = part.slice(2, -1);
  const test = run.filters.tests.get(identifier);
  if (!test) {
    throw new CommandError(
      'BadValue',
      `No array filter found for identifier '${identifier}' in path '${parts.join('.')}'`,
    );
  }
  run.filters.used.add(identifier);
  const indexes: number[] = [];
  array.forEach((element, index) => {
    if (test(element)) indexes.push(index);
  });
  return indexes;
}

/** Walks `operation`'s path from `container` (reached as `name`) and applies it at the end. */
function applyAt(run: Run, operation: Operation, container: Container, name: string, i: number): void {
  const { parts } = operation;
  const part = parts[i];
  const creating = CREATING.has(operation.operator);
  const last = i === parts.length - 1;
  if (isPositional(part)) {
    if (!Array.isArray(container)) {
      throw new CommandError(
        'BadValue',
        `Cannot apply array updates to non-array element ${name}: ${formatValue(container)}`,
      );
    }
    for (const index of selectedIndexes(run, container, part, parts, i)) {
      if (last) applyLeaf(run, operation, container, String(index));
      else descend(run, operation, container, String(index), i);
    }
    return;
  }
  if (last) {
    if (Array.isArray(container) && !/^\d+$/.test(part)) {
      if (creating) throw cannotCreate(part, name, container);
      return;
    }
    applyLeaf(run, operation, container, part);
    return;
  }
  descend(run, operation, container, part, i);
}

function descend(run: Run, operation: Operation, container: Container, key: string, i: number): void {
  const creating = CREATING.has(operation.operator);
  const next = operation.parts[i + 1];
  if (Array.isArray(container) && !/^\d+$/.test(key)) {
    if (creating) throw cannotCreate(key, operation.parts[i - 1] ?? key, container);
    return;
  }
  const child = childOf(container, key);
  if (isContainer(child)) {
    applyAt(run, operation, child, key, i + 1);
    return;
  }
  if (!creating) return;
  if (child === undefined && !has(container, key)) {
    if (isPositional(next)) {
      throw new CommandError(
        'BadValue',
        `The path '${operation.parts.slice(0, i + 1).join('.')}' must exist in the document in order to apply array updates.`,
      );
    }
    const created: Document = {};
    assign(container, key, created);
    run.changed = true;
    applyAt(run, operation, created, key, i + 1);
    return;
  }
  if (isPositional(next)) {
    throw new CommandError('BadValue', `Cannot apply array updates to non-array element ${key}: ${formatValue(child)}`);
  }
  throw cannotCreate(next, key, child);
}

function setValue(run: Run, container: Container, key: string, value: unknown): void {
  if (has(container, key) && binaryEqual(childOf(container, key), value)) return;
  assign(container, key, value);
  run.changed = true;
}

function applyLeaf(run: Run, operation: Operation, container: Container, key: string): void {
  const present = has(container, key);
  const current = present ? childOf(container, key) : undefined;
  const { operand, operator } = operation;
  switch (operator) {
    case '$set':
    case '$setOnInsert':
      setValue(run, container, key, cloneValue(operand));
      return;
    case '$unset':
      if (!present) return;
      if (Array.isArray(container)) {
        if (container[Number(key)] === null) return;
        container[Number(key)] = null;
      } else delete container[key];
      run.changed = true;
      return;
    case '$inc':
    case '$mul':
      arithmetic(run, operation, container, key, present, current);
      return;
    case '$min':
    case '$max': {
      if (present) {
        const comparison = compareBson(current, operand);
        if (comparison === 0 || (operator === '$max' ? comparison > 0 : comparison < 0)) return;
      }
      setValue(run, container, key, cloneValue(operand));
      return;
    }
    case '$currentDate': {
      const timestamp = isPlainObject(operand) && operand.$type === 'timestamp';
      assign(container, key, timestamp ? nextTimestamp(run.now) : new Date(run.now.getTime()));
      run.changed = true;
      return;
    }
    case '$bit':
      bitwise(run, operation, container, key, present, current);
      return;
    default:
      arrayOperator(run, operation, container, key, present, current);
  }
}

function arithmetic(
  run: Run,
  operation: Operation,
  container: Container,
  key: string,
  present: boolean,
  current: unknown,
): void {
  const amount = safeOf(operation.operand)!;
  if (!present) {
    // A new field: the $inc amount itself, or 0 of the type $mul gives.
    const value = operation.operator === '$inc' ? amount : safeMultiply(amount, { kind: 'int', value: 0 });
    assign(container, key, valueOfSafe(value!));
    run.changed = true;
    return;
  }
  const original = safeOf(current);
  if (!original) {
    throw new CommandError(
      'TypeMismatch',
      `Cannot apply ${operation.operator} to a value of non-numeric type. {${idText(run.doc)}} has the field '${key}' of non-numeric type ${typeName(current)}`,
    );
  }
  const result = operation.operator === '$inc' ? safeAdd(amount, original) : safeMultiply(amount, original);
  if (result !== undefined && safeIdentical(result, original)) return;
  if (result === undefined) {
    throw new CommandError(
      'BadValue',
      `Failed to apply ${operation.operator} operations to current value (${safeDebugString(original)}) for document {${idText(run.doc)}}`,
    );
  }
  assign(container, key, valueOfSafe(result));
  // As mongod: a result that is not identical counts as a change (NaN + 0 is not identical to NaN).
  run.changed = true;
}

function bitwise(
  run: Run,
  operation: Operation,
  container: Container,
  key: string,
  present: boolean,
  current: unknown,
): void {
  let value: Safe;
  if (present) {
    const kind = numberKind(current);
    if (kind !== 'int' && kind !== 'long') {
      throw new CommandError(
        'BadValue',
        `Cannot apply $bit to a value of non-integral type.{${idText(run.doc)}} has the field ${key} of non-integral type ${typeName(current)}`,
      );
    }
    value = safeOf(current)!;
  } else value = { kind: 'int', value: 0 };
  const original = value;
  for (const [name, operand] of Object.entries(operation.operand as Document)) {
    value = safeBitwise(name as 'and' | 'or' | 'xor', value, safeOf(operand)!)!;
  }
  if (present && safeIdentical(value, original)) return;
  assign(container, key, valueOfSafe(value));
  run.changed = true;
}

let lastTimestamp = { t: 0, i: 0 };

/** A timestamp for $currentDate: seconds now, and an increment that grows within the same second. */
function nextTimestamp(now: Date): Timestamp {
  const t = Math.floor(now.getTime() / 1000);
  lastTimestamp = t > lastTimestamp.t ? { t, i: 1 } : { t: lastTimestamp.t, i: lastTimestamp.i + 1 };
  return new Timestamp({ t: lastTimestamp.t, i: lastTimestamp.i });
}

/** $rename: the source's value moves to the destination (neither may go through an array). */
function rename(run: Run, operation: Operation): void {
  const from = operation.from!;
  let source: unknown = run.doc;
  for (let i = 0; i < from.length - 1; i++) {
    const next = isPlainObject(source) ? source[from[i]] : undefined;
    if (Array.isArray(next)) {
      throw new CommandError(
        'BadValue',
        `The source field cannot be an array element, '${from.join('.')}' in doc with ${idText(run.doc)} has an array field called '${from[i]}'`,
      );
    }
    source = next;
  }
  const sourceKey = from[from.length - 1];
  if (!isPlainObject(source) || !Object.prototype.hasOwnProperty.call(source, sourceKey)) return;
  const value = source[sourceKey];
  delete source[sourceKey];
  run.changed = true;
  // The destination is created as $set would, but through no array.
  let target: Document = run.doc;
  const to = operation.parts;
  for (let i = 0; i < to.length - 1; i++) {
    const next = target[to[i]];
    if (Array.isArray(next)) {
      throw new CommandError(
        'BadValue',
        `The destination field cannot be an array element, '${to.join('.')}' in doc with ${idText(run.doc)} has an array field called '${to[i]}'`,
      );
    }
    if (next === undefined) target[to[i]] = {};
    else if (!isPlainObject(next)) throw cannotCreate(to[i + 1], to[i], next);
    target = target[to[i]];
  }
  target[to[to.length - 1]] = value;
}

function arrayOperator(
  run: Run,
  operation: Operation,
  container: Container,
  key: string,
  present: boolean,
  current: unknown,
): void {
  const { operator, operand } = operation;
  if (present && !Array.isArray(current)) {
    switch (operator) {
      case '$push':
        throw new CommandError(
          'BadValue',
          `The field '${key}' must be an array but is of type ${typeName(current)} in document {${idText(run.doc)}}`,
        );
      case '$addToSet':
        throw new CommandError(
          'BadValue',
          `Cannot apply $addToSet to non-array field. Field named '${key}' has non-array type ${typeName(current)}`,
        );
      case '$pop':
        throw new CommandError(
          'TypeMismatch',
          `Path '${operation.path}' contains an element of non-array type '${typeName(current)}'`,
        );
      default:
        throw new CommandError('BadValue', 'Cannot apply $pull to a non-array value');
    }
  }
  const array = present ? (current as unknown[]) : undefined;
  switch (operator) {
    case '$push': {
      const spec = isPlainObject(operand) && '$each' in operand ? parsePush(operand) : { each: [operand] };
      const before = array ? [...array] : undefined;
      const next = array ?? [];
      const values = spec.each.map((value) => cloneValue(value));
      let position = spec.position ?? next.length;
      if (position < 0) position = Math.max(0, next.length + position);
      position = Math.min(position, next.length);
      next.splice(position, 0, ...values);
      if (spec.sort !== undefined) sortArray(next, spec.sort);
      if (spec.slice !== undefined) {
        const kept = spec.slice >= 0 ? next.slice(0, spec.slice) : next.slice(Math.max(0, next.length + spec.slice));
        next.length = 0;
        next.push(...kept);
      }
      if (!array) {
        assign(container, key, next);
        run.changed = true;
      } else if (!binaryEqual(before, next)) run.changed = true;
      return;
    }
    case '$addToSet': {
      const next = array ?? [];
      let added = false;
      for (const value of addToSetValues(operand)) {
        if (next.some((element) => bsonEquals(element, value))) continue;
        next.push(cloneValue(value));
        added = true;
      }
      if (!array) {
        assign(container, key, next);
        run.changed = true;
      } else if (added) run.changed = true;
      return;
    }
    case '$pop': {
      if (!array || array.length === 0) return;
      const end = Number(String(operand)) === 1;
      if (end) array.pop();
      else array.shift();
      run.changed = true;
      return;
    }
    case '$pull':
    case '$pullAll': {
      if (!array) return;
      const remove =
        operator === '$pullAll'
          ? (element: unknown) => (operand as unknown[]).some((value) => bsonEquals(element, value))
          : pullTest(operand);
      const kept = array.filter((element) => !remove(element));
      if (kept.length === array.length) return;
      array.length = 0;
      array.push(...kept);
      run.changed = true;
      return;
    }
  }
}

const QUERY_TOP_LEVEL = new Set(['$and', '$or', '$nor', '$expr', '$where', '$comment', '$text', '$jsonSchema']);

/** $pull's condition as a test of one element: a value, a regex, operators on the value, or a query on documents. */
function pullTest(condition: unknown): (element: unknown) => boolean {
  if (isPlainObject(condition)) {
    const keys = Object.keys(condition);
    const onValue = keys.length > 0 && keys.every((key) => key.startsWith('$') && !QUERY_TOP_LEVEL.has(key));
    if (onValue) {
      const query = bsonQuery({ v: condition });
      return (element) => query.test({ v: element });
    }
    const query = bsonQuery(condition);
    return (element) => isPlainObject(element) && query.test(element);
  }
  if (condition instanceof RegExp || (condition as { _bsontype?: string } | null)?._bsontype === 'BSONRegExp') {
    const query = bsonQuery({ v: condition });
    return (element) => typeof element === 'string' && query.test({ v: element });
  }
  return (element) => bsonEquals(element, condition);
}

function sortArray(array: unknown[], sort: number | Document): void {
  if (typeof sort === 'number') {
    array.sort((a, b) => compareBson(a, b) * sort);
    return;
  }
  const fields = Object.entries(sort).map(([path, direction]) => [path.split('.'), Number(String(direction))] as const);
  const valueAt = (element: unknown, parts: readonly string[]) => {
    let value: unknown = element;
    for (const part of parts) value = isPlainObject(value) ? value[part] : undefined;
    return value === undefined ? null : value;
  };
  array.sort((a, b) => {
    for (const [parts, direction] of fields) {
      const result = compareBson(valueAt(a, parts), valueAt(b, parts));
      if (result !== 0) return result * direction;
    }
    return 0;
  });
}

/* ------------------------------------------------------------------ the three kinds of update */

function immutableIdError(value: unknown): CommandError {
  return new CommandError(
    'ImmutableField',
    `Performing an update on the path '_id' would modify the immutable field '_id'` +
      (value === undefined ? '' : ` (to ${formatValue(value)})`),
  );
}

/** Puts _id first, as MongoDB stores it. */
function idFirst(doc: Document, id: unknown): Document {
  const { _id: _ignored, ...rest } = doc;
  return { _id: id, ...rest };
}

function applyOperatorUpdate(
  doc: Document,
  update: Document,
  context: UpdateContext,
): { doc: Document; changed: boolean } {
  const operations = parseOperations(update).filter(
    (operation) => operation.operator !== '$setOnInsert' || context.inserting,
  );
  const filters = parseArrayFilters(context.arrayFilters);
  for (const operation of operations) {
    for (const part of operation.parts) {
      if (part.startsWith('$[') && part !== '$[]' && !filters.tests.has(part.slice(2, -1))) {
        throw new CommandError(
          'BadValue',
          `No array filter found for identifier '${part.slice(2, -1)}' in path '${operation.path}'`,
        );
      }
    }
  }
  for (const identifier of filters.tests.keys()) {
    if (!operations.some((operation) => operation.parts.includes(`$[${identifier}]`))) {
      throw new CommandError(
        'FailedToParse',
        `The array filter for identifier '${identifier}' was not used in the update ${formatValue(update)}`,
      );
    }
  }
  const next = cloneValue(doc);
  const run: Run = { doc: next, context, filters, changed: false, now: new Date() };
  operations.sort((a, b) => comparePaths(a.parts, b.parts));
  for (const operation of operations) {
    if (operation.operator === '$rename') rename(run, operation);
    else applyAt(run, operation, next, '', 0);
  }
  if (!context.inserting && (!('_id' in next) || !binaryEqual(next._id, doc._id))) throw immutableIdError(next._id);
  // An upsert that set _id keeps it first.
  if (context.inserting && '_id' in next && Object.keys(next)[0] !== '_id') {
    return { doc: idFirst(next, next._id), changed: true };
  }
  return { doc: next, changed: run.changed };
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
    if ('_id' in replacement && !context.inserting && !binaryEqual(replacement._id, doc._id)) {
      throw new CommandError(
        'ImmutableField',
        `After applying the update, the (immutable) field '_id' was found to have been altered to _id: ${formatValue(replacement._id)}`,
      );
    }
    next = idFirst(replacement, '_id' in replacement ? replacement._id : doc._id);
  } else {
    let result: Document;
    if (isTypedPipeline(update as Document[])) {
      // Values keep their types and computed numbers get mongod's (bsonquery.ts runPipeline).
      const [output] = runPipeline(update as Document[], [doc]);
      if (!output) throw new CommandError('BadValue', 'update pipeline removed the document');
      result = restoreTypes(output, doc, false) as Document;
    } else {
      refuseInexactArithmetic(update as Document[], [doc]);
      const [output] = new Aggregator(queryForm(update as Document[]), {}).run([plainNumbers(cloneValue(doc))]);
      if (!output) throw new CommandError('BadValue', 'update pipeline removed the document');
      result = restoreTypes(output, doc) as Document;
    }
    // A pipeline whose output has no _id (e.g. $replaceRoot) keeps the document's, as on mongod.
    if (!context.inserting && result._id !== undefined && !binaryEqual(result._id, doc._id)) {
      throw immutableIdError(result._id);
    }
    next = idFirst(result, result._id ?? doc._id);
  }
  if (next._id === undefined) delete next._id;
  return { doc: next, changed: !binaryEqual(next, doc) };
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
    if (condition instanceof RegExp || (condition as { _bsontype?: string } | null)?._bsontype === 'BSONRegExp') {
      continue;
    }
    into[field] = condition;
  }
  return into;
}

/** Sets a dotted path in a document being built, creating embedded documents on the way. */
function seedPath(doc: Document, path: string, value: unknown): void {
  const parts = path.split('.');
  let target: Document = doc;
  for (const part of parts.slice(0, -1)) {
    if (!isPlainObject(target[part])) target[part] = {};
    target = target[part];
  }
  target[parts[parts.length - 1]] = cloneValue(value);
}

/** The document an upsert inserts when nothing matched. */
export function buildUpsertDocument(
  query: Document,
  update: Document | Document[],
  arrayFilters?: Document[],
): Document {
  const kind = updateKind(update);
  const { _id: queryId, ...seedFields } = equalityFields(query);
  const seed: Document = queryId === undefined ? {} : { _id: cloneValue(queryId) };
  // A replacement document stands alone; operators and pipelines start from the query's equality fields,
  // which mongod adds in order of their paths (a std::map), _id staying first.
  if (kind !== 'replacement') {
    for (const path of Object.keys(seedFields).sort(compareStrings)) seedPath(seed, path, seedFields[path]);
  }
  const { doc } = applyUpdate(seed, update, { query, arrayFilters, inserting: true });
  return doc._id === undefined ? idFirst(doc, new ObjectId()) : doc;
}
