// For the offline and update tests (issue #17): an api process that can really be stopped and started again on the
// same port and data, its own static root where a new remote version can be published, and a browser with a
// profile on disk, as an installed app has.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EmbeddedMongo } from '@hit/embedded-mongo';
import { chromium, type Browser, type Page } from 'playwright-core';
import { launchOptions } from '../../config/chromium';
import { freshDataDir, startApp, type RunningApp } from './app-server';
import { openPage, viewports, type WatchedPage } from './browser';
import { e2eEnvironment } from './environment';

const repoRoot = path.resolve(__dirname, '../..');
const REMOTE_FOLDERS = ['mf-auth', 'mf-workout', 'mf-analytics', 'mf-account'];

/** The version a remote's development build is published as (its package.json's). */
export function developmentVersion(folder: string): string {
  return JSON.parse(fs.readFileSync(path.join(repoRoot, folder, 'package.json'), 'utf8')).version;
}

export interface StoppableApp {
  baseUrl: string;
  /** The app's database, which keeps running while the api is stopped. */
  mongoUri: string;
  /** The shell and each remote's published versions, linked from the repository: new versions go here. */
  staticRoot: string;
  /** Stops the api process (the database keeps running): the browser gets connection refused, as with no signal. */
  stop(): Promise<void>;
  /** Starts it again on the same port, data and static root. */
  start(): Promise<void>;
  /** `npm run release -- …` against this app's database and static root; resolves with its output. */
  release(...args: string[]): Promise<string>;
  /** Builds a remote at a new version (REMOTE_VERSION, BUILD_LABEL) straight into the static root. */
  publish(folder: string, version: string, label: string): Promise<void>;
  close(): Promise<void>;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { cwd: repoRoot, env: { ...process.env, ...env }, encoding: 'utf8' },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${command} ${args.join(' ')} failed:\n${stdout}\n${stderr}`)) : resolve(stdout),
    );
  });
}

/** An api of its own (a fresh database that outlives the api's stops, a static root of links), as the app serves. */
export async function startStoppableApp(): Promise<StoppableApp> {
  const staticRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'hit-e2e-installed-'));
  fs.symlinkSync(path.join(repoRoot, 'shell'), path.join(staticRoot, 'shell'));
  for (const folder of REMOTE_FOLDERS) {
    const version = developmentVersion(folder);
    fs.mkdirSync(path.join(staticRoot, folder, 'dist'), { recursive: true });
    fs.symlinkSync(path.join(repoRoot, folder, 'dist', version), path.join(staticRoot, folder, 'dist', version));
  }
  const dataDir = freshDataDir();
  const mongo = await EmbeddedMongo.start({ port: 0, dbPath: path.join(dataDir, 'db') });
  const mongoUri = `${mongo.uri}/hit-installed`;
  const env = {
    MONGODB_URI: mongoUri,
    DATA_DIR: dataDir,
    STATIC_ROOT: staticRoot,
    REGISTRATIONS_PER_IP_PER_HOUR: '10000',
  };
  let app: RunningApp | undefined = await startApp(env);
  const { baseUrl } = app;
  const port = new URL(baseUrl).port;

  return {
    baseUrl,
    mongoUri,
    staticRoot,
    async stop() {
      await app?.stop();
      app = undefined;
    },
    async start() {
      app ??= await startApp({ ...env, PORT: port });
    },
    release: (...args) =>
      run(process.execPath, [path.join(repoRoot, 'api/dist/release.js'), ...args], {
        MONGODB_URI: mongoUri,
        STATIC_ROOT: staticRoot,
      }),
    async publish(folder, version, label) {
      // Asynchronously: the database this app uses answers from this very process.
      await new Promise<void>((resolve, reject) => {
        const build = spawn('npm', ['run', 'build', '--silent', '-w', folder], {
          cwd: repoRoot,
          env: {
            ...process.env,
            REMOTE_VERSION: version,
            BUILD_LABEL: label,
            REMOTE_DIST_DIR: path.join(staticRoot, folder, 'dist'),
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        const output: string[] = [];
        build.stdout.on('data', (chunk) => output.push(String(chunk)));
        build.stderr.on('data', (chunk) => output.push(String(chunk)));
        build.once('exit', (code) =>
          code === 0 ? resolve() : reject(new Error(`Building ${folder} ${version} failed:\n${output.join('')}`)),
        );
      });
    },
    async close() {
      await app?.stop();
      await mongo.stop();
      fs.rmSync(staticRoot, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface InstalledPage extends WatchedPage {
  /** Closes the browser and removes its profile. */
  close(): Promise<void>;
}

/**
 * A page in a browser with its own profile on disk, as an installed app has (Chromium reports `in-incognito` for a
 * throwaway context, and a service worker should outlive the page), watched like every test page (jest-setup.ts
 * fails the test on what it did not expect).
 */
export async function openInstalledPage(baseUrl: string, viewport = viewports.desktop): Promise<InstalledPage> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'hit-e2e-profile-'));
  const mobile = viewport.width < 600;
  const context = await chromium.launchPersistentContext(profile, {
    ...launchOptions(e2eEnvironment().browser),
    baseURL: baseUrl,
    viewport,
    hasTouch: mobile,
    isMobile: mobile,
  });
  // openPage asks a browser for a new context; this profile's context is the one it gets.
  const watched = await openPage({ newContext: async () => context } as unknown as Browser, baseUrl, viewport);
  for (const blank of context.pages()) if (blank !== watched.page) await blank.close();
  return {
    ...watched,
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until the service worker is active and holds every file of every remote version in the visitor's map: asks
 * it to fetch them (what the shell asked at start, so it shares that work) and reads its answer.
 */
export async function waitUntilOfflineReady(page: Page): Promise<{ cached: number; missing: string[] }> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const { remotes } = (await (await fetch('/api/remotes')).json()) as { remotes: unknown[] };
    return new Promise<{ cached: number; missing: string[] }>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => resolve(event.data);
      registration.active!.postMessage({ type: 'WARM_REMOTES', remotes }, [channel.port2]);
    });
  });
}

/** The paths the service worker holds in one of its caches. */
export function cachedPaths(page: Page, cacheName: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    const cache = await caches.open(name);
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  }, cacheName);
}
