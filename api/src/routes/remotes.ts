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

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * The visitor's cohort: the signed-in user's id (read from the session as passport stored it, without loading
 * the user), else the `hit_cohort` cookie, which is created on the first visit.
 */
function cohortOf(req: Request, res: Response, config: Pick<Config, 'isProduction'>): string {
  const userId = (req.session as { passport?: { user?: unknown } } | undefined)?.passport?.user;
  if (typeof userId === 'string' && userId !== '') return userId;
  const cookie = readCookie(req.headers.cookie, COHORT_COOKIE);
  if (cookie && COHORT_ID.test(cookie)) return cookie;
  const cohort = randomBytes(16).toString('hex');
  const { httpOnly, sameSite, secure } = sessionCookieOptions(config);
  res.cookie(COHORT_COOKIE, cohort, { httpOnly, sameSite, secure, path: '/api/remotes', maxAge: COHORT_MAX_AGE_MS });
  return cohort;
}

/**
 * GET /api/remotes: where the shell loads each remote from. In static mode each remote's release (release table,
 * else newest build) is read at request time, so a deploy or a release command applies without a restart, and
 * the visitor's cohort decides who gets a canary. Never cached by the browser without asking, never shared.
 */
export function remotesRouter({ config, staticRoot, Release }: RemotesDeps): Router {
  const router = Router();
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

  router.get('/remotes', async (req, res) => {
    if (config.remotesMode === 'dev') {
      res.set('Cache-Control', 'no-cache').json(devRemoteMap());
      return;
    }
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
    const map: RemoteMap = {
      remotes: releases
        .map((release) => entryFor(release, cohort))
        .filter((entry): entry is RemoteEntry => entry !== undefined),
    };
    res.set('Cache-Control', 'private, no-cache').json(map);
  });
  return router;
}
