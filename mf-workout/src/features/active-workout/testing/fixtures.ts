import type { Exercise, Session, WorkoutDay, WorkoutSet } from '@hit/contracts';

/** Two warm-up sets and a working set, blank, as the api seeds them. */
export function blankSets(exerciseId: number): WorkoutSet[] {
  const blank = { completed: false, weight: null, reps: null, weightUnit: 'lbs' as const, completedAt: null };
  return [
    { id: `${exerciseId}-w1`, type: 'warmup', ...blank },
    { id: `${exerciseId}-w2`, type: 'warmup', ...blank },
    { id: `${exerciseId}-work`, type: 'working', ...blank },
  ];
}

export function exercise(id: number, name: string, sets: WorkoutSet[] = blankSets(id)): Exercise {
  return { id, name, sets };
}

export function completed(
  set: WorkoutSet,
  weight: number,
  reps: number,
  completedAt: string,
  weightUnit = set.weightUnit,
): WorkoutSet {
  return { ...set, completed: true, weight, reps, weightUnit, completedAt };
}

/** A short Day 1 (two exercises, six sets) so a test can finish it. */
export function chestDay(
  exercises: Exercise[] = [exercise(101, 'Incline Press'), exercise(102, 'Dumbbell Flys')],
): WorkoutDay {
  return {
    id: 1,
    name: 'Day 1',
    muscleGroups: ['Chest', 'Back'],
    exercises,
    lastCompleted: null,
    canPerform: true,
    isCompleted: false,
  };
}

export const SESSION_ID = '65f1c0ffee0000000000abcd';

export function sessionOf(day: WorkoutDay, exercises: Exercise[] = day.exercises): Session {
  return { id: SESSION_ID, dayId: day.id, exercises, startedAt: '2026-11-22T09:00:00.000Z', endedAt: null };
}
