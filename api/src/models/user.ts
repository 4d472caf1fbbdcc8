import { Schema, type Connection, type HydratedDocument, type Model, type Types } from 'mongoose';
import {
  SUBSCRIPTION_STATUSES,
  WEIGHT_UNITS,
  type PlateSettingsBody,
  type SubscriptionStatusValue,
  type WeightUnit,
} from '@hit/contracts';

export interface UserSubscription {
  status: SubscriptionStatusValue | null;
  periodEnd: Date | null;
  provider: 'stripe' | 'demo' | null;
  customerId: string | null;
  subscriptionId: string | null;
  /** When the stored state was true at the provider (webhook event time or sync time): older news never overwrites it. */
  syncedAt: Date | null;
}

export interface UserFields {
  _id: Types.ObjectId;
  email: string;
  /** `scrypt$N$r$p$salt$hash` (see auth/password.ts); never leaves the server. */
  passwordHash: string;
  firstName: string | null;
  lastName: string | null;
  createdAt: Date;
  trialEndsAt: Date;
  /** Last day with an authenticated request (recorded at most daily), for the retention rule. */
  lastActiveAt: Date;
  /** True once any payment went through: paid accounts are never deleted for inactivity. */
  hasPaid: boolean;
  subscription: UserSubscription;
  /**
   * The unit the lifter last used (services/weightUnit.ts): 'lbs' for a new account and for one stored before the
   * field existed (no document is rewritten for it; the next completed set or analytics choice stores it).
   */
  weightUnit: WeightUnit;
  /** When `weightUnit` was last chosen (a set's completion time or the toggle's): an older set never overrides it. */
  weightUnitAt: Date | null;
  /** The bar, sled and plates the lifter has (issue #19); null until edited, when the defaults stand. */
  plateSettings: PlateSettingsBody | null;
  /** Numbers the reads that copy the user into their sessions (auth/sessionUser.ts); bumped by each such read. */
  sessionRev: number;
  /** When the last password reset e-mail went out (services/passwords.ts: one per RESET_MAIL_INTERVAL_MS). */
  passwordResetMailedAt: Date | null;
}

export type UserDocument = HydratedDocument<UserFields>;
export type UserModel = Model<UserFields>;

const subscriptionSchema = new Schema<UserSubscription>(
  {
    status: { type: String, enum: [...SUBSCRIPTION_STATUSES, null], default: null },
    periodEnd: { type: Date, default: null },
    provider: { type: String, enum: ['stripe', 'demo', null], default: null },
    customerId: { type: String, default: null },
    subscriptionId: { type: String, default: null },
    syncedAt: { type: Date, default: null },
  },
  { _id: false },
);

const userSchema = new Schema<UserFields>(
  {
    email: { type: String, required: true, unique: true },
    passwordHash: { type: String, required: true },
    firstName: { type: String, default: null },
    lastName: { type: String, default: null },
    trialEndsAt: { type: Date, required: true },
    lastActiveAt: { type: Date, required: true },
    hasPaid: { type: Boolean, default: false },
    subscription: { type: subscriptionSchema, default: () => ({}) },
    weightUnit: { type: String, enum: WEIGHT_UNITS, default: 'lbs' },
    weightUnitAt: { type: Date, default: null },
    plateSettings: { type: Schema.Types.Mixed, default: null },
    sessionRev: { type: Number, default: 0 },
    passwordResetMailedAt: { type: Date, default: null },
  },
  { timestamps: { createdAt: true, updatedAt: false } },
);
userSchema.index({ 'subscription.customerId': 1 }, { sparse: true });
userSchema.index({ lastActiveAt: 1 });

export function userModel(connection: Connection): UserModel {
  return (connection.models.User as UserModel | undefined) ?? connection.model<UserFields>('User', userSchema);
}
