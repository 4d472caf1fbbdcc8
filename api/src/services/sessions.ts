import { isDeepStrictEqual } from 'node:util';
import { Types } from 'mongoose';
import type { Document } from 'mongodb';
import type { Exercise, SaveSessionBody } from '@hit/contracts';
import { HttpError } from '../errors';
import { aggregateFew, findFew } from '../findFew';
import { WritePlan, type OrderedWriter } from '../orderedWrites';
import type { ProgressEntryFields, ProgressEntryModel } from '../models/progressEntry';
import type { WorkoutDayFields } from '../models/workoutDay';
import type { SessionJoin } from '../auth/sessionUser';
import { publicSessionId, userScopedId, type WorkoutSessionFields, type WorkoutSessionModel } from '../models/session';
import { setStateBump, type ProgressService } from './progress';
import { allSets, applySetState, prefilledExercises, SetStateError } from './workoutProgram';
import type { WorkoutService } from './workouts';

// Another user's session gets the same answer as a missing one: its existence is not revealed.
export const SESSION_NOT_FOUND_MESSAGE = 'Session not found';
export const CONCURRENT_START_MESSAGE = 'Another workout was started at the same time';

function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: number } | null)?.code === 11000;
}

interface SessionServiceDeps {
  WorkoutSession: WorkoutSessionModel;
  ProgressEntry: ProgressEntryModel;
  workouts: WorkoutService;
  progress: ProgressService;
  writer: OrderedWriter;
}

/** A session as a save needs it: with the progress entries of its performance (findSessionToSave). */
export interface SessionToSave {
  session: WorkoutSessionFields;
  entries: readonly ProgressEntryFields[];
}

