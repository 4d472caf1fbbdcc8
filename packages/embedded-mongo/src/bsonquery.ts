/**
 * mingo's query language over documents whose values keep their BSON types (bsonbytes.ts decodeDocument).
 * mingo compares plain JavaScript values: a Double(2), a Long or a Decimal128 is an opaque object to it, and
 * 5 === 5.0 is all it knows of numbers. The comparison operators here replace mingo's ($eq, $ne, $gt, $gte,
 * $lt, $lte, $in, $nin, $all, $type, $mod, $size) and compare as mongod does: numbers by exact value across
 * Int32, Int64, Double and Decimal128, other values by BSON type order. mingo keeps the rest of the language
 * ($and, $or, $not, $elemMatch, $exists, $regex, $expr...), and runs with these operators wherever a filter is
 * checked (matcher.ts, projections, $pull, arrayFilters).
 */
import { Aggregator as AggregatorBase } from 'mingo/aggregator';
import { Context } from 'mingo/core';
import { Query as QueryBase } from 'mingo/query';
import * as accumulatorOperators from 'mingo/operators/accumulator';
import * as expressionOperators from 'mingo/operators/expression';
import * as pipelineOperators from 'mingo/operators/pipeline';
import * as projectionOperators from 'mingo/operators/projection';
import * as queryOperators from 'mingo/operators/query';
import * as windowOperators from 'mingo/operators/window';
import type { Options } from 'mingo/types';
import type { BSONRegExp, Document, Long } from 'bson';
import { typedContext } from './arithmetic';
import { BSONUndefined } from './bsonbytes';
import {
  bsonEquals,
  bsonTypeCode,
  bsonTypeOf,
  canonicalRank,
  compareBson,
  isNaNValue,
  type StringOrder,
} from './bsonorder';
import { CommandError } from './errors';
import { numberKind, toDouble } from './numbers';
import { cloneValue, isPlainObject, keyOf, MISSING } from './values';

const { isArray } = Array;
const RegExpClass = RegExp;

export { bsonEquals, bsonTypeCode, canonicalRank, compareBson, compareStrings } from './bsonorder';

/* ------------------------------------------------------------------ the values a path reaches */

/**
 * The values a path reaches for a comparison, as mongod's match expressions see them: arrays along the way
 * are looked into (each embedded document, or one element by index), and a final array counts as itself and
 * as each of its elements. MISSING where the path leads nowhere.
 */
export function candidates(doc: unknown, parts: string[]): unknown[] {
  if (parts.length === 1 && isPlainObject(doc)) {
    // The usual case, a top-level field.
    const value = Object.prototype.hasOwnProperty.call(doc, parts[0]) ? doc[parts[0]] : MISSING;
    return isArray(value) ? [value, ...value] : [value];
  }
  const out: unknown[] = [];
  const walk = (value: unknown, i: number): void => {
    if (i === parts.length) {
      out.push(value);
      if (isArray(value)) for (const element of value) out.push(element);
      return;
    }
    const part = parts[i];
    if (isArray(value)) {
      if (/^\d+$/.test(part)) {
        const index = Number(part);
        walk(index < value.length ? value[index] : MISSING, index < value.length ? i + 1 : parts.length);
      } else for (const element of value) if (isPlainObject(element)) walk(element, i);
      return;
    }
    if (isPlainObject(value) && Object.prototype.hasOwnProperty.call(value, part)) walk(value[part], i + 1);
    else out.push(MISSING);
  };
  walk(doc, 0);
  return out;
}

/* ------------------------------------------------------------------ the operators */

function matchesRegex(value: unknown, regex: RegExp): boolean {
  if (typeof value === 'string') {
    regex.lastIndex = 0;
    return regex.test(value);
  }
  // A BSONSymbol matches as a string does.
  if (bsonTypeOf(value) === 'BSONSymbol') return matchesRegex(String((value as { value: string }).value), regex);
  return false;
}

/**
 * Whether an equality to null also matches BSON's Undefined, as before MongoDB 8.0 (version.ts). Set by the
 * dispatcher for each command: commands run synchronously, one at a time, and filters are evaluated within them.
 */
