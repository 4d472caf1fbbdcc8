import fsPromises from 'node:fs/promises';
import path from 'node:path';
import request from 'supertest';
import { Types } from 'mongoose';
import { remoteMapSchema, type RemoteMap } from '@hit/contracts';
import { LANDING_CHECKING_STYLE } from '@hit/contracts/rules';
import { INLINED_READS_WAIT_MS, readAnswers, type ApiReader } from '../src/pages';
import { releaseModel, type ReleaseModel } from '../src/models/release';
import { cohortBucket } from '../src/rollout';
import { COHORT_COOKIE } from '../src/routes/remotes';
import {
  buildTestApp,
  changeUser,
  makeStaticRoot,
  signUp,
  startTestDatabase,
  TEST_PASSWORD,
  uniqueEmail,
  type TestDatabase,
} from './helpers';
import { strictObject } from 'zod/mini';

/**
 * The HTML the api renders for each page (issue #25, "No waterfall"; src/pages.ts): the visitor's remote map inlined
 * as a JSON data block, preloads of the page's remote and, for a signed-in visitor, of the user and the screen's first
 * reads; the CSP unchanged (a data block is not a script it governs); never kept without asking.
 */
const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
/** As the shell's build writes it: main.js and its startup chunks' preloads, largest first. */
const INDEX =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"/><title>HIT Tracker</title>' +
  '<script defer="defer" src="/main.js"></script>' +
  '<link rel="preload" as="script" href="/470.36b91c51460cb7454a86.js">' +
  '<link rel="preload" as="script" href="/944.e11b0479d7c964d16f9e.js"></head><body><div id="root"></div></body></html>';
const STARTUP_SCRIPTS_LINK =
  '</470.36b91c51460cb7454a86.js>; rel=preload; as=script, </944.e11b0479d7c964d16f9e.js>; rel=preload; as=script';
const LANDING =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"/><title>HIT Tracker</title>' +
  '<script defer="defer" src="/landing/landing.0a1b2c3d4e5f6a7b.js"></script></head><body><div id="root"></div></body></html>';
/** The hint cookie the api sets beside a signed-in session (@hit/contracts/rules signedIn.ts). */
const SIGNED_IN_HINT = 'hit.signedIn=1';

/** An mf-manifest.json as @module-federation/enhanced writes it (the parts the api reads). */
function manifest(remote: string, expose: string, chunks: string[]): string {
  return JSON.stringify({
    id: remote,
    name: remote,
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' }, publicPath: 'auto' },
    shared: [{ name: 'react', assets: { js: { sync: ['325.aaaaaaaaaaaaaaaa.js'], async: [] } } }],
    exposes: [
      {
        id: `${remote}:${expose}`,
        name: expose,
        path: `./${expose}`,
        assets: { js: { sync: chunks, async: ['467.bbbbbbbbbbbbbbbb.js'] }, css: { sync: [], async: [] } },
      },
    ],
  });
}

const AUTH_CHUNKS = ['__federation_expose_AuthPage.1111111111111111.js'];
const AUTH_CANARY_CHUNKS = ['12.2222222222222222.js', '__federation_expose_AuthPage.3333333333333333.js'];
const WORKOUT_CHUNKS = ['504.4444444444444444.js', '__federation_expose_WorkoutDashboard.5555555555555555.js'];
const WORKOUT_CANARY_CHUNKS = ['__federation_expose_WorkoutDashboard.6666666666666666.js'];
const ANALYTICS_CHUNKS = ['__federation_expose_ProgressAnalytics.7777777777777777.js'];

/** The reads the api wrote into the page, by path (undefined without its data block). */
function inlinedReads(html: string): Record<string, unknown> | undefined {
  const match = /<script type="application\/json" id="hit-reads">([^<]*)<\/script>/.exec(html);
  return match ? JSON.parse(match[1]) : undefined;
}

