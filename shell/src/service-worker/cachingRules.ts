// The service worker's caching rules as pure functions (tested in cachingRules.test.ts): which requests it answers
// and how, and which remote files it fetches ahead of time. sw.ts only wires them to Workbox.
import type { RemoteEntry } from '@hit/contracts';

/** How the worker answers a request; `none` leaves it to the network as if there were no worker. */
export type CachingRule =
  /** A page of the app: network first, the precached page when the network fails or is too slow. */
  | 'page'
  /** GET /api/remotes: network first, the last answer when offline. */
  | 'remote-map'
  /** A content-hashed file of a remote version: it never changes, so the cache answers first. */
  | 'remote-hashed'
  /** mf-manifest.json, remoteEntry.js: the development build rewrites them in place, so network first. */
  | 'remote-named'
  | 'none';

/** Cache names, prefixed so the browser's storage view shows whose they are. */
export const CACHE_PREFIX = 'hit';
export const REMOTE_CACHE = `${CACHE_PREFIX}-remotes`;
export const REMOTE_MAP_CACHE = `${CACHE_PREFIX}-remote-map`;
export const REMOTE_MAP_PATH = '/api/remotes';

/** Waiting longer than this for the network is worse than showing what the worker has (a gym with one bar of signal). */
export const NETWORK_TIMEOUT_SECONDS = 3;
/** A cap on the remote files kept, far above what a few versions of the four remotes need (about 25 files each). */
export const REMOTE_CACHE_MAX_ENTRIES = 400;

/** The page the api serves for exactly `/` (shell/dist/landing/) and for every other page route. */
export const LANDING_PAGE = '/landing/index.html';
export const APP_PAGE = '/index.html';

/** `name.<contenthash>.js`: the same rule as the api's static files (api/src/static.ts, CONTENT_HASHED). */
const CONTENT_HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
/** `/remotes/<folder>/<version>/<file>`, the only place remote code is served from. */
const REMOTE_FILE = /^\/remotes\/([^/]+)\/([^/]+)\/(.+)$/;

/** The page routes the api answers with a page (api/src/static.ts, wantsShellPage): not /api, /remotes or a file. */
export function isAppPage(pathname: string): boolean {
  if (/^\/(api|remotes)(\/|$)/.test(pathname)) return false;
  return !pathname.slice(pathname.lastIndexOf('/') + 1).includes('.');
}

/** The precached page that stands in for a page route when the network cannot answer. */
export function offlinePageFor(pathname: string): string {
  return pathname === '/' ? LANDING_PAGE : APP_PAGE;
}

/** Which rule answers a GET request of this worker's origin (other origins and methods: always `none`). */
export function cachingRuleFor(url: URL, { origin, navigation }: { origin: string; navigation: boolean }): CachingRule {
  if (url.origin !== origin) return 'none';
  if (navigation) return isAppPage(url.pathname) ? 'page' : 'none';
  // User data is the app's (IndexedDB): no other /api answer is ever kept by the worker.
  if (url.pathname === REMOTE_MAP_PATH) return 'remote-map';
  const remoteFile = REMOTE_FILE.exec(url.pathname);
  if (!remoteFile) return 'none';
  const file = remoteFile[3];
  // Source maps and build stats are for developers' tools, never for the app.
  if (file.endsWith('.map') || file === 'mf-stats.json') return 'none';
  return CONTENT_HASHED.test(file) ? 'remote-hashed' : 'remote-named';
}

/** `/remotes/<folder>/<version>/` of a remote file or manifest URL, or undefined when it is not one. */
export function remoteVersionFolder(url: string, origin: string): string | undefined {
  const parsed = new URL(url, origin);
  if (parsed.origin !== origin) return undefined;
  const match = REMOTE_FILE.exec(parsed.pathname);
  return match ? `/remotes/${match[1]}/${match[2]}/` : undefined;
}

