import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { SET_TYPES, WEIGHT_UNITS, type SetType, type WeightUnit } from '@hit/contracts';

/** One completed set. */
export interface ProgressEntryFields {
  _id: Types.ObjectId;
  userId: Types.ObjectId;
  workoutDayId: number;
  /** The day's round (performance): with the exercise and set ids it names one performed set. */
  round: number;
  exerciseId: number;
  setId: string;
  /** The session that saved it last; null when it was saved through the day without a session. */
  sessionId: Types.ObjectId | null;
  exerciseName: string;
  weight: number;
  weightUnit: WeightUnit;
  reps: number;
  setType: SetType;
  /** The set's completedAt. */
  date: Date;
}

export type ProgressEntryModel = Model<ProgressEntryFields>;

const progressEntrySchema = new Schema<ProgressEntryFields>(
  {
    userId: { type: Schema.Types.ObjectId, required: true },
    workoutDayId: { type: Number, required: true },
    round: { type: Number, required: true },
    exerciseId: { type: Number, required: true },
    setId: { type: String, required: true },
    sessionId: { type: Schema.Types.ObjectId, default: null },
    exerciseName: { type: String, required: true },
    weight: { type: Number, required: true },
    weightUnit: { type: String, enum: WEIGHT_UNITS, required: true },
    reps: { type: Number, required: true },
    setType: { type: String, enum: SET_TYPES, required: true },
    date: { type: Date, required: true },
  },
  { collection: 'progressentries', versionKey: false },
);
// One entry per performed set, whichever route saved it (session autosave, day save, completion); in this
// order it also serves "the last workout of exercise X on day Y" (equality on the first three, highest round).
progressEntrySchema.index(
  { userId: 1, workoutDayId: 1, exerciseId: 1, round: 1, setId: 1 },
  { unique: true, name: 'one_entry_per_performed_set' },
);
// GET /api/progress: all of a user's entries, oldest first.
progressEntrySchema.index({ userId: 1, date: 1 });

export function progressEntryModel(connection: Connection): ProgressEntryModel {
  return (
    (connection.models.ProgressEntry as ProgressEntryModel | undefined) ??
    connection.model<ProgressEntryFields>('ProgressEntry', progressEntrySchema)
  );
}
