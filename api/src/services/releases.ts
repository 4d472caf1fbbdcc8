import path from 'node:path';
import { REMOTES, type RemoteName } from '@hit/contracts';
import type { ReleaseFields, ReleaseModel } from '../models/release';
import { isPublished, newestBuiltVersion, remoteDistDir } from '../remoteBuilds';
import type { EffectiveRelease, ReleaseState, RemoteInfo } from '../rollout';

export type ReleaseTable = ReadonlyMap<RemoteName, ReleaseState>;

export function toReleaseState(doc: Pick<ReleaseFields, 'stable' | 'canary' | 'previousStables'>): ReleaseState {
  const { stable, canary, previousStables } = doc;
  return {
    stable,
    ...(canary ? { canary: { version: canary.version, percent: canary.percent } } : {}),
    previousStables: [...(previousStables ?? [])],
  };
}

/** Every document of the release table, by remote name. */
export async function readReleaseTable(Release: ReleaseModel): Promise<ReleaseTable> {
  const docs = await Release.find({}, { remote: 1, stable: 1, canary: 1, previousStables: 1 }).lean();
  return new Map(docs.map((doc) => [doc.remote, toReleaseState(doc)]));
}

/**
 * What the remote serves: the release table's versions when their builds are on disk, else the newest build (a
 * released version whose manifest has disappeared is never answered: the problem is reported instead).
 */
export async function resolveRelease(
  root: string,
  remote: RemoteInfo,
  release?: ReleaseState,
): Promise<EffectiveRelease> {
  const manifestOf = (version: string) => path.join(remoteDistDir(root, remote.folder), version, 'mf-manifest.json');
  const problems: string[] = [];
  let stable: EffectiveRelease['stable'];
  if (release) {
    if (await isPublished(root, remote.folder, release.stable))
      stable = { version: release.stable, source: 'release table' };
    else
      problems.push(
        `released stable ${release.stable} is not published (no ${manifestOf(release.stable)}): serving the newest build`,
      );
  }
  if (!stable) {
    const newest = await newestBuiltVersion(root, remote.folder);
    if (newest) stable = { version: newest, source: 'newest build' };
  }
  let canary: EffectiveRelease['canary'];
  const wanted = release?.canary;
  if (wanted && stable && wanted.version !== stable.version) {
    if (await isPublished(root, remote.folder, wanted.version)) canary = wanted;
    else problems.push(`canary ${wanted.version} is not published (no ${manifestOf(wanted.version)}): not served`);
  }
  return { remote, stable, canary, problems };
}

/** Every remote's effective release, in the REMOTES order. */
export function resolveReleases(root: string, table: ReleaseTable): Promise<EffectiveRelease[]> {
  return Promise.all(REMOTES.map((remote) => resolveRelease(root, remote, table.get(remote.name))));
}
