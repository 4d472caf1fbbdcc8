/** @jest-environment node */
import type { RemoteEntry } from '@hit/contracts';
import type { WarmReply, WorkerRequest } from '../service-worker/messages';
import { createUpdateController, remoteMapChanged, type UpdateDeps } from './updates';

const running: RemoteEntry[] = [
  { name: 'mf_auth', version: '0.1.0', entry: '/remotes/mf-auth/0.1.0/mf-manifest.json' },
  { name: 'mf_workout', version: '0.1.0', entry: '/remotes/mf-workout/0.1.0/mf-manifest.json' },
];
const released: RemoteEntry[] = [
  running[0],
  { name: 'mf_workout', version: '0.2.0', entry: '/remotes/mf-workout/0.2.0/mf-manifest.json' },
];

describe('whether the remote map brings a new version', () => {
  it.each([
    ['the same map: no', running, false],
    ['a remote on another version: yes', released, true],
    ['a canary for this visitor: yes', [running[0], { ...released[1], fallbackEntry: running[1].entry }], true],
    [
      'a remote the page does not run yet: yes',
      [...running, { name: 'mf_account', version: '0.1.0', entry: '/remotes/mf-account/0.1.0/mf-manifest.json' }],
      true,
    ],
    ['a remote the map no longer names: no (the page keeps what it runs)', [running[0]], false],
  ] as const)('%s', (_case, latest, changed) => {
    expect(remoteMapChanged(running, latest)).toBe(changed);
  });

  it('a canary withdrawn (same stable entry, no fallback any more) is a change', () => {
    const canary = [running[0], { ...released[1], fallbackEntry: running[1].entry }];
    expect(remoteMapChanged(canary, running)).toBe(true);
  });
});

/** A service worker as the page sees it: records messages, answers warm requests with `reply`. */
class FakeWorker extends EventTarget {
  messages: WorkerRequest[] = [];
  reply: WarmReply = { type: 'WARMED', cached: 10, missing: [] };
  state = 'installed';
  postMessage(message: WorkerRequest, ports: MessagePort[] = []) {
    this.messages.push(message);
    ports[0]?.postMessage(this.reply);
    ports[0]?.close();
  }
}

class FakeRegistration extends EventTarget {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  update = jest.fn(async () => undefined);
}

class FakeContainer extends EventTarget {
  constructor(
    public active: FakeWorker,
    public controller: FakeWorker | null = active,
  ) {
    super();
  }
  get ready() {
    return Promise.resolve({ active: this.active });
  }
}

