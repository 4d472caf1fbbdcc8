import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import request from 'supertest';
import { REMOTES, remoteMapSchema, type RemoteMap, type RemoteName } from '@hit/contracts';
import { releaseModel, type ReleaseModel } from '../src/models/release';
import { compareVersions } from '../src/remoteBuilds';
import { cohortBucket, inCanary } from '../src/rollout';
import { COHORT_COOKIE } from '../src/routes/remotes';
import { buildTestApp, makeStaticRoot, signUp, startTestDatabase, TEST_PASSWORD, type TestDatabase } from './helpers';
import { strictObject } from 'zod/mini';

const manifest = '{"id":"remote"}';

describe('compareVersions', () => {
  it.each([
    ['1.0.0', '0.9.9'],
    ['0.10.0', '0.9.0'],
    ['2.0.0', '1.99.99'],
    ['1.0.0', '1.0.0-rc.1'],
    ['1.0.0-rc.10', '1.0.0-rc.2'],
    ['1.0.0-beta', '1.0.0-alpha'],
    ['1.0.0-alpha.1', '1.0.0-alpha'],
    ['1.0.0-alpha.beta', '1.0.0-alpha.1'],
  ])('%s is newer than %s', (newer, older) => {
    expect(compareVersions(newer, older)).toBeGreaterThan(0);
    expect(compareVersions(older, newer)).toBeLessThan(0);
  });

  it('treats build metadata as equal precedence', () => {
    expect(compareVersions('1.2.3+build.7', '1.2.3')).toBe(0);
  });
});

describe('GET /api/remotes', () => {
  let database: TestDatabase;
  let staticRoot: Awaited<ReturnType<typeof makeStaticRoot>>;

  beforeAll(async () => {
    database = await startTestDatabase();
    staticRoot = await makeStaticRoot({
      // mf-auth: 0.10.0 is the newest complete build; 1.0.0 has no manifest yet (build in progress).
      'mf-auth/dist/0.9.0/mf-manifest.json': manifest,
      'mf-auth/dist/0.10.0/mf-manifest.json': manifest,
      'mf-auth/dist/0.10.0-rc.1/mf-manifest.json': manifest,
      'mf-auth/dist/1.0.0/remoteEntry.js': '',
      'mf-auth/dist/latest/mf-manifest.json': manifest,
      'mf-workout/dist/1.2.3/mf-manifest.json': manifest,
      'mf-analytics/dist/0.1.0/mf-manifest.json': manifest,
      // mf-account is not built at all.
    });
  });
  afterAll(async () => {
    await database.close();
    await staticRoot.remove();
  });

  it('lists the newest complete build of each built remote, never cached', async () => {
    const response = await request(buildTestApp(database, {}, staticRoot.root))
      .get('/api/remotes')
      .expect(200);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(strictObject(remoteMapSchema.shape).parse(response.body)).toEqual({
      remotes: [
        { name: 'mf_auth', version: '0.10.0', entry: '/remotes/mf-auth/0.10.0/mf-manifest.json' },
        { name: 'mf_workout', version: '1.2.3', entry: '/remotes/mf-workout/1.2.3/mf-manifest.json' },
        { name: 'mf_analytics', version: '0.1.0', entry: '/remotes/mf-analytics/0.1.0/mf-manifest.json' },
      ],
    });
  });

  it('picks up a newly deployed version without a restart', async () => {
    const deploy = await makeStaticRoot({ 'mf-account/dist/0.1.0/mf-manifest.json': manifest });
    try {
      const app = buildTestApp(database, {}, deploy.root);
      const before = await request(app).get('/api/remotes').expect(200);
      expect(before.body.remotes).toEqual([expect.objectContaining({ name: 'mf_account', version: '0.1.0' })]);

      await mkdir(path.join(deploy.root, 'mf-account/dist/0.2.0'));
      await writeFile(path.join(deploy.root, 'mf-account/dist/0.2.0/mf-manifest.json'), manifest);
      const after = await request(app).get('/api/remotes').expect(200);
      expect(after.body.remotes).toEqual([expect.objectContaining({ name: 'mf_account', version: '0.2.0' })]);
    } finally {
      await deploy.remove();
    }
  });

  it('answers an empty map when nothing is built, so the shell shows its fallbacks', async () => {
    const empty = await makeStaticRoot({});
    try {
      const response = await request(buildTestApp(database, {}, empty.root))
        .get('/api/remotes')
        .expect(200);
      expect(response.body).toEqual({ remotes: [] });
    } finally {
      await empty.remove();
    }
  });

  it('points every remote at its webpack dev server in dev mode', async () => {
    const app = buildTestApp(database, { REMOTES_MODE: 'dev' }, staticRoot.root);
    const response = await request(app).get('/api/remotes').expect(200);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(strictObject(remoteMapSchema.shape).parse(response.body)).toEqual({
      remotes: REMOTES.map(({ name, devPort }) => ({
        name,
        version: 'dev',
        entry: `http://localhost:${devPort}/mf-manifest.json`,
      })),
    });
  });
});

