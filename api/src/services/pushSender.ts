/**
 * Sends the scheduled rest-over alerts (issue #22). Every api process runs one: it reads the next due alert from
 * MongoDB at least every `pollMs` (alerts other processes scheduled) and sets a timer for it, and wakes at once for
 * an alert its own process schedules. A due alert is claimed by deleting it (findOneAndDelete), so of several
 * processes exactly one sends it, and never twice. One due more than REST_ALERT_LATE_MS ago (no process was running)
 * is dropped: a late alert is worse than none. A subscription the push service says is gone (404, 410) is deleted;
 * any other failure is logged and the alert dropped, never retried late.
 *
 * The client chose the endpoint: besides the check of its URL (push.ts, endpointRefusal), the sender connects only to
 * public addresses, whatever a push service's name resolves to when the alert is sent (a DNS answer can change after
 * the subscription was saved). PUSH_TEST_SERVICE's host and port alone is reached however it resolves.
 */
import dns, { type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { trusted } from 'mongoose';
import type webpush from 'web-push';
import {
  REST_ALERT_LATE_MS,
  REST_ALERT_TAG,
  REST_ALERT_TTL_SECONDS,
  type PushSubscriptionJson,
  type RestAlertPayload,
} from '@hit/contracts';
import type { PushConfig } from '../config';
import { logger } from '../logger';
import { madeForAnotherKey, type PushSubscriptionFields, type PushSubscriptionModel } from '../models/pushSubscription';
import type { ScheduledPushFields, ScheduledPushModel } from '../models/scheduledPush';
import type { VapidKeys } from '../vapid';
import { endpointRefusal, ipOfHostname, isPublicAddress, isTestServiceUrl } from './push';

/** How often a process looks for alerts that other processes scheduled. */
export const PUSH_POLL_MS = 400;
/** A push service that has not answered by then has failed (the alert is dropped). */
export const PUSH_REQUEST_TIMEOUT_MS = 10_000;

export const NON_PUBLIC_ADDRESS_WARNING = 'rest-over alert not sent: the push service has no public address';

/** Resolves a host name to its addresses, as dns.lookup with `all: true` does. */
export type ResolveHost = (hostname: string, options: dns.LookupOptions) => Promise<LookupAddress[]>;

const systemResolve: ResolveHost = (hostname, options) => dns.promises.lookup(hostname, { ...options, all: true });

/** The sender refused to connect: the push service's name resolved to no public address. */
export class NonPublicAddressError extends Error {
  override name = 'NonPublicAddressError';
  readonly code = 'ERR_PUSH_ADDRESS_NOT_PUBLIC';
  constructor(
    readonly hostname: string,
    readonly addresses: string[],
  ) {
    super(`${hostname} resolves to no public address (${addresses.join(', ') || 'none'})`);
  }
}

/**
 * A look-up for net.connect that keeps only the public addresses a name resolves to (isPublicAddress), and fails with
 * NonPublicAddressError when none is left: the socket then never connects. It is asked at every new connection, so
 * a name that resolved to a public address when the subscription was saved and to loopback now is refused now.
 */
export function publicAddressLookup(resolve: ResolveHost = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, options).then(
      (addresses) => {
        const allowed = addresses.filter(({ address }) => isPublicAddress(address));
        if (allowed.length === 0) {
          callback(
            new NonPublicAddressError(
              hostname,
              addresses.map(({ address }) => address),
            ),
            '',
          );
        } else if (options.all) {
          callback(null, allowed);
        } else {
          callback(null, allowed[0].address, allowed[0].family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

export interface PushSenderOptions {
  pollMs?: number;
  requestTimeoutMs?: number;
  /** How push services' names are resolved before connecting (default: the system's, dns.lookup). */
  resolve?: ResolveHost;
}

export interface PushSender {
  /** Stops looking, and resolves once the alerts being sent are done. */
  stop(): Promise<void>;
}

interface PushSenderDeps {
  PushSubscription: PushSubscriptionModel;
  ScheduledPush: ScheduledPushModel;
  config: { push: Pick<PushConfig, 'serviceHosts' | 'testService'> };
  vapid: () => VapidKeys;
  /** Subscribes to the alerts this process schedules (PushService.onScheduled); returns the unsubscribe. */
  onScheduled: (listener: (dueAt: Date) => void) => () => void;
}

/** What a push service answered: its status, or why there was no answer. */
type Delivery = { status: number } | { error: Error };

interface Agents {
  http: http.Agent;
  https: https.Agent;
}

/**
 * POSTs the request web-push prepared (encrypted payload, VAPID header) with no redirect followed: through `guarded`
 * (public addresses only), or `testService` for PUSH_TEST_SERVICE's host and port.
 */
function post(
  details: webpush.RequestDetails,
  agents: { guarded: Agents; testService: Agents },
  push: Pick<PushConfig, 'testService'>,
  timeoutMs: number,
): Promise<Delivery> {
  return new Promise((resolve) => {
    const url = new URL(details.endpoint);
    const secure = url.protocol === 'https:';
    const testService = isTestServiceUrl(url, push.testService);
    // An address in the URL is connected to without a look-up: it is checked here instead.
    const ip = ipOfHostname(url.hostname);
    if (!testService && ip !== null && !isPublicAddress(ip)) {
      resolve({ error: new NonPublicAddressError(url.hostname, [ip]) });
      return;
    }
    const pool = testService ? agents.testService : agents.guarded;
    const send = secure ? https.request : http.request;
    const request = send(
      url,
      {
        method: 'POST',
        headers: details.headers as http.OutgoingHttpHeaders,
        agent: secure ? pool.https : pool.http,
        timeout: timeoutMs,
      },
      (response) => {
        // The body says nothing the status does not: read and dropped.
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
        response.on('error', (error) => resolve({ error }));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', (error) => resolve({ error }));
    request.end(details.body ?? undefined);
  });
}

export function startPushSender(
  { PushSubscription, ScheduledPush, config, vapid, onScheduled }: PushSenderDeps,
  { pollMs = PUSH_POLL_MS, requestTimeoutMs = PUSH_REQUEST_TIMEOUT_MS, resolve }: PushSenderOptions = {},
): PushSender {
  // Two pools: the guarded one connects to public addresses only; the other carries PUSH_TEST_SERVICE's alone.
  const lookup = publicAddressLookup(resolve);
  const agents = {
    guarded: { http: new http.Agent({ keepAlive: true, lookup }), https: new https.Agent({ keepAlive: true, lookup }) },
    testService: { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) },
  };
  const deliveries = new Set<Promise<void>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Infinity;
  let pass: Promise<void> | undefined;
  let again = false;
  let databaseFailing = false;

  /** Runs a pass at `at` (ms), unless one is already planned sooner. */
  function wakeAt(at: number): void {
    if (stopped || at >= timerAt) return;
    if (timer) clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(
      () => {
        timer = undefined;
        timerAt = Infinity;
        run();
      },
      Math.max(0, at - Date.now()),
    );
  }

  /** One pass at a time; a wake-up during one runs another right after it. */
  function run(): void {
    if (pass) {
      again = true;
      return;
    }
    pass = (async () => {
      do {
        again = false;
        await sendDue();
      } while (again && !stopped);
    })().finally(() => (pass = undefined));
  }

  /** Claims and sends every due alert, then plans the next pass: the next due one, or the next poll. */
  async function sendDue(): Promise<void> {
    let next = Infinity;
    try {
      for (;;) {
        if (stopped) return;
        const first = await ScheduledPush.findOne({}, { dueAt: 1 }).sort({ dueAt: 1 }).lean();
        if (!first) break;
        if (first.dueAt.getTime() > Date.now()) {
          next = first.dueAt.getTime();
          break;
        }
        const claimed = await ScheduledPush.findOneAndDelete(
          { dueAt: trusted({ $lte: new Date() }) },
          { sort: { dueAt: 1 } },
        ).lean();
        // Another process claimed it first.
        if (!claimed) continue;
        const late = Date.now() - claimed.dueAt.getTime();
        if (late > REST_ALERT_LATE_MS) {
          logger.warn('rest-over alert dropped: it was due too long ago', {
            userId: claimed.userId,
            lateMs: late,
          });
          continue;
        }
        const delivery = deliver(claimed).finally(() => deliveries.delete(delivery));
        deliveries.add(delivery);
      }
      if (databaseFailing) logger.info('push sender: the database answers again');
      databaseFailing = false;
    } catch (error) {
      // Said once per outage; the polling carries on and sends what is still on time once the database is back.
      if (!databaseFailing) logger.warn('push sender: could not read the scheduled alerts', { error });
      databaseFailing = true;
    } finally {
      wakeAt(Math.min(Date.now() + pollMs, next));
    }
  }

  async function deliver(alert: ScheduledPushFields): Promise<void> {
    try {
      const subscription = await PushSubscription.findOne({ userId: alert.userId, deviceId: alert.deviceId }).lean();
      if (!subscription) return;
      if (await supersededOrUnusable(subscription)) return;
      const payload: RestAlertPayload = {
        type: 'rest-over',
        title: alert.title,
        endsAt: alert.dueAt.toISOString(),
        url: '/home',
      };
      const { publicKey, privateKey, subject } = vapid();
      const json: PushSubscriptionJson = { endpoint: subscription.endpoint, keys: subscription.keys };
      // Loaded with the first alert: web-push and its crypto dependencies take about 10 MB a process never sending one.
      const { default: webPush } = await import('web-push');
      const details = webPush.generateRequestDetails(json, JSON.stringify(payload), {
        vapidDetails: { subject, publicKey, privateKey },
        TTL: REST_ALERT_TTL_SECONDS,
        urgency: 'high',
        topic: REST_ALERT_TAG,
        contentEncoding: 'aes128gcm',
      });
      const answer = await post(details, agents, config.push, requestTimeoutMs);
      const where = { userId: alert.userId, host: new URL(subscription.endpoint).host };
      if ('error' in answer && answer.error instanceof NonPublicAddressError) {
        // Kept, not deleted: the user would otherwise learn from their device list whether a name resolves to an
        // internal address, and a push service's DNS briefly answering one must not unsubscribe its devices.
        logger.warn(NON_PUBLIC_ADDRESS_WARNING, { ...where, addresses: answer.error.addresses });
      } else if ('error' in answer) {
        logger.warn('rest-over alert not sent: the push service did not answer', { ...where, error: answer.error });
      } else if (answer.status === 404 || answer.status === 410) {
        // The browser unsubscribed or the subscription expired: it will never take an alert again.
        await PushSubscription.deleteOne({ _id: subscription._id, userId: subscription.userId });
        logger.info('push subscription gone at its push service: deleted', { ...where, status: answer.status });
      } else if (answer.status < 200 || answer.status > 299) {
        logger.warn('rest-over alert refused by the push service', { ...where, status: answer.status });
      }
    } catch (error) {
      logger.error('rest-over alert not sent', { userId: alert.userId, error });
    }
  }

  /**
   * True (and the subscription deleted) when it must not be used: a later sign-in on the same browser saved the same
   * endpoint (that browser is someone else's now, or the device got a new id), it has expired, or it was made for an
   * earlier VAPID key (the push service would refuse it; the device subscribes again when told 404). True without
   * deleting it when its endpoint is no longer allowed (PUSH_SERVICE_HOSTS changed).
   */
  async function supersededOrUnusable(subscription: PushSubscriptionFields): Promise<boolean> {
    const refused = endpointRefusal(subscription.endpoint, config.push);
    if (refused) {
      logger.warn('rest-over alert not sent: the endpoint is not an allowed push service', {
        userId: subscription.userId,
      });
      return true;
    }
    const expired = subscription.expirationTime !== null && subscription.expirationTime.getTime() <= Date.now();
    const superseded =
      expired ||
      madeForAnotherKey(subscription, vapid().publicKey) ||
      (await PushSubscription.exists({
        endpoint: subscription.endpoint,
        savedAt: trusted({ $gt: subscription.savedAt }),
      })) !== null;
    if (superseded) await PushSubscription.deleteOne({ _id: subscription._id, userId: subscription.userId });
    return superseded;
  }

  const unsubscribe = onScheduled((dueAt) => wakeAt(dueAt.getTime()));
  run();

  return {
    async stop() {
      stopped = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
      timer = undefined;
      await pass;
      await Promise.allSettled([...deliveries]);
      for (const pool of [agents.guarded, agents.testService]) {
        pool.http.destroy();
        pool.https.destroy();
      }
    },
  };
}
