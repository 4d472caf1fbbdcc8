import { gzipSync } from 'node:zlib';
import { trusted, type Types } from 'mongoose';
import type { CreateGoalBody, Goal, Records, UpdateGoalBody } from '@hit/contracts';
import {
  goalProgress,
  goalWitnesses,
  personalRecords,
  recordWitnesses,
  type GoalTarget,
  type RecordSet,
} from '@hit/contracts/rules';
import { HttpError } from '../errors';
import type { GoalFields, GoalModel } from '../models/goal';
import type { ProgressEntryModel } from '../models/progressEntry';
import type { WorkoutDayModel } from '../models/workoutDay';
import { findFew } from '../findFew';
import type { ProgressEntryFields } from '../models/progressEntry';
import { HistoryCache } from './historyCache';
import { progressVersions, type CurrentPerformance } from './progress';
import { ProgressCache } from './progressCache';

export const GOAL_NOT_FOUND_MESSAGE = 'Goal not found';
export const UNKNOWN_EXERCISE_MESSAGE = 'exerciseId: is not one of your exercises';
export const GOAL_ACHIEVED_MESSAGE = 'This goal is already achieved: set a new goal for the exercise instead';
export const openGoalExistsMessage = (exerciseName: string) =>
  `There is already an open goal for ${exerciseName}: edit or delete it first`;

function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: number } | null)?.code === 11000;
}

/** Gzipped bodies of GET /api/records kept at most this many bytes in all (a user's is about 1 KB). */
export const RECORDS_CACHE_MAX_BYTES = 4 * 1024 * 1024;
/** Gzipped bodies of GET /api/goals kept at most this many bytes in all (a user's is well under 1 KB). */
export const GOALS_CACHE_MAX_BYTES = 4 * 1024 * 1024;

const NO_GOALS_GZIPPED = gzipSync(JSON.stringify([]));

interface GoalServiceDeps {
  Goal: GoalModel;
  ProgressEntry: ProgressEntryModel;
  WorkoutDay: WorkoutDayModel;
  /** GET /api/records per user, labelled with the progress version: records change only with the entries. */
  recordsCache?: ProgressCache;
  /** GET /api/goals per user, labelled with the version of the working sets and the goals as read. */
  goalsCache?: ProgressCache;
  /** Per user, the witnesses of the records among the working sets of earlier performances. */
  recordsHistory?: HistoryCache<RecordSet>;
  /** Per user, the witnesses of the goals (as read) among the working sets of earlier performances. */
  goalsHistory?: HistoryCache<RecordSet>;
}

type PerformedSet = RecordSet & { workoutDayId: number; round: number };

const ENTRY_AS_SET = { _id: 0, exerciseId: 1, weight: 1, weightUnit: 1, reps: 1, setType: 1, date: 1 } as const;

function asRecordSet(entry: Pick<ProgressEntryFields, keyof typeof ENTRY_AS_SET & string>): RecordSet {
  return {
    exerciseId: entry.exerciseId,
    weight: entry.weight,
    weightUnit: entry.weightUnit,
    reps: entry.reps,
    setType: entry.setType,
    date: entry.date.toISOString(),
  };
}

const inAny = (set: Pick<PerformedSet, 'workoutDayId' | 'round'>, performances: readonly CurrentPerformance[]) =>
  performances.some((performance) => performance.dayId === set.workoutDayId && performance.round === set.round);

const targetOf = (goal: GoalFields): GoalTarget => ({
  exerciseId: goal.exerciseId,
  weight: goal.weight,
  unit: goal.unit,
  reps: goal.reps,
  createdAt: goal.createdAt.toISOString(),
});

