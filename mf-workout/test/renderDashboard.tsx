import '@hit/platform/test/fakeIndexedDb';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import type { SyncOperation } from '@hit/contracts';
import { DEFAULT_PLATE_SETTINGS } from '@hit/contracts/rules';
import { createQueryClient, getOutbox, queryKeys, setSendingUser, stopOutboxes } from '@hit/platform';
import { ThemeProvider, Toaster } from '@hit/ui';
import WorkoutDashboard from '../src/exposes/WorkoutDashboard';
import { answer, mockApi, type ApiRoutes } from '@hit/platform/test/apiMock';
import { day, lifter, trialStatus, workoutState } from './fixtures';

/**
 * The dashboard at /home inside the providers the shell gives it: the real QueryClient (with the user the
 * shell already loaded), the theme, a router with /progress, and the toast viewport.
 */
let users = 0;

/** A user of the test's own, so each test starts with an empty outbox in the (fake) IndexedDB. */
export function newLifter() {
  return { ...lifter, id: `${lifter.id}-${Date.now()}-${(users += 1)}` };
}

export function renderDashboard({ fakeTimers = false, signedIn = newLifter() } = {}) {
  // The outboxes of the test before stop: a page has its own.
  stopOutboxes();
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.user, signedIn);
  // The shell lets the signed-in user's outbox send (useOutboxSync).
  setSendingUser(signedIn.id);
  const user = userEvent.setup(fakeTimers ? { advanceTimers: jest.advanceTimersByTime } : {});
  render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <MemoryRouter initialEntries={['/home']}>
          <Routes>
            <Route path="/home" element={<WorkoutDashboard />} />
            <Route path="/progress" element={<h1>Progress Analytics screen</h1>} />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { queryClient, user, outbox: () => getOutbox(signedIn.id) };
}

/** POST /api/sync as the api answers a batch it applies in full (the state after it is the tests' own business). */
export function syncApplied(init?: RequestInit): Response {
  const { operations } = JSON.parse(String(init?.body)) as { operations: SyncOperation[] };
  return answer(200, {
    results: operations.map((op) => ({ opId: op.opId, status: 'applied', note: null })),
    workoutDays: [day(1), day(2), day(3)],
    workoutState: workoutState(1),
    openSession: null,
  });
}

/** The operations of every batch the api answered, in order. */
export function sentOperations(api: ReturnType<typeof mockApi>): SyncOperation[] {
  return api
    .callsTo('POST /api/sync')
    .flatMap(([, init]) => (JSON.parse(String(init?.body)) as { operations: SyncOperation[] }).operations);
}

/** No last workout for any exercise of the program (the dashboard asks for the next day's, for offline use). */
const noLastWorkouts: ApiRoutes = Object.fromEntries(
  [1, 2, 3].flatMap((dayId) =>
    day(dayId as 1 | 2 | 3).exercises.map((exercise) => [
      `GET /api/progress/last-workout/${exercise.id}/${dayId}`,
      answer(200, { workingSet: null, warmupSet: null }),
    ]),
  ),
);

/** The api of a signed-in user in the trial with the three days and Day 1 next; `overrides` change routes. */
export function mockDashboardApi(overrides: ApiRoutes = {}) {
  return mockApi({
    'GET /api/workout-days': answer(200, [day(1), day(2), day(3)]),
    'GET /api/workout-state': answer(200, workoutState(1)),
    'GET /api/subscription/status': answer(200, trialStatus),
    'GET /api/sessions/open': answer(200, null),
    'GET /api/goals': answer(200, []),
    'GET /api/records': answer(200, { lbs: [], kg: [] }),
    'GET /api/settings/plates': answer(200, DEFAULT_PLATE_SETTINGS),
    'POST /api/sync': syncApplied,
    ...noLastWorkouts,
    ...overrides,
  });
}
