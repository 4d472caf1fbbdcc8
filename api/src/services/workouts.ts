import type { Types } from 'mongoose';
import type { Exercise, WorkoutState } from '@hit/contracts';
import { completeInRotation, INITIAL_WORKOUT_STATE, isRecommendedDay, programDay, WORKOUT_PROGRAM } from '@hit/contracts/rules';
import { HttpError } from '../errors';
import type { WorkoutDayFields, WorkoutDayModel } from '../models/workoutDay';
import type { WorkoutSessionModel } from '../models/session';
import type { WorkoutStateModel } from '../models/workoutState';
import type { ProgressService } from './progress';
import { allSets, applySetState, clearedExercises, SetStateError, seededExercises, type StoredExercise } from './workoutProgram';

export const dayNotFoundMessage = (dayId: number) => `Workout day ${dayId} not found`;
export const notNextDayMessage = (dayId: number, nextRecommendedDay: number) =>
  `Day ${dayId} is not the next workout day: complete Day ${nextRecommendedDay} first`;
export const PROGRESS_RESET_MESSAGE = 'Progress reset';

function isDuplicateKey(error: unknown): boolean {
  const e = error as { code?: number; writeErrors?: { code?: number }[] } | null;
  return e?.code === 11000 || (e?.writeErrors ?? []).some((writeError) => writeError.code === 11000);
}

/** Merges a client's set state into stored exercises, or answers 400 naming the field (nothing is written yet). */
export function applySetStateOr400(stored: StoredExercise[], incoming: Exercise[], now = new Date()) {
  try {
    return applySetState(stored, incoming, now);
  } catch (error) {
    if (error instanceof SetStateError) throw new HttpError(400, `${error.field}: ${error.message}`);
    throw error;
  }
}

interface WorkoutServiceDeps {
  WorkoutDay: WorkoutDayModel;
  WorkoutState: WorkoutStateModel;
  WorkoutSession: WorkoutSessionModel;
  progress: ProgressService;
}

/**
 * The user's three days and the rotation. Without multi-document transactions, every operation orders its
 * writes so that a crash between two of them loses no set and a retry finishes the job: progress entries
 * first (idempotent upserts), then the day (guarded by its round), then the rotation (guarded by its value).
 */
