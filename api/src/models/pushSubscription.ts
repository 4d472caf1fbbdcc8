import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * A browser's Web Push subscription (issue #22), one per user and device (the device's random id, kept in its
 * storage). `sessionKey` is the SHA-256 of the login session that saved it: signing that session out (logout, a
 * password change or reset elsewhere, the account's deletion) removes it, so a signed-out device gets no alerts.
 */
export interface PushSubscriptionFields {
  _id: Types.ObjectId;
  userId: Types.ObjectId;
  deviceId: string;
  /** The push service's URL for this browser, checked against PUSH_SERVICE_HOSTS when saved and when used. */
  endpoint: string;
  keys: { p256dh: string; auth: string };
  expirationTime: Date | null;
  sessionKey: string;
  /** When the device last saved it: of two subscriptions with one endpoint, the later one is the browser's. */
  savedAt: Date;
  /**
   * The api's VAPID public key when it was saved (the key the browser subscribed with: it asks GET /api/push/key just
   * before). Under another key the push service refuses every push to it (401/403), so it is dropped and the device,
   * told 404, subscribes again. Absent on subscriptions saved before it was kept: those are used as they are.
   */
  vapidPublicKey?: string;
}

/** True when the subscription is known to be made for another VAPID key than `publicKey`. */
export function madeForAnotherKey(subscription: Pick<PushSubscriptionFields, 'vapidPublicKey'>, publicKey: string) {
  return typeof subscription.vapidPublicKey === 'string' && subscription.vapidPublicKey !== publicKey;
}

export type PushSubscriptionModel = Model<PushSubscriptionFields>;

/** The most devices a user keeps subscriptions for: saving another drops the one saved longest ago. */
export const MAX_PUSH_DEVICES_PER_USER = 20;

const keysSchema = new Schema<PushSubscriptionFields['keys']>(
  {
    p256dh: { type: String, required: true, maxlength: 512 },
    auth: { type: String, required: true, maxlength: 512 },
  },
  { _id: false },
);

const pushSubscriptionSchema = new Schema<PushSubscriptionFields>(
  {
    userId: { type: Schema.Types.ObjectId, required: true },
    deviceId: { type: String, required: true, maxlength: 64 },
    endpoint: { type: String, required: true, maxlength: 2048 },
    keys: { type: keysSchema, required: true },
    expirationTime: { type: Date, default: null },
    sessionKey: { type: String, required: true },
    savedAt: { type: Date, required: true },
    vapidPublicKey: { type: String, maxlength: 128 },
  },
  { collection: 'pushsubscriptions', versionKey: false },
);
// One per device of a user; every request's query starts with the user.
pushSubscriptionSchema.index({ userId: 1, deviceId: 1 }, { unique: true, name: 'one_per_device' });
// The sender checks that no later sign-in on the same browser took the endpoint over.
pushSubscriptionSchema.index({ endpoint: 1 }, { name: 'by_endpoint' });

export function pushSubscriptionModel(connection: Connection): PushSubscriptionModel {
  return (
    (connection.models.PushSubscription as PushSubscriptionModel | undefined) ??
    connection.model<PushSubscriptionFields>('PushSubscription', pushSubscriptionSchema)
  );
}
