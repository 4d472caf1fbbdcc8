import type { Types } from 'mongoose';
import type { SaveSessionBody } from '@hit/contracts';
import { HttpError } from '../errors';
import type { WorkoutSessionFields, WorkoutSessionModel } from '../models/session';
import type { ProgressService } from './progress';
import { prefilledExercises } from './workoutProgram';
import { applySetStateOr400, type WorkoutService } from './workouts';

// Another user's session gets the same answer as a missing one: its existence is not revealed.
export const SESSION_NOT_FOUND_MESSAGE = 'Session not found';
export const CONCURRENT_START_MESSAGE = 'Another workout was started at the same time';

function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: number } | null)?.code === 11000;
}

interface SessionServiceDeps {
  WorkoutSession: WorkoutSessionModel;
  workouts: WorkoutService;
  progress: ProgressService;
}

export function createSessionService({ WorkoutSession, workouts, progress }: SessionServiceDeps) {
  async function endSessionDocument(userId: Types.ObjectId, sessionId: Types.ObjectId) {
    await WorkoutSession.updateOne({ _id: sessionId, userId, open: true }, { $set: { open: false, endedAt: new Date() } });
  }

  /**
   * The user's open session, if it still records the current performance of its day. One left behind by a
   * completion or reset that stopped half way is ended here instead of being offered for resume.
   */
  async function openSession(userId: Types.ObjectId): Promise<WorkoutSessionFields | null> {
    const open = await WorkoutSession.findOne({ userId, open: true }).lean();
    if (!open) return null;
    const day = await workouts.loadDay(userId, open.dayId).catch(() => null);
    if (day && day.round === open.round) return open;
    await endSessionDocument(userId, open._id);
    return null;
  }

  /**
   * POST /api/sessions/start. Only the next recommended day (409). An open session of this day's current
   * performance is answered again with its saved exercises (resume, `resumed: true`); any other open session is
   * ended first. A new session starts from the day's set state, incomplete sets prefilled with the weight and
   * unit of the last workout.
   */
  async function startSession(userId: Types.ObjectId, dayId: number): Promise<{ session: WorkoutSessionFields; resumed: boolean }> {
    const day = await workouts.loadDay(userId, dayId);
    await workouts.requireNextDay(userId, dayId);
    const open = await WorkoutSession.findOne({ userId, open: true }).lean();
    if (open && open.dayId === dayId && open.round === day.round) return { session: open, resumed: true };
    if (open) await endSessionDocument(userId, open._id);

    const lastWeights = await progress.lastWeights(
      userId,
      dayId,
      day.exercises.map((exercise) => exercise.id),
      day.round,
    );
    try {
      const created = await WorkoutSession.create({
        userId,
        dayId,
        round: day.round,
        exercises: prefilledExercises(day.exercises, lastWeights),
        startedAt: new Date(),
        endedAt: null,
        open: true,
      });
      return { session: created.toObject(), resumed: false };
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      // Two starts at the same moment (two tabs, a retried request): the first one's session is the answer.
      const winner = await WorkoutSession.findOne({ userId, open: true }).lean();
      if (winner && winner.dayId === dayId && winner.round === day.round) return { session: winner, resumed: true };
      throw new HttpError(409, CONCURRENT_START_MESSAGE);
    }
  }

  async function loadSession(userId: Types.ObjectId, sessionId: string): Promise<WorkoutSessionFields> {
    const session = await WorkoutSession.findOne({ _id: sessionId, userId }).lean();
    if (!session) throw new HttpError(404, SESSION_NOT_FOUND_MESSAGE);
    return session;
  }

  /**
   * PUT /api/sessions/:id: idempotent autosave. Progress entries of the sent sets first (so a crash after that
   * loses no set), then the session's exercises, then the day's set state when the session is still its
   * current performance. Saving an ended session is accepted: a late autosave still records its sets.
   */
  async function saveSession(userId: Types.ObjectId, sessionId: string, body: SaveSessionBody): Promise<WorkoutSessionFields> {
    const session = await loadSession(userId, sessionId);
    if (body.workoutDay && body.workoutDay.id !== session.dayId) {
      throw new HttpError(400, `workoutDay.id: must be the session's day (${session.dayId})`);
    }
    const { exercises, touched } = applySetStateOr400(session.exercises, body.exercises);
    await progress.recordSets({ userId, dayId: session.dayId, round: session.round }, touched, {
      sessionId: session._id,
      removeUncompleted: true,
    });
    await WorkoutSession.updateOne({ _id: session._id, userId }, { $set: { exercises } });
    await workouts.storeSetState(userId, session.dayId, session.round, exercises);
    return { ...session, exercises };
  }

  /** POST /api/sessions/:id/end: ends it; ending it again answers the same ended session. */
  async function endSession(userId: Types.ObjectId, sessionId: string): Promise<WorkoutSessionFields> {
    const ended = await WorkoutSession.findOneAndUpdate(
      { _id: sessionId, userId, open: true },
      { $set: { open: false, endedAt: new Date() } },
      { returnDocument: 'after' },
    ).lean();
    return ended ?? loadSession(userId, sessionId);
  }

  return { openSession, startSession, saveSession, endSession };
}

export type SessionService = ReturnType<typeof createSessionService>;
