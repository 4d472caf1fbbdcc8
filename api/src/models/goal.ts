import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { WEIGHT_UNITS, type WeightUnit } from '@hit/contracts';

/** A lifter's goal (issue #19): a target weight for at least `reps` reps on one exercise. */
export interface GoalFields {
  _id: Types.ObjectId;
  userId: Types.ObjectId;
  exerciseId: number;
  /** The exercise's name when the goal was set (shown; the id is what matches sets). */
  exerciseName: string;
  weight: number;
  unit: WeightUnit;
  reps: number;
  /** YYYY-MM-DD, or null without a target date. */
  targetDate: string | null;
  createdAt: Date;
  /** The completion date of the first working set that met it, once one did. */
  achievedAt: Date | null;
  /** True until achieved; a unique partial index keeps at most one open goal per exercise. */
  open: boolean;
}

export type GoalModel = Model<GoalFields>;

const goalSchema = new Schema<GoalFields>(
  {
    userId: { type: Schema.Types.ObjectId, required: true },
    exerciseId: { type: Number, required: true },
    exerciseName: { type: String, required: true },
    weight: { type: Number, required: true },
    unit: { type: String, enum: WEIGHT_UNITS, required: true },
    reps: { type: Number, required: true },
    targetDate: { type: String, default: null },
    createdAt: { type: Date, required: true },
    achievedAt: { type: Date, default: null },
    open: { type: Boolean, required: true },
  },
  { collection: 'goals', versionKey: false },
);
// Two goals set for one exercise at the same moment cannot both stay open: the second insert fails with E11000.
goalSchema.index(
  { userId: 1, exerciseId: 1 },
  { unique: true, partialFilterExpression: { open: true }, name: 'one_open_goal_per_exercise' },
);
// The list of a user's goals, oldest first.
goalSchema.index({ userId: 1, createdAt: 1 });

export function goalModel(connection: Connection): GoalModel {
  return (connection.models.Goal as GoalModel | undefined) ?? connection.model<GoalFields>('Goal', goalSchema);
}
