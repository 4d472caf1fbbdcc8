/**
 * Collations: string comparison by a locale's rules (ICU, through Intl.Collator), as a command's `collation`
 * asks. mingo applies a collation only to $sort, so a filter under a collation is rewritten: every comparison
 * whose operand holds a string ($eq, $ne, $gt, $gte, $lt, $lte, $in, $nin, $all, equality, and the comparison
 * expressions in $expr and in pipeline stages) becomes an operator of this file that compares by the collator.
 * Without a collation (or with the simple one) nothing here runs: the byte-level fast paths stay as they are.
 */
import { Context, evalExpr } from 'mingo/core';
import type { CollationSpec, Options } from 'mingo/types';
import type { Document } from 'bson';
import { compareValues, typeRank, type StringOrder } from './compare';
import { CommandError } from './errors';
import { isPlainObject, keyOf, MISSING } from './values';

/** A collation a command asked for, other than the simple (binary) one. */
export interface Collation {
  /** The string order (0 = equal under the collation). */
  readonly order: StringOrder;
  /** The collation in mingo's terms (for its $sort), locale as a BCP 47 tag. */
  readonly mingoSpec: CollationSpec;
  /** mingo's operators plus those of this file. */
  readonly context: Context;
  /** Options for a mingo Query or Aggregator under this collation. */
  readonly mingoOptions: Partial<Options>;
}

const COLLATION_FIELDS = new Set([
  'locale',
  'caseLevel',
  'caseFirst',
  'strength',
  'numericOrdering',
  'alternate',
  'maxVariable',
  'normalization',
  'backwards',
  'version',
]);

/** MongoDB's `@collation=` keywords as Unicode extension values. */
const COLLATION_KEYWORDS: Record<string, string> = {
  phonebook: 'phonebk',
  traditional: 'trad',
  dictionary: 'dict',
  gb2312han: 'gb2312',
  big5han: 'big5han',
  pinyin: 'pinyin',
  stroke: 'stroke',
  unihan: 'unihan',
  zhuyin: 'zhuyin',
  search: 'search',
  standard: 'standard',
  compat: 'compat',
  emoji: 'emoji',
  eor: 'eor',
};

function formatSpec(spec: Document): string {
  const fields = Object.entries(spec).map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  return `{ ${fields.join(', ')} }`;
}

function invalid(field: string, spec: Document): CommandError {
  return new CommandError('BadValue', `Field '${field}' is invalid in: ${formatSpec(spec)}`);
}

/** An ICU locale id as MongoDB takes it (en_US, de@collation=phonebook) as a BCP 47 tag, if it is valid. */
function localeTag(locale: string): string | undefined {
  const [base, keywords] = locale.split('@');
  let tag = base.replace(/_/g, '-');
  if (keywords !== undefined) {
    const match = /^collation=([a-z0-9]+)$/.exec(keywords);
    const value = match && COLLATION_KEYWORDS[match[1]];
    if (!value) return undefined;
    tag += `-u-co-${value}`;
  }
  try {
    // ICU falls back to a parent for locales it has no data for (en_XX -> en); MongoDB refuses those.
    const resolved = new Intl.Collator(tag).resolvedOptions().locale;
    return resolved.toLowerCase() === tag.toLowerCase() ? resolved : undefined;
  } catch {
    return undefined;
  }
}

const cache = new Map<string, Collation>();

/**
 * The collation a command's `collation` field asks for; undefined when it asks for none (absent or empty) or
 * for the simple one. Throws MongoDB's errors for an invalid one, and CommandNotSupported for options ICU
 * has but Intl.Collator does not (backwards, maxVariable 'space').
 */
