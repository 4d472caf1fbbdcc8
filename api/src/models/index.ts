import type { Connection } from 'mongoose';
import { userModel } from './user';

/** Every model, registered on the app's own connection. */
export function createModels(connection: Connection) {
  return { User: userModel(connection) };
}
export type Models = ReturnType<typeof createModels>;
