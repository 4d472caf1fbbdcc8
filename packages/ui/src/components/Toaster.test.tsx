import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast, toast } from '@hit/platform';
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