export function parseCollation(spec: unknown): Collation | undefined {
  if (spec === undefined || spec === null) return undefined;
  if (!isPlainObject(spec)) {
    throw new CommandError('TypeMismatch', "BSON field 'collation' is the wrong type, expected type 'object'");
  }
  if (Object.keys(spec).length === 0) return undefined;
  const key = keyOf(spec);
  const known = cache.get(key);
  if (known) return known;
  for (const field of Object.keys(spec)) {
    if (!COLLATION_FIELDS.has(field)) {
      throw new CommandError('Location40415', `BSON field 'collation.${field}' is an unknown field.`);
    }
  }
  const { locale } = spec;
  if (locale === undefined) {
    throw new CommandError('Location40414', "BSON field 'collation.locale' is missing but a required field");
  }
  if (typeof locale !== 'string') {
    throw new CommandError('TypeMismatch', "BSON field 'collation.locale' is the wrong type, expected type 'string'");
  }
  if (locale === 'simple') {
    if (Object.keys(spec).length > 1) {
      throw new CommandError(
        'BadValue',
        `If "locale" is "simple", then no other fields may be specified: ${formatSpec(spec)}`,
      );
    }
    return undefined;
  }
  const tag = localeTag(locale);
  if (!tag) throw invalid('locale', spec);
  const strength = spec.strength ?? 3;
  if (typeof strength !== 'number' || !Number.isInteger(strength) || strength < 1 || strength > 5) {
    throw invalid('strength', spec);
  }
  const caseFirst = spec.caseFirst ?? 'off';
  if (!['upper', 'lower', 'off'].includes(caseFirst)) throw invalid('caseFirst', spec);
  const alternate = spec.alternate ?? 'non-ignorable';
  if (!['non-ignorable', 'shifted'].includes(alternate)) throw invalid('alternate', spec);
  const maxVariable = spec.maxVariable ?? 'punct';
  if (!['punct', 'space'].includes(maxVariable)) throw invalid('maxVariable', spec);
  for (const field of ['caseLevel', 'numericOrdering', 'normalization', 'backwards']) {
    if (spec[field] !== undefined && typeof spec[field] !== 'boolean') {
      throw new CommandError('TypeMismatch', `BSON field 'collation.${field}' is the wrong type, expected type 'bool'`);
    }
  }
  if (spec.backwards === true) {
    throw new CommandError(
      'CommandNotSupported',
      'collation backwards: true is not supported by the embedded MongoDB server',
    );
  }
  if (alternate === 'shifted' && maxVariable === 'space') {
    throw new CommandError(
      'CommandNotSupported',
      "collation maxVariable: 'space' is not supported by the embedded MongoDB server",
    );
  }
  const caseLevel = spec.caseLevel === true;
  let sensitivity: Intl.CollatorOptions['sensitivity'] =
    strength === 1 ? 'base' : strength === 2 ? 'accent' : 'variant';
  if (caseLevel && sensitivity === 'base') sensitivity = 'case';
  if (caseLevel && sensitivity === 'accent') sensitivity = 'variant';
  const collator = new Intl.Collator(tag, {
    usage: 'sort',
    sensitivity,
    caseFirst: caseFirst === 'off' ? 'false' : caseFirst,
    numeric: spec.numericOrdering === true,
    ignorePunctuation: alternate === 'shifted',
  });
  const compareStrings = collator.compare;
  const normalize = spec.normalization === true;
  const identical = strength === 5;
  const order: StringOrder = (a, b) => {
    const x = normalize ? a.normalize('NFD') : a;
    const y = normalize ? b.normalize('NFD') : b;
    const result = compareStrings(x, y);
    // Strength 5 (identical) breaks the remaining ties by code points.
    if (result !== 0 || !identical) return result;
    return x < y ? -1 : x > y ? 1 : 0;
  };
  const mingoSpec: CollationSpec = {
    locale: tag,
    strength: Math.min(strength, 3) as 1 | 2 | 3,
    caseLevel,
    caseFirst,
    numericOrdering: spec.numericOrdering === true,
    alternate,
  };
  const context = collationContext(order);
  const collation: Collation = {
    order,
    mingoSpec,
    context,
    mingoOptions: { collation: mingoSpec, context },
  };
  cache.set(key, collation);
  return collation;
}

/** The values a path reaches, for a comparison: a final array as itself and as its elements. */
function candidates(doc: unknown, path: string): unknown[] {
  const parts = path.split('.');
  const out: unknown[] = [];
  const walk = (value: unknown, i: number): void => {
    if (i === parts.length) {
      out.push(value);
      if (Array.isArray(value)) out.push(...value);
      return;
    }
    if (Array.isArray(value)) {
      const part = parts[i];
      if (/^\d+$/.test(part)) walk(value[Number(part)], i + 1);
      else for (const element of value) if (isPlainObject(element)) walk(element, i);
      return;
    }
    if (isPlainObject(value) && Object.prototype.hasOwnProperty.call(value, parts[i])) {
      walk(value[parts[i]], i + 1);
      return;
    }
    out.push(MISSING);
  };
  walk(doc, 0);
  return out;
}

type FieldTest = (values: unknown[], operand: unknown) => boolean;

