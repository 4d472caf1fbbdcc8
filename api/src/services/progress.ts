import { trusted, type AnyBulkWriteOperation, type Types } from 'mongoose';
import type { LastSet, LastWorkout, ProgressEntry, SetType } from '@hit/contracts';
import type { ProgressEntryFields, ProgressEntryModel } from '../models/progressEntry';
import { revised, type WorkoutDayModel } from '../models/workoutDay';
import { findFew } from '../findFew';
import { WritePlan, type OrderedWriter, type PlannedWrite } from '../orderedWrites';
import { ProgressCache } from './progressCache';
import type { LastWeight, TouchedSet } from './workoutProgram';

/** Names one performance of a day: every save of it (session or day) writes the same entries. */
export interface Performance {
  userId: Types.ObjectId;
  dayId: number;
  round: number;
}

export interface RecordOptions {
  /** The session saving the sets (entries then name it), or null for a save through the day. */
  sessionId: Types.ObjectId | null;
  /** Also remove the entries of sets that are no longer completed (an undo). Completion only adds. */
  removeUncompleted: boolean;
}

const entryKey = (exerciseId: number, setId: string) => `${exerciseId}/${setId}`;

type EntryState = Pick<ProgressEntryFields, 'exerciseName' | 'weight' | 'weightUnit' | 'reps' | 'setType' | 'date'>;

/** The progress entry a set records, or null when it records none (not completed, or without reps or a time). */
function entryStateOf({ exercise, set }: TouchedSet): EntryState | null {
  if (!set.completed || set.reps === null || set.completedAt === null) return null;
  return {
    exerciseName: exercise.name,
    weight: set.weight ?? 0,
    weightUnit: set.weightUnit,
    reps: set.reps,
    setType: set.type,
    date: set.completedAt,
  };
}

const sameState = (a: EntryState, b: EntryState) =>
  a.exerciseName === b.exerciseName &&
  a.weight === b.weight &&
  a.weightUnit === b.weightUnit &&
  a.reps === b.reps &&
  a.setType === b.setType &&
  a.date.getTime() === b.date.getTime();

function sameEntry(
  stored: EntryState & { sessionId: Types.ObjectId | null },
  wanted: EntryState,
  sessionId: Types.ObjectId | null,
) {
  return (
    sameState(stored, wanted) &&
    (sessionId === null || (stored.sessionId !== null && stored.sessionId.equals(sessionId)))
  );
}

/**
 * The update that moves the progress version of the user's day documents on (see ProgressCache): `$inc` it in the
 * same update as the day's own write, or alone.
 */
export const PROGRESS_VERSION_BUMP = { $inc: { progressVersion: 1 } } as const;
/**
 * The bump when only warm-up entries changed: the records' version (`progressVersion - warmupVersion`: working sets
 * only) stays, so GET /api/records keeps its cached answer through a workout's warm-ups. Any other write (and a
 * process that does not know this field) moves both versions on.
 */
export const WARMUP_VERSION_BUMP = { $inc: { progressVersion: 1, warmupVersion: 1 } } as const;

export type ProgressVersionBump = typeof PROGRESS_VERSION_BUMP | typeof WARMUP_VERSION_BUMP;

/**
 * The bump in the write of a day's set state that matched its `round`: the entries written were of the day's current
 * performance, and working-set changes there leave the history's version (historyOfDays) where it was.
 */
export function currentPerformanceBump(bump: ProgressVersionBump) {
  return bump === PROGRESS_VERSION_BUMP ? { $inc: { progressVersion: 1, currentVersion: 1 } } : bump;
}

/**
 * The bump the progress version needs for a set state that went from `before` to `after` (the same exercises and
 * sets, as applySetState merges them): the entries the sets record, compared set by set. Null when they record the
 * same entries (a weight typed into a set not yet completed moves no version).
 *
 * A save whose entries were already written by an attempt that stopped before its set state was stored (the
 * process died between the writes) finds no entry to change: this is how its repeat still moves the version.
 */
