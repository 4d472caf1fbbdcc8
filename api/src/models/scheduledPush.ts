import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * A rest-over alert waiting to be sent (issue #22): one per user and device, replaced when the device schedules its
 * next rest (or the same rest again after a pause) and removed when it cancels. Kept in MongoDB so that any api
 * process sends it and a restart loses none; the process that sends it claims it by deleting it (at most once).
 */
export interface ScheduledPushFields {
  _id: Types.ObjectId;
  userId: Types.ObjectId;
  deviceId: string;
  /** When to send it: the end of the rest. */
  dueAt: Date;
  /** The notification's title: `Rest over — next: <set> of <exercise>`. */
  title: string;
  scheduledAt: Date;
}

export type ScheduledPushModel = Model<ScheduledPushFields>;

/** Left behind when no api process ran for this long after it was due, the database drops it. */
const UNSENT_KEPT_SECONDS = 60 * 60;

const scheduledPushSchema = new Schema<ScheduledPushFields>(
  {
    userId: { type: Schema.Types.ObjectId, required: true },
    deviceId: { type: String, required: true, maxlength: 64 },
    dueAt: { type: Date, required: true },
    title: { type: String, required: true, maxlength: 200 },
    scheduledAt: { type: Date, required: true },
  },
  { collection: 'scheduledpushes', versionKey: false },
);
scheduledPushSchema.index({ userId: 1, deviceId: 1 }, { unique: true, name: 'one_per_device' });
// The senders' query (the next due alert, in due order); the database also drops one nobody sent.
scheduledPushSchema.index({ dueAt: 1 }, { name: 'due_order', expireAfterSeconds: UNSENT_KEPT_SECONDS });

export function scheduledPushModel(connection: Connection): ScheduledPushModel {
  return (
    (connection.models.ScheduledPush as ScheduledPushModel | undefined) ??
    connection.model<ScheduledPushFields>('ScheduledPush', scheduledPushSchema)
  );
}
