/**
 * Which server the compatibility suite talks to. By default each test file starts its own embedded server;
 * with MONGODB_URI set, the same tests run against that real MongoDB instead (each file in its own database),
 * which is how the suite proves the embedded server behaves like the real one.
 */
import { randomBytes } from 'node:crypto';
import { EmbeddedMongo } from '@hit/embedded-mongo';

export const externalUri = process.env.MONGODB_URI;

/** Reason given by the tests that only make sense against the embedded server (its process, its sockets). */
export const embeddedOnlyReason = externalUri
  ? `MONGODB_URI is set (${externalUri}): this test needs the embedded server's own process and sockets`
  : undefined;

export interface Target {
  uri: string;
  /** A database name no other test file or earlier run uses. */
  dbName: string;
  stop(): Promise<void>;
}

export async function startTarget(label: string): Promise<Target> {
  const dbName = `embedded_mongo_${label}_${randomBytes(4).toString('hex')}`;
  if (externalUri) return { uri: externalUri, dbName, stop: async () => {} };
  const server = await EmbeddedMongo.start();
  return { uri: server.uri, dbName, stop: () => server.stop() };
}
