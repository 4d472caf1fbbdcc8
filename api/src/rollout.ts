/**
 * Staged rollout of the remotes, without I/O: which cohort sees a canary, which entry a visitor gets, and how
 * the release commands (`npm run release`) change a remote's release. routes/remotes.ts and release.ts do the
 * reading and writing around these.
 */
import { createHash } from 'node:crypto';
import { REMOTES, type RemoteEntry } from '@hit/contracts';
import { compareVersions, isVersion } from './remoteBuilds';

export type RemoteInfo = (typeof REMOTES)[number];

export interface Canary {
  version: string;
  /** 1-100. */
  percent: number;
}

/** What the release table holds for one remote. */
export interface ReleaseState {
  stable: string;
  canary?: Canary;
  /** Earlier stables, the most recent last. */
  previousStables: string[];
}

/** Where the stable version a remote serves comes from. */
export type StableSource = 'release table' | 'newest build';

/** What a remote serves right now, once the release table has been checked against the published builds. */
export interface EffectiveRelease {
  remote: RemoteInfo;
  /** Undefined: nothing published, the remote is left out of the map. */
  stable?: { version: string; source: StableSource };
  canary?: Canary;
  /** What the release table asks for but cannot be served (a version whose build has disappeared). */
  problems: string[];
}

/** `mf_auth` or `mf-auth` → the remote; undefined when unknown. */
export function findRemote(nameOrFolder: string): RemoteInfo | undefined {
  return REMOTES.find(({ name, folder }) => name === nameOrFolder || folder === nameOrFolder);
}

export function manifestUrl(folder: string, version: string): string {
  return `/remotes/${folder}/${version}/mf-manifest.json`;
}

/**
 * A visitor's bucket for a remote, in [0, 100): the first 32 bits of sha256(`<remote>:<cohort>`) scaled down.
 * No salt: every api process (and every restart) puts a visitor in the same bucket. The remote name is part of
 * the hash, so the canaries of different remotes reach different visitors.
 */
export function cohortBucket(remoteName: string, cohortId: string): number {
  const digest = createHash('sha256').update(`${remoteName}:${cohortId}`).digest();
  return Math.floor((digest.readUInt32BE(0) * 100) / 2 ** 32);
}

/** True when this cohort is among the `percent` % that get the remote's canary. */
export function inCanary(remoteName: string, cohortId: string, percent: number): boolean {
  return cohortBucket(remoteName, cohortId) < percent;
}

/** The map entry a cohort gets: the canary (with the stable as its fallback) or the stable. */
export function entryFor(release: EffectiveRelease, cohortId: string): RemoteEntry | undefined {
  const { remote, stable, canary } = release;
  if (!stable) return undefined;
  const stableEntry = manifestUrl(remote.folder, stable.version);
  if (canary && inCanary(remote.name, cohortId, canary.percent)) {
    return {
      name: remote.name,
      version: canary.version,
      entry: manifestUrl(remote.folder, canary.version),
      fallbackEntry: stableEntry,
    };
  }
  return { name: remote.name, version: stable.version, entry: stableEntry };
}

/** The newest of `versions`, or undefined. */
export function newestVersion(versions: Iterable<string>): string | undefined {
  let newest: string | undefined;
  for (const version of versions) if (!newest || compareVersions(version, newest) > 0) newest = version;
  return newest;
}

// ---------------------------------------------------------------------------------------------------------------
// The command line

export type ReleaseCommand =
  | { action: 'release'; version: string }
  | { action: 'canary'; version: string; percent: number }
  | { action: 'promote' }
  | { action: 'rollback' };

export type ParsedArgs =
  | { kind: 'help' }
  /** No arguments: print the map. */
  | { kind: 'status' }
  | { kind: 'command'; remote: string; command: ReleaseCommand }
  | { kind: 'usage-error'; message: string };

const PERCENT = /^\d+$/;

/** `<remote> <version> [--percent N]`, `<remote> --promote`, `<remote> --rollback`, `--help`. */
export function parseReleaseArgs(args: readonly string[]): ParsedArgs {
  if (args.includes('--help') || args.includes('-h')) return { kind: 'help' };
  if (args.length === 0) return { kind: 'status' };
  const positional: string[] = [];
  let percent: string | undefined;
  let promote = false;
  let rollback = false;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i];
    if (arg === '--promote') promote = true;
    else if (arg === '--rollback') rollback = true;
    else if (arg === '--percent' || arg.startsWith('--percent=')) {
      const value = arg === '--percent' ? args[++i] : arg.slice('--percent='.length);
      if (value === undefined) return usage('--percent needs a value: --percent N (1-100)');
      percent = value;
    } else if (arg.startsWith('-')) return usage(`Unknown option ${arg}`);
    else positional.push(arg);
  }
  const [remote, version, ...extra] = positional;
  if (remote === undefined) return usage('Name the remote, e.g. mf_auth');
  if (extra.length > 0) return usage(`Unexpected argument ${extra.join(' ')}`);
  if (promote && rollback) return usage('--promote and --rollback cannot be combined');
  if (promote || rollback) {
    const flag = promote ? '--promote' : '--rollback';
    if (version !== undefined) return usage(`${flag} takes no version (got ${version})`);
    if (percent !== undefined) return usage(`${flag} cannot be combined with --percent`);
    return { kind: 'command', remote, command: { action: promote ? 'promote' : 'rollback' } };
  }
  if (version === undefined) return usage(`Name the version to release, or use --promote or --rollback`);
  if (percent === undefined) return { kind: 'command', remote, command: { action: 'release', version } };
  const n = Number(percent);
  if (!PERCENT.test(percent) || n < 1 || n > 100) {
    return usage(`--percent must be a whole number from 1 to 100 (got ${percent === '' ? 'nothing' : percent})`);
  }
  return { kind: 'command', remote, command: { action: 'canary', version, percent: n } };
}

