import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { RemoteMap, RemoteName } from '@hit/contracts';
import { loadConfig } from '../src/config';
import { socketUri } from '@hit/embedded-mongo';
import { connectDatabase, EMBEDDED_SOCKET_FILE, RUNNING_SERVER_FILE } from '../src/db';
import { releaseModel, type ReleaseModel } from '../src/models/release';
import { RELEASE_HELP } from '../src/release';
import { cohortBucket } from '../src/rollout';
import { COHORT_COOKIE } from '../src/routes/remotes';
import { buildTestApp, makeStaticRoot, startTestDatabase, type TestDatabase } from './helpers';

// Each run is a real process (node + the TypeScript sources compiled on load): a few seconds per test.
jest.setTimeout(60_000);

const REPO = path.resolve(__dirname, '..', '..');
const REGISTER_TS = path.join(__dirname, 'support', 'registerTs.js');
const CLI = path.join(REPO, 'api', 'src', 'release.ts');

interface Run {
  code: number;
  /** Its non-empty lines. */
  stdout: string[];
  stderr: string;
}

/** `npm run release -- <args>` as a child process, with only the given environment (plus PATH). */
function release(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['-r', REGISTER_TS, CLI, ...args],
      { cwd: REPO, env: { PATH: process.env.PATH, NODE_ENV: 'test', ...env }, timeout: 30_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout: stdout.split('\n').filter((line) => line !== ''), stderr });
      },
    );
  });
}

const manifest = '{"id":"remote"}';
const published = (entries: string[]) =>
  Object.fromEntries(entries.map((entry) => [`${entry}/mf-manifest.json`, manifest]));