let nullMatchesUndefined = false;

export function setNullMatchesUndefined(matches: boolean): void {
  nullMatchesUndefined = matches;
}

/** What an equality to null matches: null, a missing field and (MongoDB before 8.0) BSON's Undefined. */
function isNullish(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    value === MISSING ||
    (nullMatchesUndefined && value instanceof BSONUndefined)
  );
}

type FieldTest = (values: unknown[], operand: unknown) => boolean;

const eq: FieldTest = (values, operand) => {
  if (operand === null || operand === undefined) return values.some(isNullish);
  for (const value of values) if (value !== MISSING && bsonEquals(value, operand)) return true;
  return false;
};

function inList(values: unknown[], operand: unknown): boolean {
  if (!isArray(operand)) throw new CommandError('BadValue', '$in needs an array');
  for (const element of operand) {
    if (element instanceof RegExpClass) {
      if (values.some((value) => matchesRegex(value, element))) return true;
    } else if (eq(values, element)) return true;
  }
  return false;
}

function range(accept: (comparison: number) => boolean, inclusive: boolean): FieldTest {
  return (values, operand) => {
    if (operand === null || operand === undefined) return inclusive && values.some(isNullish);
    const rank = canonicalRank(operand);
    const anyType = rank === 0 || rank === 15;
    const operandNaN = rank === 2 && isNaNValue(operand);
    for (const value of values) {
      // mongod: against MinKey or MaxKey, a value of any other type (or none) satisfies every range operator.
      if (anyType && canonicalRank(value) !== rank) return true;
      if (value === MISSING || canonicalRank(value) !== rank) continue;
      if (rank === 2 && (operandNaN || isNaNValue(value))) {
        // NaN equals NaN and is neither above nor below anything.
        if (inclusive && operandNaN && isNaNValue(value)) return true;
        continue;
      }
      if (accept(compareBson(value, operand))) return true;
    }
    return false;
  };
}

const TYPE_ALIASES: Record<string, number[]> = {
  double: [1],
  string: [2],
  object: [3],
  array: [4],
  binData: [5],
  undefined: [6],
  objectId: [7],
  bool: [8],
  date: [9],
  null: [10],
  regex: [11],
  dbPointer: [12],
  javascript: [13],
  symbol: [14],
  javascriptWithScope: [15],
  int: [16],
  timestamp: [17],
  long: [18],
  decimal: [19],
  minKey: [-1],
  maxKey: [127],
  number: [1, 16, 18, 19],
};
const TYPE_CODES = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, -1, 127]);

/** The type codes a $type operand names (an alias, a code of any numeric type, or an array of them). */
function typeCodes(operand: unknown): Set<number> {
  const codes = new Set<number>();
  const add = (spec: unknown) => {
    if (typeof spec === 'string') {
      const alias = TYPE_ALIASES[spec];
      if (!alias) throw new CommandError('BadValue', `Unknown type name alias: ${spec}`);
      alias.forEach((code) => codes.add(code));
      return;
    }
    if (numberKind(spec) === undefined) {
      throw new CommandError('TypeMismatch', `type must be represented as a number or a string`);
    }
    const code = toDouble(spec);
    if (!Number.isInteger(code)) throw new CommandError('BadValue', `Invalid numerical type code: ${code}`);
    if (!TYPE_CODES.has(code)) throw new CommandError('BadValue', `Invalid numerical type code: ${code}`);
    codes.add(code);
  };
  if (isArray(operand)) operand.forEach(add);
  else add(operand);
  return codes;
}

/** A whole number from a numeric operand (for $size and $mod). */
function wholeNumber(value: unknown): bigint | undefined {
  const kind = numberKind(value);
  if (kind === 'long') return (value as Long).toBigInt();
  if (kind === undefined) return undefined;
  const number = toDouble(value);
  if (!Number.isFinite(number)) return undefined;
  return BigInt(Math.trunc(number));
}