function usage(message: string): ParsedArgs {
  return { kind: 'usage-error', message };
}

export interface TransitionContext {
  remote: RemoteInfo;
  /** The release table's document for the remote, if any. */
  current?: ReleaseState;
  /** Versions with a complete build (an mf-manifest.json) in the remote's dist folder. */
  published: ReadonlySet<string>;
  /** The remote's dist folder, for messages. */
  distDir: string;
}

export type Transition =
  { ok: true; state: ReleaseState; changed: boolean; message: string } | { ok: false; message: string };

const refuse = (message: string): Transition => ({ ok: false, message });

function pushStable(previous: readonly string[], stable: string | undefined, next: string, max: number): string[] {
  const stack = stable && stable !== next ? [...previous, stable] : [...previous];
  return stack.slice(-max);
}

/**
 * The remote's release after `command`, or why it is refused. Without a document the stable version is the
 * newest build (what visitors get today), so the first release of a remote can be rolled back to it.
 */
export function nextRelease(
  { remote, current, published, distDir }: TransitionContext,
  command: ReleaseCommand,
  maxPreviousStables = Number.POSITIVE_INFINITY,
): Transition {
  const { name } = remote;
  const stable = current?.stable ?? newestVersion(published);
  const previousStables = current?.previousStables ?? [];
  const notPublished = (version: string, what = version) =>
    refuse(`${what} of ${name} is not published: there is no ${distDir}/${version}/mf-manifest.json`);

  if (command.action === 'release' || command.action === 'canary') {
    const { version } = command;
    if (!isVersion(version)) return refuse(`${version} is not a version (expected one such as 1.4.0 or 2.0.0-rc.1)`);
    if (!published.has(version)) return notPublished(version);
  }

  switch (command.action) {
    case 'release': {
      const { version } = command;
      if (current && version === current.stable && !current.canary) {
        return {
          ok: true,
          state: current,
          changed: false,
          message: `${name}: ${version} is already the stable version; nothing changed.`,
        };
      }
      const state = {
        stable: version,
        previousStables: pushStable(previousStables, stable, version, maxPreviousStables),
      };
      const was = stable && stable !== version ? ` (was ${stable})` : '';
      const dropped =
        current?.canary && current.canary.version !== version ? `; canary ${current.canary.version} withdrawn` : '';
      return {
        ok: true,
        state,
        changed: true,
        message: `${name}: ${version} is now the stable version${was}${dropped}.`,
      };
    }
    case 'canary': {
      const { version, percent } = command;
      if (!current && stable === version) {
        return refuse(
          `${name} has no release yet, so every visitor already gets its newest build, ${version}. ` +
            `Release the version to keep as stable first (npm run release -- ${name} <version>), then the canary.`,
        );
      }
      if (version === stable) return refuse(`${version} is already the stable version of ${name}`);
      const state: ReleaseState = { stable: stable!, canary: { version, percent }, previousStables };
      return {
        ok: true,
        state,
        changed: true,
        message: `${name}: ${version} is now the canary for ${percent}% of visitors (stable ${stable}).`,
      };
    }
    case 'promote': {
      const canary = current?.canary;
      if (!current || !canary) return refuse(`${name} has no canary to promote`);
      if (!published.has(canary.version)) return notPublished(canary.version, `Canary ${canary.version}`);
      const state = {
        stable: canary.version,
        previousStables: pushStable(previousStables, current.stable, canary.version, maxPreviousStables),
      };
      return {
        ok: true,
        state,
        changed: true,
        message: `${name}: canary ${canary.version} promoted to stable (was ${current.stable}).`,
      };
    }
    case 'rollback': {
      if (current?.canary) {
        const state = { stable: current.stable, previousStables };
        return {
          ok: true,
          state,
          changed: true,
          message: `${name}: canary ${current.canary.version} withdrawn; every visitor gets stable ${current.stable}.`,
        };
      }
      const previous = previousStables.at(-1);
      if (!current || previous === undefined)
        return refuse(`${name} has nothing to roll back to (no canary and no previous stable version)`);
      if (!published.has(previous)) {
        return refuse(
          `${name}'s previous stable version ${previous} is no longer published (no ${distDir}/${previous}/mf-manifest.json); ` +
            `release a published version instead: npm run release -- ${name} <version>`,
        );
      }
      const state = { stable: previous, previousStables: previousStables.slice(0, -1) };
      return {
        ok: true,
        state,
        changed: true,
        message: `${name}: rolled back to ${previous} (was ${current.stable}).`,
      };
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The printed map

/**
 * One line per remote after a header: name, stable version, canary and percent (or -), where the stable comes
 * from; then a line for each problem (a released version that is not published any more).
 */
export function formatReleaseMap(releases: readonly EffectiveRelease[]): string[] {
  const rows = [
    ['remote', 'stable', 'canary', 'stable from'],
    ...releases.map(({ remote, stable, canary }) => [
      remote.name,
      stable?.version ?? '-',
      canary ? `${canary.version} (${canary.percent}%)` : '-',
      stable?.source ?? 'not built',
    ]),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const lines = rows.map((row) =>
    row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]))).join('  '),
  );
  for (const { remote, problems } of releases)
    for (const problem of problems) lines.push(`warning: ${remote.name}: ${problem}`);
  return lines;
}
