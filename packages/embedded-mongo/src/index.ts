export { EmbeddedMongo, type EmbeddedMongoOptions } from './server';
export { isRunning as isProcessRunning } from './storage';