/** A field operator built the way mingo's are: (selector, operand, options) => predicate of a document. */
function fieldOperator(test: FieldTest, prepare?: (operand: unknown) => unknown) {
  return (selector: string, operand: unknown) => {
    const value = prepare ? prepare(operand) : operand;
    const parts = selector.split('.');
    return (doc: unknown): boolean => test(candidates(doc, parts), value);
  };
}

/** $all: every element present (equal, matched by a regex, or an $elemMatch that some element satisfies). */
function allOperator(selector: string, operand: unknown, options: Options) {
  if (!isArray(operand)) throw new CommandError('BadValue', '$all needs an array');
  const parts = selector.split('.');
  const tests = operand.map((element): ((doc: unknown) => boolean) => {
    if (isPlainObject(element) && Object.keys(element)[0] === '$elemMatch') {
      const query = new QueryBase({ [selector]: element }, options as never);
      return (doc) => query.test(doc as Document);
    }
    if (element instanceof RegExpClass) return (doc) => candidates(doc, parts).some((v) => matchesRegex(v, element));
    return (doc) => eq(candidates(doc, parts), element);
  });
  return (doc: unknown): boolean => tests.length > 0 && tests.every((test) => test(doc));
}

const bsonQueryOperators = {
  $eq: fieldOperator(eq),
  $ne: fieldOperator((values, operand) => !eq(values, operand)),
  $gt: fieldOperator(range((c) => c > 0, false)),
  $gte: fieldOperator(range((c) => c >= 0, true)),
  $lt: fieldOperator(range((c) => c < 0, false)),
  $lte: fieldOperator(range((c) => c <= 0, true)),
  $in: fieldOperator(inList),
  $nin: fieldOperator((values, operand) => !inList(values, operand)),
  $type: fieldOperator(
    (values, codes) => values.some((value) => (codes as Set<number>).has(bsonTypeCode(value) ?? NaN)),
    typeCodes,
  ),
  $size: fieldOperator(
    (values, size) => {
      const [value] = values;
      // Only the field itself counts, not its elements.
      return isArray(value) && BigInt(value.length) === size;
    },
    (operand) => {
      const kind = numberKind(operand);
      if (kind === undefined) throw new CommandError('BadValue', '$size needs a number');
      const number = toDouble(operand);
      if (!Number.isInteger(number)) throw new CommandError('BadValue', `$size must be a whole number`);
      if (number < 0) throw new CommandError('BadValue', `$size may not be negative`);
      return BigInt(number);
    },
  ),
  $mod: fieldOperator(
    (values, operand) => {
      const [divisor, remainder] = operand as [bigint, bigint];
      return values.some((value) => {
        if (value === MISSING || numberKind(value) === undefined || isArray(value)) return false;
        const whole = wholeNumber(value);
        return whole !== undefined && whole % divisor === remainder;
      });
    },
    (operand) => {
      if (!isArray(operand)) throw new CommandError('BadValue', 'malformed mod, needs to be an array');
      if (operand.length < 2) throw new CommandError('BadValue', 'malformed mod, not enough elements');
      if (operand.length > 2) throw new CommandError('BadValue', 'malformed mod, too many elements');
      const divisor = wholeNumber(operand[0]);
      const remainder = wholeNumber(operand[1]);
      if (numberKind(operand[0]) === undefined)
        throw new CommandError('BadValue', 'malformed mod, divisor not a number');
      if (numberKind(operand[1]) === undefined) {
        throw new CommandError('BadValue', 'malformed mod, remainder not a number');
      }
      if (divisor === undefined || remainder === undefined) {
        throw new CommandError('BadValue', 'malformed mod, divisor and remainder must be finite numbers');
      }
      if (divisor === 0n) throw new CommandError('BadValue', 'divisor cannot be 0');
      return [divisor, remainder];
    },
  ),
  $all: allOperator,
};

/** mingo's operators, with the comparisons above in place of its own. */
export const BSON_CONTEXT = Context.init({
  accumulator: accumulatorOperators,
  expression: expressionOperators,
  pipeline: pipelineOperators,
  projection: projectionOperators,
  query: { ...queryOperators, ...bsonQueryOperators } as never,
  window: windowOperators,
} as never);

/* ------------------------------------------------------------------ filters */

