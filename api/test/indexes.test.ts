import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import request from 'supertest';
import mongoose, { Types, type Connection } from 'mongoose';
import type { CommandStartedEvent, Document } from 'mongodb';
import { EmbeddedMongo } from '@hit/embedded-mongo';
import { DEFAULT_PLATE_SETTINGS } from '@hit/contracts/rules';
import { createApp } from '../src/app';
import { SESSIONS_COLLECTION } from '../src/session';
import { loadConfig } from '../src/config';
import { userDataModels } from '../src/services/retention';
import { RELAXED_RATE_LIMITS, TEST_PASSWORD, TEST_VAPID_ENV, uniqueEmail } from './helpers';
import { resetLinkIn, startMailbox, type Mailbox } from './mailbox';
import { UNREACHABLE_PUSH_SERVICE, unreachableSubscription } from './mockPushService';
import { appRoutes } from './routeCalls';
import { Outbox } from './syncOutbox';
import { completeAll, getDay, getDays, performDay, startSession } from './workoutFixtures';

/**
 * Every query the api makes while a user goes through the whole product (every route of the api, in the order a
 * lifter meets them) is recorded from the driver's command monitoring, with the request that made it. Then:
 * - each one must be served by an index: a growing account (5 years of sets) must never turn a request into a
 *   collection scan;
 * - each one on a per-user collection (every model with a `userId`, as retention's `userDataModels` finds them)
 *   must name the signed-in user's id in its filter, `_id` lookups included: no request may read or change another
 *   user's documents, and a sharded cluster (docs/scaling.md) routes each one to one shard.
 * The test prints the queries with the index serving each, and the database commands of each request.
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
  'bulkWrite',
]);
/** Commands that change documents (the rest of READS_AND_WRITES, and getMore, only read). */
const WRITES = new Set(['insert', 'update', 'delete', 'findAndModify', 'bulkWrite']);
/** The driver's own conversation (handshake, monitoring, sessions) and index creation: not a request's work. */
const NOT_WORK = new Set(['hello', 'isMaster', 'ismaster', 'ping', 'endSessions', 'createIndexes', 'listIndexes']);

/** A Strong export of one workout, for the import routes. */
const STRONG_CSV =
  'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n' +
  '2024-01-17 18:05:00,Pull,58m,Deadlifts,W,135,5,0,0,,,\n' +
  '2024-01-17 18:05:00,Pull,58m,Deadlifts,1,315,6,0,0,,,';

