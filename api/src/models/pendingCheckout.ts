import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * A demo checkout started but not yet confirmed. `_id` is the SHA-256 of the token in the checkout URL (the token
 * itself is never stored); deleting the document on confirmation makes the token single-use.
 */
export interface PendingCheckoutFields {
  _id: string;
  userId: Types.ObjectId;
  billingEmail: string;
  expiresAt: Date;
}

export type PendingCheckoutModel = Model<PendingCheckoutFields>;

const pendingCheckoutSchema = new Schema<PendingCheckoutFields>(
  {
    _id: { type: String, required: true },
    userId: { type: Schema.Types.ObjectId, required: true, index: true },
    billingEmail: { type: String, required: true },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false },
);
// The database removes abandoned checkouts; code still checks expiresAt because TTL removal runs only periodically.
pendingCheckoutSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export function pendingCheckoutModel(connection: Connection): PendingCheckoutModel {
  return (
    (connection.models.PendingCheckout as PendingCheckoutModel | undefined) ??
    connection.model<PendingCheckoutFields>('PendingCheckout', pendingCheckoutSchema)
  );
}
