import { access, readdir } from 'node:fs/promises';
import path from 'node:path';

/** A remote build lives in `<repo>/<folder>/dist/<version>/`, the version being a semver string. */
const VERSION = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

export function isVersion(name: string): boolean {
  return VERSION.test(name);
}

function comparePrerelease(a: string | undefined, b: string | undefined): number {
  if (a === b) return 0;
  if (a === undefined) return 1; // 1.0.0 is newer than 1.0.0-rc.1
  if (b === undefined) return -1;
  const as = a.split('.');
  const bs = b.split('.');
  for (let i = 0; i < Math.max(as.length, bs.length); i += 1) {
    if (as[i] === undefined) return -1;
    if (bs[i] === undefined) return 1;
    const aNum = /^\d+$/.test(as[i]);
    const bNum = /^\d+$/.test(bs[i]);
    if (aNum && bNum && Number(as[i]) !== Number(bs[i])) return Number(as[i]) - Number(bs[i]);
    if (aNum !== bNum) return aNum ? -1 : 1; // numeric identifiers sort before alphanumeric ones
    if (as[i] !== bs[i]) return as[i] < bs[i] ? -1 : 1;
  }
  return 0;
}

/** Semver precedence: negative when `a` is older than `b`, positive when newer, 0 when equal. */
export function compareVersions(a: string, b: string): number {
  const ma = VERSION.exec(a);
  const mb = VERSION.exec(b);
  if (!ma || !mb) throw new Error(`not a version: ${ma ? b : a}`);
  for (let i = 1; i <= 3; i += 1) {
    const diff = Number(ma[i]) - Number(mb[i]);
    if (diff !== 0) return diff;
  }
  return comparePrerelease(ma[4], mb[4]);
}

export function remoteDistDir(root: string, folder: string): string {
  return path.join(root, folder, 'dist');
}

/** The newest version of a remote that has a complete build (its mf-manifest.json), or undefined. */
export async function newestBuiltVersion(root: string, folder: string): Promise<string | undefined> {
  const dist = remoteDistDir(root, folder);
  let entries;
  try {
    entries = await readdir(dist, { withFileTypes: true });
  } catch {
    return undefined; // not built yet
  }
  const versions = entries
    .filter((entry) => (entry.isDirectory() || entry.isSymbolicLink()) && isVersion(entry.name))
    .map((entry) => entry.name)
    .sort((a, b) => compareVersions(b, a));
  for (const version of versions) {
    // A directory without its manifest is a build in progress or a broken one: skip it.
    if (await isPublished(root, folder, version)) return version;
  }
  return undefined;
}

function manifestPath(root: string, folder: string, version: string): string {
  return path.join(remoteDistDir(root, folder), version, 'mf-manifest.json');
}

/** True when `version` of the remote has a complete build (its mf-manifest.json) under `root`. */
export async function isPublished(root: string, folder: string, version: string): Promise<boolean> {
  if (!isVersion(version)) return false;
  return access(manifestPath(root, folder, version)).then(
    () => true,
    () => false,
  );
}

/** Every version of the remote with a complete build. */
export async function publishedVersions(root: string, folder: string): Promise<Set<string>> {
  let entries;
  try {
    entries = await readdir(remoteDistDir(root, folder), { withFileTypes: true });
  } catch {
    return new Set();
  }
  const candidates = entries
    .filter((entry) => (entry.isDirectory() || entry.isSymbolicLink()) && isVersion(entry.name))
    .map((entry) => entry.name);
  const built = await Promise.all(candidates.map((version) => isPublished(root, folder, version)));
  return new Set(candidates.filter((_, i) => built[i]));
}