export function setStateBump(before: TouchedSet[], after: TouchedSet[]): ProgressVersionBump | null {
  const previous = new Map(before.map((touched) => [entryKey(touched.exercise.id, touched.set.id), touched]));
  let bump: ProgressVersionBump | null = null;
  for (const touched of after) {
    const old = previous.get(entryKey(touched.exercise.id, touched.set.id));
    const was = old ? entryStateOf(old) : null;
    const now = entryStateOf(touched);
    if (was === null && now === null) continue;
    if (was !== null && now !== null && sameState(was, now)) continue;
    if (was?.setType === 'working' || now?.setType === 'working') return PROGRESS_VERSION_BUMP;
    bump = WARMUP_VERSION_BUMP;
  }
  return bump;
}

interface ProgressServiceDeps {
  ProgressEntry: ProgressEntryModel;
  WorkoutDay: WorkoutDayModel;
  writer: OrderedWriter;
  cache?: ProgressCache;
}

interface VersionCounters {
  progressVersion?: number;
  warmupVersion?: number;
}

interface DayCounters extends VersionCounters {
  dayId: number;
  round: number;
  currentVersion?: number;
}

/** A day's current performance: the sets of its `round`, the workout being done (or the next one). */
export interface CurrentPerformance {
  dayId: number;
  round: number;
}

/**
 * What the records and the goals keep of the user's working sets: every day's current performance, and the version
 * of the rest (the history), which moves whenever a working set outside a current performance changes (see
 * currentVersion on the day document). A day completed moves its round, so its performance joins the history.
 */
export function historyOfDays(days: readonly DayCounters[]): { key: string; current: CurrentPerformance[] } {
  const sorted = [...days].sort((a, b) => a.dayId - b.dayId);
  const key = sorted
    .map(
      (day) =>
        `${day.dayId}:${day.round}:${(day.progressVersion ?? 0) - (day.warmupVersion ?? 0) - (day.currentVersion ?? 0)}`,
    )
    .join(',');
  return { key, current: sorted.map(({ dayId, round }) => ({ dayId, round })) };
}

/**
 * The progress versions (see ProgressCache) of the user whose day documents these are: of the entries (the sum of the
 * counters on their day documents, which every write of progress entries moves on) and of the working sets among them
 * (the same without the bumps for warm-ups alone).
 */
export function versionsOfDays(days: readonly VersionCounters[]): { entries: number; workingSets: number } {
  const entries = days.reduce((sum, day) => sum + (day.progressVersion ?? 0), 0);
  return { entries, workingSets: entries - days.reduce((sum, day) => sum + (day.warmupVersion ?? 0), 0) };
}

/** The user's progress versions (versionsOfDays) and history (historyOfDays), in one small read. */
export async function progressVersions(WorkoutDay: WorkoutDayModel, userId: Types.ObjectId) {
  const days = await findFew<DayCounters>(
    WorkoutDay,
    { userId },
    { projection: { _id: 0, dayId: 1, round: 1, progressVersion: 1, warmupVersion: 1, currentVersion: 1 } },
  );
  return { ...versionsOfDays(days), history: historyOfDays(days) };
}