describe('npm run release', () => {
  let database: TestDatabase;
  let staticRoot: Awaited<ReturnType<typeof makeStaticRoot>>;
  let Release: ReleaseModel;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await startTestDatabase();
    staticRoot = await makeStaticRoot({
      ...published(['mf-auth/dist/1.0.0', 'mf-auth/dist/1.1.0', 'mf-auth/dist/1.2.0', 'mf-workout/dist/0.1.0']),
      // A build in progress: not published.
      'mf-auth/dist/2.0.0/remoteEntry.js': '',
    });
    Release = releaseModel(database.connection);
    const { host, port, name } = database.connection;
    env = { MONGODB_URI: `mongodb://${host}:${port}/${name}`, STATIC_ROOT: staticRoot.root };
  });
  afterAll(async () => {
    await database.close();
    await staticRoot.remove();
  });

  const stored = async (remote: RemoteName) => {
    const doc = await Release.findOne({ remote }).lean();
    return doc && { stable: doc.stable, canary: doc.canary ?? null, previousStables: doc.previousStables };
  };

  it('releases a stable, runs a canary, promotes it and rolls back, printing the map each time', async () => {
    // No release yet: the newest build is stable.
    expect(await release([], env)).toEqual({
      code: 0,
      stdout: [
        'remote        stable  canary  stable from',
        'mf_auth       1.2.0   -       newest build',
        'mf_workout    0.1.0   -       newest build',
        'mf_analytics  -       -       not built',
        'mf_account    -       -       not built',
      ],
      stderr: '',
    });

    const stable = await release(['mf_auth', '1.0.0'], env);
    expect(stable).toMatchObject({ code: 0, stderr: '' });
    expect(stable.stdout).toEqual([
      'mf_auth: 1.0.0 is now the stable version (was 1.2.0).',
      'remote        stable  canary  stable from',
      'mf_auth       1.0.0   -       release table',
      'mf_workout    0.1.0   -       newest build',
      'mf_analytics  -       -       not built',
      'mf_account    -       -       not built',
    ]);
    expect(await stored('mf_auth')).toEqual({ stable: '1.0.0', canary: null, previousStables: ['1.2.0'] });

    // The folder name works too.
    const canary = await release(['mf-auth', '1.1.0', '--percent', '10'], env);
    expect(canary).toMatchObject({ code: 0, stderr: '' });
    expect(canary.stdout[0]).toBe('mf_auth: 1.1.0 is now the canary for 10% of visitors (stable 1.0.0).');
    expect(canary.stdout[2]).toBe('mf_auth       1.0.0   1.1.0 (10%)  release table');
    expect(await stored('mf_auth')).toEqual({
      stable: '1.0.0',
      canary: { version: '1.1.0', percent: 10 },
      previousStables: ['1.2.0'],
    });

    // The api serves it at once: a visitor in the first 10 buckets gets the canary, the others the stable.
    const app = buildTestApp(database, {}, staticRoot.root);
    const ids = Array.from({ length: 500 }, (_, i) => i.toString(16).padStart(32, 'a'));
    for (const [id, version] of [
      [ids.find((candidate) => cohortBucket('mf_auth', candidate) < 10)!, '1.1.0'],
      [ids.find((candidate) => cohortBucket('mf_auth', candidate) >= 10)!, '1.0.0'],
    ]) {
      const response = await request(app).get('/api/remotes').set('Cookie', `${COHORT_COOKIE}=${id}`).expect(200);
      expect((response.body as RemoteMap).remotes[0]).toMatchObject({ name: 'mf_auth', version });
    }

    const promote = await release(['mf_auth', '--promote'], env);
    expect(promote).toMatchObject({ code: 0, stderr: '' });
    expect(promote.stdout.slice(0, 3)).toEqual([
      'mf_auth: canary 1.1.0 promoted to stable (was 1.0.0).',
      'remote        stable  canary  stable from',
      'mf_auth       1.1.0   -       release table',
    ]);
    expect(await stored('mf_auth')).toEqual({ stable: '1.1.0', canary: null, previousStables: ['1.2.0', '1.0.0'] });

    // Rollback of a canary: the canary goes, the stable stays.
    expect((await release(['mf_auth', '1.2.0', '--percent=25'], env)).code).toBe(0);
    const withdraw = await release(['mf_auth', '--rollback'], env);
    expect(withdraw).toMatchObject({ code: 0, stderr: '' });
    expect(withdraw.stdout.slice(0, 3)).toEqual([
      'mf_auth: canary 1.2.0 withdrawn; every visitor gets stable 1.1.0.',
      'remote        stable  canary  stable from',
      'mf_auth       1.1.0   -       release table',
    ]);
    expect(await stored('mf_auth')).toEqual({ stable: '1.1.0', canary: null, previousStables: ['1.2.0', '1.0.0'] });

    // Rollback without a canary: the previous stable comes back.
    const back = await release(['mf_auth', '--rollback'], env);
    expect(back).toMatchObject({ code: 0, stderr: '' });
    expect(back.stdout.slice(0, 3)).toEqual([
      'mf_auth: rolled back to 1.0.0 (was 1.1.0).',
      'remote        stable  canary  stable from',
      'mf_auth       1.0.0   -       release table',
    ]);
    expect(await stored('mf_auth')).toEqual({ stable: '1.0.0', canary: null, previousStables: ['1.2.0'] });
  });

  it('refuses, with a message and exit code 1, what it cannot do, and changes nothing', async () => {
    await Release.deleteMany({});
    await Release.create({ remote: 'mf_auth', stable: '1.0.0', previousStables: [] });
    const before = await stored('mf_auth');
    const runs = await Promise.all([
      release(['mf_nope', '1.0.0'], env),
      release(['mf_auth', '2.0.0'], env),
      release(['mf_auth', '3.0.0', '--percent', '5'], env),
      release(['mf_auth', '--promote'], env),
      release(['mf_auth', '--rollback'], env),
      release(['mf_workout', '--rollback'], env),
      release(['mf_workout', '0.1.0', '--percent', '5'], env),
    ]);
    const dist = path.join(staticRoot.root, 'mf-auth', 'dist');
    expect(runs.map(({ code, stdout, stderr }) => ({ code, stdout, stderr: stderr.trim() }))).toEqual([
      {
        code: 1,
        stdout: [],
        stderr:
          'Unknown remote mf_nope. Known remotes: mf_auth (mf-auth), mf_workout (mf-workout), mf_analytics (mf-analytics), mf_account (mf-account).',
      },
      { code: 1, stdout: [], stderr: `2.0.0 of mf_auth is not published: there is no ${dist}/2.0.0/mf-manifest.json` },
      { code: 1, stdout: [], stderr: `3.0.0 of mf_auth is not published: there is no ${dist}/3.0.0/mf-manifest.json` },
      { code: 1, stdout: [], stderr: 'mf_auth has no canary to promote' },
      { code: 1, stdout: [], stderr: 'mf_auth has nothing to roll back to (no canary and no previous stable version)' },
      {
        code: 1,
        stdout: [],
        stderr: 'mf_workout has nothing to roll back to (no canary and no previous stable version)',
      },
      {
        code: 1,
        stdout: [],
        stderr:
          'mf_workout has no release yet, so every visitor already gets its newest build, 0.1.0. ' +
          'Release the version to keep as stable first (npm run release -- mf_workout <version>), then the canary.',
      },
    ]);
    expect(await stored('mf_auth')).toEqual(before);
    expect(await stored('mf_workout')).toBeNull();
  });

  it('refuses a bad --percent and unknown options with exit code 2 and the usage, and explains itself with --help', async () => {
    const [zero, big, fraction, unknown, help] = await Promise.all([
      release(['mf_auth', '1.1.0', '--percent', '0'], env),
      release(['mf_auth', '1.1.0', '--percent', '101'], env),
      release(['mf_auth', '1.1.0', '--percent', '12.5'], env),
      release(['mf_auth', '--promot'], env),
      release(['--help'], {}),
    ]);
    for (const [run, message] of [
      [zero, '--percent must be a whole number from 1 to 100 (got 0)'],
      [big, '--percent must be a whole number from 1 to 100 (got 101)'],
      [fraction, '--percent must be a whole number from 1 to 100 (got 12.5)'],
      [unknown, 'Unknown option --promot'],
    ] as const) {
      expect(run.code).toBe(2);
      expect(run.stdout).toEqual([]);
      expect(run.stderr.split('\n')[0]).toBe(message);
      expect(run.stderr).toContain('npm run release -- <remote> <version> --percent N');
    }
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toEqual(RELEASE_HELP.split('\n').filter((line) => line !== ''));
    expect(RELEASE_HELP).toMatch(/--rollback +withdraw the canary; without one, go back to the previous stable/);
    expect(RELEASE_HELP).toMatch(/STATIC_ROOT/);
  });

  it("warns in the map when a released version's build has disappeared", async () => {
    await Release.deleteMany({});
    await Release.create({
      remote: 'mf_auth',
      stable: '0.9.0',
      canary: { version: '2.0.0', percent: 5 },
      previousStables: [],
    });
    const dist = path.join(staticRoot.root, 'mf-auth', 'dist');
    expect(await release([], env)).toEqual({
      code: 0,
      stdout: [
        'remote        stable  canary  stable from',
        'mf_auth       1.2.0   -       newest build',
        'mf_workout    0.1.0   -       newest build',
        'mf_analytics  -       -       not built',
        'mf_account    -       -       not built',
        `warning: mf_auth: released stable 0.9.0 is not published (no ${dist}/0.9.0/mf-manifest.json): serving the newest build`,
        `warning: mf_auth: canary 2.0.0 is not published (no ${dist}/2.0.0/mf-manifest.json): not served`,
      ],
      stderr: '',
    });
  });
});