/** JavaScript flags for a BSON regex's options (x: the pattern loses its whitespace and comments). */
export function toRegExp(regex: BSONRegExp): RegExp {
  let pattern = regex.pattern;
  let flags = '';
  for (const option of regex.options) {
    if (option === 'i' || option === 'm' || option === 's' || option === 'u') {
      if (!flags.includes(option)) flags += option;
    } else if (option === 'x') pattern = extendedPattern(pattern);
  }
  try {
    return new RegExpClass(pattern, flags);
  } catch (error) {
    throw new CommandError('BadValue', `Regular expression is invalid: ${(error as Error).message}`);
  }
}

/** PCRE's extended mode: unescaped whitespace outside a class, and # comments, are not part of the pattern. */
function extendedPattern(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      out += c + (pattern[i + 1] ?? '');
      i += 1;
    } else if (inClass) {
      if (c === ']') inClass = false;
      out += c;
    } else if (c === '[') {
      inClass = true;
      out += c;
    } else if (c === '#') {
      while (i < pattern.length && pattern[i] !== '\n') i += 1;
    } else if (!/\s/.test(c)) out += c;
  }
  return out;
}

/** A filter (or any query-language document) with its BSON regexes as RegExp, as mingo's $regex needs them. */
export function queryForm<T>(value: T): T {
  if (bsonTypeOf(value) === 'BSONRegExp') return toRegExp(value as unknown as BSONRegExp) as T;
  if (isArray(value)) return value.map(queryForm) as T;
  if (isPlainObject(value)) {
    const out: Document = {};
    for (const key of Object.keys(value)) out[key] = queryForm(value[key]);
    return out as T;
  }
  return value;
}

/** Whether a filter evaluates expressions ($expr, $where...), whose arithmetic wants plain numbers. */
export function usesExpressions(filter: unknown): boolean {
  if (isArray(filter)) return filter.some(usesExpressions);
  if (!isPlainObject(filter)) return false;
  for (const key of Object.keys(filter)) {
    if (key === '$expr' || key === '$where' || key === '$function') return true;
    if (usesExpressions(filter[key])) return true;
  }
  return false;
}

/**
 * A mingo Query of a filter with these operators (and any the options' context adds, e.g. a collation's).
 * The filter is taken as a client sent it: its BSON regexes become RegExps here.
 */
export function bsonQuery(filter: Document, options: Partial<Options> = {}, typed = false): QueryBase {
  let context: Context;
  if (typed) {
    // $expr computes with arithmetic.ts's operators, on the values in their types (see isTypedExpression).
    context = options.context ? Context.from(typedContext(), BSON_CONTEXT, options.context) : typedBsonContext();
  } else context = options.context ? Context.from(BSON_CONTEXT, options.context) : BSON_CONTEXT;
  return new QueryBase(queryForm(filter), { ...options, context } as never);
}

/**
 * A document's values with every number as a plain JavaScript number where that is exact (Double(2) as 2, a
 * Long within ±2^53), for mingo's expressions and accumulators, which compute on plain numbers.
 */
export function plainNumbers<T>(value: T): T {
  if (isArray(value)) return value.map(plainNumbers) as T;
  if (isPlainObject(value)) {
    const out: Document = {};
    for (const key of Object.keys(value)) out[key] = plainNumbers(value[key]);
    return out as T;
  }
  const kind = numberKind(value);
  if (kind === 'int' || kind === 'double') return (typeof value === 'number' ? value : toDouble(value)) as T;
  if (kind === 'long') {
    const big = (value as unknown as Long).toBigInt();
    const number = Number(big);
    return (BigInt(number) === big && Math.abs(number) <= 2 ** 53 ? number : value) as T;
  }
  return value;
}

/* ------------------------------------------------------------------ pipelines */

/** Stages after which each output document is an input document reshaped, with the same _id. */
const RESHAPING_STAGES = new Set([
  '$match',
  '$sort',
  '$skip',
  '$limit',
  '$project',
  '$addFields',
  '$set',
  '$unset',
  '$lookup',
  '$unwind',
  '$sample',
]);

