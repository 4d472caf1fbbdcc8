// Where the api's time per request goes (issue #21): the production api under `node --cpu-prof`, loaded as the
// throughput bench does (autocannon, 50 connections) on one route at a time, each in an api process of its own, then
// the profile's self time summed by where the code lives (the api's own code, each package, node's internals, the
// garbage collector) and the top functions. `node bench/profile.js [seconds]` after `node scripts/ensure-built.js`.
const fs = require('node:fs');
const path = require('node:path');
const { startApi, startDatabase, stopAll, tempDataDir } = require('./lib/servers');
const { runLoad, autosaveBodies } = require('./lib/throughput');
const { signUp } = require('./lib/util');

/** Where a profile node's code lives: the api's own code, a package, node's internals, or V8's own entries. */
function placeOf(url, functionName) {
  if (!url) return `(${functionName.replace(/[()]/g, '') || 'native'})`;
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return 'node internals';
  const api = url.indexOf('/api/dist/');
  if (api >= 0) return `api: ${url.slice(api + '/api/dist/'.length)}`;
  const packages = url.indexOf('/packages/');
  if (packages >= 0) return `@hit/${url.slice(packages + '/packages/'.length).split('/')[0]}`;
  return url;
}

/** Self time (ms) by place and by function, from a .cpuprofile; idle time left out. */
function summarize(file) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  const places = new Map();
  const functions = new Map();
  let busy = 0;
  for (const [id, ms] of self) {
    const { callFrame } = byId.get(id);
    if (callFrame.functionName === '(idle)') continue;
    busy += ms;
    const place = placeOf(callFrame.url, callFrame.functionName);
    places.set(place, (places.get(place) ?? 0) + ms);
    const name = `${callFrame.functionName || '(anonymous)'} (${place})`;
    functions.set(name, (functions.get(name) ?? 0) + ms);
  }
  const top = (map, n) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, ms]) => ({ name, share: ms / busy }));
  return { busyMs: busy, places: top(places, 12), functions: top(functions, 12) };
}

/** Loads one route on an api process of its own, under --cpu-prof; answers the load's result and the summary. */
async function profileRoute(label, prepare, seconds) {
  const dataDir = tempDataDir();
  const profileDir = path.join(dataDir, 'profile');
  const database = await startDatabase(dataDir);
  const api = await startApi({
    mongoUri: database.uri,
    dataDir,
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
  });
  try {
    const load = await prepare(api);
    await runLoad({ ...load, duration: 2 }); // warm-up, in the profile too (the per-request figure is an upper bound)
    const warm = await runLoad({ ...load, duration: seconds });
    await api.stop();
    const [file] = fs.readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));
    return { label, result: warm, summary: summarize(path.join(profileDir, file)) };
  } finally {
    await api.stop();
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Both budgeted routes, as the throughput bench loads them. */
async function profileRoutes({ seconds = 8, log = console.log } = {}) {
  log('  profile GET /api/workout-days ...');
  const reads = await profileRoute(
    'GET /api/workout-days',
    async (api) => {
      const { cookie } = await signUp(api.baseUrl, 'profile');
      return { url: `${api.baseUrl}/api/workout-days`, headers: { cookie } };
    },
    seconds,
  );
  log('  profile PUT /api/sessions/:id ...');
  const writes = await profileRoute(
    'PUT /api/sessions/:id',
    async (api) => {
      const { client, cookie } = await signUp(api.baseUrl, 'profile');
      const session = await client.call('POST', '/api/sessions/start', { dayId: 1 });
      const bodies = autosaveBodies(session);
      await client.call('PUT', `/api/sessions/${session.id}`, JSON.parse(bodies[0]));
      return {
        url: `${api.baseUrl}/api/sessions/${session.id}`,
        method: 'PUT',
        headers: { cookie, 'content-type': 'application/json', origin: api.baseUrl },
        bodies,
      };
    },
    seconds,
  );
  return [reads, writes];
}

async function main() {
  for (const { label, result, summary } of await profileRoutes({ seconds: Number(process.argv[2] ?? 8) })) {
    console.log(`\n${label}: ${Math.round(result.rps)} req/s; api busy ${(summary.busyMs / 1000).toFixed(1)} s`);
    console.log(`  about ${(summary.busyMs / result.requests).toFixed(2)} ms of api CPU a request (warm-up included)`);
    console.log('  self time by place:');
    for (const { name, share } of summary.places) console.log(`    ${(share * 100).toFixed(1).padStart(5)} %  ${name}`);
    console.log('  top functions:');
    for (const { name, share } of summary.functions)
      console.log(`    ${(share * 100).toFixed(1).padStart(5)} %  ${name}`);
  }
}

module.exports = { profileRoutes };

if (require.main === module) {
  main().catch(async (error) => {
    console.error(error);
    await stopAll();
    process.exit(1);
  });
}
