/** Query keys are api paths (segments joined with '/' make the GET path), so one key names one resource. */
export const queryKeys = {
  user: ['/api/user'],
  subscriptionStatus: ['/api/subscription/status'],
  workoutDays: ['/api/workout-days'],
  workoutState: ['/api/workout-state'],
  progress: ['/api/progress'],
  lastWorkout: (exerciseId: number, workoutDayId: number) =>
    ['/api/progress/last-workout', exerciseId, workoutDayId] as const,
} as const;