interface Query {
  collection: string;
  filter: Document;
  fields: string[];
  /** The route of the request that made it (`METHOD /api/pattern`), or `(no request)`. */
  route: string;
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

/**
 * The field sets an index must serve for a filter: one per branch of a top-level $or, each with the fields constrained
 * beside the $or (MongoDB scans the whole collection unless an index serves every branch), else the filter's fields.
 */
function indexedFieldSets(filter: Document): string[][] {
  const { $or: branches, ...rest } = filter;
  const common = filterFields(rest);
  if (!Array.isArray(branches)) return [common];
  return (branches as Document[]).map((branch) => [...new Set([...common, ...filterFields(branch)])].sort());
}

/** One update statement of a command, whichever command carried it: an `update` or MongoDB 8.0's `bulkWrite`. */
interface UpdateStatement {
  collection: string;
  filter: Document;
  update: Document | Document[];
  upsert: boolean;
}

/** The collection each of a bulkWrite's writes names (its `nsInfo` entry), as `{ collection, op }`. */
function bulkWritesOf(command: Document): { collection: string; op: Document }[] {
  const namespaces = (command.nsInfo as { ns: string }[]).map(({ ns }) => ns.slice(ns.indexOf('.') + 1));
  return (command.ops as Document[]).map((op) => ({
    collection: namespaces[(op.insert ?? op.update ?? op.delete) as number],
    op,
  }));
}

function updateStatementsOf({ command, commandName }: CommandStartedEvent): UpdateStatement[] {
  if (commandName === 'update') {
    return (command.updates as Document[]).map((u) => ({
      collection: String(command.update),
      filter: u.q as Document,
      update: u.u as Document,
      upsert: u.upsert === true,
    }));
  }
  if (commandName !== 'bulkWrite') return [];
  return bulkWritesOf(command)
    .filter(({ op }) => op.update !== undefined)
    .map(({ collection, op }) => ({
      collection,
      filter: op.filter as Document,
      update: op.updateMods as Document,
      upsert: op.upsert === true,
    }));
}

/**
 * The fields a `$lookup` sub-pipeline's leading `$match` constrains, as a filter: its own, and those it compares with
 * a variable (`$expr: { $eq: ['$field', '$$variable'] }`, alone or in an `$and`), which the foreign index serves.
 * `known`: variables whose value is known (the user's id, bound from a document that is the user's), compared as it.
 */
function lookupFilter(match: Document, known: Record<string, unknown> = {}): Document {
  const { $expr: expression, ...filter } = match;
  const equalities = (expression as Document | undefined)?.$and ?? (expression ? [expression] : []);
  for (const equality of equalities as Document[]) {
    const operands = (equality.$eq ?? []) as unknown[];
    const field = operands.find((operand) => typeof operand === 'string' && /^\$[^$]/.test(operand));
    const variable = operands.find((operand) => typeof operand === 'string' && operand.startsWith('$$'));
    if (typeof field !== 'string') continue;
    const name = typeof variable === 'string' ? variable.slice(2) : undefined;
    filter[field.slice(1)] = name !== undefined && name in known ? { $eq: known[name] } : { $eq: '(a variable)' };
  }
  return filter;
}

/**
 * The reads of the `$lookup` stages of a pipeline, nested ones included. A `let` variable bound to `$userId` of a
 * document that is the user's (`parentIsUsers`: its own read is scoped, or it is the request's own session, found by
 * the signed cookie's id) holds the user's id, and a sub-pipeline comparing `userId` with it is scoped to the user.
 */
function lookupReads(stages: Document[], parentIsUsers: boolean): { collection: string; filter: Document }[] {
  return stages.flatMap((stage) => {
    const lookup = stage.$lookup as { from: string; let?: Document; pipeline?: Document[] } | undefined;
    const subMatch = lookup?.pipeline?.[0]?.$match as Document | undefined;
    if (!lookup || !subMatch) return [];
    const known: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(lookup.let ?? {})) {
      if (value === '$userId' && parentIsUsers) known[name] = userId;
    }
    const filter = lookupFilter(subMatch, known);
    return [{ collection: lookup.from, filter }, ...lookupReads(lookup.pipeline!, scopedTo(filter, userId))];
  });
}

function filtersOf(event: CommandStartedEvent): { collection: string; filter: Document }[] {
  const { command, commandName } = event;
  if (!READS_AND_WRITES.has(commandName)) return [];
  const collection = String(command[commandName]);
  switch (commandName) {
    case 'find':
    case 'count':
    case 'countDocuments':
    case 'distinct':
    case 'findAndModify':
      return [{ collection, filter: (command.filter ?? command.query ?? {}) as Document }];
    case 'update':
      return updateStatementsOf(event);
    case 'delete':
      return (command.deletes as Document[]).map((d) => ({ collection, filter: d.q as Document }));
    case 'bulkWrite':
      return bulkWritesOf(command)
        .filter(({ op }) => op.insert === undefined)
        .map(({ collection: target, op }) => ({ collection: target, filter: op.filter as Document }));
    case 'aggregate': {
      const pipeline = command.pipeline as Document[];
      const match = (pipeline[0]?.$match as Document | undefined) ?? {};
      // A join reads the foreign collection by its sub-pipeline's first $match, which must be scoped and indexed too.
      // The session store's join (auth/sessionUser.ts) starts from the request's own session.
      const parentIsUsers = collection === SESSIONS_COLLECTION || scopedTo(match, userId);
      return [{ collection, filter: match }, ...lookupReads(pipeline, parentIsUsers)];
    }
    default:
      return [];
  }
}

