import type { Exercise, Session, SubscriptionStatus, WorkoutDay, WorkoutState } from '@hit/contracts';

export const lifter = {
  id: 'u1',
  email: 'lifter@gym.test',
  firstName: 'Ada',
  lastName: 'Lovelace',
  weightUnit: 'lbs' as const,
};

const program = [
  {
    id: 1,
    muscleGroups: ['Chest', 'Back'],
    exercises: ['Incline Press', 'Dumbbell Flys', 'Underhand Pulldowns', 'Deadlifts'],
  },
  {
    id: 2,
    muscleGroups: ['Shoulders', 'Arms'],
    exercises: ['Side Raises', 'Rear Delt Raises', 'Bicep Curls', 'Tricep Press Downs', 'Dips'],
  },
  { id: 3, muscleGroups: ['Legs', 'Abs'], exercises: ['Leg Press', 'Calf Raises', 'Situps or Ab Machine'] },
];

/** An exercise with two warm-up sets and a working set; the first `done` sets completed. */
export function exercise(id: number, name: string, done = 0): Exercise {
  return {
    id,
    name,
    sets: ['w1', 'w2', 'work'].map((suffix, index) => ({
      id: `${id}-${suffix}`,
      type: suffix === 'work' ? 'working' : 'warmup',
      completed: index < done,
      weight: index < done ? 100 : null,
      reps: index < done ? 8 : null,
      weightUnit: 'lbs',
      completedAt: index < done ? '2026-11-20T10:00:00.000Z' : null,
    })),
  };
}

/** Day `id` as GET /api/workout-days answers it, with `nextRecommendedDay` deciding canPerform. */
export function day(id: 1 | 2 | 3, overrides: Partial<WorkoutDay> = {}, nextRecommendedDay = 1): WorkoutDay {
  const template = program[id - 1];
  return {
    id,
    name: `Day ${id}`,
    muscleGroups: template.muscleGroups,
    exercises: template.exercises.map((name, index) => exercise(id * 100 + index + 1, name)),
    lastCompleted: null,
    canPerform: id === nextRecommendedDay,
    isCompleted: false,
    ...overrides,
  };
}

export function workoutState(nextRecommendedDay = 1, cycleCount = 0): WorkoutState {
  return { cycleCount, nextRecommendedDay };
}

export const trialStatus: SubscriptionStatus = {
  hasActiveSubscription: false,
  subscriptionStatus: null,
  subscriptionPeriodEnd: null,
  trialExpired: false,
  trialEndsAt: '2026-12-20T10:00:00.000Z',
  canAccessFeatures: true,
};

export const expiredStatus: SubscriptionStatus = { ...trialStatus, trialExpired: true, canAccessFeatures: false };

export function session(dayOf: WorkoutDay, id = '6740f0c2a1b2c3d4e5f60718'): Session {
  return { id, dayId: dayOf.id, exercises: dayOf.exercises, startedAt: '2026-11-22T09:00:00.000Z', endedAt: null };
}
