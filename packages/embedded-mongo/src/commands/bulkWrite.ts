/**
 * bulkWrite (MongoDB 8.0; a 7.0 server answers CommandNotFound, commands/index.ts): inserts, updates and deletes on
 * several namespaces in one command, run against admin. Each op runs as a statement of the insert, update or delete
 * command runs (crud.ts). The results go out in a cursor on admin.$cmd.bulkWrite, one per op (only the failed ones
 * with errorsOnly), shaped as mongod's bulk_write.cpp and BulkWriteReplyItem shape them. The journal records of all
 * the ops are made durable by the one sync the reply waits for (server.ts acknowledge).
 */
import type { Document } from 'bson';
import { CommandError, errorFields } from '../errors';
import { asNumber } from '../numbers';
import { typeName } from '../update';
import { formatValue, isPlainObject } from '../values';
import { MAX_WRITE_BATCH_SIZE } from './admin';
import { optionalDocument, optionalNumber, type CommandContext, type CommandHandler } from './context';
import {
  checkSortType,
  insertDocument,
  letVariables,
  refuseSortedMulti,
  refuseView,
  runDeleteStatement,
  runUpdateStatement,
  type DeleteStatement,
  type UpdateCounts,
  type UpdateStatement,
} from './crud';
import { BULK_WRITE_FIELDS, BULK_WRITE_OP_FIELDS, checkFields, NS_INFO_FIELDS, unknownField } from './options';

/** The namespace of the results cursor, where getMore finds it. */
const RESULTS_NS = 'admin.$cmd.bulkWrite';

/** An op as parsed: its kind, the index of its namespace in nsInfo, and the statement it runs. */
type BulkWriteOp =
  | { kind: 'insert'; ns: number; document: Document }
  | { kind: 'update'; ns: number; statement: UpdateStatement }
  | { kind: 'delete'; ns: number; statement: DeleteStatement };

interface Namespace {
  db: string;
  coll: string;
}

function wrongType(field: string, value: unknown, expected: string): CommandError {
  return new CommandError(
    'TypeMismatch',
    `BSON field '${field}' is the wrong type '${typeName(value)}', expected type '${expected}'`,
  );
}

function missingField(field: string): CommandError {
  return new CommandError('Location40414', `BSON field '${field}' is missing but a required field`);
}

/** ops and nsInfo: required arrays (null reads as missing, as the IDL reads it). */
function requiredArray(command: Document, field: 'ops' | 'nsInfo'): unknown[] {
  const value = command[field];
  if (value === undefined || value === null) throw missingField(`bulkWrite.${field}`);
  if (!Array.isArray(value)) throw wrongType(`bulkWrite.${field}`, value, 'array');
  return value;
}

function requiredDocument(op: Document, field: string): Document {
  const value = op[field];
  if (value === undefined) throw missingField(`bulkWrite.ops.${field}`);
  if (!isPlainObject(value)) throw wrongType(`bulkWrite.ops.${field}`, value, 'object');
  return value;
}

function optionalBool(document: Document, field: string, context: string, byDefault: boolean): boolean {
  const value = document[field];
  if (value === undefined) return byDefault;
  if (typeof value !== 'boolean') throw wrongType(`${context}.${field}`, value, 'bool');
  return value;
}

/** An op's first field: the index of its namespace in nsInfo (the IDL's safeInt, at least 0). */
function namespaceIndex(op: Document, kind: string): number {
  const index = asNumber(op[kind]);
  if (index === undefined || !Number.isInteger(index)) {
    throw new CommandError(
      'TypeMismatch',
      `BSON field 'bulkWrite.ops.${kind}' is the wrong type '${typeName(op[kind])}', expected types '[long, int, decimal, double]'`,
    );
  }
  if (index < 0) throw new CommandError('BadValue', `BSON field '${kind}' value must be >= 0, actual value '${index}'`);
  return index;
}

/** One entry of ops, whose kind its first field names. */
function parseOp(op: unknown, index: number): BulkWriteOp {
  if (!isPlainObject(op)) throw wrongType(`bulkWrite.ops.${index}`, op, 'object');
  const kind = Object.keys(op)[0];
  if (kind !== 'insert' && kind !== 'update' && kind !== 'delete') throw unknownField('bulkWrite', kind ?? '');
  checkFields(op, 'bulkWrite.ops', BULK_WRITE_OP_FIELDS[kind]);
  const ns = namespaceIndex(op, kind);
  if (kind === 'insert') return { kind, ns, document: requiredDocument(op, 'document') };
  const q = requiredDocument(op, 'filter');
  const multi = optionalBool(op, 'multi', 'bulkWrite.ops', false);
  if (kind === 'delete') return { kind, ns, statement: { q, multi, collation: op.collation, hint: op.hint } };
  const u = op.updateMods;
  if (u === undefined) throw missingField('bulkWrite.ops.updateMods');
  if (!isPlainObject(u) && !Array.isArray(u)) {
    throw new CommandError('FailedToParse', 'Update argument must be either an object or an array');
  }
  checkSortType(op.sort, 'bulkWrite.ops');
  const upsert = optionalBool(op, 'upsert', 'bulkWrite.ops', false);
  const { arrayFilters, collation, hint, sort } = op;
  return { kind, ns, statement: { q, u, multi, upsert, arrayFilters, collation, hint, sort } };
}

