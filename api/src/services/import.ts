import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import type { ImportPreview, ImportResult } from '@hit/contracts';
import { HttpError } from '../errors';
import { readImportInWorker, type ImportFields } from '../import/parseInWorker';
import { ImportFileError, type ImportFormat, type ImportedSet } from '../import/parseWorkoutCsv';
import type { ProgressEntryFields } from '../models/progressEntry';
import type { WorkoutSessionModel } from '../models/session';
import type { WorkoutDayModel } from '../models/workoutDay';
import type { ProgressService } from './progress';

export interface ImportRequest {
  /**
   * The request's JSON body, the chunks as they arrived (undefined when it is not JSON): the file (`csv`), the unit
   * of a file that does not state one, the device's time zone offset, and the mapping of the file's exercise names
   * (any case) to ours (null skips one; a name left out is matched by name). Read in a worker thread, never on the
   * api's.
   */
  body: Uint8Array[] | undefined;
  /** Checks the body with its file stood in for; returns the rest, or throws a 400 (readImportInWorker). */
  check: (body: unknown) => ImportFields;
}

interface ProgramExercise {
  id: number;
  name: string;
  dayId: number;
}

/**
 * Imported workouts come before any done here: their rounds are negative (a real day's rounds count up from 0) and
 * rise with the workout's start, so the 'Last time' hints of a new lifter come from the latest imported workout and
 * every set keeps one stable key whatever else was imported (docs/product-rules.md, "Importing history").
 */
export const importedRound = (workoutStart: string) => Math.floor(Date.parse(workoutStart) / 1000) - 4_000_000_000;

const hash = (...parts: (string | number)[]) => createHash('sha256').update(parts.join('\u0000')).digest();

/** The body's fields and the file's sets, or 400 naming the line and column of the first bad value. */
async function parse({ body, check }: ImportRequest) {
  try {
    return await readImportInWorker(body, check);
  } catch (error) {
    if (error instanceof ImportFileError) throw new HttpError(400, error.message);
    throw error;
  }
}

const workoutKey = (set: ImportedSet) => `${set.workoutStart}\u0000${set.workoutName}`;

interface ImportServiceDeps {
  WorkoutDay: WorkoutDayModel;
  WorkoutSession: WorkoutSessionModel;
  progress: ProgressService;
}