export function createSessionService({
  WorkoutSession,
  ProgressEntry,
  workouts,
  progress,
  writer,
}: SessionServiceDeps) {
  async function endSessionDocument(userId: Types.ObjectId, sessionId: Types.ObjectId) {
    await WorkoutSession.updateOne(
      { _id: sessionId, userId, open: true },
      { $set: { open: false, endedAt: new Date() } },
    );
  }

  /**
   * The user's open session, if it still records the current performance of its day. One left behind by a
   * completion or reset that stopped half way is ended here instead of being offered for resume. `days`: the user's
   * days, when the caller has just read them (POST /api/sync answers both), so its day is not read again. `saved`:
   * sessions the caller has just written, as it left them (a sync of saves only: every set logged): one of them that is
   * open and the current performance of its day is the open session (a user has one at most, a unique index), so it is
   * not read again either.
   */
  async function openSession(
    userId: Types.ObjectId,
    days?: readonly WorkoutDayFields[],
    saved: readonly WorkoutSessionFields[] = [],
  ): Promise<WorkoutSessionFields | null> {
    const current = saved.find(
      (session) => session.open && days?.find((day) => day.dayId === session.dayId)?.round === session.round,
    );
    if (current) return current;
    // Through the driver (every sync answers it): the filter is of its stored types.
    const [open] = await findFew<WorkoutSessionFields>(WorkoutSession, { userId, open: true }, { limit: 1 });
    if (!open) return null;
    const known = days?.find((candidate) => candidate.dayId === open.dayId);
    const day = known ?? (await workouts.loadDay(userId, open.dayId).catch(() => null));
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
  async function startSession(
    userId: Types.ObjectId,
    dayId: number,
  ): Promise<{ session: WorkoutSessionFields; resumed: boolean }> {
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

  /**
   * The round a new session of `dayId` records. Normally the day's current performance (a session started after an
   * exit continues it, as POST /api/sessions/start does). When another open session already records that very
   * performance (another device in the middle of it), the new one gets a fresh performance instead, so neither
   * workout overwrites the other's sets.
   */
  async function roundForNewSession(userId: Types.ObjectId, dayId: number) {
    const day = await workouts.loadDay(userId, dayId);
    const open = await WorkoutSession.findOne({ userId, open: true }).lean();
    const shared = open !== null && open.dayId === dayId && open.round === day.round;
    return { day: shared ? await workouts.freshPerformance(userId, day) : day, open };
  }

  /**
   * Creates a session under the client's id, or under the user's own id for it (userScopedId, remembering the client's)
   * when a session of another user has it.
   */
  async function createClientSession(fields: WorkoutSessionFields): Promise<WorkoutSessionFields> {
    try {
      return (await WorkoutSession.create(fields)).toObject();
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      const existing = await WorkoutSession.findById(fields._id).lean();
      if (existing) {
        if (existing.userId.equals(fields.userId)) return existing;
        if (fields.clientId) throw error;
        const scoped = userScopedId(fields.userId, fields._id);
        return (
          (await WorkoutSession.findOne({ _id: scoped, userId: fields.userId }).lean()) ??
          createClientSession({ ...fields, _id: scoped, clientId: fields._id })
        );
      }
      // Not the id: an open session was started at the same moment (POST /api/sessions/start). It ends, this one opens.
      await WorkoutSession.updateMany(
        { userId: fields.userId, open: true },
        { $set: { open: false, endedAt: new Date() } },
      );
      return (await WorkoutSession.create(fields)).toObject();
    }
  }

  /**
   * A workout started offline, under the id the client gave it (POST /api/sync `start`): a replay finds the same
   * session. Unlike POST /api/sessions/start it accepts any day: the workout was done, and its sets must be recorded
   * even when the rotation moved on meanwhile (the completion then does not advance it). Like it, any other open
   * session is ended.
   */
  async function startClientSession(
    userId: Types.ObjectId,
    sessionId: Types.ObjectId,
    dayId: number,
    startedAt: Date,
  ): Promise<WorkoutSessionFields> {
    const existing = await findSession(userId, sessionId);
    if (existing) return existing;
    const { day, open } = await roundForNewSession(userId, dayId);
    if (open) await endSessionDocument(userId, open._id);
    // No prefill here: the device prefilled its own sets, and their saves follow; a resuming client prefills from
    // the last workout itself.
    return createClientSession({
      _id: sessionId,
      userId,
      dayId,
      round: day.round,
      exercises: day.exercises,
      startedAt,
      endedAt: null,
      open: true,
    });
  }

  /**
   * A session an outbox operation names but the database no longer has (Reset All Progress deleted it while the
   * device was offline): made again, ended, on the day's current performance, so the workout's sets are still
   * recorded.
   */
  async function restoreSession(
    userId: Types.ObjectId,
    sessionId: Types.ObjectId,
    dayId: number,
    at: Date,
  ): Promise<WorkoutSessionFields> {
    const { day } = await roundForNewSession(userId, dayId);
    return createClientSession({
      _id: sessionId,
      userId,
      dayId,
      round: day.round,
      exercises: day.exercises,
      startedAt: at,
      endedAt: at,
      open: false,
    });
  }

  /** The user's session of this id: stored under it, or else under the user's own id for it (userScopedId). */
  async function findSession(userId: Types.ObjectId, sessionId: Types.ObjectId): Promise<WorkoutSessionFields | null> {
    const find = async (_id: Types.ObjectId) => {
      // Through the driver: the filter is of its stored types.
      const [session] = await findFew<WorkoutSessionFields>(WorkoutSession, { _id, userId }, { limit: 1 });
      return session ?? null;
    };
    return (await find(sessionId)) ?? find(userScopedId(userId, sessionId));
  }

  /**
   * A workout session's document joined with its performance's progress entries (`entries`), on their unique index:
   * the entries of `userId`, or, in a join where the user is not known yet (sessionToSaveJoin), of the workout
   * session's own user.
   */
  function performanceEntries(userId?: Types.ObjectId): Document {
    const sameUser = userId ? [] : [{ $eq: ['$userId', '$$userId'] }];
    return {
      $lookup: {
        from: ProgressEntry.collection.collectionName,
        let: { ...(userId ? {} : { userId: '$userId' }), dayId: '$dayId', round: '$round' },
        pipeline: [
          {
            $match: {
              ...(userId ? { userId } : {}),
              $expr: {
                $and: [...sameUser, { $eq: ['$workoutDayId', '$$dayId'] }, { $eq: ['$round', '$$round'] }],
              },
            },
          },
        ],
        as: 'entries',
      },
    };
  }

  type JoinedSession = WorkoutSessionFields & { entries: ProgressEntryFields[] };

  function toSave({ entries, ...session }: JoinedSession): SessionToSave {
    return { session, entries };
  }

  /**
   * A session with the progress entries of its performance, in one read (every save of it needs both: see
   * saveSessionStates).
   */
  async function findSessionToSave(userId: Types.ObjectId, sessionId: Types.ObjectId): Promise<SessionToSave | null> {
    const find = async (_id: Types.ObjectId) => {
      const [found] = await aggregateFew<JoinedSession>(WorkoutSession, [
        { $match: { _id, userId } },
        { $limit: 1 },
        performanceEntries(userId),
      ]);
      return found ? toSave(found) : null;
    };
    // A miss is rare (a reset deleted it, or a device's id another user had first): only then a second read.
    return (await find(sessionId)) ?? find(userScopedId(userId, sessionId));
  }

  const JOINED_FIELD = 'sessionToSave';

  /**
   * findSessionToSave's read made in the command that reads the signed-in session (auth/sessionUser.ts SessionJoin),
   * the autosave's one read beyond its session (PUT /api/sessions/:id): the workout session of that id and of the
   * session's own user (its stored `userId`, the signed-in user's: the user is not known before the session is
   * read), with its entries.
   */
  function sessionToSaveJoin(sessionId: Types.ObjectId): SessionJoin {
    const workoutSession = {
      $lookup: {
        from: WorkoutSession.collection.collectionName,
        let: { userId: '$userId' },
        pipeline: [
          { $match: { _id: sessionId, $expr: { $eq: ['$userId', '$$userId'] } } },
          { $limit: 1 },
          performanceEntries(),
        ],
        as: JOINED_FIELD,
      },
    };
    return { stages: [workoutSession], field: JOINED_FIELD };
  }

  /**
   * What sessionToSaveJoin read, if it is `userId`'s session `sessionId`. Undefined otherwise, also when nothing was
   * found (a session stored before it named its user joins nothing): the caller then reads for itself.
   */
  function joinedSessionToSave(joined: unknown, userId: Types.ObjectId, sessionId: string): SessionToSave | undefined {
    if (!Array.isArray(joined) || joined.length !== 1) return undefined;
    const [found] = joined as JoinedSession[];
    const ours = String(found?._id) === sessionId.toLowerCase() && String(found?.userId) === userId.toHexString();
    return ours ? toSave(found) : undefined;
  }

  /** A session just made (restoreSession) as a save needs it: its performance's entries read on their own. */
  async function withEntries(session: WorkoutSessionFields): Promise<SessionToSave> {
    const performance = { userId: session.userId, dayId: session.dayId, round: session.round };
    return { session, entries: await progress.performanceEntries(performance) };
  }

  /**
   * Saves set states into a session, in order, with one plan of writes for all of them: the same end state as saving
   * them one by one (each set ends as the last save that sent it left it). The plan: the progress entries of the sent
   * sets that differ from `entries` (the performance's, read with the session: findSessionToSave), then the day's set
   * state (when the session is still its current performance) with the progress version's bump, then the session's
   * exercises; one command on MongoDB 8.0. Answers, per save, null or why it does not fit the session (a save that
   * does not fit is skipped; the others are saved).
   */
  async function saveSessionStates(
    userId: Types.ObjectId,
    { session, entries }: SessionToSave,
    saves: Exercise[][],
    now = new Date(),
  ) {
    let exercises = session.exercises;
    const sent = new Set<string>();
    const problems = saves.map((incoming) => {
      try {
        const merged = applySetState(exercises, incoming, now);
        exercises = merged.exercises;
        for (const { exercise, set } of merged.touched) sent.add(`${exercise.id}/${set.id}`);
        return null;
      } catch (error) {
        if (error instanceof SetStateError) return `${error.field}: ${error.message}`;
        throw error;
      }
    });
    if (sent.size > 0) {
      const touched = allSets(exercises).filter(({ exercise, set }) => sent.has(`${exercise.id}/${set.id}`));
      // An autosave that changes nothing (a repeat) writes no set state.
      const setStateChanged = !isDeepStrictEqual(exercises, session.exercises);
      // In order, the session's last: its set state is the mark that the save is complete. Each write is idempotent
      // and no answer is sent before all are on disk, so when the process dies in between (or the command stops half
      // way), the client sends the same save again, and it finds the session's set state still to store, which makes
      // it store the day's too and move the version (the entries it writes only if missing: they are compared with
      // the sets). The version moves in the day's write, after the entries, never before (ProgressCache): by the
      // entries written now, or, when an attempt that stopped wrote them already, by the change of the session's sets.
      const plan = new WritePlan();
      const performance = { userId, dayId: session.dayId, round: session.round };
      const written = progress.planEntries(plan, performance, touched, entries, {
        sessionId: publicSessionId(session),
        removeUncompleted: true,
      });
      const bump = written ?? (setStateChanged ? setStateBump(allSets(session.exercises), touched) : null);
      workouts.planSetState(plan, userId, session.dayId, session.round, setStateChanged ? exercises : null, bump);
      // Through the driver: the exercises are the stored ones with validated values merged in (applySetState),
      // already in their stored shape; mongoose's casting of every set was the autosave's largest cost.
      if (setStateChanged) {
        plan.add(WorkoutSession, {
          name: 'updateOne',
          filter: { _id: session._id, userId },
          update: { $set: { exercises } },
        });
      }
      await writer.runAgainOnDuplicateKey(plan);
    }
    return { exercises, problems };
  }

  /**
   * PUT /api/sessions/:id: idempotent autosave (see saveSessionStates). Saving an ended session is accepted: a late
   * autosave still records its sets. Its read is made with the session's (sessionToSaveJoin) when the route can.
   */
  async function saveSession(
    userId: Types.ObjectId,
    sessionId: string,
    body: SaveSessionBody,
    joined?: unknown,
  ): Promise<WorkoutSessionFields> {
    // The routes have validated the id. `joined`: what sessionToSaveJoin read with the signed-in session.
    const found =
      joinedSessionToSave(joined, userId, sessionId) ??
      (await findSessionToSave(userId, new Types.ObjectId(sessionId)));
    if (!found) throw new HttpError(404, SESSION_NOT_FOUND_MESSAGE);
    const { session } = found;
    if (body.workoutDay && body.workoutDay.id !== session.dayId) {
      throw new HttpError(400, `workoutDay.id: must be the session's day (${session.dayId})`);
    }
    const { exercises, problems } = await saveSessionStates(userId, found, [body.exercises]);
    if (problems[0]) throw new HttpError(400, problems[0]);
    return { ...session, exercises };
  }

  /** POST /api/sessions/:id/end: ends it; ending it again answers the same ended session. */
  async function endSession(
    userId: Types.ObjectId,
    sessionId: string,
    endedAt = new Date(),
  ): Promise<WorkoutSessionFields> {
    const end = (_id: Types.ObjectId) =>
      WorkoutSession.findOneAndUpdate(
        { _id, userId, open: true },
        { $set: { open: false, endedAt } },
        { returnDocument: 'after' },
      ).lean();
    const ended = await end(new Types.ObjectId(sessionId));
    if (ended) return ended;
    const session = await findSession(userId, new Types.ObjectId(sessionId));
    if (!session) throw new HttpError(404, SESSION_NOT_FOUND_MESSAGE);
    // Stored under the user's own id for the device's (userScopedId), and still open.
    return (session.open && (await end(session._id))) || session;
  }

  return {
    openSession,
    startSession,
    startClientSession,
    restoreSession,
    findSession,
    findSessionToSave,
    sessionToSaveJoin,
    withEntries,
    saveSession,
    saveSessionStates,
    endSession,
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
