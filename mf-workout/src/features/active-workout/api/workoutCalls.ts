/** The api calls of an active workout, typed by @hit/contracts (docs/architecture.md, "Front-end runtime"). */
import type { Exercise, SaveSessionBody, SaveWorkoutDayBody, WorkoutDay } from '@hit/contracts';
import { apiRequest } from '@hit/platform';

/** PUT /api/sessions/:id: the exercises after each set; on Exit the day goes with them. */
export function saveSessionExercises(sessionId: string, exercises: Exercise[], workoutDay?: WorkoutDay) {
  const body: SaveSessionBody = { exercises };
  if (workoutDay) {
    // The day's own fields: its exercises are the ones above.
    const { exercises: _dayExercises, ...dayFields } = workoutDay;
    body.workoutDay = dayFields;
  }
  return apiRequest('PUT', `/api/sessions/${encodeURIComponent(sessionId)}`, body);
}

/** POST /api/sessions/:id/end */
export function endSession(sessionId: string) {
  return apiRequest('POST', `/api/sessions/${encodeURIComponent(sessionId)}/end`, {});
}

/** PUT /api/workout-days/:id: only the day fields (the api is strict), here its exercises. */
export function saveWorkoutDay(dayId: number, exercises: Exercise[]) {
  const body: SaveWorkoutDayBody = { exercises };
  return apiRequest('PUT', `/api/workout-days/${dayId}`, body);
}

/** POST /api/workout-days/:id/complete: the server's clock sets lastCompleted. */
export function completeWorkoutDay(dayId: number) {
  return apiRequest('POST', `/api/workout-days/${dayId}/complete`, {});
}
