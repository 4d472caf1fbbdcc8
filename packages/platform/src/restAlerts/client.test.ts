import { REST_ALERT_UNAVAILABLE } from '@hit/contracts';
import { answer, mockApi, type ApiMock } from '@hit/platform/test/apiMock';
import {
  IPAD_SAFARI_AS_MAC,
  IPHONE_SAFARI,
  PUBLIC_KEY,
  SUBSCRIPTION_JSON,
  installPushBrowser,
  restorePushBrowser,
} from '@hit/platform/test/pushMock';
import { DEVICE_ID_KEY, REST_ALERT_CHOICE_KEY, deviceId, restAlertChoice, setRestAlertChoice } from './choice';
import {
  cancelRestAlert,
  checkRestAlerts,
  restAlertAvailability,
  resaveSubscription,
  scheduleRestAlert,
  turnOffRestAlerts,
  turnOnRestAlerts,
  type PushEnvironment,
} from './client';
import { REST_ALERT_PUSH_FAILED, REST_ALERT_SAVE_FAILED } from './messages';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/147.0.0.0 Mobile Safari/537.36';

const device = (changes: Partial<PushEnvironment> = {}): PushEnvironment => ({
  userAgent: ANDROID_CHROME,
  platform: 'Linux armv81',
  maxTouchPoints: 5,
  standalone: false,
  serviceWorker: true,
  pushManager: true,
  notification: true,
  permission: 'default',
  ...changes,
});

const plan = { endsAt: '2026-11-22T09:03:00.500Z', next: { set: 'Warm-up 2', exercise: 'Incline Press' } };

function api(): ApiMock {
  return mockApi({
    'GET /api/push/key': answer(200, { publicKey: PUBLIC_KEY }),
    'PUT /api/push/subscription': answer(204),
    [`DELETE /api/push/subscription/${deviceId()}`]: answer(204),
    'PUT /api/push/rest': answer(200, { dueAt: plan.endsAt }),
    [`DELETE /api/push/rest/${deviceId()}`]: answer(204),
  });
}

const calls = (fetchMock: ApiMock) => fetchMock.mock.calls.map(([path, init]) => `${init?.method ?? 'GET'} ${path}`);
const bodyOf = (fetchMock: ApiMock, route: string, index = 0) =>
  JSON.parse(String(fetchMock.callsTo(route)[index][1]?.body)) as unknown;

beforeEach(() => localStorage.clear());
afterEach(() => restorePushBrowser());

describe('the device id and the choice (localStorage)', () => {
  it('makes a UUID once and keeps it', () => {
    const id = deviceId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(localStorage.getItem(DEVICE_ID_KEY)).toBe(id);
    expect(deviceId()).toBe(id);
  });

  it('has no choice until one is made, then remembers it', () => {
    expect(restAlertChoice()).toBeNull();
    setRestAlertChoice('off');
    expect(localStorage.getItem(REST_ALERT_CHOICE_KEY)).toBe('off');
    expect(restAlertChoice()).toBe('off');
    localStorage.setItem(REST_ALERT_CHOICE_KEY, 'maybe');
    expect(restAlertChoice()).toBeNull();
  });
});

describe('whether this device can be alerted with the screen locked', () => {
  it('can with a service worker, PushManager and Notification, permission not denied', () => {
    expect(restAlertAvailability(device())).toEqual({ available: true });
    expect(restAlertAvailability(device({ permission: 'granted' }))).toEqual({ available: true });
  });

  it.each([
    ['no service worker', { serviceWorker: false }],
    ['no PushManager', { pushManager: false }],
    ['no Notification', { notification: false, permission: null }],
  ])('cannot with %s: the unsupported sentence', (_name, changes) => {
    expect(restAlertAvailability(device(changes))).toEqual({
      available: false,
      reason: 'unsupported',
      message: REST_ALERT_UNAVAILABLE.unsupported,
    });
  });

  it('cannot when notifications are blocked: the denied sentence', () => {
    expect(restAlertAvailability(device({ permission: 'denied' }))).toMatchObject({
      reason: 'denied',
      message: REST_ALERT_UNAVAILABLE.denied,
    });
  });

  it.each([
    ['an iPhone', { userAgent: IPHONE_SAFARI, platform: 'iPhone' }],
    ['an iPad (whose Safari says Mac)', { userAgent: IPAD_SAFARI_AS_MAC, platform: 'MacIntel', maxTouchPoints: 5 }],
  ])(
    'cannot on %s in Safari outside the Home Screen, even without PushManager: the Home Screen sentence',
    (_n, ios) => {
      expect(restAlertAvailability(device({ ...ios, pushManager: false, notification: false }))).toMatchObject({
        reason: 'iosNotInstalled',
        message: REST_ALERT_UNAVAILABLE.iosNotInstalled,
      });
    },
  );

  it('can on an iPhone opened from the Home Screen (standalone)', () => {
    expect(restAlertAvailability(device({ userAgent: IPHONE_SAFARI, platform: 'iPhone', standalone: true }))).toEqual({
      available: true,
    });
  });

  it('a Mac without a touch screen is a desktop', () => {
    expect(
      restAlertAvailability(device({ userAgent: IPAD_SAFARI_AS_MAC, platform: 'MacIntel', maxTouchPoints: 0 })),
    ).toEqual({ available: true });
  });

  it('reads the browser: jsdom has no Web Push; a registered worker is needed too', async () => {
    expect(await checkRestAlerts()).toMatchObject({ reason: 'unsupported' });
    installPushBrowser({ registered: false });
    expect(await checkRestAlerts()).toMatchObject({ reason: 'unsupported' });
    restorePushBrowser();
    installPushBrowser();
    expect(await checkRestAlerts()).toEqual({ available: true });
    restorePushBrowser();
    installPushBrowser({ permission: 'denied' });
    expect(await checkRestAlerts()).toMatchObject({ reason: 'denied' });
  });
});

