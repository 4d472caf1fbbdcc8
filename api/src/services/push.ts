/**
 * The rest-over alert by Web Push (issue #22; docs in README, "Configuration"): the devices' subscriptions and the
 * alerts they schedule. Sending is services/pushSender.ts, run by every api process.
 *
 * A subscription belongs to a user's device and to the login session that saved it: when that session ends (logout,
 * a sign-in over it, a password change or reset, the account's deletion) the subscription and its scheduled alert
 * go, so a device that is signed out is never alerted. Every query is scoped by the signed-in user.
 */
import { createHash, ECDH } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { trusted, Types } from 'mongoose';
import type { Db } from 'mongodb';
import {
  REST_ALERT_LATE_MS,
  REST_ALERT_MAX_AHEAD_MS,
  restOverTitle,
  type SavePushSubscriptionBody,
  type ScheduleRestAlertBody,
} from '@hit/contracts';
import type { PushConfig } from '../config';
import { HttpError } from '../errors';
import type { PushSubscriptionModel } from '../models/pushSubscription';
import { madeForAnotherKey, MAX_PUSH_DEVICES_PER_USER } from '../models/pushSubscription';
import type { ScheduledPushModel } from '../models/scheduledPush';
import type { VapidKeys } from '../vapid';

export const PUSH_SUBSCRIPTIONS_COLLECTION = 'pushsubscriptions';
export const SCHEDULED_PUSHES_COLLECTION = 'scheduledpushes';

export const NO_PUSH_SUBSCRIPTION_MESSAGE =
  'This device has no push subscription (save it with PUT /api/push/subscription first)';
export const ENDPOINT_REFUSED_MESSAGE =
  'subscription.endpoint: must be the https address of a known push service (PUSH_SERVICE_HOSTS)';
export const P256DH_REFUSED_MESSAGE = 'subscription.keys.p256dh: must be an uncompressed P-256 public key';
export const AUTH_REFUSED_MESSAGE = 'subscription.keys.auth: must be a 16-byte secret';
export const ENDS_AT_PAST_MESSAGE = `endsAt: must not be more than ${REST_ALERT_LATE_MS / 1000} seconds in the past`;
export const ENDS_AT_AHEAD_MESSAGE = `endsAt: must not be more than ${REST_ALERT_MAX_AHEAD_MS / 60_000} minutes ahead`;

/** How a subscription names the session that saved it: the SHA-256 of the session id (never the id itself). */
export function sessionKeyOf(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
}

/**
 * IPv4 addresses no push service has: IANA's special-purpose registry (this network, private, shared CGNAT space,
 * loopback, link-local, IETF assignments, documentation, 6to4 relays, benchmarking), multicast, and the reserved
 * 240/4 with the broadcast address. BlockList also matches these against IPv4-mapped IPv6 (::ffff:127.0.0.1).
 */
const NOT_PUBLIC_V4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC_V4.addSubnet(network, prefix, 'ipv4');
}
const IPV4_MAPPED = new BlockList();
IPV4_MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6');
/**
 * Global unicast IPv6 is 2000::/3: outside it are unspecified, loopback, IPv4-compatible, NAT64, discard, unique
 * local, link- and site-local and multicast. Inside it, the ranges that are not a host of their own: IETF assignments
 * (Teredo among them), documentation, and 6to4, which embeds an IPv4 address.
 */
const GLOBAL_UNICAST_V6 = new BlockList();
GLOBAL_UNICAST_V6.addSubnet('2000::', 3, 'ipv6');
const NOT_PUBLIC_V6 = new BlockList();
for (const [network, prefix] of [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
] as const) {
  NOT_PUBLIC_V6.addSubnet(network, prefix, 'ipv6');
}

/**
 * Whether `address` (an IP address, IPv6 without brackets) is one the api may send a push to: a public unicast
 * address, not loopback, private, link-local, unspecified, shared, multicast, reserved or documentation.
 */
export function isPublicAddress(address: string): boolean {
  switch (isIP(address)) {
    case 4:
      return !NOT_PUBLIC_V4.check(address, 'ipv4');
    case 6:
      // The IPv6 lists are kept apart from the IPv4 one: BlockList matches IPv6 rules against IPv4 addresses too.
      if (IPV4_MAPPED.check(address, 'ipv6')) return !NOT_PUBLIC_V4.check(address, 'ipv6');
      return GLOBAL_UNICAST_V6.check(address, 'ipv6') && !NOT_PUBLIC_V6.check(address, 'ipv6');
    default:
      return false;
  }
}

/** The address in a URL's hostname when it is one (an IPv6 one comes in brackets), else null. */
export function ipOfHostname(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : null;
}

/** Whether `url` is at the host and port PUSH_TEST_SERVICE names, by http or https. */
export function isTestServiceUrl(url: URL, testService: PushConfig['testService']): boolean {
  if (!testService || (url.protocol !== 'http:' && url.protocol !== 'https:')) return false;
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  return url.hostname === testService.host && port === testService.port;
}

