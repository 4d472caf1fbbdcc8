import { act, screen, within } from '@testing-library/react';
import { REST_ALERT_OFFER, REST_ALERT_UNAVAILABLE } from '@hit/contracts';
import { REST_ALERT_PUSH_FAILED, deviceId, dismissToast, restAlertChoice, setRestAlertChoice } from '@hit/platform';
import {
  IPHONE_SAFARI,
  PUBLIC_KEY,
  describeDevice,
  installPushBrowser,
  restorePushBrowser,
} from '@hit/platform/test/pushMock';
import { REST_TIMER_DELAY_MS, REST_TIMER_SECONDS } from '../../../constants';
import { logSet, skipRest } from '../testing/actions';
import { blankSets, chestDay, completed, exercise, sessionOf } from '../testing/fixtures';
import { passTime, renderActiveWorkout } from '../testing/renderActiveWorkout';
import { answer, mockWorkoutApi, networkDown, type ApiCall } from '../testing/workoutApi';

const START = new Date('2026-11-22T09:00:00.000Z');
const restDialog = () => screen.queryByRole('dialog', { name: 'Rest' });
const offer = () => (restDialog() ? within(restDialog()!).queryByRole('switch', { name: REST_ALERT_OFFER }) : null);

/** The api's answers to the push calls; the workout's own calls as mockWorkoutApi answers them. */
function mockApi(route: (call: ApiCall) => Response | undefined = () => undefined) {
  return mockWorkoutApi(
    (call) =>
      route(call) ??
      (call.path === '/api/push/key' ? answer(200, { publicKey: PUBLIC_KEY }) : undefined) ??
      (call.path === '/api/push/rest' ? answer(200, { dueAt: new Date().toISOString() }) : undefined) ??
      (call.path.startsWith('/api/push/') && call.method !== 'GET' ? answer(204) : undefined),
  );
}

/** The push calls made, as 'METHOD path', in order. */
const pushCalls = (api: ReturnType<typeof mockApi>) =>
  api.calls.filter((call) => call.path.startsWith('/api/push/')).map((call) => `${call.method} ${call.path}`);
const scheduled = (api: ReturnType<typeof mockApi>) =>
  api.calls.filter((call) => call.method === 'PUT' && call.path === '/api/push/rest').map((call) => call.body);

function renderFreshWorkout() {
  const day = chestDay();
  return renderActiveWorkout({ day, session: sessionOf(day) });
}

/** Logs Warm-up 1 at the current time and waits for its rest to open. */
async function firstRest(user: ReturnType<typeof renderFreshWorkout>['user']) {
  await logSet(user, { weight: '95', reps: '10' });
  await passTime(REST_TIMER_DELAY_MS);
  expect(restDialog()).toBeInTheDocument();
}

let vibrate: jest.Mock;

beforeEach(() => {
  jest.useFakeTimers({ now: START });
  localStorage.clear();
  vibrate = jest.fn().mockReturnValue(true);
  Object.defineProperty(navigator, 'vibrate', { configurable: true, value: vibrate });
});
afterEach(() => {
  act(() => dismissToast());
  restorePushBrowser();
  delete (navigator as { vibrate?: unknown }).vibrate;
  jest.useRealTimers();
});

