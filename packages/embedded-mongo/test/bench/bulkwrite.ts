/**
 * What an autosave's writes cost the server: ten writes to three collections sent as one bulkWrite (MongoDB 8.0),
 * as one ordered command per run of writes to the same collection (the api's way on 7.0), and as one command per
 * write. The server runs as its own process (the CLI), so its CPU time (from /proc) is the server's alone:
 *
 *   npm run build -w @hit/embedded-mongo
 *   npx swc packages/embedded-mongo/test/bench/bulkwrite.ts -o /tmp/bulkwrite.js --config-file config/swc.node.json
 *   NODE_PATH=$PWD/node_modules node /tmp/bulkwrite.js [--dbpath /tmp/bench-db]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import {
  MongoClient,
  ObjectId,
  type AnyBulkWriteOperation,
  type AnyClientBulkWriteModel,
  type Db,
  type Document,
} from 'mongodb';

const ROUNDS = 2_000;
const WARM_UP = 200;
const DB = 'bench';

interface Saved extends Document {
  _id: string | ObjectId;
}

interface Write {
  collection: string;
  model: AnyBulkWriteOperation<Saved>;
}

/** One autosave: the session's state, four sets (one replaced, one removed), the exercise's progress entries. */
function autosave(round: number): Write[] {
  const sessionId = `s${round % 50}`;
  const set = (n: number) => ({ _id: `${sessionId}-${round}-${n}`, sessionId, n, reps: 8, weight: 100 + n });
  return [
    {
      collection: 'sessions',
      model: { updateOne: { filter: { _id: sessionId }, update: { $set: { round } }, upsert: true } },
    },
    { collection: 'sets', model: { insertOne: { document: set(1) } } },
    { collection: 'sets', model: { insertOne: { document: set(2) } } },
    { collection: 'sets', model: { insertOne: { document: set(3) } } },
    {
      collection: 'sets',
      model: { replaceOne: { filter: { _id: `${sessionId}-${round}-2` }, replacement: { sessionId, n: 4, reps: 10 } } },
    },
    { collection: 'sets', model: { deleteOne: { filter: { _id: `${sessionId}-${round}-3` } } } },
    {
      collection: 'progress',
      model: {
        updateOne: {
          filter: { userId: 'u1', exerciseId: 'squat', day: round % 30 },
          update: { $max: { weight: 100 + (round % 7) }, $inc: { sets: 1 } },
          upsert: true,
        },
      },
    },
    {
      collection: 'progress',
      model: { updateMany: { filter: { userId: 'u1', day: round % 30 }, update: { $set: { at: new Date() } } } },
    },
    { collection: 'sessions', model: { updateOne: { filter: { _id: sessionId }, update: { $inc: { saves: 1 } } } } },
    { collection: 'sets', model: { insertOne: { document: { _id: new ObjectId(), sessionId, n: 5 } } } },
  ];
}

/** As one bulkWrite. */
async function asOneCommand(client: MongoClient, writes: Write[]): Promise<void> {
  await client.bulkWrite<Record<string, Saved>>(
    writes.map(({ collection, model }) => {
      const [[name, fields]] = Object.entries(model);
      return { namespace: `${DB}.${collection}`, name, ...fields } as AnyClientBulkWriteModel<Saved>;
    }),
  );
}

/** As one ordered collection bulkWrite per run of writes to the same collection. */
async function perCollection(db: Db, writes: Write[]): Promise<void> {
  for (let i = 0; i < writes.length;) {
    let j = i;
    while (j < writes.length && writes[j].collection === writes[i].collection) j += 1;
    await db.collection<Saved>(writes[i].collection).bulkWrite(writes.slice(i, j).map((write) => write.model));
    i = j;
  }
}

/** As one command per write. */
async function perWrite(db: Db, writes: Write[]): Promise<void> {
  for (const { collection, model } of writes) await db.collection<Saved>(collection).bulkWrite([model]);
}

/** The server process's CPU time so far, in ms (utime + stime of /proc/<pid>/stat, in clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { dbpath: { type: 'string' } } });
  const cli = require.resolve('@hit/embedded-mongo/dist/cli.js');
  const options = ['--port', '0', ...(values.dbpath ? ['--dbpath', values.dbpath] : [])];
  const child = spawn(process.execPath, [cli, ...options], { stdio: ['ignore', 'pipe', 'inherit'] });
  const uri = await new Promise<string>((resolve) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /^listening (\S+)$/m.exec(output);
      if (match) resolve(match[1]);
    });
  });
  const client = await MongoClient.connect(uri, { maxPoolSize: 1 });
  const db = client.db(DB);
  const ways: Array<[string, (writes: Write[]) => Promise<void>]> = [
    ['one bulkWrite', (writes) => asOneCommand(client, writes)],
    ['a command per collection', (writes) => perCollection(db, writes)],
    ['a command per write', (writes) => perWrite(db, writes)],
  ];
  try {
    for (let pass = 0; pass < 2; pass++) {
      for (const [name, send] of ways) {
        await db.dropDatabase();
        for (let round = 0; round < WARM_UP; round++) await send(autosave(round));
        const cpuBefore = cpuMs(child.pid!);
        const started = process.hrtime.bigint();
        for (let round = WARM_UP; round < WARM_UP + ROUNDS; round++) await send(autosave(round));
        const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
        const serverMs = cpuMs(child.pid!) - cpuBefore;
        // The first pass warms the server up for every way; the second is the one to compare.
        if (pass === 1) {
          console.log(
            `${name.padEnd(26)} server CPU ${((serverMs * 1000) / ROUNDS).toFixed(0).padStart(4)} µs per autosave, ` +
              `wall ${((wallMs * 1000) / ROUNDS).toFixed(0).padStart(5)} µs`,
          );
        }
      }
    }
  } finally {
    await client.close();
    child.kill('SIGTERM');
  }
}

void main();