/** One entry of nsInfo: `db.collection`, split at its first dot. */
function parseNamespace(entry: unknown, index: number): Namespace {
  if (!isPlainObject(entry)) throw wrongType(`bulkWrite.nsInfo.${index}`, entry, 'object');
  checkFields(entry, 'bulkWrite.nsInfo', NS_INFO_FIELDS);
  const { ns } = entry;
  if (ns === undefined || ns === null) throw missingField('bulkWrite.nsInfo.ns');
  if (typeof ns !== 'string') throw wrongType('bulkWrite.nsInfo.ns', ns, 'string');
  const dot = ns.indexOf('.');
  return dot < 0 ? { db: ns, coll: '' } : { db: ns.slice(0, dot), coll: ns.slice(dot + 1) };
}

/** mongod's NamespaceString::isValid: a database name it takes and a collection name. */
function isValidNamespace({ db, coll }: Namespace): boolean {
  return db.length > 0 && db.length < 64 && !/[/\\. "$\0]/.test(db) && coll.length > 0 && !coll.startsWith('.');
}

/** What mongod's bulk_write_common validateRequest refuses once the command is parsed. */
function validateRequest(rawOps: unknown[], ops: BulkWriteOp[], namespaces: Namespace[]): void {
  if (ops.length === 0 || ops.length > MAX_WRITE_BATCH_SIZE) {
    throw new CommandError(
      'InvalidLength',
      `Write batch sizes must be between 1 and ${MAX_WRITE_BATCH_SIZE}. Got ${ops.length} operations.`,
    );
  }
  for (const namespace of namespaces) {
    if (!isValidNamespace(namespace)) {
      const { db, coll } = namespace;
      throw new CommandError(
        'InvalidNamespace',
        `Invalid namespace specified for bulkWrite: '${coll ? `${db}.${coll}` : db}'`,
      );
    }
  }
  ops.forEach((op, i) => {
    if (op.ns >= namespaces.length) {
      throw new CommandError('BadValue', `BulkWrite ops entry ${formatValue(rawOps[i])} has an invalid nsInfo index.`);
    }
  });
}

/** A failed op's result: its error (with extra fields such as a duplicate key's keyPattern / keyValue), n 0. */
function errorResult(idx: number, error: unknown, kind: BulkWriteOp['kind']): Document {
  // mongod's reply item carries no codeName.
  const { code, errmsg, codeName: _codeName, ...extra } = errorFields(error);
  const result: Document = { ok: 0, idx, code, errmsg, ...extra, n: 0 };
  if (kind === 'update') result.nModified = 0;
  return result;
}

const bulkWrite: CommandHandler = (command, context) => {
  // An admin-only command is refused on another database before it is parsed, as mongod refuses it.
  if (context.db !== 'admin') {
    throw new CommandError('Unauthorized', 'bulkWrite may only be run against the admin database.');
  }
  checkFields(command, 'bulkWrite', BULK_WRITE_FIELDS, true);
  const rawOps = requiredArray(command, 'ops');
  const ops = rawOps.map(parseOp);
  const namespaces = requiredArray(command, 'nsInfo').map(parseNamespace);
  validateRequest(rawOps, ops, namespaces);
  const ordered = optionalBool(command, 'ordered', 'bulkWrite', true);
  const errorsOnly = optionalBool(command, 'errorsOnly', 'bulkWrite', false);
  const batchSize = optionalNumber(optionalDocument(command, 'cursor') ?? {}, 'batchSize');
  if (batchSize !== undefined && batchSize < 0) {
    throw new CommandError('Location51024', `BSON field 'batchSize' value must be >= 0, actual value '${batchSize}'`);
  }
  const variables = letVariables(command);
  // Each namespace's statements run in a context of its database.
  const targets: CommandContext[] = namespaces.map(({ db }) => ({ ...context, db }));

  const summary = { nErrors: 0, nInserted: 0, nMatched: 0, nModified: 0, nUpserted: 0, nDeleted: 0 };
  const results: Document[] = [];
  for (let idx = 0; idx < ops.length; idx++) {
    const op = ops[idx];
    const target = targets[op.ns];
    const { coll } = namespaces[op.ns];
    try {
      refuseView(target, coll);
      if (op.kind === 'insert') {
        insertDocument(target.catalog.ensureCollection(target.db, coll), op.document);
        summary.nInserted += 1;
        if (!errorsOnly) results.push({ ok: 1, idx, n: 1 });
      } else if (op.kind === 'update') {
        refuseSortedMulti(op.statement);
        const counts: UpdateCounts = { n: 0, nModified: 0 };
        const upserted = runUpdateStatement(target, coll, op.statement, variables, counts);
        summary.nModified += counts.nModified;
        if (upserted) summary.nUpserted += 1;
        else summary.nMatched += counts.n;
        if (!errorsOnly) results.push({ ok: 1, idx, ...counts, ...(upserted ? { upserted } : {}) });
      } else {
        const n = runDeleteStatement(target, coll, op.statement, variables);
        summary.nDeleted += n;
        if (!errorsOnly) results.push({ ok: 1, idx, n });
      }
    } catch (error) {
      summary.nErrors += 1;
      results.push(errorResult(idx, error, op.kind));
      if (ordered) break;
    }
  }
  // Without a batchSize every result goes in the first batch (as far as 16 MB allow), as mongod sends them.
  return { cursor: context.cursors.start(RESULTS_NS, results, { batchSize: batchSize ?? Infinity }), ...summary };
};

export const bulkWriteCommands: Record<string, CommandHandler> = { bulkWrite };
