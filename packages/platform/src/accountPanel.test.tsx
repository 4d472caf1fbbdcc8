import { act, renderHook } from '@testing-library/react';
import { closeAccountPanel, openAccountPanel, useAccountPanel } from './accountPanel';

afterEach(() => act(() => closeAccountPanel()));

describe('the account panel store', () => {
  it('starts closed', () => {
    const { result } = renderHook(() => useAccountPanel());

    expect(result.current.open).toBe(false);
  });

  it('opens from anywhere and is seen by every reader (one store for the app)', () => {
    const shell = renderHook(() => useAccountPanel());
    const remote = renderHook(() => useAccountPanel());

    act(() => openAccountPanel());

    expect(shell.result.current.open).toBe(true);
    expect(remote.result.current.open).toBe(true);
  });

  it('closes through setOpen, as the panel’s onOpenChange', () => {
    const { result } = renderHook(() => useAccountPanel());
    act(() => openAccountPanel());

    act(() => result.current.setOpen(false));

    expect(result.current.open).toBe(false);
  });

  it('does not re-render readers when nothing changes', () => {
    let renders = 0;
    renderHook(() => {
      renders += 1;
      return useAccountPanel();
    });
    const before = renders;

    act(() => closeAccountPanel());

    expect(renders).toBe(before);
  });
});
