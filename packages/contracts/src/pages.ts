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
   * The api reads the screen asks for as soon as it renders, for a signed-in visitor: each is a GET the query client
   * sends as `fetch(path, { credentials: 'include' })` with no other header, so the browser's preload of it is reused.
   */
  firstReads?: readonly string[];
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
    firstReads: ['/api/workout-days', '/api/workout-state', '/api/subscription/status'],
  },
  // GET /api/progress is left out: premium (402 once access ends, when the screen does not ask) and up to megabytes.
  {
    path: '/progress',
    expose: 'mf_analytics/ProgressAnalytics',
    audience: 'signed-in',
    firstReads: ['/api/subscription/status'],
  },
  {
    path: '/analytics',
    expose: 'mf_analytics/ProgressAnalytics',
    audience: 'signed-in',
    firstReads: ['/api/subscription/status'],
  },
] as const satisfies readonly RemotePage[];

/** The remote page at `path` as the router matches it (case aside, a trailing slash the same page), or undefined. */
export function remotePageAt(path: string): RemotePage | undefined {
  const normalized = (path.length > 1 ? path.replace(/\/+$/, '') : path).toLowerCase();
  return REMOTE_PAGES.find((page) => page.path === normalized);
}
