// The rest-over alert's browser side (issue #22), loaded with import() only when it is needed (the first rest of a
// workout, the account panel, a sign-in on a device that chose it): what the device can do, turning the alert on and
// off, and the api calls of packages/contracts/src/push.ts. Every api call goes out in the order it was made, so a
// pause's cancel never overtakes the schedule it cancels.
import type { PushKey, SavePushSubscriptionBody, ScheduleRestAlertBody } from '@hit/contracts';
import { REST_ALERT_UNAVAILABLE, type RestAlertUnavailableReason } from '@hit/contracts/rules';
import { ApiError, apiRequest } from '../apiClient';
import { deviceId, restAlertChoice, setRestAlertChoice } from './choice';
import { REST_ALERT_PUSH_FAILED, REST_ALERT_SAVE_FAILED } from './messages';

export type RestAlertAvailability =
  { available: true } | { available: false; reason: RestAlertUnavailableReason; message: string };

/** What the browser offers, read from it (a value, so a test can describe any device). */
export interface PushEnvironment {
  userAgent: string;
  platform: string;
  maxTouchPoints: number;
  /** Opened from the Home Screen (iOS's navigator.standalone) or as an installed app (display-mode standalone). */
  standalone: boolean;
  serviceWorker: boolean;
  pushManager: boolean;
  notification: boolean;
  permission: NotificationPermission | null;
}

export function readPushEnvironment(): PushEnvironment {
  const nav = navigator as Navigator & { standalone?: boolean };
  const displayStandalone =
    typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
  const notification = typeof Notification !== 'undefined';
  return {
    userAgent: nav.userAgent,
    platform: nav.platform,
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    standalone: nav.standalone === true || displayStandalone,
    serviceWorker: 'serviceWorker' in nav && Boolean(nav.serviceWorker),
    pushManager: typeof PushManager !== 'undefined',
    notification,
    permission: notification ? Notification.permission : null,
  };
}

/** An iPhone, iPod or iPad (iPadOS's Safari says it is a Mac, but one with a touch screen). */
export function isAppleMobile({ userAgent, platform, maxTouchPoints }: PushEnvironment): boolean {
  return /\b(iPhone|iPad|iPod)\b/.test(userAgent) || (platform === 'MacIntel' && maxTouchPoints > 1);
}

function unavailable(reason: RestAlertUnavailableReason): RestAlertAvailability {
  return { available: false, reason, message: REST_ALERT_UNAVAILABLE[reason] };
}

/**
 * Whether this device can be alerted with the screen locked. iOS first: its Safari has no Web Push outside a Home
 * Screen app (16.4+), and there the useful sentence is how to get one.
 */
export function restAlertAvailability(environment: PushEnvironment = readPushEnvironment()): RestAlertAvailability {
  if (isAppleMobile(environment) && !environment.standalone) return unavailable('iosNotInstalled');
  if (!environment.serviceWorker || !environment.pushManager || !environment.notification) {
    return unavailable('unsupported');
  }
  if (environment.permission === 'denied') return unavailable('denied');
  return { available: true };
}

/** The app's service worker registration: none in development (`npm run dev` registers none), so no push there. */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator) || !navigator.serviceWorker) return undefined;
  return navigator.serviceWorker.getRegistration();
}

/** restAlertAvailability, and a registered service worker to receive the pushes. */
export async function checkRestAlerts(): Promise<RestAlertAvailability> {
  const availability = restAlertAvailability();
  if (!availability.available) return availability;
  try {
    return (await registration()) ? availability : unavailable('unsupported');
  } catch {
    return unavailable('unsupported');
  }
}

let queue: Promise<unknown> = Promise.resolve();

/** Runs api calls one after another, in the order they were asked for. */
function inTurn<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function sameBytes(buffer: ArrayBuffer | null | undefined, bytes: Uint8Array): boolean {
  if (!buffer || buffer.byteLength !== bytes.length) return false;
  const other = new Uint8Array(buffer);
  return bytes.every((byte, index) => other[index] === byte);
}

/** Failed while the api was being asked (its key, or saving the subscription), not in the browser's push service. */
class SaveFailed extends Error {
  override name = 'SaveFailed';
}

async function api<T>(method: 'GET' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  try {
    return await apiRequest<T>(method, path, body);
  } catch (error) {
    throw new SaveFailed(error instanceof Error ? error.message : String(error));
  }
}

/**
 * This browser's subscription for the api's current key: the one it has when made with that key, else a new one
 * (an older key's is dropped first, as the browser allows one subscription per worker).
 */