/** The map in the page's data block (undefined without one). */
function inlinedMap(html: string): unknown {
  const match = /<script type="application\/json" id="hit-remotes">([^<]*)<\/script>/.exec(html);
  return match ? JSON.parse(match[1]) : undefined;
}

interface Preload {
  href: string;
  as: string;
  crossorigin?: string;
}

function preloadsOf(html: string): Preload[] {
  return [...html.matchAll(/<link rel="preload"([^>]*)\/>/g)].map(([, attributes]) => {
    const attribute = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1];
    return {
      href: attribute('href')!,
      as: attribute('as')!,
      ...(attribute('crossorigin') && { crossorigin: attribute('crossorigin') }),
    };
  });
}

/** What the page preloads for a remote version: its manifest as the federation runtime fetches it, then its scripts. */
function remoteFiles(folder: string, version: string, chunks: string[]): Preload[] {
  const base = `/remotes/${folder}/${version}`;
  return [
    { href: `${base}/mf-manifest.json`, as: 'fetch', crossorigin: 'anonymous' },
    { href: `${base}/remoteEntry.js`, as: 'script' },
    ...chunks.map((chunk) => ({ href: `${base}/${chunk}`, as: 'script' })),
  ];
}

const apiRead = (href: string): Preload => ({ href, as: 'fetch', crossorigin: 'use-credentials' });

/** A cohort id whose bucket for `remote` is `bucket` (the hash is fixed: always the same one). */
function cohortInBucket(remote: string, bucket: number): string {
  const id = Array.from({ length: 2000 }, (_, i) => i.toString(16).padStart(32, '0')).find(
    (candidate) => cohortBucket(remote, candidate) === bucket,
  );
  if (!id) throw new Error(`no cohort id among the first 2000 falls in bucket ${bucket}`);
  return id;
}