/**
 * Why the api will not POST to `endpoint`, or null when it will. The client chooses the URL, so this is the SSRF
 * guard: https on the default port to a host of PUSH_SERVICE_HOSTS (or a subdomain of one), no credentials in the
 * URL, and never a loopback, private or special IP address (the URL parser has already made 127.1, 0x7f000001 and
 * 2130706433 into 127.0.0.1), in any mode. The one exception is the host and port PUSH_TEST_SERVICE names, outside
 * production (the tests' mock push service). The sender checks the addresses a name resolves to when it connects.
 */
export function endpointRefusal(endpoint: string, push: Pick<PushConfig, 'serviceHosts' | 'testService'>) {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return ENDPOINT_REFUSED_MESSAGE;
  }
  if (url.username || url.password) return ENDPOINT_REFUSED_MESSAGE;
  if (isTestServiceUrl(url, push.testService)) return null;
  const hostname = url.hostname.toLowerCase();
  const ip = ipOfHostname(hostname);
  if (ip !== null && !isPublicAddress(ip)) return ENDPOINT_REFUSED_MESSAGE;
  const known = push.serviceHosts.some((host) => hostname === host || hostname.endsWith(`.${host}`));
  return url.protocol === 'https:' && url.port === '' && known ? null : ENDPOINT_REFUSED_MESSAGE;
}

/** Why the subscription's keys cannot encrypt a push (RFC 8291), or null. */
function keysRefusal(keys: { p256dh: string; auth: string }): string | null {
  const publicKey = Buffer.from(keys.p256dh, 'base64url');
  try {
    if (publicKey.length !== 65 || publicKey[0] !== 4) return P256DH_REFUSED_MESSAGE;
    // Throws for bytes that are not a point on the curve.
    ECDH.convertKey(publicKey, 'prime256v1', undefined, undefined, 'uncompressed');
  } catch {
    return P256DH_REFUSED_MESSAGE;
  }
  return Buffer.from(keys.auth, 'base64url').length === 16 ? null : AUTH_REFUSED_MESSAGE;
}

function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: number })?.code === 11000;
}

/** An upsert on a unique key, once more if another request inserted the same key at the same moment. */
async function upsertOnce<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    return write();
  }
}

interface PushServiceDeps {
  PushSubscription: PushSubscriptionModel;
  ScheduledPush: ScheduledPushModel;
  config: { push: Pick<PushConfig, 'serviceHosts' | 'testService'> };
  /** The VAPID keys, read (or made, outside production) when first needed. */
  vapid: () => VapidKeys;
}

/** Whose subscription: the signed-in user. */
export interface Owner {
  _id: Types.ObjectId;
}