/** Goals and personal records (issue #19; docs/product-rules.md, "Personal records" and "Goals"). */
export function createGoalService({
  Goal,
  ProgressEntry,
  WorkoutDay,
  recordsCache = new ProgressCache(RECORDS_CACHE_MAX_BYTES),
  goalsCache = new ProgressCache(GOALS_CACHE_MAX_BYTES),
  recordsHistory = new HistoryCache<RecordSet>(),
  goalsHistory = new HistoryCache<RecordSet>(),
}: GoalServiceDeps) {
  /** The user's working sets of `exerciseIds` (all exercises without), as the rules read them, with their performance. */
  async function workingSets(userId: Types.ObjectId, exerciseIds?: number[]): Promise<PerformedSet[]> {
    const filter = {
      userId,
      setType: 'working' as const,
      ...(exerciseIds && { exerciseId: trusted({ $in: exerciseIds }) }),
    };
    const entries = await ProgressEntry.find(filter, { ...ENTRY_AS_SET, workoutDayId: 1, round: 1 }).lean();
    return entries.map((entry) => ({ ...asRecordSet(entry), workoutDayId: entry.workoutDayId, round: entry.round }));
  }

  /**
   * The working sets of the days' current performances (a handful each), through the driver: one read of the
   * performances whose day and round are among theirs (a plain equality for the embedded server's index, where an
   * `$or` would decode every entry of the user), the others left out here.
   */
  async function currentWorkingSets(
    userId: Types.ObjectId,
    current: readonly CurrentPerformance[],
  ): Promise<RecordSet[]> {
    if (current.length === 0) return [];
    const entries = await findFew<ProgressEntryFields>(
      ProgressEntry,
      {
        userId,
        setType: 'working',
        workoutDayId: { $in: [...new Set(current.map(({ dayId }) => dayId))] },
        round: { $in: [...new Set(current.map(({ round }) => round))] },
      },
      { projection: { ...ENTRY_AS_SET, workoutDayId: 1, round: 1 } },
    );
    return entries.filter((entry) => inAny(entry, current)).map(asRecordSet);
  }

  /**
   * The sets an answer is built from: the witnesses of the history (HistoryCache: built, when missing, from every
   * working set of `exerciseIds`, one read that also gives the current performances' sets), and the sets of the
   * current performances. Read after the days' history (progressVersions), as ProgressCache's version.
   */
  async function historyAndCurrent(
    userId: Types.ObjectId,
    history: { key: string; current: CurrentPerformance[] },
    cache: HistoryCache<RecordSet>,
    witnessesOf: (earlier: RecordSet[]) => RecordSet[],
    variant = '',
    exerciseIds?: number[],
  ): Promise<RecordSet[]> {
    let current: RecordSet[] | undefined;
    const witnesses = await cache.witnesses(userId.toHexString(), `${history.key}|${variant}`, async () => {
      const sets = await workingSets(userId, exerciseIds);
      const earlier: RecordSet[] = [];
      current = [];
      for (const set of sets) (inAny(set, history.current) ? current : earlier).push(set);
      return witnessesOf(earlier);
    });
    // A request that shared another's load (or found the history kept) reads the current sets itself.
    return [...witnesses, ...(current ?? (await currentWorkingSets(userId, history.current)))];
  }

  /**
   * Each goal with its progress. An open goal a working set has met since it was set is closed here, once, with that
   * set's date (achievement is read from the sets, which every route and the sync write).
   */
  async function withProgress(
    userId: Types.ObjectId,
    goals: GoalFields[],
    // Read before the entries (see ProgressCache.body); here when not given.
    readHistory?: { key: string; current: CurrentPerformance[] },
  ): Promise<Goal[]> {
    if (goals.length === 0) return [];
    const targets = goals.map(targetOf);
    const history = readHistory ?? (await progressVersions(WorkoutDay, userId)).history;
    const sets = await historyAndCurrent(
      userId,
      history,
      goalsHistory,
      (earlier) => targets.flatMap((target) => goalWitnesses(target, earlier)),
      JSON.stringify(targets),
      [...new Set(goals.map((goal) => goal.exerciseId))],
    );
    return Promise.all(
      goals.map(async (goal, index) => {
        const progress = goalProgress(targets[index], sets);
        let achievedAt = goal.achievedAt?.toISOString() ?? null;
        if (goal.open && progress.achievedAt) {
          achievedAt = progress.achievedAt;
          await Goal.updateOne(
            { _id: goal._id, userId, open: true },
            { open: false, achievedAt: new Date(achievedAt) },
          );
        }
        const achieved = achievedAt !== null;
        return {
          id: goal._id.toHexString(),
          exerciseId: goal.exerciseId,
          exerciseName: goal.exerciseName,
          weight: goal.weight,
          unit: goal.unit,
          reps: goal.reps,
          targetDate: goal.targetDate,
          createdAt: goal.createdAt.toISOString(),
          achievedAt,
          percent: achieved ? 100 : progress.percent,
          bestEstimate: progress.bestEstimate,
          targetEstimate: progress.targetEstimate,
        };
      }),
    );
  }

  /**
   * GET /api/goals as a gzipped JSON body: the goals with their progress, from the cache while the goals (as read now)
   * and the version of the user's working sets are both unchanged. A goal's progress reads every working set of its
   * exercise (thousands after a few years), and the app asks the goals after every sync, so after each set of a
   * workout; a warm-up saved leaves the version. A goal achieved meanwhile is closed by the read that finds it
   * (withProgress), which changes the goals, so the next read builds the body again.
   */
  async function listBody(userId: Types.ObjectId): Promise<Buffer> {
    const goals = await Goal.find({ userId }).sort({ createdAt: 1, _id: 1 }).lean();
    if (goals.length === 0) return NO_GOALS_GZIPPED;
    // Read after the goals and before the entries (see ProgressCache.body).
    const versions = await progressVersions(WorkoutDay, userId);
    return goalsCache.body(
      userId.toHexString(),
      versions.workingSets,
      () => withProgress(userId, goals, versions.history),
      JSON.stringify(goals),
    );
  }

  async function one(userId: Types.ObjectId, id: Types.ObjectId): Promise<Goal> {
    const goal = await Goal.findOne({ _id: id, userId }).lean();
    if (!goal) throw new HttpError(404, GOAL_NOT_FOUND_MESSAGE);
    return (await withProgress(userId, [goal]))[0];
  }

  /** The exercise's name in the user's program, or 400 when it has no such exercise. */
  async function exerciseName(userId: Types.ObjectId, exerciseId: number): Promise<string> {
    const day = await WorkoutDay.findOne({ userId, 'exercises.id': exerciseId }, { exercises: 1 }).lean();
    const exercise = day?.exercises.find((candidate) => candidate.id === exerciseId);
    if (!exercise) throw new HttpError(400, UNKNOWN_EXERCISE_MESSAGE);
    return exercise.name;
  }

  async function create(userId: Types.ObjectId, body: CreateGoalBody): Promise<Goal> {
    const name = await exerciseName(userId, body.exerciseId);
    // An open goal a set has met since is closed first, so it does not block the next one.
    const open = await Goal.find({ userId, exerciseId: body.exerciseId, open: true }).lean();
    if ((await withProgress(userId, open)).some((goal) => goal.achievedAt === null))
      throw new HttpError(409, openGoalExistsMessage(name));
    try {
      const [created] = await Goal.create([{ userId, ...body, exerciseName: name, createdAt: new Date(), open: true }]);
      return one(userId, created._id);
    } catch (error) {
      if (isDuplicateKey(error)) throw new HttpError(409, openGoalExistsMessage(name));
      throw error;
    }
  }

  async function update(userId: Types.ObjectId, id: Types.ObjectId, body: UpdateGoalBody): Promise<Goal> {
    const current = await one(userId, id);
    if (current.achievedAt !== null) throw new HttpError(409, GOAL_ACHIEVED_MESSAGE);
    const updated = await Goal.updateOne({ _id: id, userId, open: true }, { $set: body });
    if (updated.matchedCount === 0) throw new HttpError(409, GOAL_ACHIEVED_MESSAGE);
    return one(userId, id);
  }

  async function remove(userId: Types.ObjectId, id: Types.ObjectId): Promise<void> {
    const { deletedCount } = await Goal.deleteOne({ _id: id, userId });
    if (deletedCount === 0) throw new HttpError(404, GOAL_NOT_FOUND_MESSAGE);
  }

  /**
   * Each exercise's records in both units (the client compares a new set in its own unit, converting nothing), in the
   * order of the exercises' ids.
   */
  async function records(userId: Types.ObjectId, history: { key: string; current: CurrentPerformance[] }) {
    const sets = await historyAndCurrent(userId, history, recordsHistory, recordWitnesses);
    const inOrder = (unit: 'lbs' | 'kg') =>
      [...personalRecords(sets, unit).values()].sort((a, b) => a.exerciseId - b.exerciseId);
    return { lbs: inOrder('lbs'), kg: inOrder('kg') } satisfies Records;
  }

  /**
   * GET /api/records as a gzipped JSON body, from the cache while the version of the user's working sets is unchanged
   * (progressVersions: a warm-up saved leaves it): the records read every working set (a third of a 30k-entry
   * history), and the app asks them on every dashboard and after every sync, so after each set of a workout.
   */
  async function recordsBody(userId: Types.ObjectId): Promise<Buffer> {
    // Read before the entries (see ProgressCache.body).
    const { workingSets, history } = await progressVersions(WorkoutDay, userId);
    return recordsCache.body(userId.toHexString(), workingSets, () => records(userId, history));
  }

  return { listBody, create, update, remove, recordsBody };
}
export type GoalService = ReturnType<typeof createGoalService>;