/**
 * Runs an aggregation pipeline through mingo on documents in decoded form (values in their BSON types).
 *
 * A typed pipeline (isTypedPipeline: every stage and operator one of TYPED_OPERATORS) runs on the documents as
 * they are, with arithmetic.ts's operators in place of mingo's: every value keeps its type, and what the
 * pipeline computes is typed as mongod types it. Any other pipeline (one with $lookup, $bucket, string
 * operators, ...), which computes no numbers, runs as before: mingo's expressions get the documents with
 * plain numbers (plainNumbers: exact for Int32, Double and Longs within ±2^53; Decimal128 and larger Longs stay
 * wrapped), and when every stage only reshapes documents ($match, $sort, $project, $addFields, $unwind...),
 * each output document gets back the types its input document had, field by field, wherever the value is
 * still the same number (restoreTypes). `order` is the collation's string order, for a typed $sort.
 */
export function runPipeline(
  pipeline: Document[],
  docs: Document[],
  options: Partial<Options> = {},
  order?: StringOrder,
): Document[] {
  const reshaping = pipeline.every((stage) => RESHAPING_STAGES.has(Object.keys(stage)[0]));
  if (isTypedPipeline(pipeline)) {
    const context =
      order || options.context
        ? Context.from(typedContext(order), BSON_CONTEXT, ...(options.context ? [options.context] : []))
        : typedBsonContext();
    const results = new AggregatorBase(queryForm(pipeline.map(plainStageArguments)), {
      ...options,
      context,
    } as never).run(docs.map(cloneValue)) as Document[];
    // Values are typed already; only the fields' order is mongod's rather than mingo's.
    return reshaping ? restoreFrom(results, docs, false) : results;
  }
  refuseInexactArithmetic(pipeline, docs);
  refuseWrappedNumbers(pipeline, docs);
  const resolver = options.collectionResolver;
  const context = options.context ? Context.from(BSON_CONTEXT, options.context) : BSON_CONTEXT;
  const results = new AggregatorBase(queryForm(pipeline.map(plainStageArguments)), {
    ...options,
    context,
    ...(resolver
      ? {
          collectionResolver: (name: string) => {
            const foreign = resolver(name);
            refuseWrappedNumbers(pipeline, foreign);
            return foreign.map(plainNumbers);
          },
        }
      : {}),
  } as never).run(docs.map(plainNumbers)) as Document[];
  return reshaping ? restoreFrom(results, docs, true) : results;
}

let typedBson: Context | undefined;

/**
 * arithmetic.ts's operators over this file's and mingo's (Context.from keeps the first context's operator of a
 * name), made once: a find projection runs a pipeline per command.
 */
function typedBsonContext(): Context {
  typedBson ??= Context.from(typedContext(), BSON_CONTEXT);
  return typedBson;
}

/** Each output document with its input document's field order (and types, when `types`), matched by _id. */
function restoreFrom(results: Document[], docs: Document[], types: boolean): Document[] {
  const byId = new Map<string, Document>();
  for (const doc of docs) if ('_id' in doc) byId.set(keyOf(doc._id), doc);
  return results.map((result) => {
    const source = '_id' in result ? byId.get(keyOf(result._id)) : docs.length === 1 ? docs[0] : undefined;
    return source ? (restoreTypes(result, source, types) as Document) : result;
  });
}

/**
 * The stages, expression operators, accumulators and query operators a typed pipeline may use: those of
 * arithmetic.ts, mingo's that only pass values through (whose result is a value of the input, a string, a
 * boolean or an Int32 count), and the query operators of this file.
 */