describe('the HTML of each page', () => {
  let database: TestDatabase;
  let staticRoot: Awaited<ReturnType<typeof makeStaticRoot>>;
  let Release: ReleaseModel;
  let app: ReturnType<typeof buildTestApp>;

  beforeAll(async () => {
    database = await startTestDatabase();
    staticRoot = await makeStaticRoot({
      'shell/dist/index.html': INDEX,
      'shell/dist/main.js': 'console.log("shell")',
      'shell/dist/landing/index.html': LANDING,
      'mf-auth/dist/1.0.0/mf-manifest.json': manifest('mf_auth', 'AuthPage', AUTH_CHUNKS),
      'mf-auth/dist/1.1.0/mf-manifest.json': manifest('mf_auth', 'AuthPage', AUTH_CANARY_CHUNKS),
      'mf-workout/dist/2.0.0/mf-manifest.json': manifest('mf_workout', 'WorkoutDashboard', WORKOUT_CHUNKS),
      'mf-workout/dist/2.1.0/mf-manifest.json': manifest('mf_workout', 'WorkoutDashboard', WORKOUT_CANARY_CHUNKS),
      'mf-analytics/dist/0.3.0/mf-manifest.json': manifest('mf_analytics', 'ProgressAnalytics', ANALYTICS_CHUNKS),
      'mf-account/dist/0.1.0/mf-manifest.json': manifest('mf_account', 'AccountPanel', []),
    });
    Release = releaseModel(database.connection);
    app = buildTestApp(database, {}, staticRoot.root);
  });
  beforeEach(async () => {
    await Release.deleteMany({});
    await Release.create({ remote: 'mf_auth', stable: '1.0.0', previousStables: [] });
    await Release.create({ remote: 'mf_workout', stable: '2.0.0', previousStables: [] });
  });
  afterAll(async () => {
    await database.close();
    await staticRoot.remove();
  });

  /** A signed-in browser (session and hint cookies), as after signing in. */
  async function signedIn() {
    const { agent, user } = await signUp(app);
    agent.jar.setCookie(`${SIGNED_IN_HINT}; Path=/`);
    return { agent, user };
  }

  /** The page at `url` for a browser (an agent) and what GET /api/remotes answers that same browser right after. */
  async function pageAndMap(browser: ReturnType<typeof request.agent>, url: string) {
    const page = await browser.get(url).set('Accept', HTML).expect(200);
    const map = await browser.get('/api/remotes').expect(200);
    return { page, html: page.text, answered: map.body as RemoteMap };
  }

  describe('for an anonymous visitor', () => {
    it('sends the landing page at / as built: no map, no preloads, no-cache', async () => {
      const response = await request(app).get('/').set('Accept', HTML).expect(200);
      expect(response.text).toBe(LANDING);
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it('inlines at /auth the map GET /api/remotes answers the visitor, and preloads the sign-in remote only', async () => {
      const browser = request.agent(app);
      const { page, html, answered } = await pageAndMap(browser, '/auth');
      expect(strictObject(remoteMapSchema.shape).parse(inlinedMap(html))).toEqual(answered);
      expect(answered.remotes.map(({ name }) => name)).toEqual(['mf_auth', 'mf_workout', 'mf_analytics', 'mf_account']);
      expect(preloadsOf(html)).toEqual(remoteFiles('mf-auth', '1.0.0', AUTH_CHUNKS));
      // The remote's own copies of the shared singletons (the shell provides them) and its lazy chunks: not preloaded.
      expect(html).not.toMatch(/325\.a+\.js|467\.b+\.js/);
      // The page gave the visitor its cohort cookie, site-wide, so GET /api/remotes answered the same cohort.
      expect(([] as string[]).concat(page.headers['set-cookie'] ?? [])).toEqual([
        expect.stringMatching(new RegExp(`^${COHORT_COOKIE}=[0-9a-f]{32}; Max-Age=31536000; Path=/;`)),
      ]);
      expect(page.headers['cache-control']).toBe('private, no-cache');
    });

    it.each(['/home', '/progress'])(
      'inlines the map at %s but preloads nothing: an anonymous visitor is sent to / (and /api/user would be 401)',
      async (url) => {
        const { html, answered } = await pageAndMap(request.agent(app), url);
        expect(inlinedMap(html)).toEqual(answered);
        expect(preloadsOf(html)).toEqual([]);
      },
    );

    it('preloads nothing with a stale "signed in" hint and no session (its GET /api/user would be 401)', async () => {
      const response = await request(app).get('/auth').set('Accept', HTML).set('Cookie', SIGNED_IN_HINT).expect(200);
      expect(preloadsOf(response.text).map(({ href }) => href)).not.toContain('/api/user');
    });
  });

  describe('for a signed-in visitor', () => {
    /** What GET of each path answers `agent` now, by path: what the page must have written in. */
    async function answersOf(agent: ReturnType<typeof request.agent>, paths: string[]) {
      const answers: Record<string, unknown> = {};
      for (const path of paths) answers[path] = (await agent.get(path).expect(200)).body;
      return answers;
    }

    it("writes into /home the user and the dashboard's first reads, and preloads the workout remote, beside the map", async () => {
      const { agent } = await signedIn();
      const { page, html, answered } = await pageAndMap(agent, '/home');
      expect(inlinedMap(html)).toEqual(answered);
      expect(preloadsOf(html)).toEqual(remoteFiles('mf-workout', '2.0.0', WORKOUT_CHUNKS));
      expect(inlinedReads(html)).toEqual(
        await answersOf(agent, [
          '/api/user',
          '/api/workout-days',
          '/api/workout-state',
          '/api/subscription/status',
          '/api/sessions/open',
          '/api/goals',
        ]),
      );
      // What only a workout reads (the plates, the records, the 'Last time' hints) the dashboard asks for later.
      expect(html).not.toMatch(/\/api\/(settings\/plates|records|progress\/last-workout)/);
      // Their data is in it: no cache may keep it, as none may keep the api's answers.
      expect(page.headers['cache-control']).toBe('private, no-store');
    });

    it.each(['/progress', '/analytics'])(
      'writes into %s the user, the subscription status and the goals, and preloads the history (up to megabytes)',
      async (url) => {
        const { agent } = await signedIn();
        const { html, answered } = await pageAndMap(agent, url);
        expect(inlinedMap(html)).toEqual(answered);
        expect(preloadsOf(html)).toEqual([
          ...remoteFiles('mf-analytics', '0.3.0', ANALYTICS_CHUNKS),
          apiRead('/api/progress'),
        ]);
        expect(inlinedReads(html)).toEqual(
          await answersOf(agent, ['/api/user', '/api/subscription/status', '/api/goals']),
        );
      },
    );

    it('asks for no premium read once the trial has ended without a subscription (each would be a 402)', async () => {
      const { agent, user } = await signedIn();
      await changeUser(
        database.connection,
        { _id: new Types.ObjectId(user.id) },
        { $set: { trialEndsAt: new Date(Date.now() - 60_000) } },
      );
      await agent.get('/api/progress').expect(402);
      const home = await pageAndMap(agent, '/home');
      expect(Object.keys(inlinedReads(home.html) ?? {})).toEqual([
        '/api/user',
        '/api/workout-days',
        '/api/workout-state',
        '/api/subscription/status',
      ]);
      const progress = await pageAndMap(agent, '/progress');
      expect(Object.keys(inlinedReads(progress.html) ?? {})).toEqual(['/api/user', '/api/subscription/status']);
      expect(preloadsOf(progress.html).filter(({ href }) => href.startsWith('/api/'))).toEqual([]);
    });

    it('writes into /auth only the user: a signed-in visitor is sent on, the sign-in remote never shows', async () => {
      const { agent } = await signedIn();
      const { html, answered } = await pageAndMap(agent, '/auth');
      expect(inlinedMap(html)).toEqual(answered);
      expect(preloadsOf(html)).toEqual([]);
      expect(inlinedReads(html)).toEqual(await answersOf(agent, ['/api/user']));
    });

    it('preloads at / only the user, whom the landing page asks for before sending them to /home, its spinner shown', async () => {
      const { agent } = await signedIn();
      const response = await agent.get('/').set('Accept', HTML).expect(200);
      expect(inlinedMap(response.text)).toBeUndefined();
      expect(preloadsOf(response.text)).toEqual([apiRead('/api/user')]);
      // The checking style in the head: the spinner, not the landing page, from the first paint.
      expect(response.text).toContain(`${LANDING_CHECKING_STYLE}<link rel="preload"`);
      expect(response.text.replace(/<link rel="preload"[^>]*\/>/g, '').replace(LANDING_CHECKING_STYLE, '')).toBe(
        LANDING,
      );
      expect(response.headers['cache-control']).toBe('private, no-cache');
    });

    it('sends / as built to a browser whose hint outlived its session: the landing page, not the spinner', async () => {
      const response = await request(app).get('/').set('Accept', HTML).set('Cookie', 'hit.signedIn=1').expect(200);
      expect(response.text).toBe(LANDING);
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it('preloads no api read without the "signed in" hint: the app would not ask for them', async () => {
      const registered = await request(app)
        .post('/api/register')
        .send({ email: uniqueEmail(), password: TEST_PASSWORD })
        .expect(201);
      // The session cookie alone, as a browser that signed in before the hint existed holds it.
      const session = ([] as string[])
        .concat(registered.headers['set-cookie'] ?? [])
        .find((cookie) => cookie.startsWith('hit.sid='))!
        .split(';')[0];
      const page = await request(app).get('/home').set('Accept', HTML).set('Cookie', session).expect(200);
      expect(inlinedMap(page.text)).toBeDefined();
      expect(preloadsOf(page.text).filter(({ href }) => href.startsWith('/api/'))).toEqual([]);
    });
  });

  describe('staged rollout', () => {
    it("gives a canary cohort the canary's preloads and the stable fallback in its map, the others the stable's", async () => {
      await Release.updateOne({ remote: 'mf_auth' }, { $set: { canary: { version: '1.1.0', percent: 50 } } });
      const inside = `${COHORT_COOKIE}=${cohortInBucket('mf_auth', 0)}`;
      const outside = `${COHORT_COOKIE}=${cohortInBucket('mf_auth', 99)}`;

      const canary = await request(app).get('/auth').set('Accept', HTML).set('Cookie', inside).expect(200);
      const canaryMap = await request(app).get('/api/remotes').set('Cookie', inside).expect(200);
      expect(inlinedMap(canary.text)).toEqual(canaryMap.body);
      expect((inlinedMap(canary.text) as RemoteMap).remotes[0]).toEqual({
        name: 'mf_auth',
        version: '1.1.0',
        entry: '/remotes/mf-auth/1.1.0/mf-manifest.json',
        fallbackEntry: '/remotes/mf-auth/1.0.0/mf-manifest.json',
      });
      expect(preloadsOf(canary.text)).toEqual(remoteFiles('mf-auth', '1.1.0', AUTH_CANARY_CHUNKS));

      const stable = await request(app).get('/auth').set('Accept', HTML).set('Cookie', outside).expect(200);
      expect(inlinedMap(stable.text)).toEqual((await request(app).get('/api/remotes').set('Cookie', outside)).body);
      expect(preloadsOf(stable.text)).toEqual(remoteFiles('mf-auth', '1.0.0', AUTH_CHUNKS));
    });

    it("follows a signed-in user's cohort (their id), as GET /api/remotes does", async () => {
      const { agent, user } = await signedIn();
      const bucket = cohortBucket('mf_workout', user.id);
      // The canary reaches the buckets below its percent: just above the user's, the user is in it.
      await Release.updateOne(
        { remote: 'mf_workout' },
        { $set: { canary: { version: '2.1.0', percent: bucket + 1 } } },
      );
      const { html, answered } = await pageAndMap(agent, '/home');
      expect(inlinedMap(html)).toEqual(answered);
      expect(answered.remotes[1]).toMatchObject({
        version: '2.1.0',
        fallbackEntry: '/remotes/mf-workout/2.0.0/mf-manifest.json',
      });
      expect(preloadsOf(html)).toEqual(
        expect.arrayContaining(remoteFiles('mf-workout', '2.1.0', WORKOUT_CANARY_CHUNKS)),
      );
      expect(html).not.toContain('/remotes/mf-workout/2.0.0/remoteEntry.js');
    });
  });

  describe('security and caching', () => {
    it.each(['/auth', '/home', '/progress'])(
      'keeps the CSP of %s without inline scripts: the map and the reads are data blocks, the other script a file of this origin',
      async (url) => {
        const { agent } = await signedIn();
        const response = await agent.get(url).set('Accept', HTML).expect(200);
        const csp = response.headers['content-security-policy'];
        const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1];
        expect(scriptSrc).toBe("'self'");
        const scripts = [...response.text.matchAll(/<script([^>]*)>/g)].map(([, attributes]) => attributes.trim());
        expect(scripts).toEqual([
          'defer="defer" src="/main.js"',
          'type="application/json" id="hit-remotes"',
          'type="application/json" id="hit-reads"',
        ]);
      },
    );

    it('cannot be broken out of by what the map holds: "<" is written as \\u003c inside the data block', async () => {
      const response = await request(app).get('/auth').set('Accept', HTML).expect(200);
      const block = /id="hit-remotes">([^<]*)<\/script>/.exec(response.text)![1];
      expect(block).not.toMatch(/[<>]/);
    });

    it('cannot be broken out of by what the reads hold: a name with "</script>" stays inside the data block', async () => {
      const { agent } = await signUp(app, { firstName: '</script><script>alert(1)</script><!--' });
      agent.jar.setCookie(`${SIGNED_IN_HINT}; Path=/`);
      const response = await agent.get('/home').set('Accept', HTML).expect(200);
      // "<" is written \u003c: nothing inside can end the element or open a comment.
      const block = /id="hit-reads">([^<]*)<\/script>/.exec(response.text)![1];
      expect(block).not.toContain('<');
      expect(inlinedReads(response.text)!['/api/user']).toMatchObject({
        firstName: '</script><script>alert(1)</script><!--',
      });
    });

    it.each(['/auth', '/home', '/progress', '/no/such/page'])(
      "names the shell's startup scripts at %s in a Link header too, largest first: they start with the headers",
      async (url) => {
        const { agent } = await signedIn();
        for (const browser of [request(app), agent]) {
          const response = await browser.get(url).set('Accept', HTML).expect(200);
          expect(response.headers.link).toBe(STARTUP_SCRIPTS_LINK);
        }
      },
    );

    it('sends no Link header with the landing page, whose one script its HTML names', async () => {
      const response = await request(app).get('/').set('Accept', HTML).expect(200);
      expect(response.headers.link).toBeUndefined();
    });

    it('reads the page and the manifests from disk once per build, not per request', async () => {
      const reads = jest.spyOn(fsPromises, 'readFile');
      try {
        const fresh = buildTestApp(database, {}, staticRoot.root);
        for (let i = 0; i < 5; i += 1) await request(fresh).get('/auth').set('Accept', HTML).expect(200);
        const files = reads.mock.calls.map(([file]) => path.relative(staticRoot.root, String(file)));
        expect(files.sort()).toEqual(['mf-auth/dist/1.0.0/mf-manifest.json', 'shell/dist/index.html']);

        // A new build of the shell is served at once.
        reads.mockClear();
        const rebuilt = INDEX.replace('<title>HIT Tracker</title>', '<title>HIT Tracker (rebuilt)</title>');
        await fsPromises.writeFile(path.join(staticRoot.root, 'shell/dist/index.html'), rebuilt);
        const after = await request(fresh).get('/auth').set('Accept', HTML).expect(200);
        expect(after.text).toContain('HIT Tracker (rebuilt)');
        await fsPromises.writeFile(path.join(staticRoot.root, 'shell/dist/index.html'), INDEX);
      } finally {
        reads.mockRestore();
      }
    });

    it("serves the shell's index.html asked for by name as built (the service worker's offline copy: no map, no preloads)", async () => {
      const { agent } = await signedIn();
      const response = await agent.get('/index.html').expect(200);
      expect(response.text).toBe(INDEX);
      expect(response.headers['cache-control']).toBe('no-cache');
    });
  });
});

describe('the reads a page writes in (readAnswers)', () => {
  const req = {} as Parameters<typeof readAnswers>[2];

  it('holds each read answered 200, parsed, by path, and leaves out the others for the screen to ask', async () => {
    const readApi: ApiReader = async (path) => {
      if (path === '/api/goals') return { status: 402, body: '{"message":"Your free trial has ended."}' };
      if (path === '/api/records') throw new Error('connection reset');
      return { status: 200, body: JSON.stringify({ path }) };
    };
    await expect(
      readAnswers(readApi, ['/api/user', '/api/goals', '/api/records', '/api/workout-days'], req),
    ).resolves.toEqual({
      '/api/user': { path: '/api/user' },
      '/api/workout-days': { path: '/api/workout-days' },
    });
  });

  it(`waits at most ${INLINED_READS_WAIT_MS} ms: a slow read is left out, the page goes out`, async () => {
    jest.useFakeTimers();
    try {
      const readApi: ApiReader = (path) =>
        path === '/api/user' ? Promise.resolve({ status: 200, body: '{"id":"u1"}' }) : new Promise(() => undefined);
      const answers = readAnswers(readApi, ['/api/user', '/api/workout-days'], req);
      await jest.advanceTimersByTimeAsync(INLINED_READS_WAIT_MS);
      await expect(answers).resolves.toEqual({ '/api/user': { id: 'u1' } });
    } finally {
      jest.useRealTimers();
    }
  });
});
