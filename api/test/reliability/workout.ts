/**
 * A user doing a workout through the api the way mf-workout does it (ActiveWorkout.tsx): start the day, save the
 * whole exercise list after every completed set (autosave, one save in flight at a time), then finish with
 * save, end the session, save the day, complete the day.
 */
import {
  progressEntriesSchema,
  sessionSchema,
  workoutStateSchema,
  type Exercise,
  type ProgressEntry,
  type Session,
} from '@hit/contracts';
import { TEST_PASSWORD, uniqueEmail } from '../helpers';
import { completed } from '../workoutFixtures';
import type { ApiClient } from './client';

export const DAY_1 = 1;

export async function signUp(client: ApiClient, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix);
  await client.expect(201, 'POST', '/api/register', { email, password: TEST_PASSWORD });
  return email;
}

export async function startDay1(client: ApiClient, expectedStatus = 201): Promise<Session> {
  return sessionSchema.parse(await client.expect(expectedStatus, 'POST', '/api/sessions/start', { dayId: DAY_1 }));
}

export async function openSession(client: ApiClient): Promise<Session | null> {
  return sessionSchema.nullable().parse(await client.expect(200, 'GET', '/api/sessions/open'));
}

export async function progressOf(client: ApiClient): Promise<ProgressEntry[]> {
  return progressEntriesSchema.parse(await client.expect(200, 'GET', '/api/progress'));
}

export async function workoutStateOf(client: ApiClient) {
  return workoutStateSchema.parse(await client.expect(200, 'GET', '/api/workout-state'));
}

/** The sets of a workout in the order the user does them: exercise by exercise, warm-ups first. */
export function setOrder(exercises: Exercise[]): { exerciseIndex: number; setIndex: number }[] {
  return exercises.flatMap((exercise, exerciseIndex) =>
    exercise.sets.map((_, setIndex) => ({ exerciseIndex, setIndex })),
  );
}

/**
 * What user `user` lifts in set number `n` (0-based, in setOrder): different for every user and set, so an entry
 * recorded for the wrong user or set cannot match. Sets are one minute apart, so progress order is set order.
 */
export function plannedSet(user: number, n: number, start: number) {
  return {
    weight: 20 + (user % 80) + n * 2.5,
    reps: 1 + ((user + n) % 12),
    completedAt: new Date(start + n * 60_000).toISOString(),
  };
}

/** The session's exercises with its first `count` sets (in setOrder) completed as planned for `user`. */
export function withSetsDone(session: Session, user: number, count: number, start: number): Exercise[] {
  const exercises = session.exercises.map((exercise) => ({ ...exercise, sets: [...exercise.sets] }));
  setOrder(exercises)
    .slice(0, count)
    .forEach(({ exerciseIndex, setIndex }, n) => {
      const { weight, reps, completedAt } = plannedSet(user, n, start);
      const sets = exercises[exerciseIndex].sets;
      sets[setIndex] = completed(sets[setIndex], weight, reps, completedAt);
    });
  return exercises;
}

/** GET /api/progress as it must be once the first `count` sets of the session were saved: one entry per set. */
export function expectedEntries(session: Session, user: number, count: number, start: number): ProgressEntry[] {
  return setOrder(session.exercises)
    .slice(0, count)
    .map(({ exerciseIndex, setIndex }, n) => {
      const exercise = session.exercises[exerciseIndex];
      const set = exercise.sets[setIndex];
      const { weight, reps, completedAt } = plannedSet(user, n, start);
      return {
        date: completedAt,
        sessionId: session.id,
        workoutDayId: session.dayId,
        exerciseId: exercise.id,
        exerciseName: exercise.name,
        weight,
        weightUnit: set.weightUnit,
        reps,
        setType: set.type,
      };
    });
}

/** The autosave after the `count`-th set: PUT /api/sessions/:id with every set done so far. */
export function saveSets(client: ApiClient, session: Session, exercises: Exercise[]) {
  return client.request('PUT', `/api/sessions/${session.id}`, { exercises });
}

/**
 * Finishing as the client does (docs/product-rules.md, "Finishing or leaving a workout"): the last save, end the
 * session, save the day, complete it.
 */
export async function finishWorkout(client: ApiClient, session: Session, exercises: Exercise[]) {
  await client.expect(200, 'PUT', `/api/sessions/${session.id}`, { exercises });
  await client.expect(200, 'POST', `/api/sessions/${session.id}/end`, {});
  await client.expect(200, 'PUT', `/api/workout-days/${session.dayId}`, { exercises });
  await client.expect(200, 'POST', `/api/workout-days/${session.dayId}/complete`, {});
}
