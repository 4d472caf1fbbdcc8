import { createHash } from 'node:crypto';
import { Schema, Types, type Connection, type Model } from 'mongoose';
import type { StoredExercise } from '../services/workoutProgram';
import { exerciseSchema } from './workoutDay';

/** A started workout. Named WorkoutSession: the `sessions` collection belongs to the login sessions. */
export interface WorkoutSessionFields {
  _id: Types.ObjectId;
  userId: Types.ObjectId;
  dayId: number;
  /** The day's round (performance) this session records. */
  round: number;
  exercises: StoredExercise[];
  startedAt: Date;
  endedAt: Date | null;
  /** True until ended; a unique partial index keeps at most one open session per user. */
  open: boolean;
  /** The app whose export it was imported from (issue #20), or null for a workout done here. */
  importedFrom?: 'strong' | 'hevy' | null;
  /**
   * The id a device made for this workout, when another user's session already had it: the session is then stored
   * under an id of this user's own (userScopedId) and still known to the device by this one.
   */
  clientId?: Types.ObjectId;
}

export type WorkoutSessionModel = Model<WorkoutSessionFields>;

const workoutSessionSchema = new Schema<WorkoutSessionFields>(
  {
    userId: { type: Schema.Types.ObjectId, required: true },
    dayId: { type: Number, required: true },
    round: { type: Number, required: true },
    exercises: { type: [exerciseSchema], default: [] },
    startedAt: { type: Date, required: true },
    endedAt: { type: Date, default: null },
    open: { type: Boolean, required: true },
    importedFrom: { type: String, enum: ['strong', 'hevy', null], default: null },
    clientId: { type: Schema.Types.ObjectId, default: undefined },
  },
  { collection: 'workoutsessions' },
);
// Two starts at the same moment cannot both leave an open session: the second insert fails with E11000.
workoutSessionSchema.index(
  { userId: 1 },
  { unique: true, partialFilterExpression: { open: true }, name: 'one_open_session_per_user' },
);
// Every other lookup is by _id plus userId, or all of a user's sessions (reset).
workoutSessionSchema.index({ userId: 1, startedAt: 1 });

export function workoutSessionModel(connection: Connection): WorkoutSessionModel {
  return (
    (connection.models.WorkoutSession as WorkoutSessionModel | undefined) ??
    connection.model<WorkoutSessionFields>('WorkoutSession', workoutSessionSchema)
  );
}

/** The id a session is known by outside the database: the device's, when it is stored under userScopedId. */
export function publicSessionId(session: Pick<WorkoutSessionFields, '_id' | 'clientId'>): Types.ObjectId {
  return session.clientId ?? session._id;
}

/**
 * Where a session a device made under `clientId` is stored when another user's session already has that id: an id
 * of this user's own, derived from both, so a replay finds it again. Client-made ids are thereby unique per user, and
 * another user's id answers exactly as a fresh one: nobody learns that an id is taken.
 */
export function userScopedId(userId: Types.ObjectId, clientId: Types.ObjectId): Types.ObjectId {
  const digest = createHash('sha256').update(`${userId.toHexString()}:${clientId.toHexString()}`).digest();
  return new Types.ObjectId(digest.subarray(0, 12));
}
