// The rest-over alert in the service worker (issue #22) as pure functions (tested in restAlert.test.ts): whether a push
// becomes a notification, what the notification is, and where tapping it goes. sw.ts only wires them to the events.
import type { RestAlertPayload } from '@hit/contracts';

// Kept equal to REST_ALERT_TAG and REST_ALERT_LATE_MS of @hit/contracts (restAlert.test.ts checks it): a value imported
// from there would bring zod into the worker.
/** One rest-over notification at a time: a newer one replaces the one on screen (and rings again: renotify). */
export const REST_ALERT_TAG = 'hit-rest-over';
/** A push that arrives this long after its rest ended is dropped: a late alert is worse than none. */
export const REST_ALERT_LATE_MS = 60_000;

/** The app's icon (shell/public/icons/, drawn by scripts/draw-icons.js). */
export const REST_ALERT_ICON = '/icons/icon-192.png';
/** Longer than the page's own buzz (200, 100, 200): the phone is in a pocket or on the bench. */
export const REST_ALERT_VIBRATION = [300, 150, 300, 150, 300];
/** The workout screen. */
export const HOME_PATH = '/home';

/** A window of the app, as the worker's clients.matchAll sees it. */
export interface WindowInfo {
  url: string;
  visibilityState: DocumentVisibilityState;
  focused: boolean;
}

/** NotificationOptions as the worker passes them (TypeScript's DOM types lack `renotify` and `vibrate`). */
export interface RestAlertNotificationOptions extends NotificationOptions {
  tag: string;
  renotify: boolean;
  vibrate: number[];
  icon: string;
  data: { url: string };
}

export type PushOutcome =
  | { show: true; title: string; options: RestAlertNotificationOptions }
  | {
      show: false;
      /** Not an alert of this app; over a minute late; the workout page is on screen (it beeps itself). */
      why: 'not-a-rest-alert' | 'late' | 'page-visible';
    };

/** The payload of a rest-over push (RestAlertPayload), or null for anything else. */
export function readRestAlert(data: unknown): RestAlertPayload | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, title, endsAt, url } = data as Record<string, unknown>;
  if (type !== 'rest-over' || typeof title !== 'string' || !title.trim() || typeof endsAt !== 'string') return null;
  if (Number.isNaN(Date.parse(endsAt))) return null;
  return { type, title, endsAt, url: url === HOME_PATH ? url : HOME_PATH };
}

/** A window of this origin showing the workout screen, on screen now. */
function isVisibleHome(window: WindowInfo, origin: string): boolean {
  const url = new URL(window.url, origin);
  return url.origin === origin && url.pathname === HOME_PATH && window.visibilityState === 'visible';
}

/**
 * What a push does: a rest-over alert becomes a notification (tagged, so it replaces the last one, with vibration
 * and the app's icon), unless it is over a minute late or the workout page is visible, where the page beeps itself.
 */
export function restAlertOutcome(
  data: unknown,
  { now, origin, windows }: { now: number; origin: string; windows: readonly WindowInfo[] },
): PushOutcome {
  const payload = readRestAlert(data);
  if (!payload) return { show: false, why: 'not-a-rest-alert' };
  if (now - Date.parse(payload.endsAt) > REST_ALERT_LATE_MS) return { show: false, why: 'late' };
  if (windows.some((window) => isVisibleHome(window, origin))) return { show: false, why: 'page-visible' };
  return {
    show: true,
    title: payload.title,
    options: {
      tag: REST_ALERT_TAG,
      renotify: true,
      vibrate: REST_ALERT_VIBRATION,
      icon: REST_ALERT_ICON,
      data: { url: payload.url },
    },
  };
}

export type ClickAction =
  /** Focus windows[focus]; then, when it shows another page, take it to `navigate`. */
  { focus: number; navigate: string | null } | { open: string };

/**
 * Where tapping the notification goes: the open workout (a window at /home, the visible or focused one first), else
 * any window of the app taken to /home, else a new window at /home.
 */
export function notificationClickAction(
  data: unknown,
  { origin, windows }: { origin: string; windows: readonly WindowInfo[] },
): ClickAction {
  const requested = (data as { url?: unknown } | null)?.url;
  const target = requested === HOME_PATH ? requested : HOME_PATH;
  const ofApp = windows
    .map((window, index) => ({ window, index, url: new URL(window.url, origin) }))
    .filter(({ url }) => url.origin === origin);
  const rank = ({ window }: { window: WindowInfo }) =>
    (window.focused ? 2 : 0) + (window.visibilityState === 'visible' ? 1 : 0);
  const best = (list: typeof ofApp) => [...list].sort((a, b) => rank(b) - rank(a))[0];
  const home = best(ofApp.filter(({ url }) => url.pathname === target));
  if (home) return { focus: home.index, navigate: null };
  const other = best(ofApp);
  if (other) return { focus: other.index, navigate: target };
  return { open: target };
}
