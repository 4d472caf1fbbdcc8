import { act, renderHook } from '@testing-library/react';
import { dismissToast, pauseToast, resumeToast, toast, toastInTurn, useToast } from './toast';

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  act(() => dismissToast());
  jest.useRealTimers();
});

describe('the toast store', () => {
  it('shows a toast with the default variant and the 5 s default duration', () => {
    const { result } = renderHook(() => useToast());

    act(() => toast({ title: 'Progress Reset' }));

    expect(result.current.current).toMatchObject({ title: 'Progress Reset', variant: 'default', durationMs: 5000 });
  });

  it('shows one toast at a time: the newest replaces the one on screen', () => {
    const { result } = renderHook(() => useToast());

    act(() => toast({ title: 'Checking subscription status...' }));
    const first = result.current.current!.id;
    act(() => result.current.toast({ title: 'Login failed', description: 'Try again', variant: 'destructive' }));

    expect(result.current.current).toMatchObject({
      title: 'Login failed',
      description: 'Try again',
      variant: 'destructive',
    });
    expect(result.current.current!.id).not.toBe(first);
  });

  it('hides a toast after 5 s by default', () => {
    const { result } = renderHook(() => useToast());
    act(() => toast({ title: 'Subscription Synced' }));

    act(() => jest.advanceTimersByTime(4999));
    expect(result.current.current).not.toBeNull();

    act(() => jest.advanceTimersByTime(1));
    expect(result.current.current).toBeNull();
  });

  it('keeps a toast for the duration it asks for', () => {
    const { result } = renderHook(() => useToast());
    act(() => toast({ title: 'Great job! Time to increase weight', durationMs: 6000 }));

    act(() => jest.advanceTimersByTime(5999));
    expect(result.current.current).not.toBeNull();

    act(() => jest.advanceTimersByTime(1));
    expect(result.current.current).toBeNull();
  });

  it('gives a replacing toast its own full time', () => {
    const { result } = renderHook(() => useToast());
    act(() => toast({ title: 'First' }));
    act(() => jest.advanceTimersByTime(4000));

    act(() => toast({ title: 'Second' }));
    act(() => jest.advanceTimersByTime(4000));

    expect(result.current.current?.title).toBe('Second');
    act(() => jest.advanceTimersByTime(1000));
    expect(result.current.current).toBeNull();
  });

  it('shows the toasts one moment raises in turn, as one toast at once, for the longest of their times', () => {
    const { result } = renderHook(() => useToast());
    act(() =>
      toastInTurn([
        {
          title: 'New personal record!',
          description: 'Squat: estimated 1RM 140 kg',
          variant: 'success',
          durationMs: 6000,
        },
        { title: 'Great job! Time to increase weight', variant: 'success', durationMs: 3000 },
      ]),
    );

    expect(result.current.current).toMatchObject({
      title: 'New personal record!',
      variant: 'success',
      durationMs: 6000,
      messages: [
        { title: 'New personal record!', description: 'Squat: estimated 1RM 140 kg' },
        { title: 'Great job! Time to increase weight', description: undefined },
      ],
    });
    act(() => jest.advanceTimersByTime(5999));
    expect(result.current.current?.title).toBe('New personal record!');
    act(() => jest.advanceTimersByTime(1));
    expect(result.current.current).toBeNull();
  });

  it('leaves nothing waiting: once the toast is dismissed, no later message of its moment arrives', () => {
    const { result } = renderHook(() => useToast());
    act(() => toastInTurn([{ title: 'First' }, { title: 'Second' }, { title: 'Third' }]));

    act(() => result.current.dismiss());
    act(() => jest.advanceTimersByTime(60_000));

    expect(result.current.current).toBeNull();
  });

  it('is replaced whole by a newer toast, every message of it', () => {
    const { result } = renderHook(() => useToast());
    act(() => toastInTurn([{ title: 'New personal record!' }, { title: 'Goal achieved!' }]));

    act(() => toast({ title: 'Not saved yet', variant: 'destructive' }));

    expect(result.current.current?.messages).toEqual([{ title: 'Not saved yet', description: undefined }]);
    act(() => jest.advanceTimersByTime(5000));
    expect(result.current.current).toBeNull();
  });

  it('is an alert when any of its messages is destructive', () => {
    const { result } = renderHook(() => useToast());

    act(() =>
      toastInTurn([
        { title: 'Saved', variant: 'success' },
        { title: 'Not synced', variant: 'destructive' },
      ]),
    );

    expect(result.current.current?.variant).toBe('destructive');
  });

  it('shows nothing for an empty list', () => {
    const { result } = renderHook(() => useToast());

    act(() => toastInTurn([]));

    expect(result.current.current).toBeNull();
  });

  it('goes at once when dismissed', () => {
    const { result } = renderHook(() => useToast());
    act(() => toast({ title: 'Logged out' }));

    act(() => result.current.dismiss());

    expect(result.current.current).toBeNull();
  });

  it('stops the clock while paused and resumes with the time left', () => {
    const { result } = renderHook(() => useToast());
    act(() => toast({ title: 'Subscription Cancelled' }));
    act(() => jest.advanceTimersByTime(2000));

    act(() => pauseToast());
    act(() => jest.advanceTimersByTime(60_000));
    expect(result.current.current).not.toBeNull();

    act(() => resumeToast());
    act(() => jest.advanceTimersByTime(2999));
    expect(result.current.current).not.toBeNull();
    act(() => jest.advanceTimersByTime(1));
    expect(result.current.current).toBeNull();
  });

  it('shares one toast between every reader (one store for the whole app)', () => {
    const a = renderHook(() => useToast());
    const b = renderHook(() => useToast());

    act(() => toast({ title: 'Account created!' }));

    expect(a.result.current.current).toBe(b.result.current.current);
  });
});
