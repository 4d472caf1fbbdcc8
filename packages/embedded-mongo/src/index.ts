export { EmbeddedMongo, type EmbeddedMongoOptions } from './server';
