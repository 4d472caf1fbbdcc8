import type request from 'supertest';
import { Types } from 'mongoose';
import {
  progressEntriesSchema,
  sessionSchema,
  workoutDaysSchema,
  workoutStateSchema,
  type Exercise,
  type Session,
  type WorkoutDay,
  type WorkoutSet,
} from '@hit/contracts';
import { changeUser, type TestDatabase } from './helpers';

export type Agent = ReturnType<typeof request.agent>;

export async function getDays(agent: Agent): Promise<WorkoutDay[]> {
  const response = await agent.get('/api/workout-days').expect(200);
  return workoutDaysSchema.parse(response.body);
}

export async function getDay(agent: Agent, dayId: number): Promise<WorkoutDay> {
  return (await getDays(agent)).find((day) => day.id === dayId)!;
}

export async function getState(agent: Agent) {
  const response = await agent.get('/api/workout-state').expect(200);
  return workoutStateSchema.parse(response.body);
}

export async function getProgress(agent: Agent) {
  const response = await agent.get('/api/progress').expect(200);
  return progressEntriesSchema.parse(response.body);
}

export async function startSession(agent: Agent, dayId: number, status = 201): Promise<Session> {
  const response = await agent.post('/api/sessions/start').send({ dayId }).expect(status);
  return sessionSchema.parse(response.body);
}

/** A set as the client sends it once the user pressed Complete Set. */
export function completed(
  set: WorkoutSet,
  weight: number,
  reps: number,
  completedAt: string,
  weightUnit = set.weightUnit,
): WorkoutSet {
  return { ...set, completed: true, weight, reps, weightUnit, completedAt };
}

/** Every set of every exercise completed, one minute apart from `start`, with weight = base + set index. */
export function completeAll(
  exercises: Exercise[],
  start = Date.parse('2026-11-20T10:00:00.000Z'),
  base = 100,
): Exercise[] {
  let minute = 0;
  return exercises.map((exercise) => ({
    ...exercise,
    sets: exercise.sets.map((set, i) => {
      minute += 1;
      return completed(set, base + i * 10, 8, new Date(start + minute * 60_000).toISOString());
    }),
  }));
}

/** Completes a day the way the client does: save the day's completed sets, then mark it complete. */
export async function performDay(agent: Agent, dayId: number, base = 100) {
  const day = await getDay(agent, dayId);
  await agent
    .put(`/api/workout-days/${dayId}`)
    .send({ ...day, exercises: completeAll(day.exercises, Date.now() - 3600_000, base) })
    .expect(200);
  return agent.post(`/api/workout-days/${dayId}/complete`).expect(200);
}

/** Ends a user's trial directly in the database (no subscription): premium routes must answer 402. */
export async function expireTrial(database: TestDatabase, userId: string) {
  await changeUser(
    database.connection,
    { _id: new Types.ObjectId(userId) },
    { $set: { trialEndsAt: new Date(Date.now() - 60_000) } },
  );
}

/** Counts of a user's workout documents, to prove a refused request wrote nothing. */
export async function snapshotOf(database: TestDatabase, userId: string) {
  const id = new Types.ObjectId(userId);
  const collection = (name: string) => database.connection.collection(name);
  const [days, state, sessions, progress] = await Promise.all([
    collection('workoutdays')
      .find({ userId: id }, { projection: { _id: 0 } })
      .sort({ dayId: 1 })
      .toArray(),
    collection('workoutstates').findOne({ userId: id }, { projection: { _id: 0 } }),
    collection('workoutsessions').find({ userId: id }).sort({ startedAt: 1 }).toArray(),
    collection('progressentries').find({ userId: id }).sort({ date: 1 }).toArray(),
  ]);
  return { days, state, sessions, progress };
}
