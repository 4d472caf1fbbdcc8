import { Collection, type MongoClient } from 'mongodb';
import type { TestDatabase } from './helpers';

/** A write stopped half way: `stopped()` says whether the stop came (a test of nothing otherwise). */
export interface StoppedWrites {
  stopped(): boolean;
  restore(): void;
}

/**
 * Stops the next plan of writes the api sends (api/src/orderedWrites.ts) before its first write to `collection`, as a
 * crash at that moment would: the writes before it are applied, none after it. On MongoDB 8.0 the plan is one
 * bulkWrite command, which the database applies in order, each write on its own (not as a transaction): the command
 * is made to apply its writes up to that one only. On 7.0 (`database` started with mongoVersion '7.0') each
 * collection's writes are a command of their own: that collection's command fails.
 */
export function stopBeforeWritesTo(database: TestDatabase, collection: string, mongo7 = false): StoppedWrites {
  let stopped = false;
  if (mongo7) {
    const collectionWrite = Collection.prototype.bulkWrite;
    const spy = jest.spyOn(Collection.prototype, 'bulkWrite').mockImplementation(function (
      this: Collection,
      ...args: Parameters<Collection['bulkWrite']>
    ) {
      if (stopped || this.collectionName !== collection) return collectionWrite.apply(this, args);
      stopped = true;
      return Promise.reject(new Error('the api process died here'));
    });
    return { stopped: () => stopped, restore: () => spy.mockRestore() };
  }
  const client: MongoClient = database.connection.getClient();
  const clientWrite = client.bulkWrite.bind(client);
  const spy = jest.spyOn(client, 'bulkWrite').mockImplementation(async (models, options) => {
    const at = stopped ? -1 : models.findIndex((model) => model.namespace.endsWith(`.${collection}`));
    if (at < 0) return clientWrite(models, options);
    stopped = true;
    if (at > 0) await clientWrite(models.slice(0, at), options);
    throw new Error('the database stopped here');
  });
  return { stopped: () => stopped, restore: () => spy.mockRestore() };
}
