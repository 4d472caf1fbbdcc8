/**
 * $lookup from a collection, answered through its indexes as mongod (5.0+) answers it: each input document's
 * foreign documents are found by the matcher (matcher.ts: an index's candidates, equalities checked on the stored
 * bytes) instead of mingo's $lookup over every foreign document decoded. The join is what mongod runs:
 *
 * - localField / foreignField: the local values (mongod's visitAllValuesAtPath: arrays along the path looked
 *   into, a final array's elements; none is null) become `{ foreignField: { $eq: v } }` or `{ $in: [...] }`,
 *   a query the matcher answers with its own equality, before the `pipeline` if there is one;
 * - a pipeline whose first stage is a $match: that $match, with the `let` variables bound, plus, for each
 *   `$expr` equality between a field path and a variable holding a scalar (`{ $eq: ['$f', '$$v'] }`, alone or
 *   in an `$and`), the query equality `{ f: v }`, which every document the `$expr` accepts satisfies (a scalar
 *   equal by `$expr` is equal by the query), so the index narrows and the `$expr` still decides.
 *
 * The rest of the sub-pipeline runs over the joined documents with the variables bound, a $lookup in it answered the
 * same way (its variables added to these). The joined documents come in natural order and as stored: nothing is
 * converted to plain numbers.
 */
import type { Document } from 'bson';
import { BSONUndefined } from './bsonbytes';
import { bsonQuery, isTypedExpression, isTypedPipeline } from './bsonquery';
import type { Collection } from './collection';
import { Matcher } from './matcher';
import { isIndexableScalar, isPlainObject, MISSING } from './values';

const { isArray } = Array;
const hasOwn = (value: object, key: string) => Object.prototype.hasOwnProperty.call(value, key);

export interface LookupContext {
  /** The catalog entry of this name in the command's database (a view is one too). */
  collection(name: string): Collection | undefined;
  /** The command's `let` variables. */
  variables?: Document;
  /** Runs stages the general way (bsonquery.ts runPipeline, the command's options), these variables bound. */
  run(stages: Document[], docs: Document[], variables?: Document): Document[];
}

/**
 * How foreign documents are found: through the matcher and its indexes, or (`scan`, for tests comparing the two)
 * by decoding every one and testing it with mingo, as the general path does.
 */
export const foreignSearch = { scan: false };

/** A $lookup stage the indexed path answers. */
interface IndexedLookup {
  from: string;
  as: string;
  localField?: string[];
  foreignField?: string;
  let?: Document;
  /** The sub-pipeline's first $match, taken into the join. */
  match?: Document;
  /** The sub-pipeline's stages after it. */
  rest: Document[];
}

