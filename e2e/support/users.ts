import type { Db, Document, Filter, UpdateFilter } from 'mongodb';
import { refreshSessionUsers } from '../../api/src/auth/sessionUser';

/**
 * Changes a user's stored document out of band (the passage of time: a trial that ended), then the copies their
 * sessions carry (api/src/auth/sessionUser.ts), as the api does after each of its own changes.
 */
export async function changeUser(db: Db, filter: Filter<Document>, update: UpdateFilter<Document>): Promise<void> {
  const user = await db.collection('users').findOneAndUpdate(filter, update, { returnDocument: 'after' });
  if (!user) throw new Error(`no user matches ${JSON.stringify(filter)}`);
  await refreshSessionUsers(db, user._id as never);
}
