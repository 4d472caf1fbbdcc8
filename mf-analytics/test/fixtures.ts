import type { ProgressEntry, SubscriptionStatus } from '@hit/contracts';

export const lifter = { id: 'u1', email: 'lifter@gym.test', firstName: 'Ada', lastName: 'Lovelace' };

export const trialStatus: SubscriptionStatus = {
  hasActiveSubscription: false,
  subscriptionStatus: null,
  subscriptionPeriodEnd: null,
  trialExpired: false,
  trialEndsAt: '2026-12-20T10:00:00.000Z',
  canAccessFeatures: true,
};

export const expiredStatus: SubscriptionStatus = { ...trialStatus, trialExpired: true, canAccessFeatures: false };

function entry(
  date: string,
  sessionId: string,
  workoutDayId: number,
  exerciseId: number,
  exerciseName: string,
  weight: number,
  reps: number,
  setType: ProgressEntry['setType'] = 'working',
): ProgressEntry {
  return { date, sessionId, workoutDayId, exerciseId, exerciseName, weight, weightUnit: 'lbs', reps, setType };
}

/**
 * Two cycles: Day 1 (Bench Press, Squat), Day 2 (Barbell Row), then Day 1 again.
 * Working sets: 100×8, 200×12, 120×5, 105×9, 210×11 lbs → 5 sets, avg 147 lbs, avg 9 reps, change +15 lbs.
 */
export const progressEntries: ProgressEntry[] = [
  entry('2026-11-01T10:00:00.000Z', 's1', 1, 11, 'Bench Press', 60, 12, 'warmup'),
  entry('2026-11-01T10:05:00.000Z', 's1', 1, 11, 'Bench Press', 100, 8),
  entry('2026-11-01T10:20:00.000Z', 's1', 1, 12, 'Squat', 200, 12),
  entry('2026-11-03T10:00:00.000Z', 's2', 2, 21, 'Barbell Row', 120, 5),
  entry('2026-11-05T10:05:00.000Z', 's3', 1, 11, 'Bench Press', 105, 9),
  entry('2026-11-05T10:20:00.000Z', 's3', 1, 12, 'Squat', 210, 11),
];
