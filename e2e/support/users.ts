import { createRequire } from 'node:module';
import path from 'node:path';
import type { Db, Document, Filter, ObjectId, UpdateFilter } from 'mongodb';

interface SessionUsers {
  refreshSessionUsers(db: Db, userId: ObjectId): Promise<void>;
}

/** The built api's own refresh (api/src/auth/sessionUser.ts), the code the app server under test runs. */
function sessionUsers(): SessionUsers {
  const repoRoot = path.resolve(__dirname, '../..');
  return createRequire(__filename)(path.join(repoRoot, 'api/dist/auth/sessionUser.js')) as SessionUsers;
}

/**
 * Changes a user's stored document out of band (the passage of time: a trial that ended), then the copies their
 * sessions carry (api/src/auth/sessionUser.ts), as the api does after each of its own changes.
 */
export async function changeUser(db: Db, filter: Filter<Document>, update: UpdateFilter<Document>): Promise<void> {
  const user = await db.collection('users').findOneAndUpdate(filter, update, { returnDocument: 'after' });
  if (!user) throw new Error(`no user matches ${JSON.stringify(filter)}`);
  await sessionUsers().refreshSessionUsers(db, user._id as ObjectId);
}
