import type { Types } from 'mongoose';
import type { Exercise, WorkoutState } from '@hit/contracts';
import {
  completeInRotation,
  INITIAL_WORKOUT_STATE,
  isRecommendedDay,
  programDay,
  templateDayNumber,
  WORKOUT_PROGRAM,
} from '@hit/contracts/rules';
import { HttpError } from '../errors';
import { findFew } from '../findFew';
import { WritePlan, type OrderedWriter } from '../orderedWrites';
import { userChanged, type SessionJoin } from '../auth/sessionUser';
import type { WorkoutCompletionFields, WorkoutCompletionModel } from '../models/workoutCompletion';
import { revised, type WorkoutDayFields, type WorkoutDayModel } from '../models/workoutDay';
import { publicSessionId, type WorkoutSessionFields, type WorkoutSessionModel } from '../models/session';
import type { WorkoutStateModel } from '../models/workoutState';
import { currentPerformanceBump, setStateBump, type ProgressService, type ProgressVersionBump } from './progress';
import { DaysCache, daysAnswer, daysLabel, type DayRevision, type DaysAnswer } from './daysCache';
import {
  allSets,
  applySetState,
  clearedExercises,
  SetStateError,
  seededExercises,
  type StoredExercise,
} from './workoutProgram';

export const dayNotFoundMessage = (dayId: number) => `Workout day ${dayId} not found`;
export const notNextDayMessage = (dayId: number, nextRecommendedDay: number) =>
  `Day ${dayId} is not the next workout day: complete Day ${nextRecommendedDay} first`;
export const PROGRESS_RESET_MESSAGE = 'Progress reset';

// One-line explanations for a workout synced after the server's state moved on (docs/product-rules.md, "Sync and conflicts").
export const alreadyCompletedNote = (dayName: string) =>
  `${dayName} was already completed on another device; your sets were saved`;
export const dayResetNote = (dayName: string) => `${dayName} was reset on another device; your sets were saved`;
export const notNextDayNote = (dayName: string, nextRecommendedDay: number) =>
  `${dayName} was not the next workout day (Day ${templateDayNumber(nextRecommendedDay)} is); your sets were saved`;

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
  WorkoutCompletion: WorkoutCompletionModel;
  progress: ProgressService;
  writer: OrderedWriter;
  /** The rendered answers of GET /api/workout-days this process keeps (default: its own). */
  daysCache?: DaysCache;
}

/**
 * The user's three days and the rotation. Without multi-document transactions, every operation orders its
 * writes so that a crash between two of them loses no set and a retry finishes the job: progress entries
 * first (idempotent upserts), then the day (guarded by its round), then the rotation (guarded by its value).
 */
