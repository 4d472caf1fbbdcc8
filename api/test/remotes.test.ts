import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import request from 'supertest';
import { REMOTES, remoteMapSchema } from '@hit/contracts';
import { compareVersions } from '../src/remoteBuilds';
import { buildTestApp, makeStaticRoot, startTestDatabase, type TestDatabase } from './helpers';

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
    const response = await request(buildTestApp(database, {}, staticRoot.root)).get('/api/remotes').expect(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(remoteMapSchema.strict().parse(response.body)).toEqual({
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
      const response = await request(buildTestApp(database, {}, empty.root)).get('/api/remotes').expect(200);
      expect(response.body).toEqual({ remotes: [] });
    } finally {
      await empty.remove();
    }
  });

  it('points every remote at its webpack dev server in dev mode', async () => {
    const app = buildTestApp(database, { REMOTES_MODE: 'dev' }, staticRoot.root);
    const response = await request(app).get('/api/remotes').expect(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(remoteMapSchema.strict().parse(response.body)).toEqual({
      remotes: REMOTES.map(({ name, devPort }) => ({
        name,
        version: 'dev',
        entry: `http://localhost:${devPort}/mf-manifest.json`,
      })),
    });
  });
});
