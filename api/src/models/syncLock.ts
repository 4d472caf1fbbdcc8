import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * One sync batch at a time per user, across every api process: two tabs sending the same outbox must not apply
 * an older autosave over a newer one. A lease, so a process that died holding it blocks nobody for long.
 */
export interface SyncLockFields {
  _id: Types.ObjectId;
  userId: Types.ObjectId;
  /** A random token of the request holding it: only that request releases it. */
  holder: string;
  expiresAt: Date;
}

export type SyncLockModel = Model<SyncLockFields>;

const syncLockSchema = new Schema<SyncLockFields>(
  {
    userId: { type: Schema.Types.ObjectId, required: true },
    holder: { type: String, required: true },
    expiresAt: { type: Date, required: true },
  },
  { collection: 'synclocks', versionKey: false },
);
// Taking a held lock upserts a second document for the user and fails with E11000: that is the "busy" signal.
syncLockSchema.index({ userId: 1 }, { unique: true, name: 'one_sync_at_a_time' });

export function syncLockModel(connection: Connection): SyncLockModel {
  return (
    (connection.models.SyncLock as SyncLockModel | undefined) ??
    connection.model<SyncLockFields>('SyncLock', syncLockSchema)
  );
}
