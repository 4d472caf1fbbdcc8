import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EmbeddedMongo } from '@hit/embedded-mongo';
import type { Browser, Page } from 'playwright-core';
import { freshDataDir, startApp, type RunningApp } from '../support/app-server';
import { launchBrowser, openPage, type WatchedPage } from '../support/browser';

/**
 * A staged rollout as a release engineer does it: publish a second build of mf-auth (with a visible build label),
 * serve it to 100% of visitors as a canary, promote it, roll back; then serve it again, break its files and see
 * the stable build served instead, without an error on screen; then withdraw it.
 *
 * It runs on its own api process, database and static root (a copy of the published builds, as a CDN would hold
 * them), so no other browser test sees the canary.
 */
const repoRoot = path.resolve(__dirname, '../..');
const REMOTE_FOLDERS = ['mf-auth', 'mf-workout', 'mf-analytics', 'mf-account'];
const stableVersion: string = JSON.parse(fs.readFileSync(path.join(repoRoot, 'mf-auth/package.json'), 'utf8')).version;
const [major, minor] = stableVersion.split('.').map(Number);
const canaryVersion = `${major}.${minor + 1}.0-canary.${Date.now()}`;
const LABEL = `Canary ${canaryVersion}`;

let staticRoot: string;
let dataDir: string;
let mongo: EmbeddedMongo;
let mongoUri: string;
let app: RunningApp;
let browser: Browser;

/**
 * `npm run release -- …` as run by hand: the compiled CLI against this test's database and static root. Run
 * asynchronously: the database serves from this very process.
 */
function release(...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(repoRoot, 'api/dist/release.js'), ...args],
      { cwd: repoRoot, env: { ...process.env, MONGODB_URI: mongoUri, STATIC_ROOT: staticRoot }, encoding: 'utf8' },
      (error, stdout, stderr) => resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function releaseOk(...args: string[]): Promise<string> {
  const result = await release(...args);
  expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });
  return result.stdout;
}

const canaryDir = () => path.join(staticRoot, 'mf-auth/dist', canaryVersion);

