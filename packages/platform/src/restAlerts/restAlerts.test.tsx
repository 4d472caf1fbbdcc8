import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { REST_ALERT_OFFER, REST_ALERT_UNAVAILABLE } from '@hit/contracts';
import { answer, mockApi } from '@hit/platform/test/apiMock';
import { PUBLIC_KEY, installPushBrowser, restorePushBrowser } from '@hit/platform/test/pushMock';
import { useLogin, useLogout } from '../auth';
import { createQueryClient } from '../queryClient';
import { dismissToast } from '../toast';
import { DEVICE_ID_KEY, REST_ALERT_CHOICE_KEY, deviceId, restAlertChoice, setRestAlertChoice } from './choice';
import { cancelRestAlert, scheduleRestAlert, useRestAlertSetting } from './restAlerts';

const lifter = { id: 'u1', email: 'lifter@gym.test', firstName: 'Ann', lastName: 'Lee', weightUnit: 'lbs' as const };
const plan = { endsAt: '2026-11-22T09:03:00.500Z', next: { set: 'Working Set', exercise: 'Incline Press' } };

function routes() {
  return mockApi({
    'GET /api/push/key': answer(200, { publicKey: PUBLIC_KEY }),
    'PUT /api/push/subscription': answer(204),
    [`DELETE /api/push/subscription/${deviceId()}`]: answer(204),
    'PUT /api/push/rest': answer(200, { dueAt: plan.endsAt }),
    [`DELETE /api/push/rest/${deviceId()}`]: answer(204),
    'POST /api/login': answer(200, lifter),
    'POST /api/logout': answer(200, {}),
  });
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  restorePushBrowser();
  act(() => dismissToast());
});

describe('useRestAlertSetting', () => {
  it('loads nothing and shows nothing until enabled', () => {
    const { result } = renderHook(() => useRestAlertSetting(false));
    expect(result.current).toEqual({ status: 'checking' });
  });

  it('offers the switch, off, on a device that can have the alert', async () => {
    installPushBrowser();
    routes();
    const { result } = renderHook(() => useRestAlertSetting(true));

    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current).toMatchObject({ label: REST_ALERT_OFFER, on: false, busy: false, message: null });
  });

  it('turns on from a tap (asking the permission then) and off again', async () => {
    const browser = installPushBrowser();
    const fetchMock = routes();
    const { result } = renderHook(() => useRestAlertSetting(true));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(browser.asked()).toBe(false);

    act(() => (result.current.status === 'ready' ? result.current.turnOn() : undefined));
    expect(result.current).toMatchObject({ busy: true });
    await waitFor(() => expect(result.current).toMatchObject({ on: true, busy: false }));
    expect(browser.asked()).toBe(true);
    expect(fetchMock.callsTo('PUT /api/push/subscription')).toHaveLength(1);

    act(() => (result.current.status === 'ready' ? result.current.turnOff() : undefined));
    await waitFor(() => expect(fetchMock.callsTo(`DELETE /api/push/subscription/${deviceId()}`)).toHaveLength(1));
    expect(result.current).toMatchObject({ on: false });
    expect(restAlertChoice()).toBe('off');
  });

  it('becomes the denied sentence when the lifter blocks notifications at the question', async () => {
    installPushBrowser({ answer: 'denied' });
    routes();
    const { result } = renderHook(() => useRestAlertSetting(true));
    await waitFor(() => expect(result.current.status).toBe('ready'));

    act(() => (result.current.status === 'ready' ? result.current.turnOn() : undefined));

    await waitFor(() =>
      expect(result.current).toEqual({ status: 'unavailable', message: REST_ALERT_UNAVAILABLE.denied }),
    );
  });

  it('says why on a device that cannot have it', async () => {
    const { result } = renderHook(() => useRestAlertSetting(true));
    await waitFor(() =>
      expect(result.current).toEqual({ status: 'unavailable', message: REST_ALERT_UNAVAILABLE.unsupported }),
    );
  });
});

describe('scheduling from the main bundle', () => {
  it('sends nothing on a device that did not choose the alert', async () => {
    const fetchMock = routes();
    scheduleRestAlert(plan);
    cancelRestAlert();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('schedules and cancels on a device that chose it', async () => {
    setRestAlertChoice('on');
    const fetchMock = routes();
    scheduleRestAlert(plan);
    cancelRestAlert();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls.map(([path, init]) => `${init?.method} ${path}`)).toEqual([
      'PUT /api/push/rest',
      `DELETE /api/push/rest/${deviceId()}`,
    ]);
  });
});

describe('signing out and in again on a device that chose the alert', () => {
  function renderAuth() {
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/home']}>{children}</MemoryRouter>
      </QueryClientProvider>
    );
    return renderHook(() => ({ login: useLogin(), logout: useLogout() }), { wrapper }).result;
  }

  it('keeps the choice and the device id through sign-out, and saves the subscription again at sign-in, quietly', async () => {
    const browser = installPushBrowser({ permission: 'granted', existingKey: PUBLIC_KEY });
    setRestAlertChoice('on');
    const id = deviceId();
    const fetchMock = routes();
    const result = renderAuth();

    act(() => result.current.logout.mutate());
    await waitFor(() => expect(result.current.logout.isSuccess).toBe(true));
    expect(localStorage.getItem(REST_ALERT_CHOICE_KEY)).toBe('on');
    expect(localStorage.getItem(DEVICE_ID_KEY)).toBe(id);
    expect(fetchMock.callsTo('PUT /api/push/subscription')).toHaveLength(0);

    act(() => result.current.login.mutate({ email: lifter.email, password: 'secret123' }));
    await waitFor(() => expect(fetchMock.callsTo('PUT /api/push/subscription')).toHaveLength(1));
    expect(JSON.parse(String(fetchMock.callsTo('PUT /api/push/subscription')[0][1]?.body))).toMatchObject({
      deviceId: id,
    });
    expect(browser.asked()).toBe(false);
  });

  it('asks nothing and sends nothing at sign-in on a device that never chose it', async () => {
    const browser = installPushBrowser({ permission: 'granted' });
    const fetchMock = routes();
    const result = renderAuth();

    act(() => result.current.login.mutate({ email: lifter.email, password: 'secret123' }));
    await waitFor(() => expect(result.current.login.isSuccess).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual(['/api/login']);
    expect(browser.asked()).toBe(false);
  });
});
