import type { Document } from 'bson';
import type { Catalog } from '../catalog';
import type { CursorRegistry } from '../cursors';
import { CommandError } from '../errors';
import type { ServerVersion } from '../version';

/** Runtime settings a client can read with getParameter and change with setParameter. */
export interface ServerParameters {
  /** Seconds between TTL sweeps; mongod's parameter of the same name (there 60 by default). */
  ttlMonitorSleepSecs: number;
  ttlMonitorEnabled: boolean;
}

/** What the admin commands may know and change about the running server. */
export interface ServerState {
  readonly host: string;
  readonly port: number;
  readonly startedAt: number;
  /** The MongoDB version this server answers as. */
  readonly version: ServerVersion;
  connections(): { current: number; totalCreated: number };
  readonly parameters: ServerParameters;
  /** Called after setParameter changed something, e.g. to reschedule the TTL sweep. */
  parametersChanged(): void;
}

export interface CommandContext {
  /** The command's database ($db, or the namespace of a legacy OP_QUERY). */
  db: string;
  connectionId: number;
  catalog: Catalog;
  cursors: CursorRegistry;
  server: ServerState;
}

/** A command handler returns its reply without `ok` (the dispatcher adds it) or throws a CommandError. */
export type CommandHandler = (command: Document, context: CommandContext) => Document;

/** The collection a command names in its first field, e.g. { find: "users" }. */
export function collectionNameOf(command: Document, commandName: string): string {
  const name = command[commandName];
  if (typeof name !== 'string' || name.length === 0) {
    throw new CommandError('InvalidNamespace', `collection name has invalid type ${typeof name}`);
  }
  return name;
}

export function optionalDocument(command: Document, field: string): Document | undefined {
  const value = command[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new CommandError(
      'TypeMismatch',
      `BSON field '${field}' is the wrong type '${Array.isArray(value) ? 'array' : typeof value}', expected type 'object'`,
    );
  }
  return value as Document;
}

export function optionalNumber(command: Document, field: string): number | undefined {
  const value = command[field];
  if (value === undefined || value === null) return undefined;
  const number = Number(value);
  if (!Number.isFinite(number)) throw new CommandError('TypeMismatch', `BSON field '${field}' must be a number`);
  return number;
}
