import request from 'supertest';
import mongoose, { type Connection } from 'mongoose';
import type { CommandStartedEvent, Document } from 'mongodb';
import { EmbeddedMongo } from '@hit/embedded-mongo';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { RELAXED_RATE_LIMITS, TEST_PASSWORD, uniqueEmail } from './helpers';
import { completeAll, getDay, performDay, startSession } from './workoutFixtures';

/**
 * Every query the api makes while a user goes through the whole product is recorded from the driver's command
 * monitoring, and each one must be served by an index: a growing account (5 years of sets) must never turn a
 * request into a collection scan. The test prints the list of queries and the index that serves each.
 */
const READS_AND_WRITES = new Set([
  'find',
  'update',
  'delete',
  'findAndModify',
  'count',
  'countDocuments',
  'aggregate',
  'distinct',
]);

interface Query {
  collection: string;
  fields: string[];
}

/** The top-level field names a filter constrains (inside $and/$or too); operators' own keys are not fields. */
function filterFields(filter: Document | undefined): string[] {
  if (!filter) return [];
  const fields = new Set<string>();
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' || key === '$or') {
      for (const part of value as Document[]) for (const field of filterFields(part)) fields.add(field);
    } else if (!key.startsWith('$')) {
      fields.add(key);
    }
  }
  return [...fields].sort();
}

function queriesOf(event: CommandStartedEvent): Query[] {
  const { command, commandName } = event;
  if (!READS_AND_WRITES.has(commandName)) return [];
  const collection = String(command[commandName]);
  switch (commandName) {
    case 'find':
    case 'count':
    case 'countDocuments':
    case 'distinct':
    case 'findAndModify':
      return [{ collection, fields: filterFields(command.filter ?? command.query) }];
    case 'update':
      return (command.updates as Document[]).map((u) => ({ collection, fields: filterFields(u.q) }));
    case 'delete':
      return (command.deletes as Document[]).map((d) => ({ collection, fields: filterFields(d.q) }));
    case 'aggregate': {
      const match = (command.pipeline as Document[])[0]?.$match as Document | undefined;
      return [{ collection, fields: filterFields(match) }];
    }
    default:
      return [];
  }
}

let server: EmbeddedMongo;
let connection: Connection;
const commands: CommandStartedEvent[] = [];

beforeAll(async () => {
  server = await EmbeddedMongo.start({ port: 0 });
  connection = mongoose.createConnection(server.uri, {
    dbName: 'hit-indexes-test',
    monitorCommands: true,
    bufferCommands: false,
  });
  await connection.asPromise();
  connection.getClient().on('commandStarted', (event) => commands.push(event));
});

afterAll(async () => {
  await connection.close(true);
  await server.stop();
});

// A whole journey (dozens of requests, two password hashes): jest's default 5 s is too short on a busy machine.
it('serves every query a user causes from an index', async () => {
  const app = createApp({
    config: loadConfig({ NODE_ENV: 'test' }),
    connection,
    mongoClient: connection.getClient(),
    rateLimits: RELAXED_RATE_LIMITS,
  });
  await Promise.all(Object.values(connection.models).map((model) => model.init()));

  // The whole product: sign up, a workout with autosaves, a completed cycle, analytics, exports, resets, billing, sign
  // out, sign in.
  const agent = request.agent(app);
  const email = uniqueEmail('indexes');
  await agent
    .post('/api/register')
    .send({ email, password: TEST_PASSWORD, firstName: 'Ada', lastName: 'Lovelace' })
    .expect(201);
  await agent.get('/api/user').expect(200);
  await agent.get('/api/workout-days').expect(200);
  await agent.get('/api/workout-state').expect(200);
  await agent.get('/api/subscription/status').expect(200);
  const session = await startSession(agent, 1);
  await agent.get('/api/sessions/open').expect(200);
  const day = await getDay(agent, 1);
  await agent
    .put(`/api/sessions/${session.id}`)
    .send({ exercises: completeAll(day.exercises) })
    .expect(200);
  await agent.post(`/api/sessions/${session.id}/end`).expect(200);
  await performDay(agent, 1);
  await performDay(agent, 2);
  await performDay(agent, 3);
  await agent.get('/api/progress').expect(200);
  await agent.get(`/api/progress/last-workout/${day.exercises[0].id}/1`).expect(200);
  await agent.get('/api/export/csv').expect(200);
  await agent.get('/api/export/json').expect(200);
  await agent.post('/api/subscription/sync').expect(200);
  await agent.post('/api/workout-days/2/reset').expect(200);
  await agent.post('/api/reset').expect(200);
  await agent.get('/api/remotes').expect(200);
  await agent.post('/api/logout').expect(200);
  await agent.post('/api/login').send({ email, password: TEST_PASSWORD }).expect(200);
  await agent.get('/api/progress').expect(200);

  // Each distinct query shape, and the indexes of its collection.
  const shapes = new Map<string, Query>();
  for (const query of commands.flatMap(queriesOf)) shapes.set(`${query.collection}:${query.fields.join(',')}`, query);
  expect(shapes.size).toBeGreaterThan(5);

  const listing: string[] = [];
  const unindexed: string[] = [];
  for (const { collection, fields } of shapes.values()) {
    if (collection === 'releases' && fields.length === 0) {
      // The release table: one document per remote (four at most), read whole. Not per user.
      listing.push(`${collection} {} → whole table (4 documents at most)`);
      continue;
    }
    const indexes = (await connection.db!.collection(collection).indexes()) as {
      name?: string;
      key: Record<string, unknown>;
      partialFilterExpression?: Record<string, unknown>;
    }[];
    // An index serves the query when its leading key is one of the filter's fields (_id is always indexed); a
    // partial index only when the query also names every field of its partial filter.
    const serving = indexes.find(
      (index) =>
        fields.includes(Object.keys(index.key)[0]) &&
        Object.keys(index.partialFilterExpression ?? {}).every((field) => fields.includes(field)),
    );
    const line = `${collection} {${fields.join(', ')}} → ${serving ? (serving.name ?? JSON.stringify(serving.key)) : 'NO INDEX'}`;
    listing.push(line);
    if (!serving) unindexed.push(line);
  }
  console.log(`Queries made for one user, and the index serving each:\n  ${listing.sort().join('\n  ')}`);
  expect(unindexed).toEqual([]);
}, 60_000);
