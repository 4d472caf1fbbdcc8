import type { Exercise, Session, WorkoutDay, WorkoutState } from '@hit/contracts';
import { isRecommendedDay } from '@hit/contracts/rules';
import { publicSessionId, type WorkoutSessionFields } from '../models/session';
import type { WorkoutDayFields } from '../models/workoutDay';
import type { StoredExercise } from '../services/workoutProgram';

/** Stored exercises as every client sees them: dates as ISO strings, nothing else. */
export function toExercises(exercises: StoredExercise[]): Exercise[] {
  return exercises.map((exercise) => ({
    id: exercise.id,
    name: exercise.name,
    sets: exercise.sets.map((set) => ({
      id: set.id,
      type: set.type,
      completed: set.completed,
      weight: set.weight,
      reps: set.reps,
      weightUnit: set.weightUnit,
      completedAt: set.completedAt ? set.completedAt.toISOString() : null,
    })),
  }));
}

export function toWorkoutDay(day: WorkoutDayFields, state: WorkoutState): WorkoutDay {
  return {
    id: day.dayId,
    name: day.name,
    muscleGroups: day.muscleGroups,
    exercises: toExercises(day.exercises),
    lastCompleted: day.lastCompleted ? day.lastCompleted.toISOString() : null,
    canPerform: isRecommendedDay(day.dayId, state),
    isCompleted: day.isCompleted,
  };
}

export function toSession(session: WorkoutSessionFields): Session {
  return {
    // The id the device made it under, even when another user's session had it first (services/sessions.ts).
    id: publicSessionId(session).toHexString(),
    dayId: session.dayId,
    exercises: toExercises(session.exercises),
    startedAt: session.startedAt.toISOString(),
    endedAt: session.endedAt ? session.endedAt.toISOString() : null,
  };
}