const VARIABLE_NAME = /^[a-z\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*$/;

function isFieldPath(path: unknown): path is string {
  return typeof path === 'string' && path !== '' && !path.startsWith('$') && path.split('.').every(Boolean);
}

/**
 * The stage as the indexed path takes it, or undefined for the general path: a `from` view, a dotted `as`, let
 * variables or stages mingo would compute on plain numbers, shapes other than localField / foreignField or a
 * pipeline that starts with $match.
 */
function indexedLookupOf(stage: Document, context: LookupContext): IndexedLookup | undefined {
  const spec = stage.$lookup;
  if (!isPlainObject(spec)) return undefined;
  const known = ['from', 'as', 'localField', 'foreignField', 'let', 'pipeline'];
  if (!Object.keys(spec).every((field) => known.includes(field))) return undefined;
  const { from, as, localField, foreignField, let: variables, pipeline = [] } = spec;
  if (typeof from !== 'string' || context.collection(from)?.options.viewOn !== undefined) return undefined;
  if (typeof as !== 'string' || !isFieldPath(as) || as.includes('.')) return undefined;
  if (!isArray(pipeline) || (variables !== undefined && spec.pipeline === undefined)) return undefined;
  if (variables !== undefined) {
    if (!isPlainObject(variables) || !Object.keys(variables).every((name) => VARIABLE_NAME.test(name))) {
      return undefined;
    }
    if (!isTypedExpression(variables)) return undefined;
  }
  try {
    // A $lookup within it that this path answers too keeps the types as well (runWithIndexedLookups on the rest).
    const general = pipeline.filter((inner) => !(isPlainObject(inner) && indexedLookupOf(inner, context)));
    if (!isTypedPipeline(general)) return undefined;
  } catch {
    return undefined; // the general path answers its own refusal
  }
  const lookup: IndexedLookup = { from, as, let: variables, rest: pipeline };
  if (localField !== undefined || foreignField !== undefined) {
    if (!isFieldPath(localField) || !isFieldPath(foreignField)) return undefined;
    lookup.localField = localField.split('.');
    lookup.foreignField = foreignField;
  }
  const first = pipeline[0];
  if (isPlainObject(first) && isPlainObject(first.$match)) {
    lookup.match = first.$match;
    lookup.rest = pipeline.slice(1);
  } else if (!lookup.localField) return undefined;
  return lookup;
}

/**
 * The values of a local field that the join looks for, as mongod's document_path_support visitAllValuesAtPath
 * gives them: arrays along the path are looked into (numeric parts index them), a final array gives its
 * elements; a path that leads nowhere gives null.
 */
function localValues(doc: Document, path: string[]): unknown[] {
  const found: unknown[] = [];
  visitPath(doc, path, 0, found);
  return found.length ? found : [null];
}

function visitPath(doc: Document, path: string[], start: number, found: unknown[]): void {
  let value: unknown = hasOwn(doc, path[start]) ? doc[path[start]] : MISSING;
  let i = start + 1;
  // The first part is a field name even when numeric; the ones after it index arrays while there are arrays.
  while (i < path.length && isArray(value) && /^\d+$/.test(path[i])) {
    const index = Number(path[i]);
    value = index < value.length ? value[index] : MISSING;
    i += 1;
  }
  if (i === path.length) {
    if (isArray(value)) found.push(...value);
    else if (value !== MISSING) found.push(value);
    return;
  }
  // Arrays within arrays are not looked into.
  if (isArray(value)) {
    for (const element of value) if (isPlainObject(element)) visitPath(element, path, i, found);
  } else if (isPlainObject(value)) visitPath(value, path, i, found);
}

/** Whether a value is or holds a regex or an Undefined, which the join leaves to the general path. */
function holdsRareValue(value: unknown): boolean {
  if (isArray(value)) return value.some(holdsRareValue);
  if (isPlainObject(value)) return Object.values(value).some(holdsRareValue);
  return (
    value instanceof RegExp ||
    value instanceof BSONUndefined ||
    (value as { _bsontype?: string } | null)?._bsontype === 'BSONRegExp'
  );
}

/** `{ foreignField: { $eq: v } }` or `{ foreignField: { $in: values } }`: mongod's join on local values. */
function joinCondition(values: unknown[]): Document {
  return values.length === 1 ? { $eq: values[0] } : { $in: values };
}

/** The `$expr` equalities between a field path and a variable: [path, variable name] pairs. */
function variableEqualities(expression: unknown, found: Array<[string, string]>): Array<[string, string]> {
  if (!isPlainObject(expression) || Object.keys(expression).length !== 1) return found;
  if (hasOwn(expression, '$and')) {
    const operands = isArray(expression.$and) ? expression.$and : [expression.$and];
    for (const operand of operands) variableEqualities(operand, found);
  } else if (isArray(expression.$eq) && expression.$eq.length === 2) {
    const [left, right] = expression.$eq;
    const pair = pathAndVariable(left, right) ?? pathAndVariable(right, left);
    if (pair) found.push(pair);
  }
  return found;
}

/**
 * The pairs when the `$expr` is nothing but such equalities (one, or an `$and` of them, nested or not), else
 * undefined: then, with every variable holding a scalar and no path dotted, the query equalities decide it alone
 * for a document whose fields are not arrays (join: mingo's query, built for each input document, is not needed).
 */
function onlyVariableEqualities(expression: unknown): Array<[string, string]> | undefined {
  if (!isPlainObject(expression) || Object.keys(expression).length !== 1) return undefined;
  if (hasOwn(expression, '$and')) {
    const operands = isArray(expression.$and) ? expression.$and : [expression.$and];
    const pairs: Array<[string, string]> = [];
    for (const operand of operands) {
      const inner = onlyVariableEqualities(operand);
      if (!inner) return undefined;
      pairs.push(...inner);
    }
    return pairs.length ? pairs : undefined;
  }
  if (!isArray(expression.$eq) || expression.$eq.length !== 2) return undefined;
  const [left, right] = expression.$eq;
  const pair = pathAndVariable(left, right) ?? pathAndVariable(right, left);
  return pair && !pair[0].includes('.') ? [pair] : undefined;
}

function pathAndVariable(path: unknown, variable: unknown): [string, string] | undefined {
  if (typeof path !== 'string' || typeof variable !== 'string' || !variable.startsWith('$$')) return undefined;
  const field = path.slice(1);
  const name = variable.slice(2);
  return path.startsWith('$') && isFieldPath(field) && VARIABLE_NAME.test(name) ? [field, name] : undefined;
}

/** A filter with more equality conditions ANDed to it, kept at the top level (where indexes see them) if free. */
function withConditions(filter: Document, conditions: Array<[string, unknown]>): Document {
  const combined: Document = { ...filter };
  const clashing: Document[] = [];
  for (const [field, condition] of conditions) {
    if (hasOwn(combined, field)) clashing.push({ [field]: condition });
    else combined[field] = condition;
  }
  if (clashing.length === 0) return combined;
  if (isArray(combined.$and)) return { ...combined, $and: [...combined.$and, ...clashing] };
  return { $and: [combined, ...clashing] };
}

/** The let variables' values for one input document, computed as a pipeline computes them. */
function variableValues(lookup: IndexedLookup, doc: Document, context: LookupContext): Document {
  const values: Document = { ...context.variables };
  const computed: Document = {};
  for (const [name, expression] of Object.entries(lookup.let ?? {})) {
    const field = typeof expression === 'string' && expression.startsWith('$') ? expression.slice(1) : undefined;
    // A top-level field (the usual `{ dayId: '$dayId' }`) is read as it is; a missing one is bound as missing.
    if (isFieldPath(field) && !field.includes('.')) values[name] = hasOwn(doc, field) ? doc[field] : undefined;
    else computed[name] = expression;
  }
  if (Object.keys(computed).length) {
    const [result] = context.run([{ $replaceWith: computed }], [doc]);
    for (const name of Object.keys(computed)) values[name] = result?.[name];
  }
  return values;
}

/**
 * The foreign documents (natural order) a filter selects, with these variables bound; `scalarFields`: fields the
 * filter's equalities stand for an `$expr`'s, which an array there does not satisfy (onlyVariableEqualities).
 */
function foreignDocuments(
  foreign: ForeignCollection,
  filter: Document,
  exact: Document,
  variables: Document,
  scalarFields: readonly string[] = [],
): Document[] {
  const { collection, decode } = foreign;
  const mingo = Object.keys(variables).length ? { variables } : undefined;
  if (foreignSearch.scan) {
    const query = bsonQuery(exact, mingo, isTypedExpression(exact));
    return [...collection.handles()].map(decode).filter((doc) => query.test(doc));
  }
  const handles = new Matcher(filter, mingo ? { mingo } : {}).matches(collection, Infinity, decode);
  const found = collection.inNaturalOrder(handles).map(decode);
  return scalarFields.length ? found.filter((doc) => !scalarFields.some((field) => isArray(doc[field]))) : found;
}

/**
 * A foreign collection with the documents one $lookup stage decoded: each is decoded once for all the input
 * documents (as the general path decodes the collection once), shared by the joins that find it.
 */
interface ForeignCollection {
  collection: Collection;
  decode: (handle: number) => Document;
}

function foreignCollection(collection: Collection): ForeignCollection {
  const decoded = new Map<number, Document>();
  const decode = (handle: number): Document => {
    let doc = decoded.get(handle);
    if (!doc) decoded.set(handle, (doc = collection.document(handle)));
    return doc;
  };
  return { collection, decode };
}

/**
 * Each input document with its foreign documents under `as`, or undefined when a local value is one the
 * general path must answer (a regex, an Undefined).
 */
function join(lookup: IndexedLookup, docs: Document[], context: LookupContext): Document[] | undefined {
  const joins: Array<Document | undefined> = [];
  for (const doc of docs) {
    if (!lookup.localField) {
      joins.push(undefined);
      continue;
    }
    const values = localValues(doc, lookup.localField);
    if (values.some(holdsRareValue)) return undefined;
    joins.push({ [lookup.foreignField!]: joinCondition(values) });
  }
  const stored = context.collection(lookup.from);
  const found = stored && foreignCollection(stored);
  const equalities = variableEqualities(lookup.match?.$expr, []);
  const exprOfEqualities = lookup.match && hasOwn(lookup.match, '$expr') && onlyVariableEqualities(lookup.match.$expr);
  return docs.map((doc, i) => {
    const variables = variableValues(lookup, doc, context);
    let foreign: Document[] = [];
    if (found) {
      const exact = joins[i] && lookup.match ? { $and: [joins[i], lookup.match] } : (joins[i] ?? lookup.match!);
      const conditions: Array<[string, unknown]> = joins[i] ? Object.entries(joins[i]!) : [];
      let bound = 0;
      for (const [field, name] of equalities) {
        if (hasOwn(variables, name) && isIndexableScalar(variables[name])) {
          conditions.push([field, { $eq: variables[name] }]);
          bound += 1;
        }
      }
      // An $expr of such equalities only, every one bound to a scalar: the equalities decide it (with no array in
      // their fields), so it is left out of the filter, and with it mingo's query.
      const decided = exprOfEqualities && bound === equalities.length;
      const match = decided ? withoutExpr(lookup.match!) : (lookup.match ?? {});
      const filter = withConditions(match, conditions);
      foreign = foreignDocuments(found, filter, exact, variables, decided ? equalities.map(([field]) => field) : []);
    }
    if (lookup.rest.length) foreign = runWithIndexedLookups(lookup.rest, foreign, nestedContext(context, variables));
    return { ...doc, [lookup.as]: foreign };
  });
}

function withoutExpr(match: Document): Document {
  const { $expr: _expr, ...rest } = match;
  return rest;
}

/** The context of a sub-pipeline: its variables (the command's and the stage's `let`) bound in every stage. */
function nestedContext(context: LookupContext, variables: Document): LookupContext {
  return {
    collection: context.collection,
    variables,
    run: (stages, docs, inner) => context.run(stages, docs, inner ?? variables),
  };
}

/**
 * The fields of a `$project` that only includes top-level fields (`{ a: 1, b: true }`, `_id` kept unless `_id: 0`),
 * which copying them answers: the document's fields in its own order, as mongod's inclusion keeps them.
 */
function plainInclusion(stage: Document): { fields: Set<string>; id: boolean } | undefined {
  if (Object.keys(stage).length !== 1 || !isPlainObject(stage.$project)) return undefined;
  const spec = stage.$project;
  const fields = new Set<string>();
  let id = true;
  for (const [field, value] of Object.entries(spec)) {
    if (field === '_id' && (value === 0 || value === false)) id = false;
    else if ((value === 1 || value === true) && field !== '' && !field.startsWith('$') && !field.includes('.')) {
      fields.add(field);
    } else return undefined;
  }
  return fields.size ? { fields, id } : undefined;
}

function include(doc: Document, { fields, id }: { fields: Set<string>; id: boolean }): Document {
  const out: Document = {};
  for (const key of Object.keys(doc)) {
    if (key === '_id' ? id || fields.has(key) : fields.has(key)) out[key] = doc[key];
  }
  return out;
}

/** A `$limit` stage's count when it is a positive integer (as mongod requires), which slicing answers. */
function plainLimit(stage: Document): number | undefined {
  if (Object.keys(stage).length !== 1 || !hasOwn(stage, '$limit')) return undefined;
  const count = stage.$limit;
  return typeof count === 'number' && Number.isSafeInteger(count) && count > 0 ? count : undefined;
}

/**
 * Runs an aggregation's stages (after its first $match) with each $lookup the indexed path takes answered by it,
 * and the stages in between the general way (context.run). A pipeline without one runs as before.
 */
export function runWithIndexedLookups(stages: Document[], docs: Document[], context: LookupContext): Document[] {
  let current = docs;
  let next = 0;
  for (let i = 0; i < stages.length; i++) {
    // A plain $limit is a slice, a plain inclusion a copy of fields (mingo's pipeline, built for one, cost more than
    // the rest of a small join).
    const limit = plainLimit(stages[i]);
    const inclusion = limit === undefined ? plainInclusion(stages[i]) : undefined;
    const lookup = limit === undefined && !inclusion ? indexedLookupOf(stages[i], context) : undefined;
    if (limit === undefined && !inclusion && !lookup) continue;
    const input = next < i ? context.run(stages.slice(next, i), current) : current;
    if (!lookup) {
      current = inclusion ? input.map((doc) => include(doc, inclusion)) : input.slice(0, limit);
      next = i + 1;
      continue;
    }
    const joined = join(lookup, input, context);
    if (!joined) return context.run(stages.slice(i), input);
    current = joined;
    next = i + 1;
  }
  return next < stages.length ? context.run(stages.slice(next), current) : current;
}
