import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Session, WorkoutDay } from '@hit/contracts';
import { createQueryClient } from '@hit/platform';
import { ThemeProvider, Toaster } from '@hit/ui';
import { ActiveWorkout } from '../index';

/**
 * The active workout inside the providers the shell gives it (the real QueryClient and theme, the toast viewport),
 * with jest's fake timers driving both the clock and user-event.
 */
export function renderActiveWorkout({
  day,
  session,
  onClose = jest.fn(),
}: {
  day: WorkoutDay;
  session: Session | null;
  onClose?: jest.Mock;
}) {
  const queryClient = createQueryClient();
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <ActiveWorkout day={day} session={session} onClose={onClose} />
        <Toaster />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...view, user, queryClient, onClose };
}

/** Lets time pass (timers fire, answers arrive) inside act. */
export async function passTime(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}