/**
 * The manifests a visitor's map can load: each remote's entry and, for a canary, its stable fallback (loaded when
 * the canary fails, so it must be there offline too). Only same-origin version folders: the development map points
 * at the webpack dev servers, which the worker leaves alone.
 */
export function manifestsToWarm(remotes: readonly RemoteEntry[], origin: string): string[] {
  const manifests = remotes.flatMap(({ entry, fallbackEntry }) => (fallbackEntry ? [entry, fallbackEntry] : [entry]));
  return [
    ...new Set(manifests.filter((url) => remoteVersionFolder(url, origin)).map((url) => new URL(url, origin).pathname)),
  ];
}

interface ManifestAssets {
  js?: { sync?: unknown; async?: unknown };
  css?: { sync?: unknown; async?: unknown };
}

/** The subset of a @module-federation mf-manifest.json the worker reads. */
export interface RemoteManifest {
  metaData?: { remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: { assets?: ManifestAssets }[];
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/**
 * Chunks a remote loads only to do something that needs the api anyway, named by their webpackChunkName: they are
 * never warmed for offline use (a page that loads one still caches it, as any remote file). `common-passwords` is
 * the new-password rule's list (mf-auth and mf-account each build one, about 215 KB of gzip): sign-up, a reset and a
 * password change cannot happen offline, and the api checks the list itself.
 */
export const ONLINE_ONLY_CHUNKS: readonly string[] = ['common-passwords'];

const onlineOnly = (file: string) => {
  const name = file.slice(file.lastIndexOf('/') + 1);
  return ONLINE_ONLY_CHUNKS.some((chunk) => new RegExp(`^${chunk}\\.[0-9a-f]+\\.js$`).test(name));
};

/**
 * Every file a remote version needs to render its exposed screens, as paths: the manifest, remoteEntry.js and each
 * exposed module's chunks (sync and async, JS and CSS), but no ONLINE_ONLY_CHUNKS. The `shared` section is left out
 * on purpose: those are the remote's own copies of the shared singletons, which the shell always provides, so a page
 * never loads them.
 */
export function remoteFilesOf(manifestPath: string, manifest: RemoteManifest): string[] {
  const folder = manifestPath.slice(0, manifestPath.lastIndexOf('/') + 1);
  const remoteEntry = manifest.metaData?.remoteEntry;
  const entryFile =
    typeof remoteEntry?.name === 'string'
      ? `${typeof remoteEntry.path === 'string' && remoteEntry.path ? `${remoteEntry.path.replace(/\/$/, '')}/` : ''}${remoteEntry.name}`
      : 'remoteEntry.js';
  const exposed = (manifest.exposes ?? []).flatMap(({ assets }) => [
    ...strings(assets?.js?.sync),
    ...strings(assets?.js?.async),
    ...strings(assets?.css?.sync),
    ...strings(assets?.css?.async),
  ]);
  const files = [entryFile, ...exposed.filter((file) => !onlineOnly(file))].map(
    (file) => new URL(file, `http://worker${folder}`).pathname,
  );
  return [...new Set([manifestPath, ...files])];
}

/**
 * The version folders the remote cache must keep: those of the newest map the worker saw (what the next page load
 * runs) and those every open page runs (a page never switches version in the middle of a visit). Undefined when an
 * open page has not said which it runs (the worker restarted since): then nothing is removed.
 */
export function foldersToKeep({
  newest,
  pages,
  openPages,
  origin,
}: {
  newest: readonly RemoteEntry[];
  pages: ReadonlyMap<string, readonly RemoteEntry[]>;
  openPages: readonly string[];
  origin: string;
}): Set<string> | undefined {
  if (openPages.some((id) => !pages.has(id))) return undefined;
  const maps = [newest, ...openPages.map((id) => pages.get(id) ?? [])];
  return new Set(
    maps.flatMap((map) => manifestsToWarm(map, origin).map((manifest) => remoteVersionFolder(manifest, origin)!)),
  );
}
