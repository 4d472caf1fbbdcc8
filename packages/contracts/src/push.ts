import { z } from 'zod';

/**
 * The rest-over alert by Web Push (issue #22): the browser subscribes with the api's VAPID public key, the api keeps
 * the subscription per user and device, and each rest that starts schedules one push for its end, sent by the api
 * (any process) from MongoDB. The service worker shows it; the page beeps as before when it is alive.
 */

// The alert's words live in the zod-free rules (`@hit/contracts/rules`), which the browser bundles import.
export {
  REST_ALERT_OFFER,
  REST_ALERT_UNAVAILABLE,
  restOverTitle,
  type RestAlertUnavailableReason,
} from './rules/restAlerts';

/** Notification tag and Web Push topic: a newer rest-over alert replaces an older one, on screen and in the queue. */
export const REST_ALERT_TAG = 'hit-rest-over';
/** Seconds a push service keeps an undelivered rest-over alert: a late alert is worse than none. */
export const REST_ALERT_TTL_SECONDS = 60;
/** A due push not sent within this long (the api was down) is dropped, never sent late. */
export const REST_ALERT_LATE_MS = 60_000;
/** The longest rest the api schedules a push for (the spec's rest is 3 minutes; a paused one resumes with less). */
export const REST_ALERT_MAX_AHEAD_MS = 60 * 60_000;

/** A device as this app names it: a random UUID kept in the browser's storage (not a secret). */
export const deviceIdSchema = z.uuid({ error: 'must be a device id (a UUID)' });

const base64url = z
  .string({ error: 'must be a string' })
  .min(1, { error: 'must not be empty' })
  .max(512, { error: 'must be at most 512 characters' })
  .regex(/^[A-Za-z0-9_-]+=*$/, { error: 'must be base64url' });

/** The latest time a JavaScript Date holds (ECMA-262 §21.4.1.1): 100 million days after the epoch. */
const MAX_DATE_MS = 8.64e15;

/** A browser's PushSubscription as `subscription.toJSON()` gives it (only https push services). */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .max(2048, { error: 'must be at most 2048 characters' }),
  // Milliseconds since the epoch (a DOMHighResTimeStamp), within what a Date holds: a larger one cannot be stored.
  expirationTime: z
    .number({ error: 'must be a time in milliseconds or null' })
    .min(0, { error: 'must be a time in milliseconds or null' })
    .max(MAX_DATE_MS, { error: 'must be a time in milliseconds or null' })
    .nullable()
    .optional(),
  keys: z.strictObject({ p256dh: base64url, auth: base64url }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

/** PUT /api/push/subscription: this device's subscription (replaces the device's earlier one). 204. */
export const savePushSubscriptionBodySchema = z.strictObject({
  deviceId: deviceIdSchema,
  subscription: pushSubscriptionSchema,
});
export type SavePushSubscriptionBody = z.infer<typeof savePushSubscriptionBodySchema>;

/** GET /api/push/key: the api's VAPID public key (base64url), for `pushManager.subscribe`. */
export interface PushKey {
  publicKey: string;
}

/**
 * PUT /api/push/rest: the rest running on this device ends at `endsAt`; the push names what comes next. Replaces
 * the device's scheduled rest (a resumed rest is scheduled again). 404 when the device has no subscription.
 * Answers `{ dueAt }`. DELETE /api/push/rest/:deviceId cancels it (pause, skip, undo, exit, completion). 204.
 */
export const scheduleRestAlertBodySchema = z.strictObject({
  deviceId: deviceIdSchema,
  endsAt: z.iso.datetime({ error: 'must be an ISO date-time' }),
  next: z.strictObject({
    set: z.string().trim().min(1, { error: 'must not be empty' }).max(60, { error: 'must be at most 60 characters' }),
    exercise: z
      .string()
      .trim()
      .min(1, { error: 'must not be empty' })
      .max(100, { error: 'must be at most 100 characters' }),
  }),
});
export type ScheduleRestAlertBody = z.infer<typeof scheduleRestAlertBodySchema>;

/** PUT /api/push/rest's answer: when the api will send the alert (ISO; the rest's end). */
export interface RestAlertScheduled {
  dueAt: string;
}

/** What the api pushes (encrypted) and the service worker reads. */
export interface RestAlertPayload {
  type: 'rest-over';
  title: string;
  /** When the rest ended (ISO): the worker drops an alert that arrives long after it. */
  endsAt: string;
  /** Where tapping the notification goes. */
  url: '/home';
}
