/** @jest-environment node */
import * as contracts from '@hit/contracts';
import {
  HOME_PATH,
  REST_ALERT_ICON,
  REST_ALERT_LATE_MS,
  REST_ALERT_TAG,
  notificationClickAction,
  readRestAlert,
  restAlertOutcome,
  type WindowInfo,
} from './restAlert';

const origin = 'https://hit.example';
const endsAt = '2026-11-22T09:03:00.000Z';
const ended = Date.parse(endsAt);
const title = contracts.restOverTitle('Working Set', 'Incline Press');
const payload: contracts.RestAlertPayload = { type: 'rest-over', title, endsAt, url: '/home' };

const page = (path: string, visibilityState: DocumentVisibilityState = 'visible', focused = false): WindowInfo => ({
  url: `${origin}${path}`,
  visibilityState,
  focused,
});
const outcome = (windows: WindowInfo[], now = ended + 500, data: unknown = payload) =>
  restAlertOutcome(data, { now, origin, windows });

describe('the rest-over push in the service worker', () => {
  it('keeps the tag and the lateness limit of @hit/contracts (a value imported from there would bring zod in)', () => {
    expect(REST_ALERT_TAG).toBe(contracts.REST_ALERT_TAG);
    expect(REST_ALERT_LATE_MS).toBe(contracts.REST_ALERT_LATE_MS);
  });

  it('shows the notification when no page of the app is open: the title, tagged, renotifying, with vibration', () => {
    expect(outcome([])).toEqual({
      show: true,
      title: 'Rest over — next: Working Set of Incline Press',
      options: {
        tag: 'hit-rest-over',
        renotify: true,
        vibrate: expect.arrayContaining([expect.any(Number)]),
        icon: REST_ALERT_ICON,
        data: { url: '/home' },
      },
    });
    expect(REST_ALERT_ICON).toMatch(/^\/icons\/icon-\d+\.png$/);
  });

  it('shows nothing while the workout page (/home) is visible: the page beeps itself', () => {
    expect(outcome([page('/home')])).toEqual({ show: false, why: 'page-visible' });
    expect(outcome([page('/progress'), page('/home?checkout=success')])).toEqual({ show: false, why: 'page-visible' });
  });

  it('shows it when /home is open but hidden (a locked phone, another tab or app in front)', () => {
    expect(outcome([page('/home', 'hidden')])).toMatchObject({ show: true });
  });

  it('shows it when the visible page is another screen of the app, or /home of another origin', () => {
    expect(outcome([page('/progress')])).toMatchObject({ show: true });
    expect(
      outcome([{ url: 'https://elsewhere.example/home', visibilityState: 'visible', focused: true }]),
    ).toMatchObject({ show: true });
  });

  it('drops a push that arrives more than 60 s after its rest ended', () => {
    expect(outcome([], ended + REST_ALERT_LATE_MS)).toMatchObject({ show: true });
    expect(outcome([], ended + REST_ALERT_LATE_MS + 1)).toEqual({ show: false, why: 'late' });
    // Early (the phone's clock behind the api's) is not late.
    expect(outcome([], ended - 5_000)).toMatchObject({ show: true });
  });

  it.each([
    ['nothing', undefined],
    ['text', 'hello'],
    ['another type', { ...payload, type: 'news' }],
    ['no title', { ...payload, title: '' }],
    ['a bad date', { ...payload, endsAt: 'soon' }],
  ])('ignores a push that is not a rest-over alert: %s', (_name, data) => {
    expect(restAlertOutcome(data, { now: ended, origin, windows: [] })).toEqual({
      show: false,
      why: 'not-a-rest-alert',
    });
  });

  it('only ever sends a tap to /home', () => {
    expect(readRestAlert({ ...payload, url: 'https://evil.example/' })).toEqual(payload);
  });
});

describe('tapping the notification', () => {
  const click = (windows: WindowInfo[], data: unknown = { url: '/home' }) =>
    notificationClickAction(data, { origin, windows });

  it('focuses the open workout, the visible or focused window at /home first', () => {
    expect(click([page('/home', 'hidden')])).toEqual({ focus: 0, navigate: null });
    expect(click([page('/progress'), page('/home', 'hidden'), page('/home', 'visible', true)])).toEqual({
      focus: 2,
      navigate: null,
    });
  });

  it('else takes a window of the app to /home', () => {
    expect(click([page('/progress', 'hidden')])).toEqual({ focus: 0, navigate: HOME_PATH });
  });

  it('else opens /home, never a window of another origin', () => {
    expect(click([])).toEqual({ open: '/home' });
    expect(click([{ url: 'https://elsewhere.example/home', visibilityState: 'visible', focused: true }])).toEqual({
      open: '/home',
    });
    expect(click([], null)).toEqual({ open: '/home' });
  });
});
