import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { SET_TYPES, WEIGHT_UNITS } from '@hit/contracts';
import { DEFAULT_WEIGHT_UNIT, type StoredExercise, type StoredSet } from '../services/workoutProgram';

export interface WorkoutDayFields {
  _id: Types.ObjectId;
  userId: Types.ObjectId;
  /** 1, 2 or 3: the template-day number (the spec's "workout day id"). */
  dayId: number;
  name: string;
  muscleGroups: string[];
  /** The set state of the performance in progress (cleared when the day is completed or reset). */
  exercises: StoredExercise[];
  lastCompleted: Date | null;
  /** Completed in the current cycle. */
  isCompleted: boolean;
  /**
   * Which performance of this day the set state belongs to: incremented whenever the day is completed or
   * reset. Sessions and progress entries carry it, so every save of one performance hits the same entries.
   */
  round: number;
  /**
   * Bumped after every write to this day's progress entries (every day's, for a write of all of them): the sum over
   * the user's days names the version of GET /api/progress (services/progressCache.ts).
   */
  progressVersion?: number;
  /**
   * How many of those bumps were for warm-up entries alone: `progressVersion - warmupVersion`, summed, names the
   * version of GET /api/records, which reads working sets only (services/goals.ts).
   */
  warmupVersion?: number;
  /**
   * How many of the other bumps (working sets) changed the day's current performance alone (its sets of `round`, the
   * workout being done), made in the write of the day's set state that matched `round`. So
   * `progressVersion - warmupVersion - currentVersion` moves only when a working set of an earlier performance changed:
   * with each day's `round`, it names the history the records and the goals keep (services/goals.ts).
   */
  currentVersion?: number;
  /**
   * Moved on by every write of the document (`revised`): with `_id`, it names everything GET /api/workout-days shows
   * of the day, so an api process checks its rendered answer (services/daysCache.ts) with a read of these two fields.
   * Absent (0) on a document no update has touched yet.
   */
  rev?: number;
}

export type WorkoutDayModel = Model<WorkoutDayFields>;

/**
 * A day document's update with its revision (`rev`) moved on in the same atomic write: every update of `workoutdays`
 * is made through this (an insert needs none: a new `_id` is a new name), as the index test checks for each one the
 * whole product sends.
 */
export function revised<Update extends { readonly [operator: `$${string}`]: unknown }>(
  update: Update,
): Update & { $inc: Record<string, number> } {
  const increments = (update as { $inc?: Readonly<Record<string, number>> }).$inc;
  return { ...update, $inc: { ...increments, rev: 1 } };
}

// `id: false`: these subdocuments have a real `id` field, not mongoose's virtual.
export const setSchema = new Schema<StoredSet>(
  {
    id: { type: String, required: true },
    type: { type: String, enum: SET_TYPES, required: true },
    completed: { type: Boolean, default: false },
    weight: { type: Number, default: null },
    reps: { type: Number, default: null },
    weightUnit: { type: String, enum: WEIGHT_UNITS, default: DEFAULT_WEIGHT_UNIT },
    completedAt: { type: Date, default: null },
  },
  { _id: false, id: false },
);

export const exerciseSchema = new Schema<StoredExercise>(
  {
    id: { type: Number, required: true },
    name: { type: String, required: true },
    sets: { type: [setSchema], default: [] },
  },
  { _id: false, id: false },
);

const workoutDaySchema = new Schema<WorkoutDayFields>(
  {
    userId: { type: Schema.Types.ObjectId, required: true },
    dayId: { type: Number, required: true },
    name: { type: String, required: true },
    muscleGroups: { type: [String], default: [] },
    exercises: { type: [exerciseSchema], default: [] },
    lastCompleted: { type: Date, default: null },
    isCompleted: { type: Boolean, default: false },
    round: { type: Number, default: 0 },
    progressVersion: { type: Number },
    warmupVersion: { type: Number },
    currentVersion: { type: Number },
    rev: { type: Number },
  },
  { collection: 'workoutdays' },
);
workoutDaySchema.index({ userId: 1, dayId: 1 }, { unique: true });

export function workoutDayModel(connection: Connection): WorkoutDayModel {
  return (
    (connection.models.WorkoutDay as WorkoutDayModel | undefined) ??
    connection.model<WorkoutDayFields>('WorkoutDay', workoutDaySchema)
  );
}