describe('the rest-over alert offered in the first rest', () => {
  it('is offered in the first rest of the workout only, and nothing is asked before a tap', async () => {
    const browser = installPushBrowser();
    const api = mockApi();
    const { user } = renderFreshWorkout();
    await passTime(1000);
    expect(browser.asked()).toBe(false);

    await firstRest(user);
    expect(offer()).toBeInTheDocument();
    expect(offer()).toHaveAttribute('aria-checked', 'false');
    // Inside the rest dialog: its focus trap includes the switch.
    await skipRest(user);

    await logSet(user, { weight: '115', reps: '6' });
    await passTime(REST_TIMER_DELAY_MS);
    expect(restDialog()).toBeInTheDocument();
    expect(offer()).not.toBeInTheDocument();
    expect(browser.asked()).toBe(false);
    expect(pushCalls(api)).toEqual([]);
    expect(restAlertChoice()).toBeNull();
  });

  it('turns on from the tap: the permission question, the subscription saved, then this very rest scheduled', async () => {
    const browser = installPushBrowser();
    const api = mockApi();
    const { user } = renderFreshWorkout();
    await firstRest(user);
    const restEndsAt = START.getTime() + REST_TIMER_DELAY_MS + REST_TIMER_SECONDS * 1000;

    await user.click(offer()!);
    await passTime(0);

    expect(browser.asked()).toBe(true);
    expect(offer()).toHaveAttribute('aria-checked', 'true');
    expect(restAlertChoice()).toBe('on');
    expect(pushCalls(api)).toEqual(['GET /api/push/key', 'PUT /api/push/subscription', 'PUT /api/push/rest']);
    expect(scheduled(api)).toEqual([
      {
        deviceId: deviceId(),
        endsAt: new Date(restEndsAt).toISOString(),
        next: { set: 'Warm-up 2', exercise: 'Incline Press' },
      },
    ]);
  });

  it('is remembered: a device that chose off is not asked again, nor one that chose on', async () => {
    installPushBrowser();
    mockApi();
    setRestAlertChoice('off');
    const first = renderFreshWorkout();
    await firstRest(first.user);
    expect(offer()).not.toBeInTheDocument();
    expect(within(restDialog()!).queryByText(/screen locked/)).not.toBeInTheDocument();
    first.unmount();

    setRestAlertChoice('on');
    const second = renderFreshWorkout();
    await firstRest(second.user);
    expect(offer()).not.toBeInTheDocument();
  });

  it('is offered again in the next workout while the device has not chosen', async () => {
    installPushBrowser();
    mockApi();
    const first = renderFreshWorkout();
    await firstRest(first.user);
    expect(offer()).toBeInTheDocument();
    first.unmount();

    const second = renderFreshWorkout();
    await firstRest(second.user);
    expect(offer()).toBeInTheDocument();
  });

  it.each<[string, keyof typeof REST_ALERT_UNAVAILABLE, () => void]>([
    ['a browser without Web Push', 'unsupported', () => undefined],
    ['notifications blocked for the site', 'denied', () => void installPushBrowser({ permission: 'denied' })],
    [
      'an iPhone’s Safari outside the Home Screen',
      'iosNotInstalled',
      () => describeDevice({ userAgent: IPHONE_SAFARI, platform: 'iPhone', standalone: false }),
    ],
  ])('says why on %s, and the rest still buzzes at its end', async (_name, reason, device) => {
    device();
    const api = mockApi();
    const { user } = renderFreshWorkout();
    await firstRest(user);

    expect(within(restDialog()!).getByText(REST_ALERT_UNAVAILABLE[reason])).toBeInTheDocument();
    expect(offer()).not.toBeInTheDocument();
    await passTime(REST_TIMER_SECONDS * 1000);
    expect(restDialog()).not.toBeInTheDocument();
    expect(vibrate).toHaveBeenCalledTimes(1);
    expect(pushCalls(api)).toEqual([]);
  });

  it('tells a device that chose the alert when notifications were blocked since', async () => {
    installPushBrowser({ permission: 'denied' });
    mockApi();
    setRestAlertChoice('on');
    const { user } = renderFreshWorkout();
    await firstRest(user);
    expect(within(restDialog()!).getByText(REST_ALERT_UNAVAILABLE.denied)).toBeInTheDocument();
  });

  it('says so in one sentence when subscribing fails, and the rest still buzzes at its end', async () => {
    installPushBrowser({ subscribeFails: true });
    const api = mockApi();
    const { user } = renderFreshWorkout();
    await firstRest(user);

    await user.click(offer()!);
    await passTime(0);

    expect(within(restDialog()!).getByRole('status')).toHaveTextContent(REST_ALERT_PUSH_FAILED);
    expect(offer()).toHaveAttribute('aria-checked', 'false');
    expect(restAlertChoice()).toBeNull();
    expect(pushCalls(api)).toEqual(['GET /api/push/key']);
    await passTime(REST_TIMER_SECONDS * 1000);
    expect(vibrate).toHaveBeenCalledTimes(1);
  });
});

