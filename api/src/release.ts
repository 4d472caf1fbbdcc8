import path from 'node:path';
import { REMOTES, type RemoteName } from '@hit/contracts';
import { loadConfig } from './config';
import { connectDatabaseForTool } from './db';
import { MAX_PREVIOUS_STABLES, releaseModel, type ReleaseDocument, type ReleaseModel } from './models/release';
import { publishedVersions, remoteDistDir } from './remoteBuilds';
import { findRemote, formatReleaseMap, nextRelease, parseReleaseArgs, type ReleaseState } from './rollout';
import { readReleaseTable, resolveReleases, toReleaseState } from './services/releases';

const USAGE = `Usage:
  npm run release -- <remote> <version>              make <version> the stable version (and withdraw any canary)
  npm run release -- <remote> <version> --percent N  serve <version> as a canary to N% of visitors (N: 1-100)
  npm run release -- <remote> --promote              make the canary the stable version
  npm run release -- <remote> --rollback             withdraw the canary; without one, go back to the previous stable
  npm run release                                    print the current map
  npm run release -- --help                          show this text`;

export const RELEASE_HELP = `${USAGE}

<remote> is a remote's Module Federation name (mf_auth) or its folder (mf-auth). A version can be released only
once it is published: <folder>/dist/<version>/mf-manifest.json exists under the static root (STATIC_ROOT,
default: the repository root), the folder GET /api/remotes and /remotes/ serve from.

A remote never released serves its newest build. Once released, it serves its release table entry: a newly built
version goes live only when released. Each visitor belongs to a fixed cohort (the signed-in user's id, or else
the hit_cohort cookie), so the same N% get the canary on every visit and from every api process; the stable
version is their fallback when the canary fails to load. Every command prints the resulting map.

The npm script first rebuilds the api and the packages it uses (a few seconds), then runs api/dist/release.js.
It reads the api's environment: MONGODB_URI, or else the embedded database in DATA_DIR (default .data/), through
the running \`npm start\` when there is one.`;

export interface ReleaseOptions {
  env?: NodeJS.ProcessEnv;
  print?: (line: string) => void;
  printError?: (line: string) => void;
}

class Refusal extends Error {}

/**
 * npm runs the script in api/, but a relative DATA_DIR or STATIC_ROOT means the folder the command was typed in
 * (npm's INIT_CWD).
 */
function fromInvocationDir(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const base = env.INIT_CWD;
  if (!base) return env;
  const resolved = { ...env };
  for (const key of ['DATA_DIR', 'STATIC_ROOT']) {
    const value = env[key];
    if (value && !path.isAbsolute(value)) resolved[key] = path.resolve(base, value);
  }
  return resolved;
}

/** Saves the remote's new release; refuses when another command changed it since `doc` was read. */
async function save(
  Release: ReleaseModel,
  remote: RemoteName,
  doc: ReleaseDocument | null,
  state: ReleaseState,
): Promise<void> {
  const target = doc ?? new Release({ remote });
  target.set({ stable: state.stable, canary: state.canary ?? null, previousStables: state.previousStables });
  try {
    await target.save();
  } catch (error) {
    const e = error as { name?: string; code?: number };
    if (e.name === 'VersionError' || e.code === 11000) {
      throw new Refusal(
        `${remote} was changed by another release command at the same time: check the map and run yours again`,
      );
    }
    throw error;
  }
}

/** The command line, apart from the process: `args` after the script name; answers the exit code. */
export async function runRelease(
  args: string[],
  { env = process.env, print = console.log, printError = console.error }: ReleaseOptions = {},
): Promise<number> {
  const parsed = parseReleaseArgs(args);
  if (parsed.kind === 'help') {
    print(RELEASE_HELP);
    return 0;
  }
  if (parsed.kind === 'usage-error') {
    printError(`${parsed.message}\n\n${USAGE}\n\nMore: npm run release -- --help`);
    return 2;
  }
  const known = REMOTES.map(({ name, folder }) => `${name} (${folder})`).join(', ');
  const remote = parsed.kind === 'command' ? findRemote(parsed.remote) : undefined;
  if (parsed.kind === 'command' && !remote) {
    printError(`Unknown remote ${parsed.remote}. Known remotes: ${known}.`);
    return 1;
  }

  const config = loadConfig(fromInvocationDir(env));
  const root = config.staticRoot;
  const database = await connectDatabaseForTool(config);
  try {
    const Release = releaseModel(database.connection);
    await Release.init(); // the unique index on remote, before the first write
    if (parsed.kind === 'command' && remote) {
      const doc = await Release.findOne({ remote: remote.name });
      const transition = nextRelease(
        {
          remote,
          current: doc ? toReleaseState(doc) : undefined,
          published: await publishedVersions(root, remote.folder),
          distDir: remoteDistDir(root, remote.folder),
        },
        parsed.command,
        MAX_PREVIOUS_STABLES,
      );
      if (!transition.ok) {
        printError(transition.message);
        return 1;
      }
      if (transition.changed) await save(Release, remote.name, doc, transition.state);
      print(transition.message);
      print('');
    }
    for (const line of formatReleaseMap(await resolveReleases(root, await readReleaseTable(Release)))) print(line);
    return 0;
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    printError(error.message);
    return 1;
  } finally {
    await database.close();
  }
}

if (require.main === module) {
  runRelease(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`Release failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