export function createWorkoutService({ WorkoutDay, WorkoutState, WorkoutSession, progress }: WorkoutServiceDeps) {
  /** Seeds the template days and the initial state; idempotent (an existing day or state is left alone). */
  async function seedProgram(userId: Types.ObjectId): Promise<void> {
    // Seeded twice at the same moment (sign-up and a first read): whichever insert won is the same document.
    const ignoreDuplicate = (error: unknown) => {
      if (!isDuplicateKey(error)) throw error;
    };
    await WorkoutDay.bulkWrite(
      WORKOUT_PROGRAM.map((template) => ({
        updateOne: {
          filter: { userId, dayId: template.dayId },
          update: {
            $setOnInsert: {
              name: template.name,
              muscleGroups: template.muscleGroups,
              exercises: seededExercises(template),
              lastCompleted: null,
              isCompleted: false,
              round: 0,
            },
          },
          upsert: true,
        },
      })),
      { ordered: false },
    ).catch(ignoreDuplicate);
    await WorkoutState.updateOne({ userId }, { $setOnInsert: INITIAL_WORKOUT_STATE }, { upsert: true }).catch(ignoreDuplicate);
  }

  async function getState(userId: Types.ObjectId): Promise<WorkoutState> {
    let state = await WorkoutState.findOne({ userId }).lean();
    if (!state) {
      // An account from before seeding existed, or a sign-up that stopped half way: seed on first use.
      await seedProgram(userId);
      state = await WorkoutState.findOne({ userId }).lean();
      if (!state) throw new Error('workout state missing right after seeding');
    }
    return { cycleCount: state.cycleCount, nextRecommendedDay: state.nextRecommendedDay };
  }

  async function listDays(userId: Types.ObjectId): Promise<{ days: WorkoutDayFields[]; state: WorkoutState }> {
    const [found, state] = await Promise.all([WorkoutDay.find({ userId }).sort({ dayId: 1 }).lean(), getState(userId)]);
    let days = found;
    if (days.length < WORKOUT_PROGRAM.length) {
      await seedProgram(userId);
      days = await WorkoutDay.find({ userId }).sort({ dayId: 1 }).lean();
    }
    return { days, state };
  }

  /** One of the user's days, or 404. */
  async function loadDay(userId: Types.ObjectId, dayId: number): Promise<WorkoutDayFields> {
    let day = await WorkoutDay.findOne({ userId, dayId }).lean();
    if (!day && programDay(dayId)) {
      await seedProgram(userId);
      day = await WorkoutDay.findOne({ userId, dayId }).lean();
    }
    if (!day) throw new HttpError(404, dayNotFoundMessage(dayId));
    return day;
  }

  /** 409 unless `dayId` is the next recommended day (the only one that may be started or completed). */
  async function requireNextDay(userId: Types.ObjectId, dayId: number): Promise<WorkoutState> {
    const state = await getState(userId);
    if (!isRecommendedDay(dayId, state)) throw new HttpError(409, notNextDayMessage(dayId, state.nextRecommendedDay));
    return state;
  }

  async function endOpenSessions(userId: Types.ObjectId, dayId: number): Promise<void> {
    await WorkoutSession.updateMany({ userId, dayId, open: true }, { $set: { open: false, endedAt: new Date() } });
  }

  /** The set state of the performance `round` of a day, if that is still the day's current one. */
  async function storeSetState(userId: Types.ObjectId, dayId: number, round: number, exercises: StoredExercise[]) {
    await WorkoutDay.updateOne({ userId, dayId, round }, { $set: { exercises } });
  }

  /** PUT /api/workout-days/:id: progress entries of the sent sets first, then the day's set state. */
  async function saveDay(userId: Types.ObjectId, dayId: number, incoming: Exercise[]): Promise<WorkoutDayFields> {
    const day = await loadDay(userId, dayId);
    const { exercises, touched } = applySetStateOr400(day.exercises, incoming);
    await progress.recordSets({ userId, dayId, round: day.round }, touched, { sessionId: null, removeUncompleted: true });
    await storeSetState(userId, dayId, day.round, exercises);
    return loadDay(userId, dayId);
  }

  /**
   * POST /api/workout-days/:id/complete. Only the recommended day (409 otherwise). Records its completed sets,
   * marks it (lastCompleted = the server's clock), clears its set state for next time, advances the rotation,
   * and ends its open session. Completing the third day starts a new cycle, which clears every day's mark.
   */
  async function completeDay(userId: Types.ObjectId, dayId: number) {
    const day = await loadDay(userId, dayId);
    const state = await getState(userId);
    const rotation = completeInRotation(state, dayId);
    if (!rotation.ok) throw new HttpError(409, notNextDayMessage(dayId, rotation.nextRecommendedDay));

    // Completion only adds entries: a stale day state must never remove a set a session recorded.
    await progress.recordSets({ userId, dayId, round: day.round }, allSets(day.exercises), {
      sessionId: null,
      removeUncompleted: false,
    });
    const marked = await WorkoutDay.updateOne(
      { userId, dayId, round: day.round },
      {
        $set: { lastCompleted: new Date(), isCompleted: !rotation.startsNewCycle, exercises: clearedExercises(day.exercises) },
        $inc: { round: 1 },
      },
    );
    // A second completion racing this one (double click) lost: the day has already moved on.
    if (marked.matchedCount === 0) {
      const now = await getState(userId);
      throw new HttpError(409, notNextDayMessage(dayId, now.nextRecommendedDay));
    }
    if (rotation.startsNewCycle) await WorkoutDay.updateMany({ userId }, { $set: { isCompleted: false } });
    // If the process died before this line, a retry finds the rotation unchanged and completes again.
    await WorkoutState.updateOne(
      { userId, cycleCount: state.cycleCount, nextRecommendedDay: dayId },
      { $set: rotation.state },
    );
    await endOpenSessions(userId, dayId);
    return { day: await loadDay(userId, dayId), state: rotation.state };
  }

  /** POST /api/workout-days/:id/reset: a fresh performance of the day (recorded progress stays). */
  async function resetDay(userId: Types.ObjectId, dayId: number) {
    const day = await loadDay(userId, dayId);
    await endOpenSessions(userId, dayId);
    await WorkoutDay.updateOne(
      { userId, dayId },
      { $set: { exercises: clearedExercises(day.exercises) }, $inc: { round: 1 } },
    );
    const [fresh, state] = await Promise.all([loadDay(userId, dayId), getState(userId)]);
    return { day: fresh, state };
  }

  /**
   * POST /api/reset: this user's sessions and progress deleted, days re-seeded, rotation back to 0 / Day 1.
   * Rounds keep counting up, so a save still in flight from before can never land in a new performance.
   */
  async function resetAll(userId: Types.ObjectId): Promise<void> {
    await WorkoutSession.deleteMany({ userId });
    await progress.deleteAll(userId);
    await WorkoutDay.bulkWrite(
      WORKOUT_PROGRAM.map((template) => ({
        updateOne: {
          filter: { userId, dayId: template.dayId },
          update: {
            $set: {
              name: template.name,
              muscleGroups: template.muscleGroups,
              exercises: seededExercises(template),
              lastCompleted: null,
              isCompleted: false,
            },
            $inc: { round: 1 },
          },
          upsert: true,
        },
      })),
      { ordered: false },
    );
    await WorkoutState.updateOne({ userId }, { $set: INITIAL_WORKOUT_STATE }, { upsert: true });
  }

  return {
    seedProgram,
    getState,
    listDays,
    loadDay,
    requireNextDay,
    storeSetState,
    saveDay,
    completeDay,
    resetDay,
    resetAll,
  };
}

export type WorkoutService = ReturnType<typeof createWorkoutService>;
