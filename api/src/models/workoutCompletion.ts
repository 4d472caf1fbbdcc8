import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * A completed workout session, keyed by the session's id: inserting it claims the completion, so the rotation
 * advances at most once per session however often (or from however many tabs) its completion arrives.
 */
export interface WorkoutCompletionFields {
  /** The session's id. */
  _id: Types.ObjectId;
  userId: Types.ObjectId;
  dayId: number;
  /** The performance (the day's round) the session recorded. */
  round: number;
  /** When the user completed it (the client's clock, never later than the server's). */
  completedAt: Date;
  /** The rotation this completion advances from; null when it does not advance it (a conflict). */
  advancedFrom: { cycleCount: number; nextRecommendedDay: number } | null;
  /** The conflict explanation answered to the client, or null. */
  note: string | null;
  /** Set once the day and the rotation are updated: until then a replay finishes the job. */
  finished: boolean;
}

export type WorkoutCompletionModel = Model<WorkoutCompletionFields>;

const rotationStateSchema = new Schema(
  { cycleCount: { type: Number, required: true }, nextRecommendedDay: { type: Number, required: true } },
  { _id: false },
);

const workoutCompletionSchema = new Schema<WorkoutCompletionFields>(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    userId: { type: Schema.Types.ObjectId, required: true },
    dayId: { type: Number, required: true },
    round: { type: Number, required: true },
    completedAt: { type: Date, required: true },
    advancedFrom: { type: rotationStateSchema, default: null },
    note: { type: String, default: null },
    finished: { type: Boolean, required: true },
  },
  { collection: 'workoutcompletions', versionKey: false },
);
// Lookups are by _id plus userId; retention deletes a user's documents by userId.
workoutCompletionSchema.index({ userId: 1 });

export function workoutCompletionModel(connection: Connection): WorkoutCompletionModel {
  return (
    (connection.models.WorkoutCompletion as WorkoutCompletionModel | undefined) ??
    connection.model<WorkoutCompletionFields>('WorkoutCompletion', workoutCompletionSchema)
  );
}
