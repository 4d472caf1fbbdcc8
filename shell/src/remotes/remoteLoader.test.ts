import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { fetchRemoteMap, takeInlinedRemoteMap } from '@hit/platform';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
jest.mock('@hit/platform', () => ({ fetchRemoteMap: jest.fn(), takeInlinedRemoteMap: jest.fn() }));

const loadRemoteMock = jest.mocked(loadRemote);
const registerRemotesMock = jest.mocked(registerRemotes);
const fetchRemoteMapMock = jest.mocked(fetchRemoteMap);
const takeInlinedRemoteMapMock = jest.mocked(takeInlinedRemoteMap);

const stable = '/remotes/mf-auth/0.1.0/mf-manifest.json';
const canary = '/remotes/mf-auth/0.2.0/mf-manifest.json';
const authPage = { default: () => null };

// The loader keeps the registered map for the visit: every test starts a fresh visit.
let loader: typeof import('./remoteLoader');
beforeEach(() => {
  jest.isolateModules(() => {
    loader = require('./remoteLoader');
  });
});

describe('remoteLoader', () => {
  it("registers the map the page's HTML came with, without asking GET /api/remotes, then asks the api for later maps", async () => {
    takeInlinedRemoteMapMock.mockReturnValueOnce({ remotes: [{ name: 'mf_auth', entry: canary, version: '0.2.0' }] });
    fetchRemoteMapMock.mockResolvedValue({ remotes: [{ name: 'mf_auth', entry: stable, version: '0.1.0' }] });
    loadRemoteMock.mockResolvedValue(authPage);

    await expect(loader.loadRemoteModule('mf_auth/AuthPage')).resolves.toBe(authPage);

    expect(fetchRemoteMapMock).not.toHaveBeenCalled();
    expect(registerRemotesMock).toHaveBeenCalledWith([{ name: 'mf_auth', entry: canary }]);
    expect(loader.runningMapCameWithPage()).toBe(true);
    // The map lacks a remote: the next registration asks the api (the page's map is taken once).
    await expect(loader.loadRemoteModule('mf_workout/WorkoutDashboard')).rejects.toThrow(/no entry for mf_workout/);
    await loader.registerRemoteMap();
    expect(fetchRemoteMapMock).toHaveBeenCalledTimes(1);
    expect(loader.runningMapCameWithPage()).toBe(true);
  });

  it("asks GET /api/remotes when the page came without a map (the service worker's offline copy)", async () => {
    takeInlinedRemoteMapMock.mockReturnValue(undefined);
    fetchRemoteMapMock.mockResolvedValue({ remotes: [{ name: 'mf_auth', entry: stable, version: '0.1.0' }] });

    await loader.registerRemoteMap();

    expect(fetchRemoteMapMock).toHaveBeenCalledTimes(1);
    expect(loader.runningMapCameWithPage()).toBe(false);
  });

  it('registers the remote map once and loads the exposed module', async () => {
    fetchRemoteMapMock.mockResolvedValue({ remotes: [{ name: 'mf_auth', entry: stable, version: '0.1.0' }] });
    loadRemoteMock.mockResolvedValue(authPage);

    await expect(loader.loadRemoteModule('mf_auth/AuthPage')).resolves.toBe(authPage);
    await loader.loadRemoteModule('mf_auth/AuthPage');

    expect(fetchRemoteMapMock).toHaveBeenCalledTimes(1);
    expect(registerRemotesMock).toHaveBeenCalledTimes(1);
    expect(registerRemotesMock).toHaveBeenCalledWith([{ name: 'mf_auth', entry: stable }]);
    expect(loader.loadedRemoteModule('mf_auth/AuthPage')).toBe(authPage);
  });

  it('asks for the map again after it failed to load', async () => {
    fetchRemoteMapMock
      .mockRejectedValueOnce(new Error('503: Service Unavailable'))
      .mockResolvedValueOnce({ remotes: [{ name: 'mf_auth', entry: stable, version: '0.1.0' }] });
    loadRemoteMock.mockResolvedValue(authPage);

    await expect(loader.loadRemoteModule('mf_auth/AuthPage')).rejects.toThrow('503: Service Unavailable');
    await expect(loader.loadRemoteModule('mf_auth/AuthPage')).resolves.toBe(authPage);
  });

  it('fails for a remote the map does not name, and asks for the map again next time', async () => {
    fetchRemoteMapMock
      .mockResolvedValueOnce({ remotes: [] })
      .mockResolvedValueOnce({ remotes: [{ name: 'mf_auth', entry: stable, version: '0.1.0' }] });
    loadRemoteMock.mockResolvedValue(authPage);

    await expect(loader.loadRemoteModule('mf_auth/AuthPage')).rejects.toThrow(
      'The remote map has no entry for mf_auth',
    );
    await expect(loader.loadRemoteModule('mf_auth/AuthPage')).resolves.toBe(authPage);
  });

  it('keeps the versions the visit runs when it asks for the map again: a release never mixes into an open page', async () => {
    const released = '/remotes/mf-auth/0.3.0/mf-manifest.json';
    const workout = '/remotes/mf-workout/0.1.0/mf-manifest.json';
    fetchRemoteMapMock
      .mockResolvedValueOnce({ remotes: [{ name: 'mf_auth', entry: stable, version: '0.1.0' }] })
      .mockResolvedValueOnce({
        remotes: [
          { name: 'mf_auth', entry: released, version: '0.3.0' },
          { name: 'mf_workout', entry: workout, version: '0.1.0' },
        ],
      });
    loadRemoteMock.mockResolvedValue(authPage);

    await loader.loadRemoteModule('mf_auth/AuthPage');
    await expect(loader.loadRemoteModule('mf_workout/WorkoutDashboard')).rejects.toThrow('no entry for mf_workout');
    await loader.loadRemoteModule('mf_workout/WorkoutDashboard');

    expect(registerRemotesMock).toHaveBeenLastCalledWith([{ name: 'mf_workout', entry: workout }]);
    expect(registerRemotesMock).not.toHaveBeenCalledWith(
      expect.arrayContaining([expect.objectContaining({ entry: released })]),
      expect.anything(),
    );
    expect(await loader.runningRemoteMap()).toEqual([
      { name: 'mf_auth', entry: stable, version: '0.1.0' },
      { name: 'mf_workout', entry: workout, version: '0.1.0' },
    ]);
  });

  it('reports the map as served, a canary included, after the canary fell back to its stable entry', async () => {
    const canaryEntry = { name: 'mf_auth' as const, entry: canary, version: '0.2.0', fallbackEntry: stable };
    fetchRemoteMapMock.mockResolvedValue({ remotes: [canaryEntry] });
    loadRemoteMock.mockRejectedValueOnce(new Error('Failed to get manifest')).mockResolvedValue(authPage);

    await loader.loadRemoteModule('mf_auth/AuthPage');

    expect(await loader.runningRemoteMap()).toEqual([canaryEntry]);
  });

  it('falls back to the stable entry when the canary fails, and stays on it', async () => {
    fetchRemoteMapMock.mockResolvedValue({
      remotes: [{ name: 'mf_auth', entry: canary, version: '0.2.0', fallbackEntry: stable }],
    });
    loadRemoteMock.mockRejectedValueOnce(new Error('Failed to get manifest')).mockResolvedValue(authPage);

    await expect(loader.loadRemoteModule('mf_auth/AuthPage')).resolves.toBe(authPage);

    expect(registerRemotesMock).toHaveBeenLastCalledWith([{ name: 'mf_auth', entry: stable }], { force: true });
    loadRemoteMock.mockRejectedValueOnce(new Error('chunk failed'));
    await expect(loader.loadRemoteModule('mf_auth/AuthPage')).rejects.toThrow('chunk failed');
    // Still the stable entry, registered afresh for the next try; never the canary again.
    expect(registerRemotesMock).toHaveBeenCalledTimes(3);
    expect(registerRemotesMock).toHaveBeenLastCalledWith([{ name: 'mf_auth', entry: stable }], { force: true });
  });

  it("passes the stable entry's failure on when the canary and the stable entry both fail", async () => {
    fetchRemoteMapMock.mockResolvedValue({
      remotes: [{ name: 'mf_auth', entry: canary, version: '0.2.0', fallbackEntry: stable }],
    });
    loadRemoteMock
      .mockRejectedValueOnce(new Error('canary chunk failed'))
      .mockRejectedValueOnce(new Error('stable manifest failed'));

    await expect(loader.loadRemoteModule('mf_auth/AuthPage')).rejects.toThrow('stable manifest failed');
    expect(loader.loadedRemoteModule('mf_auth/AuthPage')).toBeUndefined();
    expect(registerRemotesMock).toHaveBeenLastCalledWith([{ name: 'mf_auth', entry: stable }], { force: true });
  });

  it('passes the failure on when there is no stable entry to fall back to, and registers the remote afresh', async () => {
    fetchRemoteMapMock.mockResolvedValue({ remotes: [{ name: 'mf_auth', entry: stable, version: '0.1.0' }] });
    loadRemoteMock.mockRejectedValue(new Error('Failed to get manifest'));

    await expect(loader.loadRemoteModule('mf_auth/AuthPage')).rejects.toThrow('Failed to get manifest');
    expect(loader.loadedRemoteModule('mf_auth/AuthPage')).toBeUndefined();
    // So that the runtime forgets the failed manifest request and Try again really asks again.
    expect(registerRemotesMock).toHaveBeenLastCalledWith([{ name: 'mf_auth', entry: stable }], { force: true });
  });

  it('shares one load between calls made while it is loading', async () => {
    fetchRemoteMapMock.mockResolvedValue({
      remotes: [{ name: 'mf_auth', entry: canary, version: '0.2.0', fallbackEntry: stable }],
    });
    loadRemoteMock.mockRejectedValueOnce(new Error('canary chunk failed')).mockResolvedValue(authPage);

    const [first, second] = await Promise.all([
      loader.loadRemoteModule('mf_auth/AuthPage'),
      loader.loadRemoteModule('mf_auth/AuthPage'),
    ]);

    expect(first).toBe(authPage);
    expect(second).toBe(authPage);
    expect(loadRemoteMock).toHaveBeenCalledTimes(2); // the canary once, the stable entry once
    expect(registerRemotesMock).toHaveBeenCalledTimes(2); // the map, then the stable entry once
  });
});