describe('npm run release with the embedded database', () => {
  let dataDir: string;
  let staticRoot: Awaited<ReturnType<typeof makeStaticRoot>>;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'hit-release-data-'));
    staticRoot = await makeStaticRoot(published(['mf-auth/dist/1.0.0', 'mf-auth/dist/1.1.0']));
    env = { DATA_DIR: dataDir, STATIC_ROOT: staticRoot.root };
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
    await staticRoot.remove();
  });

  const serverFile = () => path.join(dataDir, 'db', RUNNING_SERVER_FILE);

  it('goes through the running api while it runs, and opens the database itself once it has stopped', async () => {
    // The api, as `npm start` runs it: the embedded server in this process, recorded in DATA_DIR/db/server.json.
    const api = await connectDatabase(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
    try {
      expect(JSON.parse(readFileSync(serverFile(), 'utf8'))).toEqual({
        uri: socketUri(path.join(dataDir, 'db', EMBEDDED_SOCKET_FILE)),
        pid: process.pid,
      });
      const run = await release(['mf_auth', '1.0.0'], env);
      expect(run).toMatchObject({ code: 0, stderr: '' });
      // The api's own server has the change (a second server on the same files would have been refused by its lock).
      const doc = await releaseModel(api.connection).findOne({ remote: 'mf_auth' }).lean();
      expect(doc).toMatchObject({ stable: '1.0.0', previousStables: ['1.1.0'] });
    } finally {
      await api.close();
    }
    expect(existsSync(serverFile())).toBe(false);

    const status = await release([], env);
    expect(status).toMatchObject({ code: 0, stderr: '' });
    expect(status.stdout[1]).toBe('mf_auth       1.0.0   -       release table');
    expect(existsSync(serverFile())).toBe(false);
  });

  it('ignores a server.json left by an api that is gone', async () => {
    writeFileSync(serverFile(), JSON.stringify({ uri: 'mongodb://127.0.0.1:9', pid: process.pid }));
    const status = await release([], env);
    expect(status).toMatchObject({ code: 0, stderr: '' });
    expect(status.stdout[1]).toBe('mf_auth       1.0.0   -       release table');
  });
});
