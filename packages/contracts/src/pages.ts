import type { RemoteExposeId } from './exposes';
import { programDay } from './rules/program';
import { templateDayNumber } from './rules/rotation';

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
  /** Whether the screen asks for the 'Last time' hints of the day to do next (`nextDayHintReads`), premium too. */
  nextDayHints?: boolean;
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
    // The plates, the records (premium) and the next day's 'Last time' hints are asked right after the first render,
    // for the offline copy (mf-workout usePrefetchHints).
    firstReads: ['/api/workout-days', '/api/workout-state', '/api/subscription/status', '/api/settings/plates'],
    // The unfinished workout to resume and the goals card.
    premiumReads: ['/api/sessions/open', '/api/goals', '/api/records'],
    nextDayHints: true,
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

/**
 * GET /api/progress/last-workout/:exerciseId/:dayId for each exercise of the day the rotation names next, as the
 * dashboard asks for them (mf-workout usePrefetchHints, on the day `findNextDay` picks): every lifter's days are the
 * program's three (the api seeds them from WORKOUT_PROGRAM, ids 1 to 3), so the day to do next is the one with the
 * recommended day's template number.
 */
export function nextDayHintReads(nextRecommendedDay: number): string[] {
  const day = programDay(templateDayNumber(nextRecommendedDay));
  return (day?.exercises ?? []).map(({ id }) => `/api/progress/last-workout/${id}/${day!.dayId}`);
}

/** Whether the page renders its remote for this visitor (the shell's guards send the others elsewhere). */
export function pageRendersRemote(page: RemotePage, signedIn: boolean): boolean {
  return page.audience === 'anyone' || (page.audience === 'signed-in') === signedIn;
}

/** The remote page at `path` as the router matches it (case aside, a trailing slash the same page), or undefined. */
export function remotePageAt(path: string): RemotePage | undefined {
  const normalized = (path.length > 1 ? path.replace(/\/+$/, '') : path).toLowerCase();
  return REMOTE_PAGES.find((page) => page.path === normalized);
}