export function createProgressService({
  ProgressEntry,
  WorkoutDay,
  writer,
  cache = new ProgressCache(),
}: ProgressServiceDeps) {
  /**
   * The write that moves the progress version on, after a write of entries (never before: see ProgressCache), so every
   * cached answer of an older version is stale. The version is the sum of the user's day documents' counters: a write
   * of one day's sets bumps that day's, in the same update as the day's set state where it has one (the autosave: one
   * write fewer); a write of any day's, all three.
   */
  function versionBumpWrite(
    userId: Types.ObjectId,
    dayId?: number,
    bump: ProgressVersionBump = PROGRESS_VERSION_BUMP,
  ): PlannedWrite {
    return dayId === undefined
      ? { name: 'updateMany', filter: { userId }, update: revised(bump) }
      : { name: 'updateOne', filter: { userId, dayId }, update: revised(bump) };
  }

  const bumpVersion = (userId: Types.ObjectId) => writer.run(new WritePlan().add(WorkoutDay, versionBumpWrite(userId)));

  /** The entries of one performance (every save of it reads them, to write only what differs). */
  function performanceEntries({ userId, dayId, round }: Performance): Promise<ProgressEntryFields[]> {
    // Through the driver: the filter is already of its stored types.
    return findFew<ProgressEntryFields>(ProgressEntry, { userId, workoutDayId: dayId, round });
  }

  /**
   * Adds to `plan` the writes that make the progress entries of `performance` match the sets: one entry per completed
   * set (upserted on its unique key, so repeated or reordered saves never duplicate), none for a set that was
   * un-completed; only those that differ from `existing` (the performance's entries as read), so an autosave repeated
   * writes nothing. Answers the bump the progress version needs once they are written (null when no entry changes;
   * WARMUP_VERSION_BUMP when only warm-ups do): the caller adds it after them, never before (ProgressCache).
   */
  function planEntries(
    plan: WritePlan,
    performance: Performance,
    sets: TouchedSet[],
    existing: readonly ProgressEntryFields[],
    options: RecordOptions,
  ): ProgressVersionBump | null {
    const { userId, dayId, round } = performance;
    const byKey = new Map(existing.map((entry) => [entryKey(entry.exerciseId, entry.setId), entry]));
    let changed = false;
    let workingSetChanged = false;
    for (const { exercise, set } of sets) {
      const filter = { userId, workoutDayId: dayId, exerciseId: exercise.id, round, setId: set.id };
      const stored = byKey.get(entryKey(exercise.id, set.id));
      const wanted = entryStateOf({ exercise, set });
      if (wanted) {
        if (stored && sameEntry(stored, wanted, options.sessionId)) continue;
        if (wanted.setType === 'working' || stored?.setType === 'working') workingSetChanged = true;
        // A session save names the session; a day save keeps the session an entry came from (new ones get none).
        // Through the driver: every value is already of its stored type (ObjectIds, numbers, validated strings,
        // dates), and mongoose's casting of each operation costs more than the write.
        const update = options.sessionId
          ? { $set: { ...wanted, sessionId: options.sessionId } }
          : { $set: wanted, $setOnInsert: { sessionId: null } };
        plan.add(ProgressEntry, { name: 'updateOne', filter, update, upsert: true });
        changed = true;
      } else if (stored && options.removeUncompleted) {
        if (stored.setType === 'working') workingSetChanged = true;
        plan.add(ProgressEntry, { name: 'deleteOne', filter });
        changed = true;
      }
    }
    if (!changed) return null;
    return workingSetChanged ? PROGRESS_VERSION_BUMP : WARMUP_VERSION_BUMP;
  }

  /**
   * Makes the progress entries of `performance` match the sets (planEntries), with the version's bump after them in
   * the same plan: one command on MongoDB 8.0. Answers the bump made, or null when no entry changed.
   */
  async function recordSets(
    performance: Performance,
    sets: TouchedSet[],
    options: RecordOptions,
  ): Promise<ProgressVersionBump | null> {
    const plan = new WritePlan();
    const bump = planEntries(plan, performance, sets, await performanceEntries(performance), options);
    if (!bump) return null;
    plan.add(WorkoutDay, versionBumpWrite(performance.userId, performance.dayId, bump));
    await writer.runAgainOnDuplicateKey(plan);
    return bump;
  }

  /**
   * Every entry of the user, oldest first: lean, on the { userId, date } index. No server-side projection: the
   * embedded server applies one through mingo, which doubles the time of a 30k-entry read; the shape is built here.
   */
  async function listEntries(userId: Types.ObjectId): Promise<ProgressEntry[]> {
    const entries = await ProgressEntry.find({ userId }).sort({ date: 1 }).lean();
    return entries.map((entry) => ({
      date: entry.date.toISOString(),
      sessionId: entry.sessionId ? entry.sessionId.toHexString() : null,
      workoutDayId: entry.workoutDayId,
      exerciseId: entry.exerciseId,
      exerciseName: entry.exerciseName,
      weight: entry.weight,
      weightUnit: entry.weightUnit,
      reps: entry.reps,
      setType: entry.setType,
    }));
  }

  /** The entries of the most recent performance (highest round, before `beforeRound` if given) of an exercise on a day. */
  async function lastPerformance(userId: Types.ObjectId, exerciseId: number, dayId: number, beforeRound?: number) {
    const filter = {
      userId,
      workoutDayId: dayId,
      exerciseId,
      ...(beforeRound === undefined ? {} : { round: trusted({ $lt: beforeRound }) }),
    };
    const latest = await ProgressEntry.findOne(filter).sort({ round: -1 }).select({ round: 1 }).lean();
    if (!latest) return [];
    return ProgressEntry.find({ userId, workoutDayId: dayId, exerciseId, round: latest.round })
      .sort({ date: 1, setId: 1 })
      .select({ _id: 0, setId: 1, setType: 1, weight: 1, weightUnit: 1, reps: 1, date: 1 })
      .lean();
  }

  /**
   * GET /api/progress/last-workout: the working set, the last warm-up set and every warm-up in order of the most recent
   * finished performance of an exercise on a day. The day's current round (the one being done, or resumed) is not a
   * last workout: its sets are on screen already, and the hint and prefill are about the time before.
   */
  async function lastWorkout(userId: Types.ObjectId, exerciseId: number, dayId: number): Promise<LastWorkout> {
    const day = await WorkoutDay.findOne({ userId, dayId }).select({ _id: 0, round: 1 }).lean();
    const entries = await lastPerformance(userId, exerciseId, dayId, day?.round);
    const lastOfType = (type: SetType): LastSet | null => {
      const entry = entries.filter((candidate) => candidate.setType === type).at(-1);
      return entry ? { weight: entry.weight, weightUnit: entry.weightUnit, reps: entry.reps } : null;
    };
    const warmupSets = entries
      .filter((entry) => entry.setType === 'warmup')
      .map((entry) => ({ weight: entry.weight, weightUnit: entry.weightUnit, reps: entry.reps }));
    // Left out with no history, as an older api answered.
    return {
      workingSet: lastOfType('working'),
      warmupSet: lastOfType('warmup'),
      ...(entries.length > 0 ? { warmupSets } : {}),
    };
  }

  /** Per exercise, the weights of its last performance before `round`: by set id, and the last one of each set type. */
  async function lastWeights(userId: Types.ObjectId, dayId: number, exerciseIds: number[], beforeRound: number) {
    const result = new Map<number, { bySetId: Map<string, LastWeight>; byType: Map<SetType, LastWeight> }>();
    await Promise.all(
      exerciseIds.map(async (exerciseId) => {
        const entries = await lastPerformance(userId, exerciseId, dayId, beforeRound);
        if (entries.length === 0) return;
        const bySetId = new Map<string, LastWeight>();
        const byType = new Map<SetType, LastWeight>();
        for (const entry of entries) {
          const weight = { weight: entry.weight, weightUnit: entry.weightUnit };
          bySetId.set(entry.setId, weight);
          byType.set(entry.setType, weight);
        }
        result.set(exerciseId, { bySetId, byType });
      }),
    );
    return result;
  }

  /**
   * Adds imported sets (issue #20): each is inserted once on the unique key of a performed set (its imported set id
   * names the file's set), so a file imported again adds nothing. Answers the indexes of the entries that were new.
   */
  async function importEntries(
    userId: Types.ObjectId,
    entries: Omit<ProgressEntryFields, '_id'>[],
  ): Promise<Set<number>> {
    const added = new Set<number>();
    for (let start = 0; start < entries.length; start += 1000) {
      const operations: AnyBulkWriteOperation<ProgressEntryFields>[] = entries
        .slice(start, start + 1000)
        .map(({ workoutDayId, exerciseId, round, setId, ...rest }) => ({
          updateOne: {
            filter: { userId, workoutDayId, exerciseId, round, setId },
            update: { $setOnInsert: { ...rest, userId, workoutDayId, exerciseId, round, setId } },
            upsert: true,
          },
        }));
      const { upsertedIds } = await ProgressEntry.bulkWrite(operations, { ordered: false });
      for (const index of Object.keys(upsertedIds)) added.add(start + Number(index));
    }
    if (added.size > 0) await bumpVersion(userId);
    return added;
  }

  /** GET /api/progress as a gzipped JSON body, from the cache while the user's progress version is unchanged. */
  async function entriesBody(userId: Types.ObjectId): Promise<Buffer> {
    // Read before the entries (see ProgressCache.body).
    const { entries } = await progressVersions(WorkoutDay, userId);
    return cache.body(userId.toHexString(), entries, () => listEntries(userId));
  }

  async function deleteAll(userId: Types.ObjectId): Promise<void> {
    await ProgressEntry.deleteMany({ userId });
    await bumpVersion(userId);
  }

  return {
    performanceEntries,
    planEntries,
    recordSets,
    importEntries,
    listEntries,
    entriesBody,
    lastWorkout,
    lastWeights,
    deleteAll,
  };
}

export type ProgressService = ReturnType<typeof createProgressService>;