const TYPED_OPERATORS = new Set([
  // stages
  '$match',
  '$project',
  '$addFields',
  '$set',
  '$unset',
  '$replaceRoot',
  '$replaceWith',
  '$sort',
  '$group',
  '$skip',
  '$limit',
  '$count',
  '$unwind',
  '$facet',
  '$sample',
  // arithmetic.ts
  '$add',
  '$subtract',
  '$multiply',
  '$divide',
  '$mod',
  '$abs',
  '$ceil',
  '$floor',
  '$round',
  '$trunc',
  '$sqrt',
  '$exp',
  '$ln',
  '$log',
  '$log10',
  '$pow',
  '$toInt',
  '$toLong',
  '$toDouble',
  '$toDecimal',
  '$toString',
  '$convert',
  '$sum',
  '$avg',
  '$min',
  '$max',
  '$addToSet',
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$cmp',
  '$in',
  '$cond',
  '$switch',
  '$and',
  '$or',
  '$not',
  '$type',
  '$isNumber',
  '$arrayElemAt',
  // mingo's, passing values through
  '$literal',
  '$ifNull',
  '$let',
  '$map',
  '$reduce',
  '$mergeObjects',
  '$concatArrays',
  '$objectToArray',
  '$arrayToObject',
  '$isArray',
  '$size',
  '$first',
  '$last',
  '$push',
  '$reverseArray',
  '$getField',
  '$concat',
  '$toLower',
  '$toUpper',
  '$trim',
  '$ltrim',
  '$rtrim',
  '$split',
  '$strLenCP',
  '$strLenBytes',
  '$strcasecmp',
  '$regexMatch',
  '$dateToString',
  '$year',
  '$month',
  '$dayOfMonth',
  '$dayOfWeek',
  '$dayOfYear',
  '$hour',
  '$minute',
  '$second',
  '$millisecond',
  '$week',
  '$isoWeek',
  '$isoWeekYear',
  '$isoDayOfWeek',
  // query operators (in $match)
  '$nin',
  '$all',
  '$exists',
  '$regex',
  '$options',
  '$elemMatch',
  '$nor',
  '$expr',
]);

/** Operators whose numeric result mingo would type by its value: a pipeline with one must be typed. */
const COMPUTING_OPERATORS = new Set([
  '$add',
  '$subtract',
  '$multiply',
  '$divide',
  '$mod',
  '$abs',
  '$ceil',
  '$floor',
  '$round',
  '$trunc',
  '$sqrt',
  '$exp',
  '$ln',
  '$log',
  '$log10',
  '$pow',
  '$toInt',
  '$toLong',
  '$toDouble',
  '$toDecimal',
  '$convert',
  '$sum',
  '$avg',
  '$min',
  '$max',
  '$minN',
  '$maxN',
  '$stdDevPop',
  '$stdDevSamp',
  '$median',
  '$percentile',
  '$dateDiff',
  '$toHashedIndexKey',
  '$bsonSize',
  '$binarySize',
  '$rand',
  '$sigmoid',
  '$bitAnd',
  '$bitOr',
  '$bitXor',
  '$bitNot',
  '$sin',
  '$cos',
  '$tan',
  '$asin',
  '$acos',
  '$atan',
  '$atan2',
  '$sinh',
  '$cosh',
  '$tanh',
  '$asinh',
  '$acosh',
  '$atanh',
  '$degreesToRadians',
  '$radiansToDegrees',
]);

/** The $-prefixed names (stages, operators) a pipeline uses, $literal's contents left out. */
function operatorNames(value: unknown, into: Set<string>): Set<string> {
  if (isArray(value)) for (const element of value) operatorNames(element, into);
  else if (isPlainObject(value)) {
    for (const [key, element] of Object.entries(value)) {
      if (key.startsWith('$')) into.add(key);
      if (key !== '$literal') operatorNames(element, into);
    }
  }
  return into;
}

/** A collation's operators (collation.ts) compare by compareValues, which knows every numeric type. */
const COLLATION_OPERATOR_PREFIX = '$_embeddedCollation_';

/**
 * Whether a filter's expressions ($expr) use only operators a typed pipeline runs: then they compute on the
 * values in their types, as a typed pipeline does; otherwise mingo computes them on plain numbers.
 */
export function isTypedExpression(filter: unknown): boolean {
  for (const name of operatorNames(filter, new Set())) {
    if (!TYPED_OPERATORS.has(name) && !name.startsWith(COLLATION_OPERATOR_PREFIX)) return false;
  }
  return true;
}

