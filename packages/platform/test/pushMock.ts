// A browser's Web Push, faked for the DOM tests of the rest-over alert (issue #22): Notification and its permission
// question, PushManager, and a service worker registration whose pushManager subscribes.
// `import { installPushBrowser } from '@hit/platform/test/pushMock'`; call `restore()` after each test.

/** The api's VAPID public key as GET /api/push/key answers it (base64url of 65 bytes, as a real P-256 key is). */
export const PUBLIC_KEY = 'BKxs0UxEN3V-vlXwqXm_Z9l7WRnf8L3NqK0WZ8d0mJzHkU3VvQk1tVn6f7f8Hn0x5Y6m1nqg0B2g1s3Z2w4nZ6E';

/** What `subscription.toJSON()` gives, as a browser's would. */
export const SUBSCRIPTION_JSON = {
  endpoint: 'https://push.example.test/send/device-1',
  expirationTime: null,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
};

function keyBytes(text: string): ArrayBuffer {
  const binary = atob(
    text
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(text.length / 4) * 4, '='),
  );
  return Uint8Array.from(binary, (char) => char.charCodeAt(0)).buffer;
}

export interface PushBrowserOptions {
  /** Notification.permission before any question. */
  permission?: NotificationPermission;
  /** What the lifter answers the browser's question. */
  answer?: NotificationPermission;
  /** pushManager.subscribe rejects (no push service reachable, as in a browser without network). */
  subscribeFails?: boolean;
  /** A subscription the browser already has, made with this key. */
  existingKey?: string;
  /** false: no service worker registered (a development page). */
  registered?: boolean;
  userAgent?: string;
  platform?: string;
  maxTouchPoints?: number;
  /** iOS's navigator.standalone: opened from the Home Screen. */
  standalone?: boolean;
}

export interface FakeSubscription {
  options: { applicationServerKey: ArrayBuffer; userVisibleOnly: boolean };
  endpoint: string;
  toJSON: () => typeof SUBSCRIPTION_JSON;
  unsubscribe: jest.Mock<Promise<boolean>, []>;
}

export interface PushBrowser {
  requestPermission: jest.Mock<Promise<NotificationPermission>, []>;
  subscribe: jest.Mock<Promise<FakeSubscription>, [PushSubscriptionOptionsInit]>;
  /** The subscription the browser holds now, if any. */
  subscription: () => FakeSubscription | null;
  /** Whether the page asked the permission question (Notification.requestPermission). */
  asked: () => boolean;
  restore: () => void;
}

const defined: [object, string][] = [];

function define(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { configurable: true, writable: true, value });
  defined.push([target, key]);
}

export function installPushBrowser({
  permission = 'default',
  answer = 'granted',
  subscribeFails = false,
  existingKey,
  registered = true,
  userAgent,
  platform,
  maxTouchPoints,
  standalone,
}: PushBrowserOptions = {}): PushBrowser {
  let current: FakeSubscription | null = null;
  const makeSubscription = (applicationServerKey: ArrayBuffer): FakeSubscription => {
    const subscription: FakeSubscription = {
      options: { applicationServerKey, userVisibleOnly: true },
      endpoint: SUBSCRIPTION_JSON.endpoint,
      toJSON: () => SUBSCRIPTION_JSON,
      unsubscribe: jest.fn(async () => {
        if (current === subscription) current = null;
        return true;
      }),
    };
    return subscription;
  };
  if (existingKey) current = makeSubscription(keyBytes(existingKey));

  const notification = {
    permission,
    requestPermission: jest.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  const subscribe = jest.fn(async (options: PushSubscriptionOptionsInit) => {
    if (subscribeFails) throw new DOMException('Registration failed - push service error', 'AbortError');
    const key = options.applicationServerKey as Uint8Array;
    current = makeSubscription(key.slice().buffer);
    return current;
  });
  const registration = { pushManager: { getSubscription: async () => current, subscribe } };

  define(globalThis, 'Notification', notification);
  define(globalThis, 'PushManager', class PushManager {});
  define(navigator, 'serviceWorker', { getRegistration: async () => (registered ? registration : undefined) });
  if (userAgent !== undefined) define(navigator, 'userAgent', userAgent);
  if (platform !== undefined) define(navigator, 'platform', platform);
  if (maxTouchPoints !== undefined) define(navigator, 'maxTouchPoints', maxTouchPoints);
  if (standalone !== undefined) define(navigator, 'standalone', standalone);

  return {
    requestPermission: notification.requestPermission,
    subscribe,
    subscription: () => current,
    asked: () => notification.requestPermission.mock.calls.length > 0,
    restore: restorePushBrowser,
  };
}

/** Removes what installPushBrowser (or describeDevice) put on the globals: jsdom has no Web Push of its own. */
export function restorePushBrowser(): void {
  for (const [target, key] of defined.splice(0)) delete (target as Record<string, unknown>)[key];
}

/** A device without Web Push, described by its user agent only (an iPhone's Safari, say). */
export function describeDevice(
  options: Pick<PushBrowserOptions, 'userAgent' | 'platform' | 'maxTouchPoints' | 'standalone'>,
): void {
  if (options.userAgent !== undefined) define(navigator, 'userAgent', options.userAgent);
  if (options.platform !== undefined) define(navigator, 'platform', options.platform);
  if (options.maxTouchPoints !== undefined) define(navigator, 'maxTouchPoints', options.maxTouchPoints);
  if (options.standalone !== undefined) define(navigator, 'standalone', options.standalone);
}

export const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
export const IPAD_SAFARI_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
