/** Command dispatch: finds the handler for the first field of the command document. */
import type { Document } from 'bson';
import { setNullMatchesUndefined } from '../bsonquery';
import { CommandError, errorFields } from '../errors';
import { adminCommands } from './admin';
import { bulkWriteCommands } from './bulkWrite';
import type { CommandContext, CommandHandler } from './context';
import { crudCommands } from './crud';
import { schemaCommands } from './schema';

export type { CommandContext, ServerParameters, ServerState } from './context';

const handlers = new Map<string, CommandHandler>(
  Object.entries({ ...adminCommands, ...crudCommands, ...bulkWriteCommands, ...schemaCommands }),
);

/** Runs one command and returns its reply; errors become `{ ok: 0, ... }`, never exceptions. */
export function runCommand(command: Document, context: CommandContext): Document {
  const name = Object.keys(command)[0];
  const { version } = context.server;
  // A 7.0 server has no bulkWrite command.
  const known = name !== undefined && (name !== 'bulkWrite' || version.bulkWrite);
  const handler = known ? handlers.get(name) : undefined;
  if (!handler) {
    return { ok: 0, ...errorFields(new CommandError('CommandNotFound', `no such command: '${name ?? ''}'`)) };
  }
  try {
    // A standalone cannot run transactions; answer as mongod does instead of silently ignoring them.
    if (command.autocommit === false || command.startTransaction === true) {
      throw new CommandError(
        'IllegalOperation',
        'Transaction numbers are only allowed on a replica set member or mongos',
      );
    }
    setNullMatchesUndefined(version.nullMatchesUndefined);
    return { ...handler(command, context), ok: 1 };
  } catch (error) {
    return { ok: 0, ...errorFields(error) };
  }
}
