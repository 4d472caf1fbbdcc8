export { EmbeddedMongo, type EmbeddedMongoOptions } from './server';
export { isRunning as isProcessRunning, type JournalStats } from './storage';
