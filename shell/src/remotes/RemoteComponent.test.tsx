import type { ComponentType } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setFirstReads } from './firstReads';
import { firstScreenReady } from './firstScreen';
import { loadRemoteModule } from './remoteLoader';
import { mockUserAnswer, renderApp } from '../../test/renderApp';

jest.mock('./remoteLoader');
const loadRemoteModuleMock = jest.mocked(loadRemoteModule);

const FALLBACK_TITLE = "This part of HIT Tracker couldn't load";

beforeEach(() => {
  mockUserAnswer({ status: 401 });
  // React reports errors caught by a boundary on the console; they are the point of these tests.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('RemoteComponent', () => {
  it('shows a spinner while the remote loads, then the remote', async () => {
    let finishLoading!: (module: { default: ComponentType }) => void;
    loadRemoteModuleMock.mockReturnValue(new Promise((resolve) => (finishLoading = resolve)));

    renderApp('/auth');

    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    finishLoading({ default: () => <h1>Sign in</h1> });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });
});

describe("the page's first reads (issue #25)", () => {
  afterEach(() => setFirstReads(Promise.resolve()));

  it('renders a remote that loaded first only once the reads the page preloaded are in', async () => {
    let readsIn!: () => void;
    setFirstReads(new Promise<void>((resolve) => (readsIn = resolve)));
    let loaded = false;
    loadRemoteModuleMock.mockImplementation(async () => {
      loaded = true;
      return { default: () => <h1>Sign in</h1> };
    });

    renderApp('/auth');
    await screen.findByRole('status', { name: 'Loading' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loaded).toBe(true);
    expect(screen.queryByRole('heading', { name: 'Sign in' })).not.toBeInTheDocument();

    readsIn();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('renders it when a read failed: the screen shows that failure itself', async () => {
    setFirstReads(Promise.reject(new Error('402: Your free trial has ended.')));
    loadRemoteModuleMock.mockResolvedValue({ default: () => <h1>Sign in</h1> });

    renderApp('/auth');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });
});

describe('a remote that cannot be loaded', () => {
  it('shows the fallback instead of the remote, and Try again really loads it again', async () => {
    loadRemoteModuleMock
      .mockRejectedValueOnce(new Error('Failed to fetch /remotes/mf-auth/0.1.0/mf-manifest.json'))
      .mockResolvedValueOnce({ default: () => <h1>Sign in</h1> });
    renderApp('/auth');

    expect(await screen.findByRole('heading', { name: FALLBACK_TITLE })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(loadRemoteModuleMock).toHaveBeenCalledTimes(2);
  });

  it('shows the failure of the first screen’s early load (firstScreen.ts) without loading it a second time', async () => {
    loadRemoteModuleMock
      .mockRejectedValueOnce(new Error('Failed to fetch /remotes/mf-auth/0.1.0/mf-manifest.json'))
      .mockResolvedValueOnce({ default: () => <h1>Sign in</h1> });
    await firstScreenReady('mf_auth/AuthPage', Promise.resolve());
    renderApp('/auth');

    expect(await screen.findByRole('heading', { name: FALLBACK_TITLE })).toBeInTheDocument();
    expect(loadRemoteModuleMock).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(loadRemoteModuleMock).toHaveBeenCalledTimes(2);
  });

  it('keeps showing the fallback while the remote keeps failing', async () => {
    loadRemoteModuleMock.mockRejectedValue(new Error('ChunkLoadError'));
    renderApp('/auth');
    await screen.findByRole('heading', { name: FALLBACK_TITLE });

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: FALLBACK_TITLE })).toBeInTheDocument();
    expect(loadRemoteModuleMock).toHaveBeenCalledTimes(2);
  });

  it('catches a remote that breaks while rendering', async () => {
    loadRemoteModuleMock.mockResolvedValue({
      default: () => {
        throw new Error('boom');
      },
    });
    renderApp('/auth');

    expect(await screen.findByRole('heading', { name: FALLBACK_TITLE })).toBeInTheDocument();
  });

  it('leaves the rest of the app working', async () => {
    loadRemoteModuleMock.mockRejectedValue(new Error('network down'));
    renderApp('/auth');
    await screen.findByRole('heading', { name: FALLBACK_TITLE });

    await userEvent.click(screen.getByRole('link', { name: 'Go to the start page' }));

    expect(await screen.findByRole('heading', { name: 'High-Intensity Training Workout Tracker' })).toBeInTheDocument();
  });
});