/**
 * Whether a pipeline runs typed (see runPipeline). A pipeline that computes numbers ($add, $sum, $toLong,
 * $stdDevPop, ...) but uses an operator this server only runs on plain numbers answers CommandNotSupported:
 * mingo would type its results by their values (Double 5.0 as an Int32, a Long as an Int32).
 */
export function isTypedPipeline(pipeline: Document[]): boolean {
  const names = operatorNames(pipeline, new Set());
  const untyped = [...names].filter(
    (name) => !TYPED_OPERATORS.has(name) && !name.startsWith(COLLATION_OPERATOR_PREFIX),
  );
  if (untyped.length === 0) return true;
  const computing = [...names].find((name) => COMPUTING_OPERATORS.has(name) && !TYPED_OPERATORS.has(name));
  const computed = computing ?? [...names].find((name) => COMPUTING_OPERATORS.has(name));
  if (computed !== undefined) {
    const culprit = computing ?? untyped[0];
    throw new CommandError(
      'CommandNotSupported',
      `${culprit} in a pipeline that computes numbers (${computed}) is not supported by the embedded MongoDB server: it would not keep mongod's number types`,
    );
  }
  return false;
}

/** Expression operators and accumulators whose result mingo would get wrong from a Decimal128 or a large Long. */
const NUMERIC_OPERATORS = new Set([
  '$add',
  '$subtract',
  '$multiply',
  '$divide',
  '$mod',
  '$abs',
  '$ceil',
  '$floor',
  '$round',
  '$trunc',
  '$pow',
  '$sqrt',
  '$exp',
  '$ln',
  '$log',
  '$log10',
  '$sum',
  '$avg',
  '$min',
  '$max',
  '$minN',
  '$maxN',
  '$stdDevPop',
  '$stdDevSamp',
  '$median',
  '$percentile',
  '$cmp',
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$toDouble',
  '$toInt',
  '$toLong',
  '$toDecimal',
  '$convert',
  '$range',
  '$sortArray',
]);

/** The field paths ($a.b) that numeric operators, $sort and $group keys of a pipeline compute with. */
function numericPaths(pipeline: Document[]): Set<string> {
  const paths = new Set<string>();
  const collect = (expression: unknown, numeric: boolean): void => {
    if (typeof expression === 'string') {
      if (numeric && expression.startsWith('$') && !expression.startsWith('$$')) paths.add(expression.slice(1));
    } else if (isArray(expression)) {
      for (const element of expression) collect(element, numeric);
    } else if (isPlainObject(expression)) {
      for (const [key, value] of Object.entries(expression)) collect(value, numeric || NUMERIC_OPERATORS.has(key));
    }
  };
  for (const stage of pipeline) {
    const [name] = Object.keys(stage);
    const body = stage[name];
    if (name === '$sort' && isPlainObject(body)) Object.keys(body).forEach((path) => paths.add(path));
    else if (name === '$group' && isPlainObject(body)) {
      collect(body._id, true);
      collect(body, false);
    } else if (name === '$bucket' || name === '$bucketAuto' || name === '$setWindowFields') collect(body, true);
    else if (name !== '$match') collect(body, false);
    else if (isPlainObject(body) && '$expr' in body) collect(body.$expr, false);
  }
  return paths;
}

/** Whether mingo's plain-number arithmetic cannot hold this value exactly. */
function isInexact(value: unknown): boolean {
  const kind = numberKind(value);
  if (kind === 'decimal') return true;
  if (kind !== 'long') return false;
  const big = (value as Long).toBigInt();
  return big > 2n ** 53n || big < -(2n ** 53n);
}

/**
 * Refuses (CommandNotSupported) a pipeline that would compute with a Decimal128, or a Long beyond ±2^53, of the
 * input: mingo's arithmetic, accumulators, comparisons and sorts would answer wrong there.
 */
export function refuseInexactArithmetic(pipeline: Document[], docs: Document[]): void {
  const paths = [...numericPaths(pipeline)].map((path) => path.split('.'));
  if (paths.length === 0) return;
  for (const doc of docs) {
    for (const parts of paths) {
      if (candidates(doc, parts).some(isInexact)) {
        throw new CommandError(
          'CommandNotSupported',
          `computing on '${parts.join('.')}', which holds a Decimal128 or a 64-bit integer beyond 2^53, is not supported by the embedded MongoDB server's aggregation`,
        );
      }
    }
  }
}