async function subscriptionFor(worker: ServiceWorkerRegistration): Promise<PushSubscription> {
  const { publicKey } = await api<PushKey>('GET', '/api/push/key');
  const key = base64UrlBytes(publicKey);
  const existing = await worker.pushManager.getSubscription();
  if (existing && sameBytes(existing.options.applicationServerKey, key)) return existing;
  if (existing) await existing.unsubscribe().catch(() => false);
  return worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** Subscribes (or reuses the subscription) and hands it to the api under this device's id. */
async function saveSubscription(worker: ServiceWorkerRegistration): Promise<void> {
  const subscription = await subscriptionFor(worker);
  const body = {
    deviceId: deviceId(),
    subscription: subscription.toJSON() as SavePushSubscriptionBody['subscription'],
  } satisfies SavePushSubscriptionBody;
  await api('PUT', '/api/push/subscription', body);
}

export type TurnOnResult =
  | { on: true }
  /** `message`: why, in a sentence (null when the lifter only dismissed the browser's question). */
  | { on: false; message: string | null; availability?: RestAlertAvailability };

/**
 * The lifter tapped the offer: the browser's permission question comes first (still inside the tap, as Safari
 * requires), then the subscription, saved by the api. The choice becomes 'on' only once the api has it.
 */
export async function turnOnRestAlerts(): Promise<TurnOnResult> {
  const availability = restAlertAvailability();
  if (!availability.available) return { on: false, message: availability.message, availability };
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission === 'denied') {
    const denied = unavailable('denied');
    return { on: false, message: REST_ALERT_UNAVAILABLE.denied, availability: denied };
  }
  if (permission !== 'granted') return { on: false, message: null };
  const worker = await registration().catch(() => undefined);
  if (!worker) {
    const unsupported = unavailable('unsupported');
    return { on: false, message: REST_ALERT_UNAVAILABLE.unsupported, availability: unsupported };
  }
  try {
    await saveSubscription(worker);
  } catch (error) {
    return { on: false, message: error instanceof SaveFailed ? REST_ALERT_SAVE_FAILED : REST_ALERT_PUSH_FAILED };
  }
  setRestAlertChoice('on');
  return { on: true };
}

/**
 * Off: the choice at once, then the api forgets the device's subscription and the browser drops it (a push service
 * then refuses anything sent to it, so the api's copy dies even when the DELETE could not be sent).
 */
export async function turnOffRestAlerts(): Promise<void> {
  setRestAlertChoice('off');
  await inTurn(() => apiRequest('DELETE', `/api/push/subscription/${deviceId()}`)).catch(() => undefined);
  try {
    const subscription = await (await registration())?.pushManager.getSubscription();
    await subscription?.unsubscribe();
  } catch {
    // Nothing to drop, or the browser would not: the api's copy is gone or will be.
  }
}

/** Saves this device's subscription again, quietly (after a sign-in, or when the api no longer had it). */
export async function resaveSubscription(): Promise<boolean> {
  if (restAlertChoice() !== 'on' || !restAlertAvailability().available) return false;
  if (Notification.permission !== 'granted') return false;
  try {
    const worker = await registration();
    if (!worker) return false;
    await saveSubscription(worker);
    return true;
  } catch {
    return false;
  }
}

/** The running rest, as the api schedules its push: its end and the set the overlay names next. */
export interface RestAlertPlan {
  endsAt: string;
  next: { set: string; exercise: string };
}

/**
 * PUT /api/push/rest. A 404 (the api has no subscription of this device: it dropped a dead one, or this user never
 * saved it here) saves it again once and retries. Any failure means no push for this rest, nothing more.
 */
export function scheduleRestAlert(plan: RestAlertPlan): Promise<void> {
  const body: ScheduleRestAlertBody = { deviceId: deviceId(), endsAt: plan.endsAt, next: plan.next };
  return inTurn(async () => {
    try {
      await apiRequest('PUT', '/api/push/rest', body);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) return;
      if (await resaveSubscription()) await apiRequest('PUT', '/api/push/rest', body);
    }
  }).catch(() => undefined);
}

/** DELETE /api/push/rest/:deviceId: the rest was paused, skipped, undone or left. Quiet when it fails. */
export function cancelRestAlert(): Promise<void> {
  return inTurn(() => apiRequest('DELETE', `/api/push/rest/${deviceId()}`)).then(
    () => undefined,
    () => undefined,
  );
}
