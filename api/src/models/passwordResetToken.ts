import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * A password reset link sent by e-mail. `_id` is the SHA-256 of the link's token (the token itself is never stored);
 * `usedAt` is set by the one reset that consumes it, so the link works once.
 */
export interface PasswordResetTokenFields {
  _id: string;
  userId: Types.ObjectId;
  expiresAt: Date;
  usedAt: Date | null;
}

export type PasswordResetTokenModel = Model<PasswordResetTokenFields>;

/** Kept this long after expiring, so a late click hears "expired" rather than "not valid"; then the database drops it. */
export const EXPIRED_RESET_TOKEN_KEPT_SECONDS = 24 * 60 * 60;

const passwordResetTokenSchema = new Schema<PasswordResetTokenFields>(
  {
    _id: { type: String, required: true },
    userId: { type: Schema.Types.ObjectId, required: true, index: true },
    expiresAt: { type: Date, required: true },
    usedAt: { type: Date, default: null },
  },
  { versionKey: false },
);
// Code still checks expiresAt: TTL removal runs only periodically.
passwordResetTokenSchema.index({ expiresAt: 1 }, { expireAfterSeconds: EXPIRED_RESET_TOKEN_KEPT_SECONDS });

export function passwordResetTokenModel(connection: Connection): PasswordResetTokenModel {
  return (
    (connection.models.PasswordResetToken as PasswordResetTokenModel | undefined) ??
    connection.model<PasswordResetTokenFields>('PasswordResetToken', passwordResetTokenSchema)
  );
}