/** The operators a rewritten filter uses: each compares by `order`. */
function collationContext(order: StringOrder): Context {
  const equal = (a: unknown, b: unknown) => typeRank(a) === typeRank(b) && compareValues(a, b, order) === 0;
  const eq: FieldTest = (values, operand) =>
    operand === null
      ? values.some((value) => value === null || value === undefined || value === MISSING)
      : values.some((value) => value !== MISSING && equal(value, operand));
  const inList: FieldTest = (values, operand) => {
    if (!Array.isArray(operand)) throw new CommandError('BadValue', '$in needs an array');
    return operand.some((element) =>
      element instanceof RegExp
        ? values.some((value) => typeof value === 'string' && element.test(value))
        : eq(values, element),
    );
  };
  const range =
    (accept: (result: number) => boolean): FieldTest =>
    (values, operand) =>
      values.some(
        (value) =>
          value !== MISSING && typeRank(value) === typeRank(operand) && accept(compareValues(value, operand, order)),
      );
  const all: FieldTest = (values, operand) => {
    if (!Array.isArray(operand) || operand.length === 0) return false;
    return operand.every((element) => eq(values, element));
  };
  const fieldOperator =
    (test: FieldTest) =>
    (selector: string, operand: unknown) =>
    (doc: unknown): boolean =>
      test(candidates(doc, selector), operand);
  const queryOps = {
    [`${PREFIX}eq`]: fieldOperator(eq),
    [`${PREFIX}ne`]: fieldOperator((values, operand) => !eq(values, operand)),
    [`${PREFIX}gt`]: fieldOperator(range((result) => result > 0)),
    [`${PREFIX}gte`]: fieldOperator(range((result) => result >= 0)),
    [`${PREFIX}lt`]: fieldOperator(range((result) => result < 0)),
    [`${PREFIX}lte`]: fieldOperator(range((result) => result <= 0)),
    [`${PREFIX}in`]: fieldOperator(inList),
    [`${PREFIX}nin`]: fieldOperator((values, operand) => !inList(values, operand)),
    [`${PREFIX}all`]: fieldOperator(all),
  };
  const binary =
    (name: string, result: (comparison: number) => unknown) =>
    (obj: unknown, expr: unknown, options: Options): unknown => {
      const args = evalExpr(obj, expr, options);
      if (!Array.isArray(args) || args.length !== 2) {
        throw new CommandError('Location16020', `Expression ${name} takes exactly 2 arguments.`);
      }
      return result(compareValues(args[0] ?? null, args[1] ?? null, order));
    };
  const expressionOps = {
    [`${PREFIX}eq`]: binary('$eq', (c) => c === 0),
    [`${PREFIX}ne`]: binary('$ne', (c) => c !== 0),
    [`${PREFIX}gt`]: binary('$gt', (c) => c > 0),
    [`${PREFIX}gte`]: binary('$gte', (c) => c >= 0),
    [`${PREFIX}lt`]: binary('$lt', (c) => c < 0),
    [`${PREFIX}lte`]: binary('$lte', (c) => c <= 0),
    [`${PREFIX}cmp`]: binary('$cmp', (c) => Math.sign(c)),
    [`${PREFIX}in`]: (obj: unknown, expr: unknown, options: Options): unknown => {
      const args = evalExpr(obj, expr, options);
      if (!Array.isArray(args) || args.length !== 2) {
        throw new CommandError('Location16020', 'Expression $in takes exactly 2 arguments.');
      }
      if (!Array.isArray(args[1]))
        throw new CommandError('Location40081', '$in requires an array as a second argument');
      return args[1].some((element) => compareValues(args[0] ?? null, element ?? null, order) === 0);
    },
  };
  return Context.init()
    .addQueryOps(queryOps as never)
    .addExpressionOps(expressionOps as never);
}

/** Operators of this file are named with this prefix; a client's filter may not use it. */
const PREFIX = '$_embeddedCollation_';

function holdsString(value: unknown): boolean {
  if (typeof value === 'string') return true;
  if (Array.isArray(value)) return value.some(holdsString);
  if (isPlainObject(value)) return Object.values(value).some(holdsString);
  return false;
}

function checkName(name: string): void {
  if (name.startsWith(PREFIX)) throw new CommandError('BadValue', `unknown operator: ${name}`);
}

const QUERY_COMPARISONS = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$all']);

/** A field's condition with its string comparisons made collation-aware. */
function rewriteCondition(condition: unknown): unknown {
  if (condition instanceof RegExp) return condition;
  if (isPlainObject(condition) && Object.keys(condition).some((key) => key.startsWith('$'))) {
    const out: Document = {};
    for (const [operator, operand] of Object.entries(condition)) {
      checkName(operator);
      if (QUERY_COMPARISONS.has(operator)) {
        if (
          operator === '$all' &&
          Array.isArray(operand) &&
          operand.some((e) => isPlainObject(e) && '$elemMatch' in e)
        ) {
          if (holdsString(operand)) {
            throw new CommandError(
              'CommandNotSupported',
              '$all of $elemMatch with strings under a non-simple collation is not supported by the embedded MongoDB server',
            );
          }
          out[operator] = operand;
        } else out[holdsString(operand) ? `${PREFIX}${operator.slice(1)}` : operator] = operand;
      } else if (operator === '$not') {
        out.$not = rewriteCondition(operand);
      } else if (operator === '$elemMatch' && isPlainObject(operand)) {
        const operators = Object.keys(operand).some(
          (key) => key.startsWith('$') && !['$and', '$or', '$nor', '$expr'].includes(key),
        );
        out.$elemMatch = operators ? rewriteCondition(operand) : rewriteFilter(operand);
      } else out[operator] = operand;
    }
    return out;
  }
  return holdsString(condition) ? { [`${PREFIX}eq`]: condition } : condition;
}

