import { Schema, type Connection, type Model } from 'mongoose';

/** One rate-limit window of one client (an IP subnet or an e-mail), shared by every api process. */
export interface RateLimitCounterFields {
  /** The limiter's prefix and the client's key, e.g. `login-ip:203.0.113.7`. */
  _id: string;
  hits: number;
  /** When the window ends; the TTL index removes the document soon after. */
  resetAt: Date;
}

export type RateLimitCounterModel = Model<RateLimitCounterFields>;

const rateLimitCounterSchema = new Schema<RateLimitCounterFields>(
  {
    _id: { type: String, required: true },
    hits: { type: Number, required: true },
    resetAt: { type: Date, required: true },
  },
  { collection: 'ratelimits', versionKey: false },
);
rateLimitCounterSchema.index({ resetAt: 1 }, { expireAfterSeconds: 0 });

export function rateLimitCounterModel(connection: Connection): RateLimitCounterModel {
  return (
    (connection.models.RateLimitCounter as RateLimitCounterModel | undefined) ??
    connection.model<RateLimitCounterFields>('RateLimitCounter', rateLimitCounterSchema)
  );
}
