/** Query keys are api paths (segments joined with '/' make the GET path), so one key names one resource. */
export const queryKeys = {
  user: ['/api/user'],
  subscriptionStatus: ['/api/subscription/status'],
  workoutDays: ['/api/workout-days'],
  workoutState: ['/api/workout-state'],
  /** The unfinished workout to offer for resume (null when there is none). */
  openSession: ['/api/sessions/open'],
  progress: ['/api/progress'],
  /** Prefix of every lastWorkout key, to refresh them all. */
  lastWorkouts: ['/api/progress/last-workout'],
  lastWorkout: (exerciseId: number, workoutDayId: number) =>
    ['/api/progress/last-workout', exerciseId, workoutDayId] as const,
  /** The lifter's goals, each with its progress (issue #19). */
  goals: ['/api/goals'],
  /** Each exercise's personal records, in lbs and in kg, for the workout's new-record check (issue #19). */
  records: ['/api/records'],
  /** The bar, sled and plates the lifter has, per unit, for the set form's plate line (issue #19). */
  plateSettings: ['/api/settings/plates'],
  /** Where each remote's code is for this user (fetched by the shell's remote loader, kept for offline starts). */
  remoteMap: ['/api/remotes'],
} as const;

const LAST_WORKOUT_PATH = /^\/api\/progress\/last-workout\/(\d+)\/(\d+)$/;

/**
 * The query key of a GET path (its inverse: the segments joined with '/' make the path): `[path]`, but for a path
 * whose key has number segments (a 'Last time' hint), so a preloaded read lands where the screen looks for it.
 */
export function queryKeyOfPath(path: string): readonly unknown[] {
  const lastWorkout = LAST_WORKOUT_PATH.exec(path);
  if (lastWorkout) return queryKeys.lastWorkout(Number(lastWorkout[1]), Number(lastWorkout[2]));
  return [path];
}
