// zod/mini, not zod: the browser validates the remote map on every start (packages/platform/src/remoteMap.ts), and
// this module is its only schema there (`@hit/contracts/remotes`). zod/mini's functional checks are tree-shaken to
// about 6 KB of gzip; zod's method-chaining build is 28 KB whatever one uses of it.
import * as z from 'zod/mini';

/** The four module-federated remotes: MF name, source folder, exposed entry, dev-server port. */
export const REMOTES = [
  { name: 'mf_auth', folder: 'mf-auth', expose: 'AuthPage', devPort: 3011 },
  { name: 'mf_workout', folder: 'mf-workout', expose: 'WorkoutDashboard', devPort: 3012 },
  { name: 'mf_analytics', folder: 'mf-analytics', expose: 'ProgressAnalytics', devPort: 3013 },
  { name: 'mf_account', folder: 'mf-account', expose: 'AccountPanel', devPort: 3014 },
] as const;

export type RemoteName = (typeof REMOTES)[number]['name'];
export const remoteNames = REMOTES.map((r) => r.name) as [RemoteName, ...RemoteName[]];

export const remoteEntrySchema = z.object({
  name: z.enum(remoteNames),
  /** URL of the remote's mf-manifest.json for this visitor. */
  entry: z.string().check(z.minLength(1)),
  version: z.string().check(z.minLength(1)),
  /** The stable entry to fall back to when `entry` (a canary) fails to load. */
  fallbackEntry: z.optional(z.string().check(z.minLength(1))),
});
export type RemoteEntry = z.infer<typeof remoteEntrySchema>;

/** Answer of GET /api/remotes. */
export const remoteMapSchema = z.object({ remotes: z.array(remoteEntrySchema) });
export type RemoteMap = z.infer<typeof remoteMapSchema>;

/** Answer of GET /api/health. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
});
export type Health = z.infer<typeof healthSchema>;

/** Every error answer of the api. */
export const errorBodySchema = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;