describe('GET /api/remotes with the release table', () => {
  let database: TestDatabase;
  let staticRoot: Awaited<ReturnType<typeof makeStaticRoot>>;
  let Release: ReleaseModel;
  let app: ReturnType<typeof buildTestApp>;
  /** A second app on the same database, as a second api process would be. */
  let otherApp: ReturnType<typeof buildTestApp>;

  beforeAll(async () => {
    database = await startTestDatabase();
    staticRoot = await makeStaticRoot({
      'mf-auth/dist/1.0.0/mf-manifest.json': manifest,
      'mf-auth/dist/1.1.0/mf-manifest.json': manifest,
      'mf-auth/dist/1.2.0/mf-manifest.json': manifest,
      'mf-workout/dist/2.0.0/mf-manifest.json': manifest,
      'mf-workout/dist/2.1.0/mf-manifest.json': manifest,
    });
    Release = releaseModel(database.connection);
    app = buildTestApp(database, {}, staticRoot.root);
    otherApp = buildTestApp(database, {}, staticRoot.root);
  });
  beforeEach(() => Release.deleteMany({}));
  afterAll(async () => {
    await database.close();
    await staticRoot.remove();
  });

  const release = (remote: RemoteName, stable: string, canary?: { version: string; percent: number }) =>
    Release.create({ remote, stable, canary, previousStables: [] });

  const entryOf = (response: request.Response, name: string) =>
    (response.body as RemoteMap).remotes.find((remote) => remote.name === name);

  function cohortCookie(response: request.Response): string | undefined {
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    return cookies.find((cookie) => cookie.startsWith(`${COHORT_COOKIE}=`));
  }

  const cohortOf = (setCookie: string) => setCookie.slice(COHORT_COOKIE.length + 1).split(';')[0];

  const canaryEntry = {
    name: 'mf_auth',
    version: '1.2.0',
    entry: '/remotes/mf-auth/1.2.0/mf-manifest.json',
    fallbackEntry: '/remotes/mf-auth/1.1.0/mf-manifest.json',
  };
  const stableEntry = { name: 'mf_auth', version: '1.1.0', entry: '/remotes/mf-auth/1.1.0/mf-manifest.json' };

  it('serves the released stable instead of the newest build, and newest builds for remotes without a release', async () => {
    await release('mf_auth', '1.0.0');
    const response = await request(app).get('/api/remotes').expect(200);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(strictObject(remoteMapSchema.shape).parse(response.body)).toEqual({
      remotes: [
        { name: 'mf_auth', version: '1.0.0', entry: '/remotes/mf-auth/1.0.0/mf-manifest.json' },
        { name: 'mf_workout', version: '2.1.0', entry: '/remotes/mf-workout/2.1.0/mf-manifest.json' },
      ],
    });
  });

  it('gives an anonymous visitor a cohort cookie once, and the same answer on every request with it', async () => {
    await release('mf_auth', '1.1.0', { version: '1.2.0', percent: 50 });
    const first = await request(app).get('/api/remotes').expect(200);
    const setCookie = cohortCookie(first)!;
    expect(setCookie).toMatch(
      new RegExp(`^${COHORT_COOKIE}=[0-9a-f]{32}; Max-Age=31536000; Path=/; Expires=.*; HttpOnly; SameSite=Lax$`),
    );
    const cookie = `${COHORT_COOKIE}=${cohortOf(setCookie)}`;

    for (let i = 0; i < 5; i += 1) {
      const again = await request(app).get('/api/remotes').set('Cookie', cookie).expect(200);
      expect(cohortCookie(again)).toBeUndefined();
      expect(again.body).toEqual(first.body);
    }
    // A supertest agent keeps the cookie as a browser does.
    const agent = request.agent(app);
    const agentFirst = await agent.get('/api/remotes').expect(200);
    expect(cohortCookie(agentFirst)).toBeDefined();
    const agentAgain = await agent.get('/api/remotes').expect(200);
    expect(cohortCookie(agentAgain)).toBeUndefined();
    expect(agentAgain.body).toEqual(agentFirst.body);
  });

  it('marks the cohort cookie Secure when the session cookie is (production)', async () => {
    const production = buildTestApp(
      database,
      { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32) },
      staticRoot.root,
    );
    const response = await request(production).get('/api/remotes').expect(200);
    expect(cohortCookie(response)).toMatch(/; HttpOnly; Secure; SameSite=Lax$/);
  });

  it('keeps the site-wide cohort cookie (the one pages see) over one from before, scoped to /api/remotes, and drops that', async () => {
    await release('mf_auth', '1.1.0', { version: '1.2.0', percent: 50 });
    const [inside, outside] = [cohortInBucket(0), cohortInBucket(99)];
    // A browser sends the cookie of the longer path first: the one from before, then the site-wide one.
    const response = await request(app)
      .get('/api/remotes')
      .set('Cookie', `${COHORT_COOKIE}=${outside}; ${COHORT_COOKIE}=${inside}`)
      .expect(200);
    expect(entryOf(response, 'mf_auth')).toEqual(canaryEntry);
    expect(cohortCookie(response)).toMatch(
      new RegExp(`^${COHORT_COOKIE}=; Path=/api/remotes; Expires=Thu, 01 Jan 1970`),
    );
  });

  it('replaces a cohort cookie that is not one of ours', async () => {
    const response = await request(app).get('/api/remotes').set('Cookie', `${COHORT_COOKIE}=not-a-cohort`).expect(200);
    expect(cohortOf(cohortCookie(response)!)).toMatch(/^[0-9a-f]{32}$/);
  });

  it("answers each visitor's cohort: the canary with the stable as fallback inside it, the stable outside", async () => {
    await release('mf_auth', '1.1.0', { version: '1.2.0', percent: 50 });
    let canaries = 0;
    const visitors = 60;
    for (let i = 0; i < visitors; i += 1) {
      const response = await request(app).get('/api/remotes').expect(200);
      const cohort = cohortOf(cohortCookie(response)!);
      const inside = inCanary('mf_auth', cohort, 50);
      expect(entryOf(response, 'mf_auth')).toEqual(inside ? canaryEntry : stableEntry);
      // No canary for mf_workout: its stable, without a fallback.
      expect(entryOf(response, 'mf_workout')).toEqual({
        name: 'mf_workout',
        version: '2.1.0',
        entry: '/remotes/mf-workout/2.1.0/mf-manifest.json',
      });
      if (inside) canaries += 1;
    }
    // Both kinds of visitor occur (all 60 on one side has a chance of 2^-59).
    expect(canaries).toBeGreaterThan(0);
    expect(canaries).toBeLessThan(visitors);
  });

  it('gives a 100% canary to every visitor', async () => {
    await release('mf_auth', '1.1.0', { version: '1.2.0', percent: 100 });
    for (let i = 0; i < 10; i += 1) {
      expect(entryOf(await request(app).get('/api/remotes').expect(200), 'mf_auth')).toEqual(canaryEntry);
    }
  });

  it('gives two api processes the same answer for the same cookie', async () => {
    await release('mf_auth', '1.1.0', { version: '1.2.0', percent: 50 });
    for (let i = 0; i < 20; i += 1) {
      const first = await request(app).get('/api/remotes').expect(200);
      const cookie = `${COHORT_COOKIE}=${cohortOf(cohortCookie(first)!)}`;
      const other = await request(otherApp).get('/api/remotes').set('Cookie', cookie).expect(200);
      expect(cohortCookie(other)).toBeUndefined();
      expect(other.body).toEqual(first.body);
    }
  });

  /** A cohort id (as the cohort cookie holds) whose mf_auth bucket is `bucket`: the hash is fixed, so always the same one. */
  function cohortInBucket(bucket: number): string {
    const id = Array.from({ length: 1000 }, (_, i) => i.toString(16).padStart(32, '0')).find(
      (candidate) => cohortBucket('mf_auth', candidate) === bucket,
    );
    if (!id) throw new Error(`no cohort id among the first 1000 falls in bucket ${bucket}`);
    return id;
  }

  /** A new user signed in twice: on `app`, and elsewhere on the other api process. */
  async function userOnTwoProcesses() {
    const { agent, user } = await signUp(app);
    const elsewhere = request.agent(otherApp);
    await elsewhere.post('/api/login').send({ email: user.email, password: TEST_PASSWORD }).expect(200);
    return { agent, elsewhere, bucket: cohortBucket('mf_auth', user.id) };
  }

  it("follows a signed-in user's id, on every session and every api process", async () => {
    const { agent, elsewhere, bucket } = await userOnTwoProcesses();
    // The canary reaches exactly the buckets below its percent: just above the user's bucket, the user is in it.
    await release('mf_auth', '1.1.0', { version: '1.2.0', percent: bucket + 1 });
    const signedIn = await agent.get('/api/remotes').expect(200);
    expect(cohortCookie(signedIn)).toBeUndefined();
    expect(entryOf(signedIn, 'mf_auth')).toEqual(canaryEntry);
    expect(entryOf(await elsewhere.get('/api/remotes').expect(200), 'mf_auth')).toEqual(canaryEntry);

    // Just at it, the user is not (a percent is at least 1: bucket 0 is in every canary).
    if (bucket > 0) {
      await Release.updateOne({ remote: 'mf_auth' }, { $set: { 'canary.percent': bucket } });
      expect(entryOf(await agent.get('/api/remotes').expect(200), 'mf_auth')).toEqual(stableEntry);
      expect(entryOf(await elsewhere.get('/api/remotes').expect(200), 'mf_auth')).toEqual(stableEntry);
    }
  });

  it('ignores the cohort cookie a browser still holds once its user is signed in', async () => {
    const { agent, elsewhere, bucket } = await userOnTwoProcesses();
    // A cookie from the neighbouring bucket, and the canary's line drawn between the two: whatever the user's
    // bucket (0 to 99), the user and the cookie are on opposite sides of it.
    const cookieBucket = bucket < 99 ? bucket + 1 : bucket - 1;
    const userInCanary = bucket < cookieBucket;
    await release('mf_auth', '1.1.0', { version: '1.2.0', percent: Math.max(bucket, cookieBucket) });
    const cookie = `${COHORT_COOKIE}=${cohortInBucket(cookieBucket)}`;
    const [usersEntry, cookiesEntry] = userInCanary ? [canaryEntry, stableEntry] : [stableEntry, canaryEntry];

    expect(entryOf(await request(app).get('/api/remotes').set('Cookie', cookie).expect(200), 'mf_auth')).toEqual(
      cookiesEntry,
    );
    const anonymous = request.agent(app);
    for (const browser of [anonymous, agent, elsewhere]) browser.jar.setCookie(`${cookie}; Path=/api/remotes`);
    const anonymousAnswer = await anonymous.get('/api/remotes').expect(200);
    expect(cohortCookie(anonymousAnswer)).toBeUndefined(); // the jar sent it
    expect(entryOf(anonymousAnswer, 'mf_auth')).toEqual(cookiesEntry);
    expect(entryOf(await agent.get('/api/remotes').expect(200), 'mf_auth')).toEqual(usersEntry);
    expect(entryOf(await elsewhere.get('/api/remotes').expect(200), 'mf_auth')).toEqual(usersEntry);
  });

  it('falls back to the newest build when a released version has disappeared from disk, never a broken entry', async () => {
    await release('mf_auth', '0.5.0');
    await release('mf_workout', '2.0.0', { version: '9.9.9', percent: 100 });
    const response = await request(app).get('/api/remotes').expect(200);
    expect(strictObject(remoteMapSchema.shape).parse(response.body).remotes).toEqual([
      { name: 'mf_auth', version: '1.2.0', entry: '/remotes/mf-auth/1.2.0/mf-manifest.json' },
      { name: 'mf_workout', version: '2.0.0', entry: '/remotes/mf-workout/2.0.0/mf-manifest.json' },
    ]);
  });

  it('keeps answering from the last release table read while the database is down', async () => {
    await release('mf_auth', '1.0.0');
    const before = await request(app).get('/api/remotes').expect(200);
    expect(entryOf(before, 'mf_auth')?.version).toBe('1.0.0');
    await database.stopServer();
    try {
      const during = await request(app).get('/api/remotes').expect(200);
      expect(during.body).toEqual(before.body);
    } finally {
      await database.restartServer();
    }
  });
});
