import { Schema, type Connection, type Model } from 'mongoose';

/** Stripe retries a webhook for up to 3 days; ids are kept well beyond that, then expire. */
export const PROCESSED_EVENT_RETENTION_DAYS = 30;

/** A provider webhook event already handled: its id is the document's _id, so a repeat fails with E11000. */
export interface ProcessedEventFields {
  _id: string;
  type: string;
  processedAt: Date;
}

export type ProcessedEventModel = Model<ProcessedEventFields>;

const processedEventSchema = new Schema<ProcessedEventFields>(
  {
    _id: { type: String, required: true },
    type: { type: String, required: true },
    processedAt: { type: Date, required: true },
  },
  { versionKey: false },
);
processedEventSchema.index({ processedAt: 1 }, { expireAfterSeconds: PROCESSED_EVENT_RETENTION_DAYS * 24 * 60 * 60 });

export function processedEventModel(connection: Connection): ProcessedEventModel {
  return (
    (connection.models.ProcessedEvent as ProcessedEventModel | undefined) ??
    connection.model<ProcessedEventFields>('ProcessedEvent', processedEventSchema)
  );
}