describe('the rest-over push scheduled from the rest on screen (a device that chose the alert)', () => {
  const REST_END = START.getTime() + REST_TIMER_DELAY_MS + REST_TIMER_SECONDS * 1000;
  const warmup2 = { set: 'Warm-up 2', exercise: 'Incline Press' };
  const cancel = () => `DELETE /api/push/rest/${deviceId()}`;

  beforeEach(() => {
    installPushBrowser({ permission: 'granted', existingKey: PUBLIC_KEY });
    setRestAlertChoice('on');
  });

  it('schedules the rest that starts, for its end, naming the next set as the timer does', async () => {
    const api = mockApi();
    const { user } = renderFreshWorkout();
    await firstRest(user);
    await passTime(0);

    expect(pushCalls(api)).toEqual(['PUT /api/push/rest']);
    expect(scheduled(api)).toEqual([{ deviceId: deviceId(), endsAt: new Date(REST_END).toISOString(), next: warmup2 }]);
    expect(restDialog()).toHaveTextContent(`Next: ${warmup2.set}`);
  });

  it('cancels on pause and schedules the new end on resume', async () => {
    const api = mockApi();
    const { user } = renderFreshWorkout();
    await firstRest(user);
    await passTime(10_000);

    await user.click(screen.getByRole('button', { name: 'Pause' }));
    await passTime(30_000);
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    await passTime(0);

    expect(pushCalls(api)).toEqual(['PUT /api/push/rest', cancel(), 'PUT /api/push/rest']);
    const [, resumed] = scheduled(api) as { endsAt: string }[];
    expect(Date.parse(resumed.endsAt)).toBe(REST_END + 30_000);
  });

  it('cancels on Skip Rest', async () => {
    const api = mockApi();
    const { user } = renderFreshWorkout();
    await firstRest(user);
    await user.click(screen.getByRole('button', { name: 'Skip Rest' }));
    await passTime(0);
    expect(pushCalls(api)).toEqual(['PUT /api/push/rest', cancel()]);
  });

  it('cancels when the set is undone', async () => {
    const api = mockApi();
    const { user } = renderFreshWorkout();
    await firstRest(user);
    await user.click(screen.getByRole('button', { name: 'Undo last set' }));
    await passTime(0);
    expect(restDialog()).not.toBeInTheDocument();
    expect(pushCalls(api)).toEqual(['PUT /api/push/rest', cancel()]);
  });

  it('cancels on Exit', async () => {
    const api = mockApi();
    const { user, onClose } = renderFreshWorkout();
    await firstRest(user);
    await user.click(screen.getByRole('button', { name: 'Exit' }));
    await passTime(0);
    expect(onClose).toHaveBeenCalled();
    expect(pushCalls(api)).toEqual(['PUT /api/push/rest', cancel()]);
  });

  it('cancels when the workout completes during a rest (its last set logged under the timer)', async () => {
    const api = mockApi();
    const [w1, w2, working] = blankSets(101);
    const day = chestDay([
      exercise(101, 'Incline Press', [completed(w1, 95, 10, '2026-11-22T08:50:00.000Z'), w2, working]),
    ]);
    const { user } = renderActiveWorkout({ day, session: sessionOf(day) });
    await logSet(user, { weight: '115', reps: '6' });
    await passTime(REST_TIMER_DELAY_MS);
    expect(restDialog()).toHaveTextContent('Next: Working Set');

    await logSet(user, { weight: '135', reps: '8' });
    await passTime(2000);

    expect(screen.getByText('Workout Complete!')).toBeInTheDocument();
    expect(pushCalls(api)).toEqual(['PUT /api/push/rest', cancel()]);
    expect(scheduled(api)).toEqual([
      { deviceId: deviceId(), endsAt: expect.any(String), next: { set: 'Working Set', exercise: 'Incline Press' } },
    ]);
  });

  it('leaves the push of a rest that ran out alone: it is due, the service worker decides', async () => {
    const api = mockApi();
    const { user } = renderFreshWorkout();
    await firstRest(user);
    await passTime(REST_TIMER_SECONDS * 1000);
    expect(restDialog()).not.toBeInTheDocument();
    expect(vibrate).toHaveBeenCalledTimes(1);
    expect(pushCalls(api)).toEqual(['PUT /api/push/rest']);
  });

  it('offline, a rest simply has no push: the workout goes on and nothing is queued in the outbox', async () => {
    const api = mockApi((call) => (call.path.startsWith('/api/push/') ? networkDown() : undefined));
    const { user, outbox } = renderFreshWorkout();
    await firstRest(user);
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    await skipRest(user);
    await logSet(user, { weight: '115', reps: '6' });
    await passTime(REST_TIMER_DELAY_MS);

    expect(restDialog()).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(pushCalls(api).length).toBeGreaterThan(0);
    expect(
      outbox()
        .getStatus()
        .operations.every((op) => op.type === 'save'),
    ).toBe(true);
  });

  it('sends nothing on a device that did not choose the alert', async () => {
    localStorage.clear();
    const api = mockApi();
    const { user } = renderFreshWorkout();
    await firstRest(user);
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    await skipRest(user);
    expect(pushCalls(api)).toEqual([]);
  });
});
