import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast, toast, toastInTurn } from '@hit/platform';
import { renderWithTheme } from '../../test/renderWithTheme';
import { Toaster } from './Toaster';

afterEach(() => {
  act(() => dismissToast());
  jest.useRealTimers();
});

describe('Toaster', () => {
  it('shows nothing until a toast is raised', () => {
    renderWithTheme(<Toaster />);

    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('announces a success toast politely with its title and description', () => {
    renderWithTheme(<Toaster />);

    act(() => toast({ title: 'Logged out', description: "You've been successfully logged out", variant: 'success' }));

    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('Logged out');
    expect(status).toHaveTextContent("You've been successfully logged out");
  });

  it('announces a destructive toast as an alert', () => {
    renderWithTheme(<Toaster />);

    act(() => toast({ title: 'Login failed', description: 'Invalid email or password.', variant: 'destructive' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Login failed');
  });

  it('shows one toast at a time: a new one replaces the old', () => {
    renderWithTheme(<Toaster />);

    act(() => toast({ title: 'Checking subscription status...' }));
    act(() => toast({ title: 'Welcome back!' }));

    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('Welcome back!');
  });

  it('shows the messages one moment raises in one toast, in turn', () => {
    renderWithTheme(<Toaster />);

    act(() =>
      toastInTurn([
        { title: 'New personal record!', description: 'Squat: estimated 1RM 140 kg (120 kg × 5)', variant: 'success' },
        {
          title: 'Great job! Time to increase weight',
          description: '13 reps on your working set.',
          variant: 'success',
        },
      ]),
    );

    const status = screen.getByRole('status');
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(status).toHaveTextContent(
      'New personal record!Squat: estimated 1RM 140 kg (120 kg × 5)Great job! Time to increase weight13 reps on your working set.',
    );
    expect(screen.getAllByRole('button', { name: 'Close notification' })).toHaveLength(1);
  });

  it('makes room for itself at the top of the page while it shows, and gives it back when it goes', () => {
    renderWithTheme(<Toaster />);
    const root = document.documentElement;
    expect(root.style.getPropertyValue('--hit-toast-room')).toBe('');

    act(() => toast({ title: 'Welcome back!', description: "You're now logged in as someone@example.com" }));
    // jsdom lays nothing out: the room is the gap under a toast of no height.
    expect(root.style.getPropertyValue('--hit-toast-room')).toBe('8px');
    expect(document.body.style.paddingTop).toBe('var(--hit-toast-room, 0px)');
    expect(document.body.style.overflowAnchor).toBe('none');

    act(() => dismissToast());
    expect(root.style.getPropertyValue('--hit-toast-room')).toBe('');
    expect(document.body.style.paddingTop).toBe('');
  });

  it('closes with its close button', async () => {
    renderWithTheme(<Toaster />);
    act(() => toast({ title: 'Progress Reset' }));

    await userEvent.click(screen.getByRole('button', { name: 'Close notification' }));

    expect(screen.queryByText('Progress Reset')).not.toBeInTheDocument();
  });

  it('goes away by itself after 5 s', () => {
    jest.useFakeTimers();
    renderWithTheme(<Toaster />);
    act(() => toast({ title: 'Subscription Synced' }));

    act(() => jest.advanceTimersByTime(4999));
    expect(screen.getByText('Subscription Synced')).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Subscription Synced')).not.toBeInTheDocument();
  });

  it('stays while the pointer is on it and keeps the time it had left', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWithTheme(<Toaster />);
    act(() => toast({ title: 'Subscription Cancelled' }));
    act(() => jest.advanceTimersByTime(3000));

    await user.hover(screen.getByRole('status'));
    act(() => jest.advanceTimersByTime(10_000));
    expect(screen.getByText('Subscription Cancelled')).toBeInTheDocument();

    await user.unhover(screen.getByRole('status'));
    act(() => jest.advanceTimersByTime(1900));
    expect(screen.getByText('Subscription Cancelled')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(100));
    expect(screen.queryByText('Subscription Cancelled')).not.toBeInTheDocument();
  });
});