describe('turning the alert on (from the lifter’s tap)', () => {
  it('asks the permission, subscribes with the api’s key and saves the subscription under this device', async () => {
    const browser = installPushBrowser();
    const fetchMock = api();

    expect(await turnOnRestAlerts()).toEqual({ on: true });

    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: expect.any(Uint8Array),
    });
    const key = browser.subscribe.mock.calls[0][0].applicationServerKey as Uint8Array;
    expect(key).toHaveLength(65);
    expect(calls(fetchMock)).toEqual(['GET /api/push/key', 'PUT /api/push/subscription']);
    expect(bodyOf(fetchMock, 'PUT /api/push/subscription')).toEqual({
      deviceId: deviceId(),
      subscription: SUBSCRIPTION_JSON,
    });
    expect(restAlertChoice()).toBe('on');
  });

  it('does not ask again when notifications are already allowed, and reuses a subscription made with the same key', async () => {
    const browser = installPushBrowser({ permission: 'granted', existingKey: PUBLIC_KEY });
    api();

    expect(await turnOnRestAlerts()).toEqual({ on: true });

    expect(browser.asked()).toBe(false);
    expect(browser.subscribe).not.toHaveBeenCalled();
  });

  it('replaces a subscription made with another key (the api’s keys changed)', async () => {
    const browser = installPushBrowser({ permission: 'granted', existingKey: 'AAAA' });
    const old = browser.subscription()!;
    api();

    expect(await turnOnRestAlerts()).toEqual({ on: true });

    expect(old.unsubscribe).toHaveBeenCalled();
    expect(browser.subscribe).toHaveBeenCalledTimes(1);
  });

  it('says notifications are blocked when the lifter refuses, and saves nothing', async () => {
    installPushBrowser({ answer: 'denied' });
    const fetchMock = api();

    expect(await turnOnRestAlerts()).toEqual({
      on: false,
      message: REST_ALERT_UNAVAILABLE.denied,
      availability: { available: false, reason: 'denied', message: REST_ALERT_UNAVAILABLE.denied },
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(restAlertChoice()).toBeNull();
  });

  it('stays off without a sentence when the lifter dismisses the question', async () => {
    installPushBrowser({ answer: 'default' });
    api();

    expect(await turnOnRestAlerts()).toEqual({ on: false, message: null });
    expect(restAlertChoice()).toBeNull();
  });

  it('says so in one sentence when no push service can be reached', async () => {
    installPushBrowser({ subscribeFails: true });
    const fetchMock = api();

    expect(await turnOnRestAlerts()).toEqual({ on: false, message: REST_ALERT_PUSH_FAILED });
    expect(calls(fetchMock)).toEqual(['GET /api/push/key']);
    expect(restAlertChoice()).toBeNull();
  });

  it('says so in one sentence when the api cannot be reached', async () => {
    installPushBrowser();
    const fetchMock = api();
    fetchMock.route({ 'GET /api/push/key': () => Promise.reject(new TypeError('Failed to fetch')) });

    expect(await turnOnRestAlerts()).toEqual({ on: false, message: REST_ALERT_SAVE_FAILED });
    expect(restAlertChoice()).toBeNull();
  });

  it('says the browser cannot when it has no Web Push, asking nothing', async () => {
    expect(await turnOnRestAlerts()).toMatchObject({ on: false, message: REST_ALERT_UNAVAILABLE.unsupported });
  });
});

