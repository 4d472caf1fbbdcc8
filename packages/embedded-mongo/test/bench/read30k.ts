/**
 * Read-path benchmark: one user's 30,000 sets read back sorted by date, as the analytics screens do.
 * `benchRead30k` is shared by the jest test (test/read30k.test.ts) and the stand-alone script:
 *
 *   npm run build -w @hit/embedded-mongo
 *   npx swc packages/embedded-mongo/test/bench/read30k.ts -o /tmp/read30k.js --config-file config/swc.node.json
 *   NODE_PATH=$PWD/node_modules node [--cpu-prof] /tmp/read30k.js
 */
import { MongoClient, ObjectId, type Document } from 'mongodb';

export const DOCS = 30_000;
const INSERT_BATCH = 5_000;
const RUNS = 5;

export const PROJECTION: Document = {
  _id: 0,
  date: 1,
  sessionId: 1,
  workoutDayId: 1,
  exerciseId: 1,
  exerciseName: 1,
  weight: 1,
  weightUnit: 1,
  reps: 1,
  setType: 1,
};

export interface BenchResult {
  insertMs: number;
  /** Each run's wall time, in ms. */
  plain: number[];
  projected: number[];
  plainMedian: number;
  projectedMedian: number;
  /** Median CPU time (user + system) of the process per read: steadier than wall time on a busy machine. */
  plainCpuMedian: number;
  projectedCpuMedian: number;
  /**
   * Median wall time of the same read with the driver's `raw` option (documents handed over as BSON, not
   * decoded): the server and the transport without the driver's per-document decoding.
   */
  rawMedian: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function makeSet(userId: ObjectId, i: number, start: number): Document {
  return {
    userId,
    sessionId: new ObjectId(),
    workoutDayId: new ObjectId(),
    exerciseId: new ObjectId(),
    exerciseName: `Exercise ${i % 40}`,
    // Inserted out of date order so the sort has work to do.
    date: new Date(start + ((i * 7919) % DOCS) * 60_000),
    weight: 20 + (i % 50) * 2.5,
    weightUnit: i % 3 ? 'kg' : 'lb',
    reps: 5 + (i % 8),
    setType: i % 5 ? 'working' : 'warmup',
    rpe: 7 + (i % 3),
    createdAt: new Date(start),
  };
}

/** Inserts 30k sets for one user (and a few for another), then times RUNS reads with and without projection. */
export async function benchRead30k(uri: string, dbName: string): Promise<BenchResult> {
  const client = await MongoClient.connect(uri);
  try {
    const coll = client.db(dbName).collection('sets');
    await coll.createIndex({ userId: 1, date: 1 });
    const userId = new ObjectId();
    const other = new ObjectId();
    const start = Date.UTC(2024, 0, 1);
    const insertStarted = performance.now();
    for (let offset = 0; offset < DOCS; offset += INSERT_BATCH) {
      const batch: Document[] = [];
      for (let i = offset; i < offset + INSERT_BATCH; i++) batch.push(makeSet(userId, i, start));
      for (let i = 0; i < 50; i++) batch.push(makeSet(other, i, start));
      await coll.insertMany(batch);
    }
    const insertMs = performance.now() - insertStarted;

    const cpu: Record<'plain' | 'projected', number[]> = { plain: [], projected: [] };
    const time = async (projection?: Document): Promise<number> => {
      const cpuStarted = process.cpuUsage();
      const started = performance.now();
      const cursor = coll.find({ userId }).sort({ date: 1 });
      if (projection) cursor.project(projection);
      const docs = await cursor.toArray();
      const elapsed = performance.now() - started;
      const used = process.cpuUsage(cpuStarted);
      cpu[projection ? 'projected' : 'plain'].push((used.user + used.system) / 1000);
      if (docs.length !== DOCS) throw new Error(`expected ${DOCS} documents, got ${docs.length}`);
      for (let i = 1; i < docs.length; i++) {
        if (docs[i - 1].date > docs[i].date) throw new Error('documents are not sorted by date');
      }
      if (projection && ('_id' in docs[0] || 'userId' in docs[0] || !('reps' in docs[0]))) {
        throw new Error(`projection not applied: ${JSON.stringify(docs[0])}`);
      }
      return elapsed;
    };

    const plain: number[] = [];
    const projected: number[] = [];
    const raw: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      plain.push(await time());
      projected.push(await time(PROJECTION));
      const started = performance.now();
      const bytes = await coll.find({ userId }, { raw: true }).sort({ date: 1 }).toArray();
      raw.push(performance.now() - started);
      if (bytes.length !== DOCS) throw new Error(`expected ${DOCS} raw documents, got ${bytes.length}`);
    }
    await coll.drop();
    return {
      insertMs,
      plain,
      projected,
      plainMedian: median(plain),
      projectedMedian: median(projected),
      plainCpuMedian: median(cpu.plain),
      projectedCpuMedian: median(cpu.projected),
      rawMedian: median(raw),
    };
  } finally {
    await client.close();
  }
}

export function formatResult(result: BenchResult): string {
  const ms = (values: number[]) => values.map((value) => value.toFixed(0)).join(' ');
  return [
    `insert ${DOCS} docs: ${result.insertMs.toFixed(0)} ms`,
    `find+sort ${DOCS}: median ${result.plainMedian.toFixed(0)} ms (${ms(result.plain)}), cpu ${result.plainCpuMedian.toFixed(0)} ms`,
    `find+sort+projection ${DOCS}: median ${result.projectedMedian.toFixed(0)} ms (${ms(result.projected)}), cpu ${result.projectedCpuMedian.toFixed(0)} ms`,
    `find+sort, raw (driver does not decode): median ${result.rawMedian.toFixed(0)} ms`,
  ].join('\n');
}

if (require.main === module) {
  void (async () => {
    const { EmbeddedMongo } = require('@hit/embedded-mongo') as typeof import('@hit/embedded-mongo');
    const uri = process.env.MONGODB_URI;
    const server = uri ? undefined : await EmbeddedMongo.start();
    try {
      console.log(formatResult(await benchRead30k(uri ?? server!.uri, `bench_read30k_${Date.now()}`)));
    } finally {
      await server?.stop();
    }
  })();
}
