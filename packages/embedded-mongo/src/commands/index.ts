/** Command dispatch: finds the handler for the first field of the command document. */
import type { Document } from 'bson';
import { CommandError, errorFields } from '../errors';
import { adminCommands } from './admin';
import type { CommandContext, CommandHandler } from './context';
import { crudCommands } from './crud';
import { schemaCommands } from './schema';

export type { CommandContext, ServerParameters, ServerState } from './context';

const handlers = new Map<string, CommandHandler>(
  Object.entries({ ...adminCommands, ...crudCommands, ...schemaCommands }),
);

/** Runs one command and returns its reply; errors become `{ ok: 0, ... }`, never exceptions. */
export function runCommand(command: Document, context: CommandContext): Document {
  const name = Object.keys(command)[0];
  const handler = name === undefined ? undefined : handlers.get(name);
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
    return { ...handler(command, context), ok: 1 };
  } catch (error) {
    return { ok: 0, ...errorFields(error) };
  }
}
