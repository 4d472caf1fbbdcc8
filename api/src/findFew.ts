import type { Db, Document, Filter } from 'mongodb';

/** The most documents a `findFew` read may match: its reads are one user's handful (a session, one day's sets). */
export const FEW_DOCUMENTS_MAX = 1000;

export interface FindFewOptions {
  projection?: Document;
  /** At most this many (1 for a lookup by key). */
  limit?: number;
}

/** A mongoose model, as far as a direct read needs it: its connection's database and its collection's name. */
interface ModelLike {
  db: { db: Db | undefined };
  collection: { collectionName: string };
}

/**
 * The documents of `collectionName` matching `filter`, read with one `find` command instead of through a cursor.
 * For the small reads every hot request makes (the session store's, the days' revisions, the autosave's two): the
 * driver's FindCursor (its state, its implicit session's hand-over, its clean-up) costs the api more CPU than the
 * command it sends, 35-80 µs a read here (bench/RESULTS.md). The command is the one a cursor sends, answered in a
 * single batch the server closes at once; more than FEW_DOCUMENTS_MAX matches throw, never cut silently. Like every
 * direct driver call, the filter must be of its stored types and free of user-given operators.
 */
export async function findFewIn<T extends Document>(
  db: Db,
  collectionName: string,
  filter: Filter<T>,
  { projection, limit }: FindFewOptions = {},
): Promise<T[]> {
  const reply = await db.command({
    find: collectionName,
    filter,
    ...(projection ? { projection } : {}),
    ...(limit === undefined ? { batchSize: FEW_DOCUMENTS_MAX + 1 } : { limit, batchSize: limit }),
    singleBatch: true,
  });
  const documents = (reply.cursor as { firstBatch: T[] }).firstBatch;
  if (documents.length > FEW_DOCUMENTS_MAX) {
    throw new Error(`findFew: more than ${FEW_DOCUMENTS_MAX} documents in ${collectionName} match`);
  }
  return documents;
}

/** findFewIn on a model's collection (its connection is open before the api serves: bufferCommands is off). */
export function findFew<T extends Document>(
  model: ModelLike,
  filter: Filter<T>,
  options?: FindFewOptions,
): Promise<T[]> {
  const { db } = model.db;
  if (!db) return Promise.reject(new Error('The database connection is not open'));
  return findFewIn<T>(db, model.collection.collectionName, filter, options);
}

/**
 * The documents an aggregation of `collectionName` answers, as one `aggregate` command answered in its first batch
 * (findFewIn's reasons): for a hot read that joins a handful of documents ($lookup) in one round trip. More than
 * FEW_DOCUMENTS_MAX results throw.
 */
export async function aggregateFew<T extends Document>(model: ModelLike, pipeline: Document[]): Promise<T[]> {
  const { db } = model.db;
  if (!db) throw new Error('The database connection is not open');
  return aggregateFewIn<T>(db, model.collection.collectionName, pipeline);
}

/** aggregateFew on a collection of `db` by name. */
export async function aggregateFewIn<T extends Document>(
  db: Db,
  collectionName: string,
  pipeline: Document[],
): Promise<T[]> {
  const reply = await db.command({ aggregate: collectionName, pipeline, cursor: { batchSize: FEW_DOCUMENTS_MAX + 1 } });
  const cursor = reply.cursor as { id: unknown; firstBatch: T[] };
  if (cursor.firstBatch.length > FEW_DOCUMENTS_MAX || String(cursor.id) !== '0') {
    throw new Error(`aggregateFew: more than ${FEW_DOCUMENTS_MAX} documents from ${collectionName}`);
  }
  return cursor.firstBatch;
}
