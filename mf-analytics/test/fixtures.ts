import type { Goal, ProgressEntry, SubscriptionStatus } from '@hit/contracts';

export const lifter = {
  id: 'u1',
  email: 'lifter@gym.test',
  firstName: 'Ada',
  lastName: 'Lovelace',
  weightUnit: 'lbs' as const,
};

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
 * Working sets: 100×8, 200×12, 120×5, 105×9, 210×11 lbs → 5 sets, avg 147 lbs, avg 9 reps, change +110 lbs (latest
 * minus earliest).
 */
export const progressEntries: ProgressEntry[] = [
  entry('2026-11-01T10:00:00.000Z', 's1', 1, 11, 'Bench Press', 60, 12, 'warmup'),
  entry('2026-11-01T10:05:00.000Z', 's1', 1, 11, 'Bench Press', 100, 8),
  entry('2026-11-01T10:20:00.000Z', 's1', 1, 12, 'Squat', 200, 12),
  entry('2026-11-03T10:00:00.000Z', 's2', 2, 21, 'Barbell Row', 120, 5),
  entry('2026-11-05T10:05:00.000Z', 's3', 1, 11, 'Bench Press', 105, 9),
  entry('2026-11-05T10:20:00.000Z', 's3', 1, 12, 'Squat', 210, 11),
];

/**
 * A goal as GET /api/goals answers it: Bench Press 120 lbs × 6, set before the fixture's sets. Its best estimated 1RM
 * is the fixture's 105 × 9 = 136.5 of the target's 120 × 1.2 = 144: 94 %, 7.5 lbs to go.
 */
export function goal(overrides: Partial<Goal> = {}): Goal {
  return {
    id: 'goal-bench',
    exerciseId: 11,
    exerciseName: 'Bench Press',
    weight: 120,
    unit: 'lbs',
    reps: 6,
    targetDate: null,
    createdAt: '2026-10-30T10:00:00.000Z',
    achievedAt: null,
    percent: 94,
    bestEstimate: 136.5,
    targetEstimate: 144,
    ...overrides,
  };
}

/** Squat 200 lbs × 10 for the fixture's 210 × 11: achieved on Nov 5. */
export const achievedSquatGoal = goal({
  id: 'goal-squat',
  exerciseId: 12,
  exerciseName: 'Squat',
  weight: 200,
  reps: 10,
  achievedAt: '2026-11-05T10:20:00.000Z',
  percent: 100,
  bestEstimate: 287,
  targetEstimate: 266.7,
});
