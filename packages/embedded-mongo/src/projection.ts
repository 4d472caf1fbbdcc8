/**
 * Find projections. mingo applies them, except the positional form `{ 'items.$': 1 }` (keep only the first
 * array element the query matched), which needs the query and is done here.
 */
import type { Document } from 'bson';
import { bsonQuery, runPipeline } from './bsonquery';
import { CommandError } from './errors';
import { projectObject, simpleProjection } from './rawbson';
import { isPlainObject } from './values';

/** The query conditions on `path` or below it, re-rooted at a single-element array field `e`. */
export function elementConditions(filter: Document, path: string, into: Document = {}): Document {
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(condition)) {
      for (const clause of condition) if (isPlainObject(clause)) elementConditions(clause, path, into);
    } else if (key === path || key.startsWith(`${path}.`)) {
      into[`e${key.slice(path.length)}`] = condition;
    }
  }
  return into;
}

function getPath(doc: Document, path: string): unknown {
  return path.split('.').reduce<unknown>((value, part) => (isPlainObject(value) ? value[part] : undefined), doc);
}

function setPath(doc: Document, path: string, value: unknown): void {
  const parts = path.split('.');
  let target: Document = doc;
  for (const part of parts.slice(0, -1)) {
    if (!isPlainObject(target[part])) target[part] = {};
    target = target[part];
  }
  target[parts[parts.length - 1]] = value;
}

/** mingo emits projected fields in projection order; mongod always returns _id first. */
function idFirst(doc: Document): Document {
  if (!('_id' in doc) || Object.keys(doc)[0] === '_id') return doc;
  const { _id, ...rest } = doc;
  return { _id, ...rest };
}

export function projectDocuments(
  docs: Document[],
  projection: Document | undefined,
  filter: Document = {},
): Document[] {
  if (!projection || Object.keys(projection).length === 0) return docs;
  const simple = simpleProjection(projection);
  if (simple) return docs.map((doc) => projectObject(doc, simple));
  const positional = Object.keys(projection).filter((key) => key.endsWith('.$'));
  if (positional.length === 0) return runPipeline([{ $project: projection }], docs).map(idFirst);
  if (positional.length > 1)
    throw new CommandError('BadValue', 'Cannot specify more than one positional projection per query.');

  const arrayPath = positional[0].slice(0, -2);
  const conditions = elementConditions(filter, arrayPath);
  if (Object.keys(conditions).length === 0) {
    throw new CommandError(
      'BadValue',
      `Executor error during find command :: error processing query: positional operator '${positional[0]}' requires the array field '${arrayPath}' in the query`,
    );
  }
  // Each element is tested as if it were the whole array, as the positional update operator does.
  const elementQuery = bsonQuery(conditions);
  const { [positional[0]]: _positional, ...rest } = projection;
  const projected = runPipeline([{ $project: { ...rest, [arrayPath]: 1 } }], docs);
  return projected.map((result, i) => {
    const elements = getPath(docs[i], arrayPath);
    const match = Array.isArray(elements) ? elements.find((element) => elementQuery.test({ e: [element] })) : undefined;
    if (match !== undefined) setPath(result, arrayPath, [match]);
    return idFirst(result);
  });
}
