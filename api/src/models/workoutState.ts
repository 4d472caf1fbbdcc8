import { Schema, type Connection, type Model, type Types } from 'mongoose';

export interface WorkoutStateFields {
  _id: Types.ObjectId;
  userId: Types.ObjectId;
  cycleCount: number;
  nextRecommendedDay: number;
}

export type WorkoutStateModel = Model<WorkoutStateFields>;

const workoutStateSchema = new Schema<WorkoutStateFields>(
  {
    userId: { type: Schema.Types.ObjectId, required: true },
    cycleCount: { type: Number, required: true },
    nextRecommendedDay: { type: Number, required: true },
  },
  { collection: 'workoutstates' },
);
workoutStateSchema.index({ userId: 1 }, { unique: true });

export function workoutStateModel(connection: Connection): WorkoutStateModel {
  return (
    (connection.models.WorkoutState as WorkoutStateModel | undefined) ??
    connection.model<WorkoutStateFields>('WorkoutState', workoutStateSchema)
  );
}