/** A filter whose string comparisons compare by the collation (see collationContext). */
export function rewriteFilter(filter: Document): Document {
  const out: Document = {};
  for (const [field, condition] of Object.entries(filter)) {
    checkName(field);
    if ((field === '$and' || field === '$or' || field === '$nor') && Array.isArray(condition)) {
      out[field] = condition.map((clause) => (isPlainObject(clause) ? rewriteFilter(clause) : clause));
    } else if (field === '$expr') out[field] = rewriteExpression(condition);
    else if (field.startsWith('$')) out[field] = condition;
    else out[field] = rewriteCondition(condition);
  }
  return out;
}

const EXPRESSION_COMPARISONS = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$cmp', '$in']);
/** Expressions that compare values and are not rewritten: refused under a collation rather than run binary. */
const REFUSED_EXPRESSIONS = new Set([
  '$indexOfArray',
  '$setEquals',
  '$setIntersection',
  '$setUnion',
  '$setDifference',
  '$setIsSubset',
  '$max',
  '$min',
  '$maxN',
  '$minN',
  '$sortArray',
  '$top',
  '$bottom',
  '$topN',
  '$bottomN',
  '$addToSet',
  '$switch',
]);

/** An aggregation expression whose comparisons compare by the collation. */
export function rewriteExpression(expression: unknown): unknown {
  if (Array.isArray(expression)) return expression.map(rewriteExpression);
  if (!isPlainObject(expression)) return expression;
  const out: Document = {};
  for (const [key, value] of Object.entries(expression)) {
    checkName(key);
    if (key === '$literal') out[key] = value;
    else if (EXPRESSION_COMPARISONS.has(key)) out[`${PREFIX}${key.slice(1)}`] = rewriteExpression(value);
    else if (REFUSED_EXPRESSIONS.has(key)) {
      throw new CommandError(
        'CommandNotSupported',
        `${key} under a non-simple collation is not supported by the embedded MongoDB server`,
      );
    } else out[key] = rewriteExpression(value);
  }
  return out;
}

/** Stages a pipeline may hold under a non-simple collation (their other string comparisons rewritten). */
const COLLATION_STAGES = new Set([
  '$match',
  '$sort',
  '$skip',
  '$limit',
  '$count',
  '$project',
  '$addFields',
  '$set',
  '$unset',
  '$replaceRoot',
  '$replaceWith',
  '$unwind',
  '$sample',
  '$group',
  '$facet',
]);
const GROUP_ACCUMULATORS = new Set([
  '$sum',
  '$avg',
  '$count',
  '$first',
  '$last',
  '$push',
  '$stdDevPop',
  '$stdDevSamp',
  '$mergeObjects',
]);

function isConstant(value: unknown): boolean {
  return (
    value === null ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    (typeof value === 'string' && !value.startsWith('$'))
  );
}

function refuseStage(stage: string, detail = ''): never {
  throw new CommandError(
    'CommandNotSupported',
    `${stage}${detail} under a non-simple collation is not supported by the embedded MongoDB server`,
  );
}

/** A pipeline whose comparisons compare by the collation; stages whose grouping would need it are refused. */
export function rewritePipeline(pipeline: Document[]): Document[] {
  return pipeline.map((stage) => {
    const [name] = Object.keys(stage);
    const body = stage[name];
    if (!COLLATION_STAGES.has(name)) refuseStage(name);
    switch (name) {
      case '$match':
        return { $match: isPlainObject(body) ? rewriteFilter(body) : body };
      case '$sort':
      case '$skip':
      case '$limit':
      case '$count':
      case '$sample':
      case '$unset':
      case '$unwind':
        return stage;
      case '$group': {
        if (!isPlainObject(body) || !isConstant(body._id)) refuseStage('$group', ' by a field');
        for (const [field, accumulator] of Object.entries(body)) {
          if (field === '_id') continue;
          const operator = isPlainObject(accumulator) ? Object.keys(accumulator)[0] : undefined;
          if (!operator || !GROUP_ACCUMULATORS.has(operator)) refuseStage('$group', ` with ${operator}`);
        }
        return { $group: rewriteExpression(body) };
      }
      case '$facet': {
        if (!isPlainObject(body)) return stage;
        const facets: Document = {};
        for (const [field, sub] of Object.entries(body))
          facets[field] = Array.isArray(sub) ? rewritePipeline(sub) : sub;
        return { $facet: facets };
      }
      default:
        return { [name]: rewriteExpression(body) };
    }
  });
}
