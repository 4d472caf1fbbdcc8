export { EmbeddedMongo, MAX_SOCKET_PATH_BYTES, socketUri, type EmbeddedMongoOptions } from './server';
export { isRunning as isProcessRunning, type JournalStats } from './storage';
export type { MongoVersion } from './version';
