// Growth (issue #10 item 4): users with 1k, 10k and 30k progress entries, inserted straight into MongoDB in the
// api's ProgressEntry shape (api/src/models/progressEntry.ts), then GET /api/progress through the api: one
// warm-up (the first read, which fills the api's gzipped-answer cache, reported on its own), then the median of 5.
const http = require('node:http');
const zlib = require('node:zlib');
const { requireFromApi, median, signUp, rssOf } = require('./util');
const { generateHistory } = require('./data');

const SIZES = [1_000, 10_000, 30_000];

async function insertHistory(db, email, total) {
  const user = await db.collection('users').findOne({ email });
  if (!user) throw new Error(`user ${email} not found`);
  if (!(user.trialEndsAt > new Date()))
    throw new Error(`user ${email} has no access (trialEndsAt ${user.trialEndsAt})`);
  await insertEntries(db, user._id, total);
  // As the api does after every progress write: older cached answers become stale.
  await db
    .collection('workoutstates')
    .updateOne({ userId: user._id }, { $inc: { progressVersion: 1 } }, { upsert: true });
}

/** `total` ProgressEntry documents of `userId`, in batches of 2,000. */
async function insertEntries(db, userId, total) {
  const { ObjectId } = requireFromApi('mongodb');
  const sessionIds = new Map();
  const docs = generateHistory(total).map((e) => {
    let sessionId = null;
    if (e.withSession) {
      if (!sessionIds.has(e.workout)) sessionIds.set(e.workout, new ObjectId());
      sessionId = sessionIds.get(e.workout);
    }
    return {
      userId,
      workoutDayId: e.workoutDayId,
      round: e.round,
      exerciseId: e.exerciseId,
      setId: e.setId,
      sessionId,
      exerciseName: e.exerciseName,
      weight: e.weight,
      weightUnit: e.weightUnit,
      reps: e.reps,
      setType: e.setType,
      date: e.date,
    };
  });
  for (let i = 0; i < docs.length; i += 2000) {
    await db.collection('progressentries').insertMany(docs.slice(i, i + 2000), { ordered: false });
  }
}

/**
 * Time until the whole answer is received, as a browser sees it (gzip accepted, body left encoded: the client's
 * own decoding and JSON parsing are not the server's time). `decode` also parses it (for checking).
 */
function timeGet(baseUrl, cookie, urlPath, decode = false) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const request = http.get(
      `${baseUrl}${urlPath}`,
      { headers: { cookie, 'accept-encoding': 'gzip', accept: 'application/json' } },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          const ms = performance.now() - t0;
          if (response.statusCode !== 200) return reject(new Error(`GET ${urlPath}: HTTP ${response.statusCode}`));
          const raw = Buffer.concat(chunks);
          let body;
          if (decode) {
            const text = response.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(raw) : raw;
            body = JSON.parse(String(text));
          }
          resolve({ ms, body, bytes: raw.length, encoding: response.headers['content-encoding'] });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

/** Creates the users (kept for the browser heap figure: `users[30000]`), measures GET /api/progress per size. */
async function measureGrowth({ api, mongoUri, log }) {
  const { MongoClient } = requireFromApi('mongodb');
  const mongo = new MongoClient(`${mongoUri}/hit-bench`);
  await mongo.connect();
  const results = {};
  const users = {};
  try {
    const db = mongo.db();
    for (const size of SIZES) {
      const account = await signUp(api.baseUrl, `growth${size}`);
      users[size] = account;
      const t0 = performance.now();
      await insertHistory(db, account.email, size);
      log(`  ${size} entries inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      const cold = await timeGet(api.baseUrl, account.cookie, '/api/progress', true);
      if (!Array.isArray(cold.body) || cold.body.length !== size) {
        throw new Error(`GET /api/progress answered ${cold.body?.length} entries, expected ${size}`);
      }
      const times = [];
      for (let i = 0; i < 5; i++) times.push((await timeGet(api.baseUrl, account.cookie, '/api/progress')).ms);
      results[size] = { median: median(times), times, cold: cold.ms, gzipBytes: cold.bytes };
    }
  } finally {
    await mongo.close();
  }
  return { results, users };
}

/**
 * The embedded database's RSS holding 30k entries, under 100 MB (docs/architecture.md, "Performance budgets"): a fresh
 * database process of its own, the api's indexes created, 30k entries of one user inserted and read back once (as GET
 * /api/progress reads them), then its RSS; also its RSS empty, for reference.
 */
async function measureDatabaseRss({ startDatabase, dataDir }) {
  const { MongoClient, ObjectId } = requireFromApi('mongodb');
  const database = await startDatabase(dataDir);
  const mongo = new MongoClient(`${database.uri}/hit-db-rss`);
  try {
    await mongo.connect();
    const db = mongo.db();
    await db
      .collection('progressentries')
      .createIndex({ userId: 1, workoutDayId: 1, exerciseId: 1, round: 1, setId: 1 }, { unique: true });
    await db.collection('progressentries').createIndex({ userId: 1, date: 1 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const empty = rssOf(database.process.pid);
    const userId = new ObjectId();
    await insertEntries(db, userId, 30_000);
    const read = await db.collection('progressentries').find({ userId }).sort({ date: 1 }).toArray();
    if (read.length !== 30_000) throw new Error(`read back ${read.length} entries, expected 30000`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    return { empty, full: rssOf(database.process.pid) };
  } finally {
    await mongo.close().catch(() => undefined);
    await database.stop();
  }
}

/** Issue #20: the fastest of 3 downloads of a user's CSV and JSON exports (the whole body received). */
async function measureExports({ api, account }) {
  const result = {};
  for (const format of ['csv', 'json']) {
    const times = [];
    for (let i = 0; i < 3; i++) times.push((await timeGet(api.baseUrl, account.cookie, `/api/export/${format}`)).ms);
    result[format] = Math.min(...times);
  }
  return result;
}

module.exports = { measureGrowth, measureDatabaseRss, measureExports, SIZES };
