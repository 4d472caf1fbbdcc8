import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { SYNC_OPERATION_TYPES, type SyncOperationType } from '@hit/contracts';

/**
 * Operation ids are kept this long: an outbox drops an operation once it has its answer, so a replay comes within
 * minutes or days; an older one is applied again, which every operation but resetDay survives unchanged.
 */
export const SYNC_OPERATION_RETENTION_DAYS = 90;

/** What an outbox operation did the first time: a replay of its id answers this without applying it again. */
export interface SyncOutcomeFields {
  status: 'applied' | 'rejected';
  /** applied: the one-line conflict explanation, if the server's state had moved meanwhile. */
  note: string | null;
  /** rejected: why (400, permanent). */
  message: string | null;
}

/** An outbox operation the api has answered for good (applied or rejected); one per user and client-made id. */
export interface SyncOperationFields {
  _id: Types.ObjectId;
  userId: Types.ObjectId;
  opId: string;
  /** The operation's type, when it was readable (a rejected operation may have none). */
  type: SyncOperationType | null;
  outcome: SyncOutcomeFields;
  recordedAt: Date;
}

export type SyncOperationModel = Model<SyncOperationFields>;

const syncOutcomeSchema = new Schema<SyncOutcomeFields>(
  {
    status: { type: String, enum: ['applied', 'rejected'], required: true },
    note: { type: String, default: null },
    message: { type: String, default: null },
  },
  { _id: false },
);

const syncOperationSchema = new Schema<SyncOperationFields>(
  {
    userId: { type: Schema.Types.ObjectId, required: true },
    opId: { type: String, required: true },
    type: { type: String, enum: [...SYNC_OPERATION_TYPES, null], default: null },
    outcome: { type: syncOutcomeSchema, required: true },
    recordedAt: { type: Date, required: true },
  },
  { collection: 'syncoperations', versionKey: false },
);
// A replayed id (same batch twice, two tabs, a cut batch re-sent) finds its first answer; also the per-user lookup.
syncOperationSchema.index({ userId: 1, opId: 1 }, { unique: true, name: 'one_answer_per_operation' });
syncOperationSchema.index({ recordedAt: 1 }, { expireAfterSeconds: SYNC_OPERATION_RETENTION_DAYS * 24 * 60 * 60 });

export function syncOperationModel(connection: Connection): SyncOperationModel {
  return (
    (connection.models.SyncOperation as SyncOperationModel | undefined) ??
    connection.model<SyncOperationFields>('SyncOperation', syncOperationSchema)
  );
}
