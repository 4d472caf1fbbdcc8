import '@hit/platform/test/fakeIndexedDb';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import type { Session, WorkoutDay } from '@hit/contracts';
import { createQueryClient, getOutbox, queryKeys, setSendingUser, stopOutboxes } from '@hit/platform';
import { ThemeProvider, Toaster } from '@hit/ui';
import { ActiveWorkout } from '../index';

let users = 0;

/**
 * The active workout inside the providers the shell gives it (the real QueryClient with a signed-in user of its own,
 * so each test starts with an empty outbox; the theme; the toast viewport), with jest's fake timers driving both the
 * clock and user-event. `userId` reopens the outbox of an earlier render (a reload of the page).
 */
export function renderActiveWorkout({
  day,
  session,
  onClose = jest.fn(),
  userId,
  cached = [],
  weightUnit = 'lbs',
}: {
  day: WorkoutDay;
  session: Session;
  onClose?: jest.Mock;
  userId?: string;
  /** Answers already in the query client (as this browser's copy of them offline). */
  cached?: [QueryKey, unknown][];
  /** The unit the api remembers for the lifter. */
  weightUnit?: 'lbs' | 'kg';
}) {
  // The outboxes of the test before (or of the page before a reload) stop: a page has its own.
  stopOutboxes();
  const lifter = {
    id: userId ?? `lifter-${Date.now()}-${(users += 1)}`,
    email: 'lifter@gym.test',
    firstName: 'Ada',
    lastName: 'L',
    weightUnit,
  };
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.user, lifter);
  for (const [key, data] of cached) queryClient.setQueryData(key, data);
  // The shell lets the signed-in user's outbox send (useOutboxSync).
  setSendingUser(lifter.id);
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <ActiveWorkout day={day} session={session} onClose={onClose} />
        <Toaster />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...view, user, queryClient, onClose, userId: lifter.id, outbox: () => getOutbox(lifter.id) };
}

/**
 * Fake IndexedDB runs each step of a transaction as a timer of its own, and React runs the effects a state change asks
 * for when an act() ends: a store, its send and what the screen does next take a few rounds of both.
 */
const SETTLE_ROUNDS = 4;
const STORAGE_STEPS = 25;

/** Lets time pass (timers fire, answers arrive, IndexedDB writes land, effects run) inside act. */
export async function passTime(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
  for (let round = 0; round < SETTLE_ROUNDS; round += 1) {
    await act(async () => {
      for (let step = 0; step < STORAGE_STEPS; step += 1) await jest.advanceTimersByTimeAsync(0);
    });
  }
}
