import { setFirstReads } from './firstReads';
import { INLINED_READS_ELEMENT_ID } from '@hit/contracts/rules';
import { clearSignedInHint, setSignedInHint } from '@hit/platform/test/signedInHint';
import {
  FIRST_SCREEN_WAIT_MS,
  firstScreenReady,
  firstScreenRemote,
  takeFirstScreenLoad,
  visitorAtStart,
} from './firstScreen';
import { loadRemoteModule } from './remoteLoader';

jest.mock('./remoteLoader');
const loadRemoteModuleMock = jest.mocked(loadRemoteModule);

const never = () => new Promise<never>(() => undefined);

/** Whether `promise` has settled, once the microtasks queued so far have run. */
async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await jest.advanceTimersByTimeAsync(0);
  return settled;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  setFirstReads(Promise.resolve());
  takeFirstScreenLoad('mf_workout/WorkoutDashboard');
});

describe('who the visitor is at start', () => {
  // Every DOM test starts with the hint set, as in a browser that signed in (config/jest.setup.dom.js).
  afterEach(() => {
    setSignedInHint();
    document.getElementById(INLINED_READS_ELEMENT_ID)?.remove();
  });

  it('is anonymous without the signed-in hint', () => {
    clearSignedInHint();
    expect(visitorAtStart()).toBe('anonymous');
  });

  it('is signed in with the hint and the reads the api wrote into the page (it does only for a live session)', () => {
    const reads = document.createElement('script');
    reads.type = 'application/json';
    reads.id = INLINED_READS_ELEMENT_ID;
    reads.textContent = '{"/api/user":{"id":"u1"}}';
    document.head.append(reads);
    expect(visitorAtStart()).toBe('signed-in');
  });

  it('is unknown with the hint alone: a session that ended, or the offline copy of the page', () => {
    expect(visitorAtStart()).toBe('unknown');
  });
});

describe('the first screen’s remote', () => {
  it.each([
    ['/home', 'signed-in', 'mf_workout/WorkoutDashboard'],
    ['/progress/', 'signed-in', 'mf_analytics/ProgressAnalytics'],
    ['/analytics', 'signed-in', 'mf_analytics/ProgressAnalytics'],
    ['/auth', 'anonymous', 'mf_auth/AuthPage'],
    ['/reset-password', 'unknown', 'mf_auth/AuthPage'],
    ['/home', 'anonymous', undefined],
    ['/home', 'unknown', undefined],
    ['/auth', 'signed-in', undefined],
    ['/auth', 'unknown', undefined],
    ['/nowhere', 'signed-in', undefined],
  ] as const)('for %s (visitor %s) is %p', (path, visitor, remote) => {
    expect(firstScreenRemote(path, visitor)).toBe(remote);
  });
});

describe('waiting for the first screen before the first render', () => {
  it('settles once its remote, the offline cache and the first reads are all in', async () => {
    let loaded!: (module: unknown) => void;
    loadRemoteModuleMock.mockReturnValue(new Promise((resolve) => (loaded = resolve)));
    let restore!: () => void;
    const restored = new Promise<void>((resolve) => (restore = resolve));
    let readsIn!: () => void;
    setFirstReads(new Promise<void>((resolve) => (readsIn = resolve)));

    const ready = firstScreenReady('mf_workout/WorkoutDashboard', restored);
    expect(loadRemoteModuleMock).toHaveBeenCalledWith('mf_workout/WorkoutDashboard');
    loaded({ default: () => null });
    expect(await isSettled(ready)).toBe(false);
    restore();
    expect(await isSettled(ready)).toBe(false);
    readsIn();
    expect(await isSettled(ready)).toBe(true);
  });

  it('settles when the remote failed to load: the screen shows that failure', async () => {
    loadRemoteModuleMock.mockRejectedValue(new Error('Failed to fetch mf-manifest.json'));
    expect(await isSettled(firstScreenReady('mf_workout/WorkoutDashboard', Promise.resolve()))).toBe(true);
  });

  it(`holds the app back ${FIRST_SCREEN_WAIT_MS} ms at most: a slow network gets the app's own loading state`, async () => {
    loadRemoteModuleMock.mockReturnValue(never());
    const ready = firstScreenReady('mf_workout/WorkoutDashboard', never());

    await jest.advanceTimersByTimeAsync(FIRST_SCREEN_WAIT_MS - 1);
    expect(await isSettled(ready)).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(await isSettled(ready)).toBe(true);
  });

  it('loads nothing for a page without a remote, and waits only for the restore and the reads', async () => {
    expect(await isSettled(firstScreenReady(undefined, Promise.resolve()))).toBe(true);
    expect(loadRemoteModuleMock).not.toHaveBeenCalled();
  });
});

describe('the early load, handed to the first screen’s RemoteComponent', () => {
  it('goes once to the remote it loads, so a failure shows instead of a second load', async () => {
    const failure = Promise.reject(new Error('ChunkLoadError'));
    failure.catch(() => undefined);
    loadRemoteModuleMock.mockReturnValue(failure);
    await firstScreenReady('mf_workout/WorkoutDashboard', Promise.resolve());

    expect(takeFirstScreenLoad('mf_analytics/ProgressAnalytics')).toBeUndefined();
    const taken = takeFirstScreenLoad('mf_workout/WorkoutDashboard');
    await expect(taken).rejects.toThrow('ChunkLoadError');
    // Try again makes a new attempt: nothing is left to take.
    expect(takeFirstScreenLoad('mf_workout/WorkoutDashboard')).toBeUndefined();
    expect(loadRemoteModuleMock).toHaveBeenCalledTimes(1);
  });
});