describe('turning it off', () => {
  it('remembers off, has the api forget the subscription and drops it in the browser', async () => {
    const browser = installPushBrowser({ permission: 'granted', existingKey: PUBLIC_KEY });
    const subscription = browser.subscription()!;
    setRestAlertChoice('on');
    const fetchMock = api();

    await turnOffRestAlerts();

    expect(restAlertChoice()).toBe('off');
    expect(calls(fetchMock)).toEqual([`DELETE /api/push/subscription/${deviceId()}`]);
    expect(subscription.unsubscribe).toHaveBeenCalled();
  });

  it('is off even when the api cannot be reached (the dropped subscription dies at the push service)', async () => {
    const browser = installPushBrowser({ permission: 'granted', existingKey: PUBLIC_KEY });
    setRestAlertChoice('on');
    mockApi({});
    global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));

    await turnOffRestAlerts();

    expect(restAlertChoice()).toBe('off');
    expect(browser.subscription()).toBeNull();
  });
});

describe('scheduling and cancelling a rest’s push', () => {
  it('PUTs the rest’s end and next set, DELETEs on cancel, in the order asked', async () => {
    const fetchMock = api();
    let releasePut: () => void = () => undefined;
    fetchMock.route({
      'PUT /api/push/rest': () =>
        new Promise<Response>((resolve) => (releasePut = () => resolve(answer(200, { dueAt: plan.endsAt })))),
    });

    const scheduled = scheduleRestAlert(plan);
    const cancelled = cancelRestAlert();
    await Promise.resolve();
    // The cancel waits for the schedule's answer: it must never reach the api first.
    expect(calls(fetchMock)).toEqual(['PUT /api/push/rest']);
    releasePut();
    await Promise.all([scheduled, cancelled]);

    expect(calls(fetchMock)).toEqual(['PUT /api/push/rest', `DELETE /api/push/rest/${deviceId()}`]);
    expect(bodyOf(fetchMock, 'PUT /api/push/rest')).toEqual({ deviceId: deviceId(), ...plan });
  });

  it('offline: nothing is thrown and the next call still goes out', async () => {
    const fetchMock = api();
    fetchMock.route({ 'PUT /api/push/rest': () => Promise.reject(new TypeError('Failed to fetch')) });

    await expect(scheduleRestAlert(plan)).resolves.toBeUndefined();
    await expect(cancelRestAlert()).resolves.toBeUndefined();
    expect(calls(fetchMock)).toEqual(['PUT /api/push/rest', `DELETE /api/push/rest/${deviceId()}`]);
  });

  it('a 404 (the api has no subscription of this device) saves it again once and schedules again', async () => {
    installPushBrowser({ permission: 'granted', existingKey: PUBLIC_KEY });
    setRestAlertChoice('on');
    const fetchMock = api();
    fetchMock.route({
      'PUT /api/push/rest': [answer(404, { message: 'No subscription for this device' }), answer(200, {})],
    });

    await scheduleRestAlert(plan);

    expect(calls(fetchMock)).toEqual([
      'PUT /api/push/rest',
      'GET /api/push/key',
      'PUT /api/push/subscription',
      'PUT /api/push/rest',
    ]);
  });

  it('a 404 on a device whose notifications are no longer allowed is left at that', async () => {
    installPushBrowser({ permission: 'default' });
    setRestAlertChoice('on');
    const fetchMock = api();
    fetchMock.route({ 'PUT /api/push/rest': answer(404, { message: 'No subscription for this device' }) });

    await scheduleRestAlert(plan);

    expect(calls(fetchMock)).toEqual(['PUT /api/push/rest']);
  });
});

describe('saving the subscription again (after a sign-in)', () => {
  it('saves it when this device chose the alert and notifications are still allowed, asking nothing', async () => {
    const browser = installPushBrowser({ permission: 'granted', existingKey: PUBLIC_KEY });
    setRestAlertChoice('on');
    const fetchMock = api();

    expect(await resaveSubscription()).toBe(true);

    expect(browser.asked()).toBe(false);
    expect(calls(fetchMock)).toEqual(['GET /api/push/key', 'PUT /api/push/subscription']);
  });

  it.each([
    ['the device never chose it', null, 'granted'],
    ['the device chose off', 'off', 'granted'],
    ['notifications are no longer allowed', 'on', 'default'],
  ] as const)('does nothing when %s', async (_name, choice, permission) => {
    installPushBrowser({ permission });
    if (choice) setRestAlertChoice(choice);
    const fetchMock = api();

    expect(await resaveSubscription()).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