/**
 * Whether a value holds a number that mingo's plain numbers would retype: an Int64, a Decimal128, or a Double that
 * is an integer (all three kept wrapped by decodeDocument; Int32 and other doubles are plain numbers already).
 */
function holdsWrappedNumber(value: unknown): boolean {
  if (isArray(value)) return value.some(holdsWrappedNumber);
  if (isPlainObject(value)) return Object.values(value).some(holdsWrappedNumber);
  return typeof value === 'object' && value !== null && numberKind(value) !== undefined && numberKind(value) !== 'int';
}

/**
 * Refuses (CommandNotSupported) a pipeline that only mingo runs (isTypedPipeline is false: $lookup, $bucket, ...)
 * when its documents, or the foreign documents it looks up, hold an Int64, a Decimal128 or an integral Double: mingo
 * gets them as plain numbers, and a value it copies under another name or into another document would come back
 * an Int32 or a Double, not as stored. restoreTypes gives same-path values their types back, but not those.
 */
function refuseWrappedNumbers(pipeline: Document[], docs: Document[]): void {
  if (!docs.some(holdsWrappedNumber)) return;
  const names = [...operatorNames(pipeline, new Set())];
  const culprit = names.find((name) => !TYPED_OPERATORS.has(name) && !name.startsWith(COLLATION_OPERATOR_PREFIX));
  throw new CommandError(
    'CommandNotSupported',
    `${culprit ?? 'this pipeline'} over documents holding an Int64, a Decimal128 or an integral Double is not supported by the embedded MongoDB server: it would not keep their types`,
  );
}

/** Stages whose arguments mingo reads as plain numbers ($limit: Long 5, $sort: { a: Double -1.0 }). */
const NUMERIC_ARGUMENT_STAGES = new Set(['$skip', '$limit', '$sample', '$sort']);

function plainStageArguments(stage: Document): Document {
  const [name] = Object.keys(stage);
  return NUMERIC_ARGUMENT_STAGES.has(name) ? { [name]: plainNumbers(stage[name]) } : stage;
}

/**
 * `output` with the values it has in common with `input` (same place, equal number) typed as in `input` (unless
 * `types` is false); an array's element that $unwind took out is found among the array's elements. The fields
 * `input` has come in its order, as mongod's $project and $addFields keep it (mingo puts included fields in the
 * projection's).
 */
export function restoreTypes(output: unknown, input: unknown, types = true): unknown {
  if (isPlainObject(output) && isPlainObject(input)) {
    const ordered: Document = {};
    for (const key of Object.keys(input)) {
      if (Object.prototype.hasOwnProperty.call(output, key)) {
        ordered[key] = restoreTypes(output[key], input[key], types);
      }
    }
    for (const key of Object.keys(output)) if (!(key in ordered)) ordered[key] = output[key];
    return ordered;
  }
  if (isArray(output) && isArray(input)) {
    for (let i = 0; i < output.length && i < input.length; i++) output[i] = restoreTypes(output[i], input[i], types);
    return output;
  }
  if (!types) {
    if (isPlainObject(output) && isArray(input)) {
      const element = input.find((candidate) => isPlainObject(candidate) && keyOf(candidate) === keyOf(output));
      return element === undefined ? output : restoreTypes(output, element, false);
    }
    return output;
  }
  if (numberKind(output) !== undefined) {
    if (numberKind(input) !== undefined) return bsonEquals(output, input) ? input : output;
    if (isArray(input)) {
      const element = input.find((candidate) => numberKind(candidate) !== undefined && bsonEquals(candidate, output));
      return element ?? output;
    }
    return output;
  }
  if (isPlainObject(output) && isArray(input)) {
    // An unwound document: restore from the element with the same fields.
    const element = input.find((candidate) => isPlainObject(candidate) && keyOf(candidate) === keyOf(output));
    return element === undefined ? output : restoreTypes(output, element);
  }
  return output;
}
