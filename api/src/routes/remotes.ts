import { randomBytes } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { REMOTES, type RemoteEntry, type RemoteMap } from '@hit/contracts';
import type { Config } from '../config';
import { isDatabaseUnavailable } from '../errors';
import { logger } from '../logger';
import type { ReleaseModel } from '../models/release';
import { entryFor } from '../rollout';
import { sessionCookieOptions } from '../session';
import { readReleaseTable, resolveReleases, type ReleaseTable } from '../services/releases';

/** The anonymous visitor's cohort id (a signed-in user's cohort is the user id). */
export const COHORT_COOKIE = 'hit_cohort';
const COHORT_ID = /^[0-9a-f]{32}$/;
const COHORT_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

interface RemotesDeps {
  config: Pick<Config, 'remotesMode' | 'isProduction'>;
  /** Folder holding `<remote folder>/dist/<version>/`. */
  staticRoot: string;
  Release: ReleaseModel;
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

/** Every value of the cookie `name` in a Cookie header, in the order sent (a more specific path first). */
function readCookies(header: string | undefined, name: string): string[] {
  const values: string[] = [];
  for (const part of header?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) values.push(part.slice(eq + 1).trim());
  }
  return values;
}

/** Where the cohort cookie was kept before the pages' HTML carried the map (it never reached a page's request). */
const LEGACY_COHORT_PATH = '/api/remotes';

/**
 * The visitor's cohort: the signed-in user's id (read from the session as passport stored it, without loading
 * the user), else the `hit_cohort` cookie, which is created on the first visit. The cookie is sent with every
 * request of the site (path `/`), because both the pages' HTML (which carries the map) and GET /api/remotes answer
 * from it. A browser that still holds the older cookie scoped to /api/remotes sends both there; the site-wide one is
 * the one the pages use, so it wins and the older one is removed.
 */
function cohortOf(req: Request, res: Response, config: Pick<Config, 'isProduction'>): string {
  const userId = (req.session as { passport?: { user?: unknown } } | undefined)?.passport?.user;
  if (typeof userId === 'string' && userId !== '') return userId;
  const { httpOnly, sameSite, secure } = sessionCookieOptions(config);
  const cookies = readCookies(req.headers.cookie, COHORT_COOKIE).filter((value) => COHORT_ID.test(value));
  if (cookies.length > 1 && req.path === '/remotes') {
    res.clearCookie(COHORT_COOKIE, { httpOnly, sameSite, secure, path: LEGACY_COHORT_PATH });
  }
  const cookie = cookies.at(-1);
  if (cookie) return cookie;
  const cohort = randomBytes(16).toString('hex');
  res.cookie(COHORT_COOKIE, cohort, { httpOnly, sameSite, secure, path: '/', maxAge: COHORT_MAX_AGE_MS });
  return cohort;
}

export interface RemoteMaps {
  /**
   * The map this visitor gets now (what GET /api/remotes answers them), setting the cohort cookie on `res` on a
   * first visit. Needs `req.session` loaded (the signed-in user's cohort is their id).
   */
  mapFor(req: Request, res: Response): Promise<RemoteMap>;
}

/**
 * The remote map of each visitor. In static mode each remote's release (release table, else newest build) is read
 * at request time, so a deploy or a release command applies without a restart, and the visitor's cohort decides who
 * gets a canary. One instance serves GET /api/remotes and the pages' HTML (pages.ts), so both answer alike.
 */
export function remoteMaps({ config, staticRoot, Release }: RemotesDeps): RemoteMaps {
  // While the database is unreachable, the last table read (or none: the newest builds) keeps the shell working.
  let lastTable: ReleaseTable = new Map();
  const reported = new Set<string>();
  const releaseTable = async (): Promise<ReleaseTable> => {
    try {
      lastTable = await readReleaseTable(Release);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      logger.warn('release table unreadable: answering the remote map from the last one read', {
        reason: (error as Error).message,
      });
    }
    return lastTable;
  };

  return {
    async mapFor(req, res) {
      if (config.remotesMode === 'dev') return devRemoteMap();
      const cohort = cohortOf(req, res, config);
      const releases = await resolveReleases(staticRoot, await releaseTable());
      for (const { remote, problems } of releases) {
        for (const problem of problems) {
          const message = `remote ${remote.name}: ${problem}`;
          // Once per process, not on every visit.
          if (!reported.has(message)) logger.warn(message);
          reported.add(message);
        }
      }
      return {
        remotes: releases
          .map((release) => entryFor(release, cohort))
          .filter((entry): entry is RemoteEntry => entry !== undefined),
      };
    },
  };
}

/**
 * GET /api/remotes: where the shell loads each remote from, for this visitor (see remoteMaps). The pages' HTML
 * carries the same map, so the shell asks here only when its page came without one (the service worker's offline
 * copy) and for the update check. Never cached by the browser without asking, never shared.
 */
export function remotesRouter({ maps }: { maps: RemoteMaps }): Router {
  const router = Router();
  router.get('/remotes', async (req, res) => {
    const map = await maps.mapFor(req, res);
    res.set('Cache-Control', 'private, no-cache').json(map);
  });
  return router;
}
