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