function setUp({ waiting = false, latest = running, workout = false, cameWithPage = false } = {}) {
  const active = new FakeWorker();
  const registration = new FakeRegistration();
  if (waiting) registration.waiting = new FakeWorker();
  const container = new FakeContainer(active);
  const state = { workout, latest };
  const reload = jest.fn();
  const controller = createUpdateController({
    registration: registration as unknown as UpdateDeps['registration'],
    container: container as unknown as UpdateDeps['container'],
    runningRemotes: async () => running,
    runningRemotesCameWithPage: () => cameWithPage,
    latestRemotes: async () => state.latest,
    workoutActive: () => state.workout,
    reload,
  });
  return { controller, registration, container, active, state, reload };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

// A switch to a new worker arms a fallback reload timer: those tests run on fake timers, so none outlives them.
afterEach(() => {
  jest.clearAllTimers();
  jest.useRealTimers();
});

describe('the update of an open page', () => {
  it('tells the worker at start which versions the page runs, so it fetches every screen and keeps them', async () => {
    const { active } = setUp();
    await settle();

    expect(active.messages).toEqual([{ type: 'PAGE_REMOTES', remotes: running }]);
  });

  it("says the page's map is the newest when it came with the page's HTML (the api's answer at this load)", async () => {
    const { active } = setUp({ cameWithPage: true });
    await settle();

    expect(active.messages).toEqual([{ type: 'PAGE_REMOTES', remotes: running, current: true }]);
  });

  it('announces a new shell whose worker is installed and waiting', async () => {
    const { controller, registration } = setUp();
    expect(controller.isAvailable()).toBe(false);
    const listener = jest.fn();
    controller.subscribe(listener);

    const installing = new FakeWorker();
    registration.installing = installing;
    registration.dispatchEvent(new Event('updatefound'));
    registration.waiting = installing;
    installing.dispatchEvent(new Event('statechange'));

    expect(controller.isAvailable()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('announces a waiting worker found at start (the page was reloaded while it waited)', () => {
    expect(setUp({ waiting: true }).controller.isAvailable()).toBe(true);
  });

  it('does not announce the first worker of the first visit (nothing controls the page, nothing to switch)', () => {
    const active = new FakeWorker();
    const registration = new FakeRegistration();
    registration.waiting = new FakeWorker();
    const controller = createUpdateController({
      registration: registration as unknown as UpdateDeps['registration'],
      container: new FakeContainer(active, null) as unknown as UpdateDeps['container'],
      runningRemotes: async () => running,
      latestRemotes: async () => running,
      workoutActive: () => false,
      reload: jest.fn(),
    });

    expect(controller.isAvailable()).toBe(false);
  });

  it('announces a remote release only once the worker has every file of the new versions', async () => {
    const { controller, active, state } = setUp();
    await settle();
    state.latest = released;
    active.reply = { type: 'WARMED', cached: 7, missing: ['/remotes/mf-workout/0.2.0/remoteEntry.js'] };

    await controller.check();
    expect(active.messages.at(-1)).toEqual({ type: 'WARM_REMOTES', remotes: released });
    expect(controller.isAvailable()).toBe(false);

    active.reply = { type: 'WARMED', cached: 8, missing: [] };
    await controller.check();
    expect(controller.isAvailable()).toBe(true);
  });

  it('asks for a new worker script on every check, and sees no release in an unchanged map', async () => {
    const { controller, registration, active } = setUp();
    await settle();

    await controller.check();

    expect(registration.update).toHaveBeenCalledTimes(1);
    expect(active.messages.map((message) => message.type)).toEqual(['PAGE_REMOTES']);
    expect(controller.isAvailable()).toBe(false);
  });

  it('keeps working offline: a failed check announces nothing and the next one asks again', async () => {
    const { controller, registration, state } = setUp();
    registration.update.mockRejectedValueOnce(new TypeError('Failed to update a ServiceWorker'));
    const offline = jest.fn(async (): Promise<RemoteEntry[]> => {
      throw new TypeError('Failed to fetch');
    });
    const latest = state.latest;
    Object.defineProperty(state, 'latest', { get: offline, configurable: true });

    await controller.check();
    expect(controller.isAvailable()).toBe(false);

    Object.defineProperty(state, 'latest', { value: latest, writable: true });
    await controller.check();
    expect(registration.update).toHaveBeenCalledTimes(2);
  });

  it('switches at the next in-app navigation: the waiting worker takes over, then the page reloads', async () => {
    jest.useFakeTimers();
    const { controller, registration, container, reload } = setUp({ waiting: true });
    const waiting = registration.waiting!;

    controller.navigated();

    expect(waiting.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('switches to a remote release by reloading (the new page registers the new map)', async () => {
    const { controller, active, state, reload } = setUp();
    await settle();
    state.latest = released;
    await controller.check();

    expect(controller.apply()).toBe(true);

    expect(reload).toHaveBeenCalledTimes(1);
    expect(active.messages.map((message) => message.type)).not.toContain('SKIP_WAITING');
  });

  it('never switches during a workout, neither at a navigation nor on request, and does once it is over', async () => {
    jest.useFakeTimers();
    const { controller, registration, reload, state } = setUp({ waiting: true, workout: true });

    controller.navigated();
    expect(controller.apply()).toBe(false);
    expect(registration.waiting!.messages).toEqual([]);
    expect(reload).not.toHaveBeenCalled();

    state.workout = false;
    controller.navigated();
    expect(registration.waiting!.messages).toEqual([{ type: 'SKIP_WAITING' }]);
  });

  it('does nothing at a navigation without an update but look for one', async () => {
    const { controller, registration, reload } = setUp();

    controller.navigated();
    await settle();

    expect(registration.update).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads anyway when the new worker never takes over (another tab holds it back)', async () => {
    jest.useFakeTimers();
    const { controller, reload } = setUp({ waiting: true });

    controller.apply();
    jest.advanceTimersByTime(5_000);

    expect(reload).toHaveBeenCalledTimes(1);
  });
});