beforeAll(async () => {
  // The static root: the shell and the remotes' published builds, linked from the repository.
  staticRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'hit-e2e-cdn-'));
  fs.symlinkSync(path.join(repoRoot, 'shell'), path.join(staticRoot, 'shell'));
  for (const folder of REMOTE_FOLDERS) {
    const version = JSON.parse(fs.readFileSync(path.join(repoRoot, folder, 'package.json'), 'utf8')).version;
    fs.mkdirSync(path.join(staticRoot, folder, 'dist'), { recursive: true });
    fs.symlinkSync(path.join(repoRoot, folder, 'dist', version), path.join(staticRoot, folder, 'dist', version));
  }

  // Publish the second version: a real production build, written straight into the static root.
  const build = spawnSync('npm', ['run', 'build', '--silent', '-w', 'mf-auth'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      REMOTE_VERSION: canaryVersion,
      BUILD_LABEL: LABEL,
      REMOTE_DIST_DIR: path.join(staticRoot, 'mf-auth/dist'),
    },
    encoding: 'utf8',
  });
  if (build.status !== 0)
    throw new Error(`Building mf-auth ${canaryVersion} failed:\n${build.stdout}\n${build.stderr}`);
  expect(fs.existsSync(path.join(canaryDir(), 'mf-manifest.json'))).toBe(true);

  dataDir = freshDataDir();
  mongo = await EmbeddedMongo.start({ port: 0, dbPath: path.join(dataDir, 'db') });
  mongoUri = `${mongo.uri}/hit-rollout`;
  app = await startApp({ MONGODB_URI: mongoUri, DATA_DIR: dataDir, STATIC_ROOT: staticRoot });
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await mongo?.stop();
  fs.rmSync(staticRoot, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Opens /auth in a new visitor's browser and waits for the sign-in form. */
async function visitAuth(): Promise<{ watched: WatchedPage; page: Page; canaryRequests: string[] }> {
  const watched = await openPage(browser, app.baseUrl);
  const canaryRequests: string[] = [];
  watched.page.on('request', (request) => {
    if (request.url().includes(`/remotes/mf-auth/${canaryVersion}/`))
      canaryRequests.push(new URL(request.url()).pathname);
  });
  await watched.page.goto('/auth');
  await watched.page.getByRole('heading', { name: 'Welcome back' }).waitFor();
  return { watched, page: watched.page, canaryRequests };
}

const buildLabel = (page: Page) => page.getByRole('note', { name: `Build: ${LABEL}` });

describe('staged rollout of a remote', () => {
  it('serves a canary to 100% of visitors, promotes it and rolls back', async () => {
    // Pin today's build as stable, then the new one as a canary for everyone.
    expect(await releaseOk('mf_auth', stableVersion)).toMatch(new RegExp(`mf_auth\\s+${stableVersion}\\s+-`));
    expect(await releaseOk('mf-auth', canaryVersion, '--percent', '100')).toContain(`${canaryVersion} (100%)`);

    let visit = await visitAuth();
    await buildLabel(visit.page).waitFor();
    await visit.watched.context.close();

    expect(await releaseOk('mf_auth', '--promote')).toMatch(
      new RegExp(`mf_auth\\s+${canaryVersion.replace(/\./g, '\\.')}\\s+-`),
    );
    visit = await visitAuth();
    await buildLabel(visit.page).waitFor();
    await visit.watched.context.close();

    expect(await releaseOk('mf_auth', '--rollback')).toMatch(new RegExp(`mf_auth\\s+${stableVersion}\\s+-`));
    visit = await visitAuth();
    expect(await buildLabel(visit.page).count()).toBe(0);
    expect(visit.canaryRequests).toEqual([]);
    await visit.watched.context.close();
  });

  it('refuses a version that is not published', async () => {
    const result = await release('mf_auth', '9.9.9');
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/not published/i);
  });

  it('falls back to the stable build when the canary’s manifest or chunks fail to load, then withdraws it', async () => {
    await releaseOk('mf_auth', canaryVersion, '--percent', '100');

    // The canary's folder is unreachable (a CDN outage for that path): the stable build is loaded instead. The page
    // preloads the canary's manifest, remoteEntry.js and first chunk (api/src/pages.ts): all of them are refused.
    const outage = await openPage(browser, app.baseUrl);
    outage.allow(
      new RegExp(
        `^request failed GET /remotes/mf-auth/${canaryVersion.replace(/\./g, '\\.')}/[^/]+: net::ERR_CONNECTION_REFUSED$`,
      ),
      /^console\.(error|warning): [\s\S]*mf[_-]auth/,
    );
    await outage.page.route(`**/remotes/mf-auth/${canaryVersion}/**`, (route) => route.abort('connectionrefused'));
    await outage.page.goto('/auth');
    await outage.page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await buildLabel(outage.page).count()).toBe(0);
    expect(await outage.page.getByRole('heading', { name: "This part of HIT Tracker couldn't load" }).count()).toBe(0);
    await outage.context.close();

    // The canary's chunks are gone from the server while its manifest is still there.
    for (const file of fs.readdirSync(canaryDir())) {
      if (file.endsWith('.js')) fs.rmSync(path.join(canaryDir(), file));
    }
    let visit = await visitAuth();
    expect(await buildLabel(visit.page).count()).toBe(0);
    expect(await visit.page.getByRole('heading', { name: "This part of HIT Tracker couldn't load" }).count()).toBe(0);
    // The canary was tried and failed; the visitor never saw it.
    expect(visit.canaryRequests.some((p) => p.endsWith('.js'))).toBe(true);
    visit.watched.allow(
      new RegExp(`^HTTP 404 GET /remotes/mf-auth/${canaryVersion.replace(/\./g, '\\.')}/`),
      /^console\.(error|warning): [\s\S]*mf[_-]auth/,
    );
    await visit.watched.context.close();

    // Withdrawn: nobody is sent to the broken build any more.
    expect(await releaseOk('mf_auth', '--rollback')).toMatch(new RegExp(`mf_auth\\s+${stableVersion}\\s+-`));
    visit = await visitAuth();
    expect(visit.canaryRequests).toEqual([]);
    await visit.watched.context.close();
  });
});