/** True when the value a filter gives `userId` is exactly `userId` (as is, or with $eq). */
function isUser(value: unknown, userId: Types.ObjectId): boolean {
  if (value instanceof Types.ObjectId || (value as { _bsontype?: string } | null)?._bsontype === 'ObjectId')
    return userId.equals(value as Types.ObjectId);
  const operators = value as Document | null;
  return operators !== null && typeof operators === 'object' && '$eq' in operators && isUser(operators.$eq, userId);
}

/** True when every document the filter can match belongs to `userId`: `userId` named, in each branch of an $or. */
function scopedTo(filter: Document, userId: Types.ObjectId): boolean {
  if ('userId' in filter) return isUser(filter.userId, userId);
  if (Array.isArray(filter.$and) && (filter.$and as Document[]).some((part) => scopedTo(part, userId))) return true;
  return (
    Array.isArray(filter.$or) &&
    filter.$or.length > 0 &&
    (filter.$or as Document[]).every((part) => scopedTo(part, userId))
  );
}

/** The filter as a line of the report: ObjectIds and dates as such, long strings cut. */
function describeFilter(filter: Document): string {
  return JSON.stringify(filter, (_key, value: unknown) => {
    if (typeof value === 'string' && value.length > 24) return `${value.slice(0, 8)}…`;
    return value;
  }).replace(/"([0-9a-f]{24})"/g, 'ObjectId');
}