export function createWorkoutService({
  WorkoutDay,
  WorkoutState,
  WorkoutSession,
  WorkoutCompletion,
  progress,
  writer,
  daysCache = new DaysCache(),
}: WorkoutServiceDeps) {
  /** After every write of the rotation: the copies the user's sessions carry (auth/sessionUser.ts) follow it. */
  const rotationChanged = (userId: Types.ObjectId) => userChanged(WorkoutState.db, userId);

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
    // A copy: mongoose adds its version key to an upsert's update object in place.
    await WorkoutState.updateOne({ userId }, { $setOnInsert: { ...INITIAL_WORKOUT_STATE } }, { upsert: true }).catch(
      ignoreDuplicate,
    );
    await rotationChanged(userId);
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

  /**
   * The days, with the rotation: `known` (the copy the session carries) when given, else read. The days come
   * through the driver: a plain read of stored documents, the dashboard's hot path.
   */
  async function listDays(
    userId: Types.ObjectId,
    known?: WorkoutState,
  ): Promise<{ days: WorkoutDayFields[]; state: WorkoutState }> {
    const [found, state] = await Promise.all([
      WorkoutDay.collection.find<WorkoutDayFields>({ userId }).sort({ dayId: 1 }).toArray(),
      known ?? getState(userId),
    ]);
    let days = found;
    if (days.length < WORKOUT_PROGRAM.length) {
      await seedProgram(userId);
      days = await WorkoutDay.find({ userId }).sort({ dayId: 1 }).lean();
    }
    return { days, state };
  }

  /**
   * GET /api/workout-days's answer, `render`ed as JSON from the days and the rotation. With the rotation known (the
   * copy the session carries) and an answer kept for the user, a read of the days' revisions decides whether it still
   * holds (services/daysCache.ts); otherwise the days are read and rendered, and the answer kept under the label of
   * the very documents it was rendered from.
   */
  async function daysAnswerOf(
    userId: Types.ObjectId,
    known: WorkoutState | undefined,
    render: (days: WorkoutDayFields[], state: WorkoutState) => string,
    joined?: unknown,
  ): Promise<DaysAnswer> {
    const key = userId.toHexString();
    if (known && daysCache.has(key)) {
      const revisions =
        joinedRevisions(joined, userId) ??
        (await findFew<DayRevision>(WorkoutDay, { userId }, { projection: { rev: 1 } }));
      const kept = daysCache.answer(key, daysLabel(revisions, known));
      if (kept) return kept;
    }
    const { days, state } = await listDays(userId, known);
    const answer = daysAnswer(render(days, state));
    daysCache.store(key, daysLabel(days, state), answer);
    return answer;
  }

  const REVISIONS_FIELD = 'dayRevisions';
  /**
   * The days' revisions read in the command that reads the signed-in session (auth/sessionUser.ts SessionJoin), so
   * that GET /api/workout-days answering from this process's copy costs that one command: the days of the session
   * document's `userId` (the signed-in user's; not known before the session is read), their `_id`, `userId`, `rev`.
   */
  const REVISIONS_JOIN: SessionJoin = {
    field: REVISIONS_FIELD,
    stages: [
      {
        $lookup: {
          from: WorkoutDay.collection.collectionName,
          let: { userId: '$userId' },
          pipeline: [{ $match: { $expr: { $eq: ['$userId', '$$userId'] } } }, { $project: { userId: 1, rev: 1 } }],
          as: REVISIONS_FIELD,
        },
      },
    ],
  };

  /**
   * What REVISIONS_JOIN read, if it is `userId`'s days. Undefined otherwise, also when it found none (a session stored
   * before it named its user, or days not seeded yet): the caller then reads for itself.
   */
  function joinedRevisions(joined: unknown, userId: Types.ObjectId): DayRevision[] | undefined {
    if (!Array.isArray(joined) || joined.length === 0) return undefined;
    const id = userId.toHexString();
    const revisions = joined as Array<DayRevision & { userId?: unknown }>;
    return revisions.every((day) => String(day.userId) === id) ? revisions : undefined;
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

  /**
   * Adds to `plan` the write of the set state of the performance `round` of a day, if that is still the day's current
   * one (`exercises` null: unchanged), with the progress version's `bump` in the same write when given (see
   * progress.planEntries). When the day has moved on (a late save of an ended session), the version is still bumped,
   * alone: of the two writes, exactly one matches the day.
   */
  function planSetState(
    plan: WritePlan,
    userId: Types.ObjectId,
    dayId: number,
    round: number,
    exercises: StoredExercise[] | null,
    bump: ProgressVersionBump | null,
  ): void {
    // Through the driver, as the session's own (sessions.ts): stored exercises with validated values merged in.
    if (!exercises && !bump) return;
    // Matching `round`, the entries just written were of the day's current performance (historyOfDays).
    const update = revised({
      ...(exercises ? { $set: { exercises } } : {}),
      ...(bump && currentPerformanceBump(bump)),
    });
    plan.add(WorkoutDay, { name: 'updateOne', filter: { userId, dayId, round }, update });
    if (bump) {
      plan.add(WorkoutDay, {
        name: 'updateOne',
        filter: { userId, dayId, round: { $ne: round } },
        update: revised(bump),
      });
    }
  }

  /**
   * PUT /api/workout-days/:id: progress entries of the sent sets first, then the day's set state with the version's
   * bump (as the autosave's, sessions.ts: by the entries written now, or by the change of the day's sets when an attempt
   * that stopped before the day's write wrote the entries already), in one plan.
   */
  async function saveDay(userId: Types.ObjectId, dayId: number, incoming: Exercise[]): Promise<WorkoutDayFields> {
    const day = await loadDay(userId, dayId);
    const { exercises, touched } = applySetStateOr400(day.exercises, incoming);
    const performance = { userId, dayId, round: day.round };
    const plan = new WritePlan();
    const written = progress.planEntries(plan, performance, touched, await progress.performanceEntries(performance), {
      sessionId: null,
      removeUncompleted: true,
    });
    planSetState(plan, userId, dayId, day.round, exercises, written ?? setStateBump(allSets(day.exercises), touched));
    await writer.runAgainOnDuplicateKey(plan);
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
      revised({
        $set: {
          lastCompleted: new Date(),
          isCompleted: !rotation.startsNewCycle,
          exercises: clearedExercises(day.exercises),
        },
        $inc: { round: 1 },
      }),
    );
    // A second completion racing this one (double click) lost: the day has already moved on.
    if (marked.matchedCount === 0) {
      const now = await getState(userId);
      throw new HttpError(409, notNextDayMessage(dayId, now.nextRecommendedDay));
    }
    if (rotation.startsNewCycle) await WorkoutDay.updateMany({ userId }, revised({ $set: { isCompleted: false } }));
    // If the process died before this line, a retry finds the rotation unchanged and completes again.
    await WorkoutState.updateOne(
      { userId, cycleCount: state.cycleCount, nextRecommendedDay: dayId },
      { $set: rotation.state },
    );
    await rotationChanged(userId);
    await endOpenSessions(userId, dayId);
    return { day: await loadDay(userId, dayId), state: rotation.state };
  }

  /**
   * Completes a session's workout (POST /api/sync `complete`), at most once per session: the completion record,
   * keyed by the session's id, is inserted before the day and the rotation change, and a repeat (a replay, a second
   * tab, a retry after a crash) finds it and only finishes what is left. The sets are recorded first, whatever
   * happens next. The rotation advances only when the session still records the day's current performance and the
   * day is the recommended one; otherwise (completed or reset elsewhere meanwhile) the completion carries a note.
   */
  async function completeSession(userId: Types.ObjectId, session: WorkoutSessionFields, completedAt: Date) {
    let completion = await WorkoutCompletion.findOne({ _id: session._id, userId }).lean();
    if (!completion) {
      await progress.recordSets({ userId, dayId: session.dayId, round: session.round }, allSets(session.exercises), {
        sessionId: publicSessionId(session),
        removeUncompleted: false,
      });
      const [day, state] = await Promise.all([loadDay(userId, session.dayId), getState(userId)]);
      const current = day.round === session.round;
      const advances = current && isRecommendedDay(session.dayId, state);
      let note: string | null = null;
      if (!current) {
        const completedSince = day.lastCompleted !== null && day.lastCompleted.getTime() >= session.startedAt.getTime();
        note = completedSince ? alreadyCompletedNote(day.name) : dayResetNote(day.name);
      } else if (!advances) {
        note = day.isCompleted ? alreadyCompletedNote(day.name) : notNextDayNote(day.name, state.nextRecommendedDay);
      }
      const claim: WorkoutCompletionFields = {
        _id: session._id,
        userId,
        dayId: session.dayId,
        round: session.round,
        completedAt,
        advancedFrom: advances ? { cycleCount: state.cycleCount, nextRecommendedDay: state.nextRecommendedDay } : null,
        note,
        finished: false,
      };
      try {
        completion = (await WorkoutCompletion.create(claim)).toObject();
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        // Claimed at the same moment by another request: its decision stands.
        completion = await WorkoutCompletion.findOne({ _id: session._id, userId }).lean();
        if (!completion) throw error;
      }
    }
    if (!completion.finished) await finishCompletion(userId, completion, session.exercises);
    return { note: completion.note };
  }

  /** The writes a completion decided, each guarded so that running them again changes nothing. */
  async function finishCompletion(
    userId: Types.ObjectId,
    completion: WorkoutCompletionFields,
    exercises: StoredExercise[],
  ) {
    const { dayId, round, advancedFrom } = completion;
    const rotation = advancedFrom ? completeInRotation(advancedFrom, dayId) : null;
    if (advancedFrom && rotation?.ok) {
      await WorkoutDay.updateOne(
        { userId, dayId, round },
        revised({
          $set: {
            lastCompleted: completion.completedAt,
            isCompleted: !rotation.startsNewCycle,
            exercises: clearedExercises(exercises),
          },
          $inc: { round: 1 },
        }),
      );
      if (rotation.startsNewCycle) await WorkoutDay.updateMany({ userId }, revised({ $set: { isCompleted: false } }));
      await WorkoutState.updateOne({ userId, ...advancedFrom }, { $set: rotation.state });
      await rotationChanged(userId);
    } else {
      // The sets are saved; the day moves to a fresh performance so its next one never lands on them.
      await WorkoutDay.updateOne(
        { userId, dayId, round },
        revised({ $set: { exercises: clearedExercises(exercises) }, $inc: { round: 1 } }),
      );
    }
    await WorkoutSession.updateOne(
      { _id: completion._id, userId, open: true },
      { $set: { open: false, endedAt: completion.completedAt } },
    );
    await WorkoutCompletion.updateOne({ _id: completion._id, userId }, { $set: { finished: true } });
  }

  /** Moves the day from `day.round` to a fresh, blank performance (its open sessions are the caller's business). */
  async function freshPerformance(userId: Types.ObjectId, day: WorkoutDayFields): Promise<WorkoutDayFields> {
    await WorkoutDay.updateOne(
      { userId, dayId: day.dayId, round: day.round },
      revised({ $set: { exercises: clearedExercises(day.exercises) }, $inc: { round: 1 } }),
    );
    return loadDay(userId, day.dayId);
  }

  /** POST /api/workout-days/:id/reset: a fresh performance of the day (recorded progress stays). */
  async function resetDay(userId: Types.ObjectId, dayId: number) {
    const day = await loadDay(userId, dayId);
    await endOpenSessions(userId, dayId);
    await WorkoutDay.updateOne(
      { userId, dayId },
      revised({ $set: { exercises: clearedExercises(day.exercises) }, $inc: { round: 1 } }),
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
          update: revised({
            $set: {
              name: template.name,
              muscleGroups: template.muscleGroups,
              exercises: seededExercises(template),
              lastCompleted: null,
              isCompleted: false,
            },
            $inc: { round: 1 },
          }),
          upsert: true,
        },
      })),
      { ordered: false },
    );
    await WorkoutState.updateOne({ userId }, { $set: { ...INITIAL_WORKOUT_STATE } }, { upsert: true });
    await rotationChanged(userId);
  }

  return {
    seedProgram,
    getState,
    listDays,
    daysAnswer: daysAnswerOf,
    dayRevisionsJoin: () => REVISIONS_JOIN,
    loadDay,
    requireNextDay,
    planSetState,
    saveDay,
    completeDay,
    completeSession,
    freshPerformance,
    resetDay,
    resetAll,
  };
}

export type WorkoutService = ReturnType<typeof createWorkoutService>;
