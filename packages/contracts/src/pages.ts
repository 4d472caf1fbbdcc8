import type { RemoteExposeId } from './exposes';

/** Who a page renders its remote for; anyone else is sent elsewhere by the shell's route guards. */
export type PageAudience = 'anyone' | 'anonymous' | 'signed-in';

export interface RemotePage {
  /** The page's path, as the shell's router matches it. */
  path: string;
  /** The remote module the page renders first. */
  expose: RemoteExposeId;
  audience: PageAudience;
  /**
   * The api reads the screen asks for as soon as it renders, for a signed-in visitor: the api writes their answers
   * into the page (LARGE_READS excepted, which it preloads), and the app puts them in its query cache under the
   * path's key (a GET of the path, as the query client sends it).
   */
  firstReads?: readonly string[];
  /**
   * First reads of premium data (402 once access has ended, when the screen does not ask for them): preloaded, as
   * `firstReads` are, only for a signed-in visitor whose access the api allows.
   */
  premiumReads?: readonly string[];
}

/**
 * The pages whose first screen is a remote (shell/src/app/AppRoutes.tsx, checked by its test): the api preloads
 * that remote's files (and, for a signed-in visitor, the data the screen reads first) in the HTML of the page, so
 * they load beside the shell instead of after it (issue #25). Every other page route renders no remote at first.
 */
export const REMOTE_PAGES = [
  { path: '/auth', expose: 'mf_auth/AuthPage', audience: 'anonymous' },
  { path: '/reset-password', expose: 'mf_auth/AuthPage', audience: 'anyone' },
  {
    path: '/home',
    expose: 'mf_workout/WorkoutDashboard',
    audience: 'signed-in',
    // What only a workout reads (the plates, the records, the next day's 'Last time' hints) is not written in: the
    // dashboard asks for it once its first screen has settled (mf-workout usePrefetchHints), so the page's HTML does
    // not wait for six more reads (issue #21).
    firstReads: ['/api/workout-days', '/api/workout-state', '/api/subscription/status'],
    // The unfinished workout to resume and the goals card.
    premiumReads: ['/api/sessions/open', '/api/goals'],
  },
  // The history (up to megabytes, which the screen shows first) and the goals' lines on its charts.
  {
    path: '/progress',
    expose: 'mf_analytics/ProgressAnalytics',
    audience: 'signed-in',
    firstReads: ['/api/subscription/status'],
    premiumReads: ['/api/progress', '/api/goals'],
  },
  {
    path: '/analytics',
    expose: 'mf_analytics/ProgressAnalytics',
    audience: 'signed-in',
    firstReads: ['/api/subscription/status'],
    premiumReads: ['/api/progress', '/api/goals'],
  },
] as const satisfies readonly RemotePage[];

/**
 * Reads whose answer can run to megabytes (a lifter's whole history): a page preloads them (`<link rel="preload">`)
 * instead of writing their answers into its HTML (api/src/pages.ts), which would hold back the rest of the page.
 */
export const LARGE_READS: readonly string[] = ['/api/progress'];

/** Whether the page renders its remote for this visitor (the shell's guards send the others elsewhere). */
export function pageRendersRemote(page: RemotePage, signedIn: boolean): boolean {
  return page.audience === 'anyone' || (page.audience === 'signed-in') === signedIn;
}

/** The remote page at `path` as the router matches it (case aside, a trailing slash the same page), or undefined. */
export function remotePageAt(path: string): RemotePage | undefined {
  const normalized = (path.length > 1 ? path.replace(/\/+$/, '') : path).toLowerCase();
  return REMOTE_PAGES.find((page) => page.path === normalized);
}
