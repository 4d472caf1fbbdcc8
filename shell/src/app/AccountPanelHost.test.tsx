import { act, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountPanelProps } from '@hit/contracts';
import { closeAccountPanel, openAccountPanel, useAccountPanel } from '@hit/platform';
import { loadRemoteModule } from '../remotes/remoteLoader';
import { mockUserAnswer, renderApp } from '../../test/renderApp';

jest.mock('../remotes/remoteLoader');
const loadRemoteModuleMock = jest.mocked(loadRemoteModule);

const lifter = { id: 'u1', email: 'lifter@gym.test', firstName: 'Ann', lastName: 'Lee', weightUnit: 'lbs' as const };

function FakeAccountPanel({ open, onOpenChange }: AccountPanelProps) {
  return (
    <div role="dialog" aria-label="Account details">
      {String(open)}
      <button onClick={() => onOpenChange(false)}>Close panel</button>
    </div>
  );
}

function FakeScreen() {
  return <h1>Workout dashboard</h1>;
}

beforeEach(() => {
  loadRemoteModuleMock.mockImplementation(async (id) => ({
    default: id === 'mf_account/AccountPanel' ? FakeAccountPanel : FakeScreen,
  }));
});
afterEach(() => act(() => closeAccountPanel()));

describe('the account panel', () => {
  it('is not loaded until it is opened', async () => {
    mockUserAnswer({ status: 200, body: lifter });
    renderApp('/home');
    await screen.findByRole('heading', { name: 'Workout dashboard' });

    expect(loadRemoteModuleMock).not.toHaveBeenCalledWith('mf_account/AccountPanel');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('loads mf_account/AccountPanel when opened from anywhere and closes through onOpenChange', async () => {
    mockUserAnswer({ status: 200, body: lifter });
    renderApp('/home');
    await screen.findByRole('heading', { name: 'Workout dashboard' });

    act(() => openAccountPanel());

    expect(await screen.findByRole('dialog', { name: 'Account details' })).toHaveTextContent('true');
    expect(loadRemoteModuleMock).toHaveBeenCalledWith('mf_account/AccountPanel');

    await userEvent.click(screen.getByRole('button', { name: 'Close panel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(renderHook(() => useAccountPanel()).result.current.open).toBe(false);
  });

  it('offers a retry in a dialog when the panel cannot load', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockUserAnswer({ status: 200, body: lifter });
    loadRemoteModuleMock.mockImplementation(async (id) => {
      if (id === 'mf_account/AccountPanel') throw new Error('ChunkLoadError');
      return { default: FakeScreen };
    });
    renderApp('/home');
    await screen.findByRole('heading', { name: 'Workout dashboard' });

    act(() => openAccountPanel());

    const failed = await screen.findByRole('dialog', { name: "Account details couldn't load" });
    loadRemoteModuleMock.mockImplementation(async (id) => ({
      default: id === 'mf_account/AccountPanel' ? FakeAccountPanel : FakeScreen,
    }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(failed).not.toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Account details' })).toBeInTheDocument();
  });

  it('is not shown, and closes, without a signed-in user', async () => {
    mockUserAnswer({ status: 401 });
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });

    act(() => openAccountPanel());

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(renderHook(() => useAccountPanel()).result.current.open).toBe(false);
  });
});
