import { Router } from 'express';
import { REMOTES, type RemoteEntry, type RemoteMap } from '@hit/contracts';
import type { Config } from '../config';
import { newestBuiltVersion } from '../remoteBuilds';

interface RemotesDeps {
  config: Pick<Config, 'remotesMode'>;
  /** Folder holding `<remote folder>/dist/<version>/`. */
  staticRoot: string;
}

async function staticRemoteMap(staticRoot: string): Promise<RemoteMap> {
  // Read at request time: a freshly deployed version is picked up without a restart.
  const entries = await Promise.all(
    REMOTES.map(async ({ name, folder }): Promise<RemoteEntry | undefined> => {
      const version = await newestBuiltVersion(staticRoot, folder);
      // A remote that is not built is left out; the shell shows its fallback for it.
      return version ? { name, version, entry: `/remotes/${folder}/${version}/mf-manifest.json` } : undefined;
    }),
  );
  return { remotes: entries.filter((entry): entry is RemoteEntry => entry !== undefined) };
}

function devRemoteMap(): RemoteMap {
  return {
    remotes: REMOTES.map(({ name, devPort }) => ({
      name,
      version: 'dev',
      entry: `http://localhost:${devPort}/mf-manifest.json`,
    })),
  };
}

/** GET /api/remotes: where the shell loads each remote from (never cached: it changes on deploy). */
export function remotesRouter({ config, staticRoot }: RemotesDeps): Router {
  const router = Router();
  router.get('/remotes', async (_req, res) => {
    const map = config.remotesMode === 'dev' ? devRemoteMap() : await staticRemoteMap(staticRoot);
    res.set('Cache-Control', 'no-cache').json(map);
  });
  return router;
}