export function createPushService({ PushSubscription, ScheduledPush, config, vapid }: PushServiceDeps) {
  /** Told of each alert this process schedules, so its sender can wake for it (services/pushSender.ts). */
  const scheduledListeners = new Set<(dueAt: Date) => void>();

  return {
    publicKey(): string {
      return vapid().publicKey;
    },

    /** The device's subscription, saved by this session (it replaces the device's earlier one). */
    async saveSubscription(user: Owner, sessionId: string, body: SavePushSubscriptionBody): Promise<void> {
      const { endpoint, keys, expirationTime } = body.subscription;
      const refused = endpointRefusal(endpoint, config.push) ?? keysRefusal(keys);
      if (refused) throw new HttpError(400, refused);
      const now = new Date();
      await upsertOnce(() =>
        PushSubscription.updateOne(
          { userId: user._id, deviceId: body.deviceId },
          {
            $set: {
              endpoint,
              keys: { p256dh: keys.p256dh, auth: keys.auth },
              expirationTime: typeof expirationTime === 'number' ? new Date(expirationTime) : null,
              sessionKey: sessionKeyOf(sessionId),
              savedAt: now,
              vapidPublicKey: vapid().publicKey,
            },
          },
          { upsert: true },
        ),
      );
      // A client inventing device ids cannot grow its list without end: the devices saved longest ago go.
      const stale = await PushSubscription.find({ userId: user._id }, { deviceId: 1 })
        .sort({ savedAt: -1 })
        .skip(MAX_PUSH_DEVICES_PER_USER)
        .lean();
      if (stale.length > 0) {
        const deviceIds = stale.map((subscription) => subscription.deviceId);
        // trusted: mongoose's sanitizeFilter would otherwise turn these operators into values.
        await PushSubscription.deleteMany({ userId: user._id, _id: trusted({ $in: stale.map((s) => s._id) }) });
        await ScheduledPush.deleteMany({ userId: user._id, deviceId: trusted({ $in: deviceIds }) });
      }
    },

    /** The device no longer wants alerts: its subscription and scheduled alert go. */
    async deleteSubscription(user: Owner, deviceId: string): Promise<void> {
      await PushSubscription.deleteOne({ userId: user._id, deviceId });
      await ScheduledPush.deleteOne({ userId: user._id, deviceId });
    },

    /**
     * One alert at the rest's end for the device, replacing the one it had (a resumed rest is scheduled again).
     * 404 when the device has no subscription of this user, or one made for an earlier VAPID key (it is dropped: the
     * device then subscribes again with the current key). Answers when it is due.
     */
    async scheduleRest(user: Owner, body: ScheduleRestAlertBody, now = new Date()): Promise<Date> {
      const dueAt = new Date(body.endsAt);
      if (dueAt.getTime() < now.getTime() - REST_ALERT_LATE_MS) throw new HttpError(400, ENDS_AT_PAST_MESSAGE);
      if (dueAt.getTime() > now.getTime() + REST_ALERT_MAX_AHEAD_MS) throw new HttpError(400, ENDS_AT_AHEAD_MESSAGE);
      const subscription = await PushSubscription.findOne(
        { userId: user._id, deviceId: body.deviceId },
        { vapidPublicKey: 1 },
      ).lean();
      if (!subscription) throw new HttpError(404, NO_PUSH_SUBSCRIPTION_MESSAGE);
      if (madeForAnotherKey(subscription, vapid().publicKey)) {
        await PushSubscription.deleteOne({ _id: subscription._id, userId: user._id });
        await ScheduledPush.deleteOne({ userId: user._id, deviceId: body.deviceId });
        throw new HttpError(404, NO_PUSH_SUBSCRIPTION_MESSAGE);
      }
      await upsertOnce(() =>
        ScheduledPush.updateOne(
          { userId: user._id, deviceId: body.deviceId },
          { $set: { dueAt, title: restOverTitle(body.next.set, body.next.exercise), scheduledAt: now } },
          { upsert: true },
        ),
      );
      for (const listener of scheduledListeners) listener(dueAt);
      return dueAt;
    },

    /** The device's scheduled alert, if any, is cancelled (pause, skip, undo, exit, completion). */
    async cancelRest(user: Owner, deviceId: string): Promise<void> {
      await ScheduledPush.deleteOne({ userId: user._id, deviceId });
    },

    /** Calls `listener` with the due time of each alert this process schedules; returns the unsubscribe. */
    onScheduled(listener: (dueAt: Date) => void): () => void {
      scheduledListeners.add(listener);
      return () => scheduledListeners.delete(listener);
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;

/*
 * Signing out, through the driver (the session code works on it, auth/sessionUser.ts): every query names the user.
 */

/** Removes the user's subscriptions matching `filter`, with their scheduled alerts. Resolves with how many. */
async function removeSubscriptions(db: Db, userId: Types.ObjectId, filter: object): Promise<number> {
  const subscriptions = db.collection(PUSH_SUBSCRIPTIONS_COLLECTION);
  const found = await subscriptions.find({ userId, ...filter }, { projection: { _id: 1, deviceId: 1 } }).toArray();
  if (found.length === 0) return 0;
  const { deletedCount } = await subscriptions.deleteMany({ userId, _id: { $in: found.map((s) => s._id) } });
  await db
    .collection(SCHEDULED_PUSHES_COLLECTION)
    .deleteMany({ userId, deviceId: { $in: found.map((s) => s.deviceId as string) } });
  return deletedCount;
}

/** Logout: the subscriptions these sessions of the user saved go (the device is signed out). */
export function forgetPushOfSessions(db: Db, userId: Types.ObjectId | string, sessionIds: string[]): Promise<number> {
  return removeSubscriptions(db, new Types.ObjectId(userId), { sessionKey: { $in: sessionIds.map(sessionKeyOf) } });
}

/**
 * The user is signed out everywhere (but in `exceptSessionId`): every subscription not saved by that session goes,
 * the ones of sessions that already expired included.
 */
export function forgetPushOfUser(
  db: Db,
  userId: Types.ObjectId | string,
  { exceptSessionId }: { exceptSessionId?: string } = {},
): Promise<number> {
  const filter = exceptSessionId ? { sessionKey: { $ne: sessionKeyOf(exceptSessionId) } } : {};
  return removeSubscriptions(db, new Types.ObjectId(userId), filter);
}

/**
 * A sign-in replaced this browser's session (passport regenerates it): the subscriptions the old session saved now
 * belong to the new one when the same user signed in again, and go when someone else did.
 */
export async function pushSessionRenewed(
  db: Db,
  previous: { userId?: Types.ObjectId | string; sessionId: string },
  next: { userId: Types.ObjectId | string; sessionId: string },
): Promise<void> {
  if (!previous.userId || previous.sessionId === next.sessionId) return;
  const previousUser = new Types.ObjectId(previous.userId);
  if (previousUser.equals(new Types.ObjectId(next.userId))) {
    await db
      .collection(PUSH_SUBSCRIPTIONS_COLLECTION)
      .updateMany(
        { userId: previousUser, sessionKey: sessionKeyOf(previous.sessionId) },
        { $set: { sessionKey: sessionKeyOf(next.sessionId) } },
      );
    return;
  }
  await forgetPushOfSessions(db, previousUser, [previous.sessionId]);
}