/** Turns the app's route patterns into a matcher of concrete requests: `METHOD /path` → its pattern. */
function routeMatcher(routes: string[]) {
  const compiled = routes
    .map((route) => {
      const [method, pattern] = route.split(' ');
      const regex = new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`);
      return { route, method, regex, params: (pattern.match(/:/g) ?? []).length };
    })
    // A static segment wins over a parameter: /api/sessions/open before /api/sessions/:id.
    .sort((a, b) => a.params - b.params);
  return (method: string, path: string) =>
    compiled.find((candidate) => candidate.method === method && candidate.regex.test(path))?.route ??
    `${method} ${path}`;
}

let server: EmbeddedMongo;
let connection: Connection;
let mailbox: Mailbox;
/** Every command, with the route and number of the request being handled when it started. */
const commands: { event: CommandStartedEvent; route: string; request: number }[] = [];
let currentRoute = '(no request)';
let currentRequest = 0;
let app: ReturnType<typeof createApp>;
let userId: Types.ObjectId;
const calledRoutes = new Set<string>();

beforeAll(async () => {
  server = await EmbeddedMongo.start({ port: 0 });
  mailbox = await startMailbox();
  connection = mongoose.createConnection(server.uri, {
    dbName: 'hit-indexes-test',
    monitorCommands: true,
    bufferCommands: false,
  });
  await connection.asPromise();
  connection
    .getClient()
    .on('commandStarted', (event) => commands.push({ event, route: currentRoute, request: currentRequest }));

  app = createApp({
    config: loadConfig({
      NODE_ENV: 'test',
      SMTP_URL: mailbox.url,
      PUBLIC_ORIGIN: 'https://hit.example.com',
      ...TEST_VAPID_ENV,
      PUSH_TEST_SERVICE: UNREACHABLE_PUSH_SERVICE,
    }),
    connection,
    mongoClient: connection.getClient(),
    rateLimits: RELAXED_RATE_LIMITS,
  });
  await Promise.all(Object.values(connection.models).map((model) => model.init()));
  await wholeProduct();
  currentRoute = '(no request)';
}, 120_000);

afterAll(async () => {
  await connection.close(true);
  await mailbox.close();
  await server.stop();
});

/**
 * The whole product through every route, as one user: sign up, settings and goals, a workout with autosaves, a
 * completed cycle, the offline outbox (replayed, a day reset), analytics, records, exports, an import, the demo
 * checkout, resets, a password change, a forgotten password, sign out and in, and the account's deletion.
 */
async function wholeProduct() {
  const routeOf = routeMatcher(appRoutes(app));
  // Every request is named by its route, so each command can be traced to the request that made it.
  const traced = (req: IncomingMessage, res: ServerResponse) => {
    currentRoute = routeOf(req.method ?? 'GET', new URL(req.url ?? '/', 'http://api').pathname);
    currentRequest += 1;
    calledRoutes.add(currentRoute);
    return (app as unknown as (req: IncomingMessage, res: ServerResponse) => void)(req, res);
  };
  const agent = request.agent(traced);
  const email = uniqueEmail('indexes');
  let password = TEST_PASSWORD;

  await agent.get('/api/health').expect(200);
  await agent.get('/api/remotes').expect(200);
  const registered = await agent
    .post('/api/register')
    .send({ email, password, firstName: 'Ada', lastName: 'Lovelace' })
    .expect(201);
  userId = new Types.ObjectId(String((registered.body as { id: string }).id));
  await agent.get('/api/user').expect(200);
  await agent.get('/api/workout-days').expect(200);
  await agent.get('/api/workout-state').expect(200);
  await agent.get('/api/subscription/status').expect(200);
  await agent.get('/api/settings/plates').expect(200);
  await agent.put('/api/settings/plates').send(DEFAULT_PLATE_SETTINGS).expect(200);
  await agent.put('/api/user/weight-unit').send({ weightUnit: 'kg' }).expect(200);

  // The rest-over alert: two devices subscribe, one unsubscribes; a rest is scheduled, moved, cancelled and scheduled
  // again, left for the password change, reset and sign-out below to clear.
  await agent.get('/api/push/key').expect(200);
  const [phone, tablet] = [randomUUID(), randomUUID()];
  for (const deviceId of [phone, tablet]) {
    await agent.put('/api/push/subscription').send({ deviceId, subscription: unreachableSubscription() }).expect(204);
  }
  await agent.delete(`/api/push/subscription/${tablet}`).expect(204);
  const rest = (inMs: number) => ({
    deviceId: phone,
    endsAt: new Date(Date.now() + inMs).toISOString(),
    next: { set: 'Working set', exercise: 'Incline Press' },
  });
  await agent.put('/api/push/rest').send(rest(180_000)).expect(200);
  await agent.put('/api/push/rest').send(rest(120_000)).expect(200);
  await agent.delete(`/api/push/rest/${phone}`).expect(204);
  await agent.put('/api/push/rest').send(rest(180_000)).expect(200);

  // Goals: one kept, one edited, one deleted.
  await agent.post('/api/goals').send({ exerciseId: 101, weight: 135, unit: 'lbs' }).expect(201);
  const goal = await agent.post('/api/goals').send({ exerciseId: 102, weight: 40, unit: 'lbs' }).expect(201);
  const goalId = (goal.body as { id: string }).id;
  await agent.patch(`/api/goals/${goalId}`).send({ weight: 45 }).expect(200);
  await agent.get('/api/goals').expect(200);
  await agent.delete(`/api/goals/${goalId}`).expect(204);

  // A workout through the REST routes, then a cycle.
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

  // The browser's write path: an outbox (start, a save per set, complete; a day reset), sent, then sent again.
  const outbox = new Outbox(await getDays(agent), Date.now() - 60 * 60_000);
  outbox.workout({ dayId: 1, minutesPerSet: 1 });
  outbox.workout({ dayId: 2, sets: 2, finish: 'end', minutesPerSet: 1 });
  outbox.operations.push({ opId: 'indexes-reset-day-3', type: 'resetDay', at: outbox.tick(), dayId: 3 });
  await agent.post('/api/sync').send({ operations: outbox.operations, userId: userId.toHexString() }).expect(200);
  await agent.post('/api/sync').send({ operations: outbox.operations }).expect(200);
  // And as the browser sends it online: each write on its own, as it happens (a start, then one save per set).
  const online = new Outbox(await getDays(agent), Date.now() - 10 * 60_000);
  online.workout({ dayId: 2, sets: 2, finish: 'open', minutesPerSet: 1 });
  for (const operation of online.operations)
    await agent
      .post('/api/sync')
      .send({ operations: [operation] })
      .expect(200);

  // Analytics, records and the 'Last time' hints.
  await agent.get('/api/progress').expect(200);
  await agent.get(`/api/progress/last-workout/${day.exercises[0].id}/1`).expect(200);
  await agent.get('/api/records').expect(200);
  await agent.get('/api/export/csv').expect(200);
  await agent.get('/api/export/json').expect(200);
  await agent.post('/api/import/preview').send({ csv: STRONG_CSV }).expect(200);
  await agent.post('/api/import').send({ csv: STRONG_CSV }).expect(200);

  // The demo checkout, its page and confirmation, then the subscription synced and cancelled.
  const checkout = await agent.post('/api/subscription/create-checkout').send({}).expect(200);
  const checkoutUrl = (checkout.body as { checkoutUrl: string }).checkoutUrl;
  await agent.get(checkoutUrl).expect(200);
  await agent.post(`${checkoutUrl}/confirm`).expect(303);
  await agent.post('/api/subscription/sync').expect(200);
  await agent.post('/api/subscription/cancel').expect(200);

  await agent.post('/api/workout-days/2/reset').expect(200);
  await agent.post('/api/reset').expect(200);

  // Passwords: changed while signed in, then forgotten and reset from the e-mailed link.
  const changed = `${password} changed`;
  await agent.post('/api/user/password').send({ currentPassword: password, newPassword: changed }).expect(200);
  password = changed;
  await agent.post('/api/password/forgot').send({ email }).expect(200);
  const { token } = resetLinkIn(await mailbox.waitFor(email));
  password = `${password} reset`;
  await agent.post('/api/password/reset').send({ token, password }).expect(200);

  await agent.post('/api/logout').expect(200);
  await agent.post('/api/login').send({ email, password }).expect(200);
  await agent.get('/api/progress').expect(200);
  await agent.delete('/api/user').send({ password }).expect(200);
}

/** Each distinct query shape (collection and the fields an index must serve), with the routes that made it. */
function queryShapes(): Map<string, Query & { routes: Set<string> }> {
  const shapes = new Map<string, Query & { routes: Set<string> }>();
  for (const { event, route } of commands) {
    for (const { collection, filter } of filtersOf(event)) {
      for (const fields of indexedFieldSets(filter)) {
        const key = `${collection}:${fields.join(',')}`;
        const shape = shapes.get(key) ?? { collection, filter, fields, route, routes: new Set<string>() };
        shape.routes.add(route);
        shapes.set(key, shape);
      }
    }
  }
  return shapes;
}

// A route the whole-product run leaves out would leave its queries unchecked.
it('calls every route of the api in its whole-product run', () => {
  const missed = appRoutes(app).filter((route) => !calledRoutes.has(route));
  expect(missed).toEqual([]);

  // What each request costs the database (docs/scaling.md).
  const perRoute = new Map<string, Map<number, { reads: number; writes: number }>>();
  for (const { event, route, request } of commands) {
    if (NOT_WORK.has(event.commandName) || route === '(no request)') continue;
    const requests = perRoute.get(route) ?? new Map<number, { reads: number; writes: number }>();
    const counts = requests.get(request) ?? { reads: 0, writes: 0 };
    counts[WRITES.has(event.commandName) ? 'writes' : 'reads'] += 1;
    requests.set(request, counts);
    perRoute.set(route, requests);
  }
  const lines = [...perRoute]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([route, requests]) => {
      const each = [...requests.values()].map(({ reads, writes }) => `${reads}+${writes}`);
      const shown = each.length > 6 ? `${each.slice(0, 6).join(', ')}, … (${each.length} requests)` : each.join(', ');
      return `${route.padEnd(56)} ${shown}`;
    });
  console.log(`Database commands per request, reads+writes (the session store's included):\n  ${lines.join('\n  ')}`);
});

it('serves every query a user causes from an index', async () => {
  const shapes = queryShapes();
  expect(shapes.size).toBeGreaterThan(5);

  const listing: string[] = [];
  const unindexed: string[] = [];
  for (const { collection, fields, routes } of shapes.values()) {
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
    if (!serving) unindexed.push(`${line} (${[...routes].join('; ')})`);
  }
  console.log(`Queries made for one user, and the index serving each:\n  ${listing.sort().join('\n  ')}`);
  expect(unindexed).toEqual([]);
});

it("names the signed-in user's id in every query of a per-user collection, _id lookups included", () => {
  const perUser = new Set(userDataModels(connection).map((model) => model.collection.collectionName));
  // The models say which collections hold one user's documents; the program's collections are among them.
  expect([...perUser]).toEqual(
    expect.arrayContaining(['progressentries', 'workoutdays', 'workoutsessions', 'workoutstates', 'goals']),
  );
  expect([...perUser]).toEqual(expect.arrayContaining(['syncoperations', 'synclocks', 'workoutcompletions']));

  const checked = new Map<string, number>();
  const unscoped = new Set<string>();
  for (const { event, route } of commands) {
    for (const { collection, filter } of filtersOf(event)) {
      if (!perUser.has(collection)) continue;
      checked.set(collection, (checked.get(collection) ?? 0) + 1);
      if (!scopedTo(filter, userId))
        unscoped.add(`${route}: ${event.commandName} ${collection} ${describeFilter(filter)}`);
    }
  }
  console.log(
    `Queries of per-user collections, each checked for the user's id:\n  ${[...checked]
      .sort()
      .map(([collection, count]) => `${collection}: ${count}`)
      .join('\n  ')}`,
  );
  // Every per-user collection the product uses was queried, so none went unchecked.
  expect([...perUser].filter((collection) => !checked.has(collection))).toEqual([]);
  expect([...unscoped]).toEqual([]);
});

// GET /api/workout-days answers from each process's rendered copy while the days' revisions are unchanged
// (api/src/services/daysCache.ts): a write of a day that did not move its revision would leave that copy stale.
it("moves a day document's revision in every update of it the product sends", () => {
  const statements = commands.flatMap(({ event, route }) =>
    updateStatementsOf(event)
      .filter(({ collection }) => collection === 'workoutdays')
      .map((statement) => ({ statement, route })),
  );
  // The whole product writes days in many ways: the autosave, day saves, completions, resets, the outbox.
  expect(new Set(statements.map(({ route }) => route)).size).toBeGreaterThan(5);
  const unrevised = statements.filter(({ statement }) => {
    const update = statement.update as Document;
    // Seeding: an upsert that only inserts makes a new document (a new _id), and changes an existing one not at all.
    const insertOnly = statement.upsert && Object.keys(update).every((operator) => operator === '$setOnInsert');
    return !insertOnly && (update.$inc as Document | undefined)?.rev !== 1;
  });
  // Each named by its route and its operators' fields (the values would be whole exercise lists).
  const named = unrevised.map(({ statement, route }) => {
    const fields = Object.entries(statement.update as Document).map(([operator, value]) => [
      operator,
      Object.keys(value as Document),
    ]);
    return `${route}: ${JSON.stringify(Object.fromEntries(fields))}`;
  });
  expect(named).toEqual([]);
  // No other command changes a day in place (an insert is a new _id, a delete removes one from the label).
  const others = commands.filter(
    ({ event }) => event.commandName === 'findAndModify' && event.command.findAndModify === 'workoutdays',
  );
  expect(others).toEqual([]);
  // The autosave's and the day save's writes go in one bulkWrite on MongoDB 8.0, and are checked there too.
  const inBulkWrites = commands.filter(
    ({ event }) =>
      event.commandName === 'bulkWrite' &&
      updateStatementsOf(event).some(({ collection }) => collection === 'workoutdays'),
  );
  expect(inBulkWrites.length).toBeGreaterThan(0);
});