/** Importing history from Strong and Hevy (issue #20): a preview, then the sets as progress entries in sessions. */
export function createImportService({ WorkoutDay, WorkoutSession, progress }: ImportServiceDeps) {
  async function programOf(userId: Types.ObjectId) {
    const days = await WorkoutDay.find({ userId }, { _id: 0, dayId: 1, exercises: 1 }).lean();
    const byName = new Map<string, ProgramExercise>();
    const byId = new Map<number, ProgramExercise>();
    for (const day of days) {
      for (const exercise of day.exercises) {
        const known = { id: exercise.id, name: exercise.name, dayId: day.dayId };
        byName.set(exercise.name.trim().toLowerCase(), known);
        byId.set(exercise.id, known);
      }
    }
    return { byName, byId };
  }

  async function preview(userId: Types.ObjectId, request: ImportRequest): Promise<ImportPreview> {
    const { parsed } = await parse(request);
    if (parsed.sets.length === 0) throw new HttpError(400, 'The file holds no sets with reps to import.');
    const { byName } = await programOf(userId);
    const exercises = new Map<string, { name: string; sets: number }>();
    const workouts = new Set<string>();
    let from = parsed.sets[0].workoutStart;
    let to = from;
    for (const set of parsed.sets) {
      workouts.add(workoutKey(set));
      if (set.workoutStart < from) from = set.workoutStart;
      if (set.workoutStart > to) to = set.workoutStart;
      const key = set.exerciseName.toLowerCase();
      const seen = exercises.get(key) ?? { name: set.exerciseName, sets: 0 };
      seen.sets += 1;
      exercises.set(key, seen);
    }
    return {
      format: parsed.format,
      statesUnit: parsed.statesUnit,
      workouts: workouts.size,
      sets: parsed.sets.length,
      skippedRows: parsed.skippedRows,
      from,
      to,
      exercises: [...exercises.entries()].map(([key, { name, sets }]) => ({
        name,
        sets,
        exerciseId: byName.get(key)?.id ?? null,
      })),
    };
  }

  async function run(userId: Types.ObjectId, request: ImportRequest): Promise<ImportResult> {
    const { fields, parsed } = await parse(request);
    const { byName, byId } = await programOf(userId);
    const mapping = new Map(Object.entries(fields.mapping ?? {}).map(([name, id]) => [name.trim().toLowerCase(), id]));
    for (const id of mapping.values()) {
      if (id !== null && !byId.has(id)) throw new HttpError(400, `mapping: ${id} is not one of your exercises`);
    }
    const source = sourceOf(parsed.format);
    const sessions = new Map<string, { _id: Types.ObjectId; dayId: number; round: number; start: string }>();
    const entries: Omit<ProgressEntryFields, '_id'>[] = [];
    /** The file's workout of each entry. */
    const fileWorkout: string[] = [];
    let skippedSets = 0;
    // The sets of a workout keep the file's order a second apart (the files have no time per set).
    const position = new Map<string, number>();
    for (const set of parsed.sets) {
      const key = set.exerciseName.toLowerCase();
      const mapped = mapping.has(key) ? mapping.get(key)! : (byName.get(key)?.id ?? null);
      const exercise = mapped === null ? undefined : byId.get(mapped);
      if (!exercise) {
        skippedSets += 1;
        continue;
      }
      const workout = workoutKey(set);
      const sessionKey = `${workout}\u0000${exercise.dayId}`;
      let session = sessions.get(sessionKey);
      if (!session) {
        // One session per workout and program day (a workout of the other app may span our days).
        const id = new Types.ObjectId(hash(userId.toHexString(), 'import-session', sessionKey).subarray(0, 12));
        session = { _id: id, dayId: exercise.dayId, round: importedRound(set.workoutStart), start: set.workoutStart };
        sessions.set(sessionKey, session);
      }
      const index = (position.get(workout) ?? 0) + 1;
      position.set(workout, index);
      fileWorkout.push(workout);
      entries.push({
        userId,
        workoutDayId: exercise.dayId,
        round: session.round,
        exerciseId: exercise.id,
        setId: `import-${hash(workout, key, set.order).toString('base64url').slice(0, 22)}`,
        sessionId: session._id,
        exerciseName: exercise.name,
        weight: set.weight,
        weightUnit: set.unit,
        reps: set.reps,
        setType: set.setType,
        date: new Date(Date.parse(set.workoutStart) + index * 1000),
      });
    }
    // The sessions first: an entry never names a session that is not there.
    for (let start = 0; start < sessions.size; start += 1000) {
      const batch = [...sessions.values()].slice(start, start + 1000);
      await WorkoutSession.bulkWrite(
        batch.map((session) => ({
          updateOne: {
            filter: { _id: session._id, userId },
            update: {
              $setOnInsert: {
                userId,
                dayId: session.dayId,
                round: session.round,
                exercises: [],
                startedAt: new Date(session.start),
                endedAt: new Date(session.start),
                open: false,
                importedFrom: source,
              },
            },
            upsert: true,
          },
        })),
        { ordered: false },
      );
    }
    const added = await progress.importEntries(userId, entries);
    const workoutsWithNewSets = new Set([...added].map((index) => fileWorkout[index]));
    return {
      workouts: workoutsWithNewSets.size,
      sets: added.size,
      alreadyImported: entries.length - added.size,
      skippedSets,
    };
  }

  return { preview, run };
}
export type ImportService = ReturnType<typeof createImportService>;

function sourceOf(format: ImportFormat): 'strong' | 'hevy' {
  return format === 'hevy' ? 'hevy' : 'strong';
}
